"""The board's pictures: every square once, in its terrain's colour and with its feature's
symbol; region borders traced edge by edge; heat colours on their scale."""

from __future__ import annotations

import numpy as np
import pytest

from tests.games.brawlhalla.small_boards import make_board
from workbench.games.brawlhalla.balance import fairness
from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.drawing import (
    BUILDING_LETTERS,
    FEATURE_SYMBOLS,
    HEAT_COLOURS,
    REGION_STROKES,
    SIDE_COLOURS,
    TARGET_STYLES,
    TERRAIN_COLOURS,
    board_picture,
    fairness_pictures,
    heat_colour,
    heat_limit,
    heat_picture,
    mix,
    position_picture,
    reach_picture,
    region_outlines,
)
from workbench.games.brawlhalla.engine import Brawlhalla


@pytest.fixture(scope="module")
def board():
    return default_board()


def test_every_square_once_with_its_terrain_region_and_feature(board):
    picture = board_picture(board)
    assert picture.cell == 1.0 and picture.title == "Default board"
    shapes = {s["id"]: s for s in picture.shapes}
    assert len(shapes) == board.rows * board.cols == len(picture.shapes)
    for r, c in board.cells():
        s = shapes[f"{r},{c}"]
        assert s["points"] == [[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]]
        assert s["fill"] == TERRAIN_COLOURS[board.terrain_at((r, c))]
        assert s["stroke"] == REGION_STROKES[board.region_at((r, c))]
        feature = board.feature_at((r, c))
        if feature is None:
            assert s["label"] == ""
        elif feature.kind == "compass":
            assert s["label"] == feature.side[0].upper()
        else:
            assert s["label"] == FEATURE_SYMBOLS[feature.kind]
    assert shapes["1,6"]["label_fill"] != shapes["16,6"]["label_fill"]  # north and south


def test_the_legend_names_every_terrain_and_feature(board):
    texts = [key.text for key in board_picture(board).legend]
    assert texts[:4] == list(TERRAIN_COLOURS)
    assert {"capitals", "sanctuaries", "ruins", "boat wreckages"} <= set(texts)
    symbols = {key.symbol for key in board_picture(board).legend}
    assert {"★", "☆", "π", "⚓"} <= symbols


def unit_edges(marks):
    """The outline marks cut into unit edges, as frozensets of two corners."""
    edges = set()
    for mark in marks:
        (x0, y0), (x1, y1) = mark["points"]
        assert x0 == x1 or y0 == y1  # straight runs only
        steps = int(abs(x1 - x0) + abs(y1 - y0))
        for k in range(steps):
            a = (x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)
            b = (x0 + (x1 - x0) * (k + 1) / steps, y0 + (y1 - y0) * (k + 1) / steps)
            edges.add(frozenset((a, b)))
    return edges


def test_region_outlines_trace_each_border_edge_once(board):
    def region(r, c):
        inside = 0 <= r < board.rows and 0 <= c < board.cols
        return board.region_at((r, c)) if inside else "water"

    want = set()
    for r in range(-1, board.rows):
        for c in range(-1, board.cols):
            if region(r, c) != region(r, c + 1):  # edge between (r, c) and (r, c + 1)
                want.add(frozenset(((c + 1.0, r + 0.0), (c + 1.0, r + 1.0))))
            if region(r, c) != region(r + 1, c):
                want.add(frozenset(((c + 0.0, r + 1.0), (c + 1.0, r + 1.0))))
    want = {e for e in want if all(0 <= x <= board.cols and 0 <= y <= board.rows for x, y in e)}
    marks = region_outlines(board)
    assert unit_edges(marks) == want
    assert sum(
        abs(m["points"][1][0] - m["points"][0][0]) + abs(m["points"][1][1] - m["points"][0][1])
        for m in marks
    ) == len(want)
    strokes = {m["stroke"] for m in marks}
    assert strokes <= set(REGION_STROKES.values()) | {"#333333"}


def test_where_two_land_regions_meet_the_border_is_ink():
    tiny = make_board([".."], ["nw"])
    inner = [m for m in region_outlines(tiny) if m["points"] == [[1, 0], [1, 1]]]
    assert [m["stroke"] for m in inner] == ["#333333"]


