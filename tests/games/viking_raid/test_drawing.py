"""Pictures of the mat and of heat maps: what they show, where labels sit, and no renderer."""

import math

import pytest

from workbench.games.viking_raid import ROLES, default_map
from workbench.games.viking_raid.drawing import (
    ROLE_COLOURS,
    heat_picture,
    heat_shapes,
    map_picture,
    map_shapes,
    viking_marks,
)
from workbench.grids import hex_center, hex_disc
from workbench.grids.shapes import parse_cell_id


def test_shapes_cover_the_map_its_frame_and_shade_heat():
    raid_map = default_map()
    assert len(map_shapes(raid_map, frame=1)) == len(hex_disc((0, 0), 5))
    shades = {s["id"]: s["fill"] for s in heat_shapes(raid_map, {(0, 0): 4.0, (1, 0): 2.0})}
    assert shades["0,0"] == "#c0392b" and shades["2,2"] == "#ffffff"
    assert shades["1,1"] == "#5d6d7e"  # a rock stays dark


def test_the_mat_shows_every_treasure_number_and_start_letter_at_the_hex_centres():
    raid_map = default_map("balanced")
    picture = map_picture(raid_map)
    assert picture.cell == pytest.approx(math.sqrt(3)) and picture.title == "balanced"
    labels = {parse_cell_id(s["id"])[1]: s["label"] for s in picture.shapes}
    assert {h: int(labels[h]) for h, _ in raid_map.treasure} == dict(raid_map.treasure)
    assert [labels[h] for h in raid_map.starts] == ["A", "H", "B"]
    assert not any(labels[h] for h in raid_map.blocked)
    for s in picture.shapes:
        assert s["at"] == pytest.approx(hex_center(parse_cell_id(s["id"])[1]), abs=1e-3)
    symbols = [key.symbol for key in picture.legend]
    golds = sorted({str(g) for _, g in raid_map.treasure}, key=int)
    assert symbols == [*golds, "", "A", "H", "B"]
    assert picture.marks == ()


def test_mid_game_treasure_vikings_and_the_editors_frame():
    raid_map = default_map()
    vikings = {0: (0, 0), 2: (1, 0)}
    picture = map_picture(
        raid_map, treasure={(0, -2): 2}, frame=1, show_starts=False, vikings=vikings, title="turn 4"
    )
    labels = {s["id"]: s["label"] for s in picture.shapes if s["label"]}
    assert labels == {"0,-2": "2"} and picture.title == "turn 4"
    assert [key.text for key in picture.legend][-1] == "off the map"
    assert picture.marks == tuple(viking_marks(vikings))


def test_vikings_are_discs_in_their_colours_with_their_initials():
    marks = viking_marks({2: (1, 0), 0: (0, 0)})
    discs = [m for m in marks if m["kind"] == "circle"]
    letters = [m["text"] for m in marks if m["kind"] == "text"]
    assert [d["fill"] for d in discs] == [ROLE_COLOURS[0], ROLE_COLOURS[2]]
    assert discs[1]["at"] == pytest.approx(hex_center((1, 0)))
    assert letters == [ROLES[0][0].upper(), ROLES[2][0].upper()] == ["A", "B"]


def test_heat_pictures_say_what_the_darkest_shade_is():
    picture = heat_picture(
        default_map(),
        {(0, 0): 1.25, (1, 0): 0.5},
        colour="#d4ac0d",
        title="archer",
        what="gold pillaged per game",
    )
    assert [key.text for key in picture.legend] == ["1.2 gold pillaged per game", "none", "rock"]
    assert picture.legend[0].fill == "#d4ac0d" and picture.title == "archer"
    labels = {s["id"]: s["label"] for s in picture.shapes if s["label"]}
    assert labels == {"0,0": "1.2", "1,0": "0.5"}
