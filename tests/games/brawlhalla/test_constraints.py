"""The generator's model: which (region, terrain) choices each square is given, and the
layout choices; nothing is solved here (the generator's tests solve)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import workbench.games.brawlhalla.constraints as constraints
from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.constraints import BoardModel, Layout
from workbench.games.brawlhalla.instructions import Instructions


def test_layout_defaults_and_immutability():
    layout = Layout()
    assert layout.central_sanctuary == (8, 5) and layout.keep is None and layout.mirror
    with pytest.raises(dataclasses.FrozenInstanceError):
        layout.seed = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        Layout((8, 5))  # keywords only


def test_the_model_does_not_import_the_generator():
    tree = ast.parse(Path(constraints.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "workbench.games.brawlhalla.generator" not in imported


def test_each_square_gets_the_choices_the_reach_allows():
    pytest.importorskip("ortools")
    spec = Instructions()
    model = BoardModel(spec, Layout())
    choices = {}
    for cell, region, terrain in model.x:
        choices.setdefault(cell, set()).add((region, terrain))
    assert set(choices) == set(model.cells)
    for (r, c), options in choices.items():
        assert {("water", "water"), ("island", "shore")} <= options
        for region, terrain in options:
            land = terrain != "shore"
            if region == "north":
                assert r + 1 <= spec.north_south_land_reach + (0 if land else 1)
            elif region == "south":
                assert spec.rows - r <= spec.north_south_land_reach + (0 if land else 1)
            elif region == "west":
                assert c + 1 <= spec.west_east_land_reach + (0 if land else 1)
            elif region == "east":
                assert spec.cols - c <= spec.west_east_land_reach + (0 if land else 1)
    assert ("north", "mountain") in choices[0, 0] and ("north", "earth") not in choices[5, 0]


def test_kept_squares_have_one_choice():
    pytest.importorskip("ortools")
    board = default_board()
    model = BoardModel(Instructions(), Layout(keep=board))
    for cell in board.region_cells("north") + board.region_cells("south"):
        options = [key for key in model.x if key[0] == cell]
        assert options == [(cell, board.region_at(cell), board.terrain_at(cell))]
    free = next(cell for cell in board.cells() if board.region_at(cell) == "central")
    assert all(key[1] not in ("north", "south") for key in model.x if key[0] == free)