def test_mix_and_the_heat_scale():
    assert mix("#102030", "#102030", 0.7) == "#102030"
    assert mix("#000000", "#ff0000", 1.0) == "#ff0000"
    assert heat_colour(-5, 5) == HEAT_COLOURS[0] and heat_colour(5, 5) == HEAT_COLOURS[-1]
    assert heat_colour(0, 5) == HEAT_COLOURS[5]
    step = 10 / (len(HEAT_COLOURS) - 1)
    assert heat_colour(-5 + 3 * step, 5) == HEAT_COLOURS[3]  # each stop at its share
    reds = [int(heat_colour(v, 5)[1:3], 16) for v in np.linspace(-5, 0, 6)]
    assert reds == sorted(reds)  # from deep blue towards white, red grows
    assert heat_limit([np.full((2, 2), np.nan)]) == 1.0
    assert heat_limit([np.array([[0.5]]), np.array([[-4.0, np.nan]])]) == 4.0


def test_heat_and_reach_pictures_keep_unmarked_squares_faded(board):
    grid = np.full((board.rows, board.cols), np.nan)
    grid[0, 0], grid[0, 1] = -3, 3
    fills = {s["id"]: s["fill"] for s in heat_picture(board, grid, limit=3).shapes}

    def faded(cell):
        return mix("#ffffff", TERRAIN_COLOURS[board.terrain_at(cell)], 0.25)

    assert fills["0,0"] == mix(faded((0, 0)), HEAT_COLOURS[0], 0.85)
    assert fills["0,1"] == mix(faded((0, 1)), HEAT_COLOURS[-1], 0.85)
    assert fills["5,5"] == faded((5, 5))
    reach = reach_picture(board, {(1, 6), (1, 7)}, title="two")
    assert reach.title == "two" and "2 squares" in reach.legend[0].text
    fills = {s["id"]: s["fill"] for s in reach.shapes}
    for cell in ((1, 6), (1, 7), (1, 8)):
        faded = mix("#ffffff", TERRAIN_COLOURS[board.terrain_at(cell)], 0.45)
        green = mix(faded, "#2e7d32", 0.55)
        assert fills[f"{cell[0]},{cell[1]}"] == (green if cell != (1, 8) else faded)


def test_fairness_pictures_share_one_scale(board):
    report = fairness(board)
    pictures = fairness_pictures(report)
    assert list(pictures) == list(report.heat)
    limit = heat_limit(report.heat.values())
    for kind, picture in pictures.items():
        assert picture.title == kind
        want = heat_picture(board, report.heat[kind], limit=limit, title=kind)
        assert picture == want


def marks_in(picture, cell):
    """The marks whose anchor (or every point) lies inside ``cell``'s square, region
    outlines left out."""
    r, c = cell
    outlines = region_outlines(default_board())

    def inside(x, y):
        return c <= x <= c + 1 and r <= y <= r + 1

    return [
        m
        for m in picture.marks
        if m not in outlines
        and inside(*(m["points"][0] if m["kind"] == "path" else m["at"]))
        and (m["kind"] != "path" or all(inside(*p) for p in m["points"]))
    ]


@pytest.fixture(scope="module")
def game():
    return Brawlhalla()


def test_a_position_is_the_board_with_its_stacks_guardians_and_flag(game, board):
    state = game.position(stacks={(2, 4): (0, 3, 1, 0, 0, 2), (13, 2): (1, 2, 0, 0, 1, 0)})
    picture = position_picture(state)
    plain = board_picture(board)
    assert [s["id"] for s in picture.shapes] == [s["id"] for s in plain.shapes]
    assert picture.marks[: len(plain.marks)] == plain.marks  # the region outlines, reused
    assert {k.text for k in plain.legend} < {k.text for k in picture.legend}
    texts = {(m["at"][0], m["at"][1]): m["text"] for m in picture.marks if m["kind"] == "text"}
    assert texts[(4.5, 2.5)] == "8"  # 3 warriors and a warlord
    assert texts[(2.5, 13.5)] == "2"
    for _, (r, c) in game.geometry.sanctuaries:
        assert texts[(c + 0.5, r + 0.5)] == "G"
    discs = {(m["at"][0], m["at"][1]): m["fill"] for m in picture.marks if m["kind"] == "circle"}
    assert discs[(2.5, 13.5)] == SIDE_COLOURS["south"]
    assert discs[(4.5, 2.5)] != SIDE_COLOURS["north"]  # its actions are used: pale
    assert mix(SIDE_COLOURS["north"], "#ffffff", 0.45) == discs[(4.5, 2.5)]
    boat = [m for m in marks_in(picture, (13, 2)) if m["kind"] == "path"]
    assert len(boat) == 1 and len(boat[0]["points"]) == 4  # the hull under the boat's disc
    assert not [m for m in marks_in(picture, (2, 4)) if m["kind"] == "path"]
    flag = [m for m in marks_in(picture, game.geometry.flag_home) if m["kind"] == "path"]
    assert len(flag) == 2
    shapes = {s["id"]: s for s in picture.shapes}
    assert "north stack: 3 warriors, 1 warlord (value 8, 2 actions used)" in shapes["2,4"]["title"]
    assert "boat" in shapes["13,2"]["title"]


