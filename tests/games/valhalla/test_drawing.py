"""level_picture: a square per cell coloured and labelled by its content, a legend, lines."""

from pathlib import Path

import pytest

from workbench.games.valhalla.drawing import (
    FILLS,
    HERO_FILL,
    LINE_COLOURS,
    level_picture,
    line_point,
    play_picture,
)
from workbench.games.valhalla.solver import solve
from workbench.grids.square import square_center

from .conftest import micro

LEVEL = micro(["S.A#", "M.L."], health=9, attack=5, enemies={"A": (4, 6)},
              items={"M": ("mjolnir", 0), "L": ("lokis_trickery", 3)})  # fmt: skip
ROOT = Path(__file__).resolve().parents[3]


def test_every_cell_is_a_square_coloured_and_labelled_by_its_content():
    picture = level_picture(LEVEL)
    empty = (FILLS["empty"], "")
    assert {s["id"]: (s["fill"], s["label"]) for s in picture.shapes} == {
        "0,0": (FILLS["start"], "S"),
        "0,1": empty,
        "0,2": (FILLS["enemy"], "4/6"),
        "0,3": (FILLS["wall"], ""),
        "1,0": (FILLS["item"], "M"),
        "1,1": empty,
        "1,2": (FILLS["item"], "L3"),
        "1,3": empty,
    }
    assert picture.shapes[2]["points"] == [[2, 0], [3, 0], [3, 1], [2, 1]]
    assert (picture.title, picture.cell, picture.marks) == ("micro", 1.0, ())


def test_the_legend_names_what_the_level_holds():
    keys = level_picture(LEVEL).legend
    assert [k.text for k in keys] == [
        "start",
        "enemy (Attack/Health)",
        "wall",
        "Mjolnir",
        "Loki's Trickery (turns)",
    ]
    assert [k.symbol for k in keys] == ["S", "A/H", "", "M", "L"]
    bare = micro(["SA"], health=3, attack=3, enemies={"A": (1, 1)})
    assert [k.text for k in level_picture(bare).legend] == ["start", "enemy (Attack/Health)"]


def test_solution_lines_run_below_the_labels_apart_and_numbered_one_colour_each():
    corridor = micro(["S.AB"], health=3, attack=7, enemies={"A": (1, 1), "B": (4, 4)})
    answer = solve(corridor)
    assert len(answer.solution) == 3
    picture = level_picture(corridor, answer)
    paths = [m for m in picture.marks if m["kind"] == "path"]
    circles = [m for m in picture.marks if m["kind"] == "circle"]
    starts = [m["at"] for m in circles if m["fill"] != "#ffffff"]
    numbers = [m for m in picture.marks if m["kind"] == "text"]
    lines = enumerate(answer.solution)
    points = [[list(line_point(cell, k)) for cell in line] for k, line in lines]
    assert [p["points"] for p in paths] == points
    assert starts == [line[0] for line in points]
    # every line point lies below its cell's label, and lines sharing a cell stay apart
    labels = {s["id"]: s["at"] for s in picture.shapes}
    for k, line in enumerate(answer.solution):
        for cell in line:
            x, y = line_point(cell, k)
            cx, cy = square_center(cell)
            assert labels[f"{cell[0]},{cell[1]}"][1] < cy < y < cy + 0.5 and abs(x - cx) < 0.5
    shared = set(answer.solution[0]) & set(answer.solution[1])
    assert shared and all(line_point(c, 0) != line_point(c, 1) for c in shared)
    # steps numbered 1, 2, ... over all lines, halfway along each step, in its line's colour
    steps = sum(len(line) - 1 for line in answer.solution)
    assert [m["text"] for m in numbers] == [str(k) for k in range(1, steps + 1)]
    first = paths[0]["points"]
    middle = [(first[0][0] + first[1][0]) / 2, (first[0][1] + first[1][1]) / 2]
    assert numbers[0]["at"] == pytest.approx(middle)
    assert numbers[0]["fill"] == LINE_COLOURS[0]
    assert [p["stroke"] for p in paths] == list(LINE_COLOURS[:3])
    assert [k.text for k in picture.legend][-3:] == ["line 1", "line 2", "line 3"]


def test_the_play_picture_shows_what_is_left_the_hero_and_the_lines():
    picture = play_picture(LEVEL, hero=(1, 1), attack=3, health=7, enemies=0, items=0b10,
                           lines=[[(0, 0), (0, 1), (1, 1)]], drawing=[(1, 1), (1, 2)])  # fmt: skip
    labels = {s["id"]: s["label"] for s in picture.shapes if s["label"]}
    assert labels == {"0,0": "S", "1,2": "L3"}  # the enemy bested, Mjolnir used
    texts = [m["text"] for m in picture.marks if m["kind"] == "text"]
    assert texts == ["3/7"]  # walked lines are not numbered on the live board
    paths = [m for m in picture.marks if m["kind"] == "path"]
    assert [bool(p.get("dash")) for p in paths] == [False, True]
    assert paths[1]["points"][0] == list(line_point((1, 1), 1))
    hero = next(m for m in picture.marks if m["kind"] == "circle" and m["fill"] == HERO_FILL)
    assert hero["at"][0] == square_center((1, 1))[0]
    assert picture.legend[-1].text == "hero (Attack/Health)"
