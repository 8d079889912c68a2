"""The checker: the default board passes every check; each rule fails on a board that breaks it."""

from __future__ import annotations

import pytest

from tests.games.brawlhalla.small_boards import make_board
from workbench.games.brawlhalla.board import Feature, default_board
from workbench.games.brawlhalla.checker import check
from workbench.games.brawlhalla.instructions import Instructions


@pytest.fixture(scope="module")
def board():
    return default_board()


def failing(board, **kwargs):
    return {c.name for c in check(board, **kwargs).failures}


def first_cell(board, region, terrain):
    return next(
        c
        for c in board.region_cells(region)
        if board.terrain_at(c) == terrain and not board.feature_at(c)
    )


def test_default_board_passes_everything(board):
    report = check(board)
    assert report.valid, report.summary()
    assert report.get("north continent").measured == "27 land, 12 shore"
    assert report.get("east continent").measured == "24 land, 4 shore"
    assert len(report.to_dict()["checks"]) == len(report.checks)


def test_counts_and_regions(board):
    cell = first_cell(board, "east", "earth")
    assert failing(board.with_terrain(cell, "shore")) >= {"east continent"}
    assert "regions match terrain" in failing(board.with_terrain(cell, "water"))
    assert "mountains_are_land" in Instructions().describe()["field"].tolist()
    assert "central continent" in failing(board, spec=Instructions(mountains_are_land=False))


def test_size_and_compass(board):
    assert "board size" in failing(board, spec=Instructions(rows=19))
    mark = next(f for f in board.features if f.kind == "compass" and f.side == "west")
    moved = board.without_feature(mark.cell).with_feature(
        Feature("compass", "west", (mark.cell[0] + 3, 0))
    )
    assert "compass marks" in failing(moved)


def test_reach(board):
    cell = first_cell(board, "north", "shore")
    deep = board.with_terrain(cell, "earth")
    water = next(
        (r, c)
        for r, c in board.cells()
        if board.region_at((r, c)) == "water" and r == 5 and c in range(3, 9)
    )
    deep = board.with_terrain(water, "earth").with_region(water, "north")
    assert "north reach" in failing(deep)
    west = next((8, c) for c in range(4, 8) if board.region_at((8, c)) == "water")
    assert "west reach" in failing(board.with_terrain(west, "earth").with_region(west, "west"))


def test_water_between_continents():
    board = make_board(["..", ".."], ["nw", "nw"])
    assert "water between continents" in failing(board)
    apart = make_board([".~.", ".~."], ["n~w", "n~w"])
    assert "water between continents" not in failing(apart)


def test_islands(board):
    island = board.region_cells("island")[0]
    assert "islands" in failing(board.with_terrain(island, "water").with_region(island, "water"))
    r, c = island
    big = next(
        (r + dr, c + dc)
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
        if 0 <= c + dc < 12 and board.region_at((r + dr, c + dc)) == "water"
    )
    assert "islands" in failing(board.with_terrain(big, "shore").with_region(big, "island"))


@pytest.mark.parametrize(
    "name",
    ["capital north", "capital south", "sanctuary west", "sanctuary east", "sanctuary central"],
)
def test_stars(board, name):
    kind, side = name.split()
    cell = board.capital(side) if kind == "capital" else board.sanctuary(side)
    target = next(
        c
        for c in board.region_cells(side if side != "central" else "central")
        if board.terrain_at(c) in ("earth", "shore") and not board.feature_at(c)
    )
    moved = board.without_feature(cell).with_feature(Feature(kind, side, target))
    assert name in failing(moved)


def test_capital_mountains(board):
    r, c = board.capital("north")
    assert "north capital mountains" in failing(board.with_terrain((r + 1, c), "earth"))
    tail = next(
        (r2, c2)
        for r2, c2 in board.cells()
        if board.terrain[r2][c2] == "^"
        and board.region_at((r2, c2)) == "north"
        and c2 == min(cc for rr, cc in board.region_cells("north") if board.terrain[rr][cc] == "^")
    )
    assert "north capital mountains" in failing(board.with_terrain(tail, "earth"))
    r, c = board.capital("south")
    assert "south capital mountains" in failing(board.with_terrain((r - 1, c), "earth"))


def test_central_mountains(board):
    r0, _ = board.sanctuary("central")
    north = next(
        c for c in board.region_cells("central") if board.terrain_at(c) == "mountain" and c[0] < r0
    )
    assert "central ridges" in failing(board.with_terrain(north, "earth"))
    east = max(
        (c for c in board.region_cells("central") if board.terrain_at(c) != "mountain"),
        key=lambda c: (c[1], c[0]),
    )
    assert "central east point encircled" in failing(
        board.with_terrain((east[0] + 1, east[1]), "earth")
    )


@pytest.mark.parametrize("side", ["west", "east"])
def test_sanctuary_paths(board, side):
    walls = [c for c in board.region_cells(side) if board.terrain_at(c) == "mountain"]
    flat = board
    for cell in walls:
        flat = flat.with_terrain(cell, "earth")
    assert f"{side} sanctuary path" in failing(flat)


def test_ruins(board):
    ruin = board.ruins[0]
    assert "ruins" in failing(board.without_feature(ruin))
    r, c = ruin
    neighbour = next(
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0)
        and 0 <= r + dr < 18
        and 0 <= c + dc < 12
        and board.feature_at((r + dr, c + dc)) is None
    )
    moved = board.without_feature(board.ruins[1]).with_feature(Feature("ruin", "", neighbour))
    assert "ruins spread evenly" in failing(moved)


def test_wreckages(board):
    wreck = next(f for f in board.features if f.kind == "wreckage" and f.side == "north")
    west = next(
        c
        for c in board.region_cells("north")
        if c[1] < wreck.cell[1] - 2
        and not board.feature_at(c)
        and board.terrain_at(c) != "mountain"
    )
    assert "wreckages" in failing(
        board.without_feature(wreck.cell).with_feature(Feature("wreckage", "north", west))
    )