def test_a_stack_moves_the_squares_symbol_to_its_corner(game):
    capital = game.geometry.capitals[0]
    picture = position_picture(game.position(stacks={capital: (0, 2, 0, 0, 0)}))
    shapes = {s["id"]: s for s in picture.shapes}
    here = shapes[f"{capital[0]},{capital[1]}"]
    assert here["label"] == "★" and here["at"] == [capital[1] + 0.2, capital[0] + 0.22]
    alone = position_picture(game.position())
    assert {s["id"]: s["at"] for s in alone.shapes}[f"{capital[0]},{capital[1]}"] == [
        capital[1] + 0.5,
        capital[0] + 0.5,
    ]


def test_buildings_works_taken_ruins_and_beaten_sanctuaries(game, board):
    west = dict(game.geometry.sanctuaries)["west"]
    state = game.position(
        stacks={(2, 8): (0, 2, 0, 0, 0), west: (1, 1, 0, 0, 0)},
        buildings={(1, 6): (0, "capital"), (16, 6): (1, "capital"), (2, 3): (1, "harbor")},
        works={(2, 8): (0, "nursery", 2, 0, 3)},
        guardians=[c for n, c in game.geometry.sanctuaries if n != "west"],
        beaten={west: 1},
        ruins=[r for r in board.ruins if r != (0, 2)],
        earthed=[(0, 0)],
    )
    shapes = {s["id"]: s for s in position_picture(state).shapes}
    plain = {s["id"]: s for s in board_picture(board).shapes}
    harbor = shapes["2,3"]
    assert harbor["label"] == BUILDING_LETTERS["harbor"]
    assert harbor["label_fill"] == SIDE_COLOURS["south"]
    assert harbor["fill"] == mix(plain["2,3"]["fill"], SIDE_COLOURS["south"], 0.3)
    assert shapes["0,0"]["fill"] == TERRAIN_COLOURS["earth"] != plain["0,0"]["fill"]
    assert shapes["0,2"]["label"] == "π" and shapes["0,2"]["label_fill"] == "#9e9e9e"
    assert shapes["1,8"]["label_fill"] == plain["1,8"]["label_fill"]  # still to take
    sanctuary = shapes[f"{west[0]},{west[1]}"]
    assert (
        sanctuary["label_fill"] == SIDE_COLOURS["south"] and "beaten by south" in sanctuary["title"]
    )
    assert "north nursery under way, 3 turns left" in shapes["2,8"]["title"]
    picture = position_picture(state)
    work = marks_in(picture, (2, 8))
    assert any(m["kind"] == "path" and m.get("dash") for m in work)
    assert "n3" in [m["text"] for m in work if m["kind"] == "text"]
    texts = [m["text"] for m in picture.marks if m["kind"] == "text"]
    assert texts.count("G") == 2


def test_the_carried_flag_flies_over_its_carrier(game):
    state = game.position(stacks={(8, 6): (0, 1, 0, 0, 0)}, flag=None, carrier=(8, 6))
    picture = position_picture(state)
    assert len([m for m in marks_in(picture, (8, 6)) if m["kind"] == "path"]) == 2
    assert not [m for m in marks_in(picture, (8, 5)) if m["kind"] == "path"]
    gone = position_picture(game.position(flag=None))
    assert len(gone.marks) == len(picture.marks) - 2 - 2  # no flag, no stack disc and value


def test_the_selected_stack_and_its_targets(game):
    state = game.position(stacks={(2, 4): (0, 3, 0, 0, 0)})
    picture = position_picture(state, highlight=(2, 4), targets={(2, 3): "move", (3, 4): "attack"})
    rings = [m for m in picture.marks if m["kind"] == "circle" and m["fill"] == "none"]
    assert [(m["at"], m["stroke"]) for m in rings] == [
        ([4.5, 2.5], "#f39c12"),
        ([4.5, 3.5], TARGET_STYLES["attack"]),
    ]
    dots = [
        m for m in picture.marks if m["kind"] == "circle" and m["fill"] == TARGET_STYLES["move"]
    ]
    assert [m["at"] for m in dots] == [[3.5, 2.5]]
    x0, y0, x1, y1 = picture.bounds()
    assert (x0, y0, x1, y1) == board_picture(game.board).bounds()  # every mark on the board
