"""Structural rules: each fails on a board that breaks it, passes once it is mended."""

from __future__ import annotations

import pytest

from tests.games.brawlhalla.small_boards import make_board
from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.structure import structural_checks


@pytest.fixture(scope="module")
def board():
    return default_board()


def failing(board, rules=None):
    return {c.name for c in structural_checks(board, rules) if not c.ok}


def test_the_default_board_passes_in_report_order(board):
    checks = structural_checks(board)
    assert [c.name for c in checks] == [
        "shore on the coast",
        "regions match terrain",
        "capitals and sanctuaries on land",
        "continents in one piece",
        "ruins reachable",
    ]
    assert all(c.ok for c in checks)


def test_regions_match_terrain(board):
    cell = next(c for c in board.region_cells("east") if board.terrain_at(c) == "earth")
    assert failing(board.with_terrain(cell, "water")) == {"regions match terrain"}
    sea = next(c for c in board.cells() if board.terrain_at(c) == "water")
    assert "regions match terrain" in failing(board.with_region(sea, "north"))


def test_ruins_need_boats_when_the_rules_say_so(board):
    assert "ruins reachable" in failing(board, Rules(boats_carry_land_units=False))


def test_ruins_reachable():
    board = make_board(
        ["...^.", "...^^"],
        features=[("capital", "north", (0, 0)), ("capital", "south", (1, 0)), ("ruin", "", (0, 4))],
    )
    assert "ruins reachable" in failing(board)
    assert "ruins reachable" not in failing(board.with_terrain((0, 3), "earth"))


def test_coast(board):
    inland = next(
        c
        for c in board.region_cells("north")
        if board.terrain_at(c) == "earth"
        and not board.feature_at(c)
        and all(
            board.terrain_at((c[0] + dr, c[1] + dc)) != "water"
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= c[0] + dr < 18 and 0 <= c[1] + dc < 12
        )
    )
    assert "shore on the coast" in failing(board.with_terrain(inland, "shore"))


def test_on_land_and_one_piece(board):
    capital = board.capital("north")
    assert "capitals and sanctuaries on land" in failing(board.with_terrain(capital, "mountain"))
    split = make_board([".~~."], ["n~~n"])
    assert "continents in one piece" in failing(split)
    assert "continents in one piece" not in failing(make_board([".~", "~."], ["n~", "~n"]))
