"""Movement graphs against a plain breadth-first search written from the terrain rules."""

from __future__ import annotations

import math
from collections import deque

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.brawlhalla.board import board_from_dict, default_board
from workbench.games.brawlhalla.movement import (
    UNIT_KINDS,
    all_pairs_distances,
    attack_distance,
    distances_from_capital,
    movement_graph,
    reach,
    sources,
    turns,
)
from workbench.games.brawlhalla.rules import Rules

KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
ROOK = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def plain_bfs(board, kind, side, rules):
    """Moves from the side's starts, straight from the rule text (no networkx)."""
    rows, cols = board.rows, board.cols
    blocked = {board.capital("south" if side == "north" else "north")}
    ter = board.terrain

    def stand(cell):
        ch = ter[cell[0]][cell[1]]
        if cell in blocked:
            return False
        return {
            "terrestrial": ch in ".:",
            "aquatic": ch in "~:",
            "seaborne": ch in ".:~" if rules.boats_carry_land_units else ch in ".:",
            "flying": True,
        }[kind]

    def moves(cell):
        r, c = cell
        if kind == "flying":
            span = rules.dragon_tiles_per_move
            steps = KING if rules.diagonal_moves_at_sea_and_air else ROOK
            out, frontier = set(), {cell}
            for _ in range(span):
                frontier = {
                    (a + dr, b + dc)
                    for a, b in frontier
                    for dr, dc in steps
                    if 0 <= a + dr < rows and 0 <= b + dc < cols
                }
                out |= frontier
            return [x for x in out if x != cell and stand(x)]
        found = []
        diagonal = KING if rules.diagonal_moves_at_sea_and_air else ROOK
        for dr, dc in diagonal if kind in ("aquatic", "seaborne") else ROOK:
            n = (r + dr, c + dc)
            if not (0 <= n[0] < rows and 0 <= n[1] < cols) or not stand(n):
                continue
            a, b = ter[r][c], ter[n[0]][n[1]]
            if kind == "seaborne":
                walk = a in ".:" and b in ".:" and (dr == 0 or dc == 0)
                sail = rules.boats_carry_land_units and a in "~:" and b in "~:"
                if not (walk or sail):
                    continue
            found.append(n)
        return found

    starts = [s for s in sources(board, kind, side) if stand(s)]
    dist = {s: 0 for s in starts}
    queue = deque(starts)
    while queue:
        cell = queue.popleft()
        for n in moves(cell):
            if n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


@pytest.mark.parametrize("kind", UNIT_KINDS)
@pytest.mark.parametrize("side", ["north", "south"])
def test_default_board_distances_match_plain_bfs(kind, side):
    board, rules = default_board(), Rules()
    assert distances_from_capital(board, kind, side=side, rules=rules) == plain_bfs(
        board, kind, side, rules
    )


terrains = st.lists(st.text(alphabet=".~:^", min_size=5, max_size=5), min_size=4, max_size=4)


@settings(max_examples=60, deadline=None)
@given(
    terrain=terrains,
    kind=st.sampled_from(UNIT_KINDS),
    diagonal=st.booleans(),
    span=st.integers(1, 3),
    boats=st.booleans(),
)
def test_random_boards_match_plain_bfs(terrain, kind, diagonal, span, boats):
    terrain = [row[:0] + "." + row[1:] if i == 0 else row for i, row in enumerate(terrain)]
    terrain[3] = terrain[3][:4] + "."
    regions = ["".join("~" if ch == "~" else "n" for ch in row) for row in terrain]
    board = board_from_dict(
        {
            "terrain": terrain,
            "regions": regions,
            "features": [
                {"kind": "capital", "side": "north", "cell": [0, 0]},
                {"kind": "capital", "side": "south", "cell": [3, 4]},
            ],
        }
    )
    rules = Rules(
        diagonal_moves_at_sea_and_air=diagonal,
        dragon_tiles_per_move=span,
        boats_carry_land_units=boats,
    )
    for side in ("north", "south"):
        got = distances_from_capital(board, kind, side=side, rules=rules)
        assert got == plain_bfs(board, kind, side, rules)


def test_all_pairs_match_networkx():
    graph = movement_graph(default_board(), "seaborne", side="north")
    nodes, matrix = all_pairs_distances(graph)
    index = {n: i for i, n in enumerate(nodes)}
    for source, lengths in nx.all_pairs_shortest_path_length(graph):
        for target in nodes:
            want = lengths.get(target, math.inf)
            assert matrix[index[source], index[target]] == want


def test_enemy_capital_is_impassable_and_attacked_from_a_neighbour():
    board = board_from_dict(
        {
            "terrain": ["....."],
            "regions": ["nnnnn"],
            "features": [
                {"kind": "capital", "side": "north", "cell": [0, 0]},
                {"kind": "capital", "side": "south", "cell": [0, 2]},
            ],
        }
    )
    steps = distances_from_capital(board, "terrestrial", side="north")
    assert steps == {(0, 0): 0, (0, 1): 1}
    assert attack_distance(steps, (0, 2)) == 2
    flying = distances_from_capital(board, "flying", side="north")
    assert (0, 2) not in flying and flying[(0, 3)] == 2 and flying[(0, 4)] == 3
    walls = Rules(flyers_pass_over_buildings=False)
    assert (0, 3) not in distances_from_capital(board, "flying", side="north", rules=walls)


def test_boats_carry_land_units_across_water_only_if_allowed():
    board = board_from_dict(
        {
            "terrain": [".:~:."],
            "regions": ["nn~ss"],
            "features": [{"kind": "capital", "side": "north", "cell": [0, 0]}],
        }
    )
    assert distances_from_capital(board, "seaborne", side="north")[(0, 4)] == 4
    no_boats = Rules(boats_carry_land_units=False)
    assert (0, 4) not in distances_from_capital(board, "seaborne", side="north", rules=no_boats)
    assert sources(board, "aquatic", "north") == [(0, 1)]


def test_turns_and_reach():
    assert [turns(n) for n in range(5)] == [0, 1, 1, 2, 2]
    assert turns(3, Rules(actions_per_unit_per_turn=3)) == 1
    board = default_board()
    capital = board.capital("north")
    assert reach(board, "terrestrial", side="north", within=0) == {capital}
    near = reach(board, "flying", side="north", within=1)
    assert all(max(abs(r - capital[0]), abs(c - capital[1])) <= 2 for r, c in near)
