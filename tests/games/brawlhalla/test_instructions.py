"""The build instructions as knobs, and the squares the text fixes, worked out by hand."""

from __future__ import annotations

import dataclasses

import pytest

from workbench.errors import RulesError
from workbench.games.brawlhalla.board import CONTINENTS
from workbench.games.brawlhalla.instructions import (
    STRAITS,
    Instructions,
    compass_cells,
    star_cells,
)


def test_every_knob_quotes_the_text():
    table = Instructions().describe()
    assert table["field"].tolist() == [f.name for f in dataclasses.fields(Instructions)]
    assert table["rule text"].str.len().min() > 10


def test_counts_by_continent_and_strait():
    spec = Instructions(east_shore=6, islands_south_east=3)
    assert [spec.land(k) for k in CONTINENTS] == [27, 27, 20, 24, 13]
    assert [spec.shore(k) for k in CONTINENTS] == [12, 12, 7, 6, 6]
    assert [spec.islands(s) for s in STRAITS] == [2, 2, 3]
    with pytest.raises(RulesError, match=r"Instructions\.ruins"):
        Instructions(ruins=-1)


def test_compass_marks_take_the_middle_squares_of_each_side():
    marks = compass_cells(18, 12)
    assert marks["north"] == ((0, 5), (0, 6)) and marks["south"] == ((17, 5), (17, 6))
    assert marks["west"] == ((8, 0), (9, 0)) and marks["east"] == ((8, 11), (9, 11))
    odd = compass_cells(5, 7)  # one middle square on each side
    assert odd == {"north": ((0, 3),), "south": ((4, 3),), "west": ((2, 0),), "east": ((2, 6),)}


def test_stars_where_step_12_puts_them():
    assert star_cells(Instructions()) == {
        "capital north": (1, 6),  # under the eastern north mark
        "capital south": (16, 6),  # over the eastern south mark
        "sanctuary west": (10, 0),  # one under the lower west mark (9, 0)
        "sanctuary east": (6, 11),  # two over the upper east mark (8, 11)
    }
    moved = star_cells(Instructions(west_sanctuary_below=2, east_sanctuary_above=3))
    assert moved["sanctuary west"] == (11, 0) and moved["sanctuary east"] == (5, 11)
