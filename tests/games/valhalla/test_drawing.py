"""level_picture: a square per cell coloured and labelled by its content, a legend, lines."""

from pathlib import Path

from workbench.games.valhalla.drawing import FILLS, LINE_COLOURS, level_picture
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


def test_solution_lines_run_through_cell_centres_one_colour_each():
    corridor = micro(["S.AB"], health=3, attack=7, enemies={"A": (1, 1), "B": (4, 4)})
    answer = solve(corridor)
    assert len(answer.solution) == 3
    picture = level_picture(corridor, answer)
    paths = [m for m in picture.marks if m["kind"] == "path"]
    starts = [m["at"] for m in picture.marks if m["kind"] == "circle"]
    centres = [[list(square_center(cell)) for cell in line] for line in answer.solution]
    assert [p["points"] for p in paths] == centres
    assert starts == [line[0] for line in centres]
    assert [p["stroke"] for p in paths] == list(LINE_COLOURS[:3])
    assert [k.text for k in picture.legend][-3:] == ["line 1", "line 2", "line 3"]
