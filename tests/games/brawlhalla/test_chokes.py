"""Choke points and cuts, against brute force: remove squares, search again."""

from __future__ import annotations

from collections import deque
from itertools import combinations

from tests.games.brawlhalla.small_boards import make_board
from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.chokes import capital_cut, choke_squares, seal_cut
from workbench.games.brawlhalla.movement import movement_graph

BOARD = make_board(
    [".....", ".....", "^.^..", "...^."],
    features=[("capital", "north", (0, 0)), ("capital", "south", (1, 4))],
)


def reachable(graph, start, removed):
    """Squares reached from ``start`` without entering ``removed`` (plain BFS)."""
    seen, queue = {start}, deque([start])
    while queue:
        for nxt in graph.neighbors(queue.popleft()):
            if nxt not in seen and nxt not in removed:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def pieces(graph, removed=frozenset()):
    left, count = set(graph) - set(removed), 0
    while left:
        left -= reachable(graph, next(iter(left)), removed)
        count += 1
    return count


def smallest_blocking_set(candidates, blocks):
    for size in range(len(candidates) + 1):
        for chosen in combinations(sorted(candidates), size):
            if blocks(set(chosen)):
                return size
    return None


def test_choke_squares_split_the_land_when_removed():
    for board in (BOARD, default_board()):
        graph = movement_graph(board, "terrestrial")
        whole = pieces(graph)
        brute = {cell for cell in graph if pieces(graph, {cell}) > whole}
        assert choke_squares(board) == brute


def test_capital_cut_is_a_smallest_cut():
    graph = movement_graph(BOARD, "seaborne")
    north, south = BOARD.capital("north"), BOARD.capital("south")
    cut = capital_cut(BOARD)
    assert south not in reachable(graph, north, cut)
    size = smallest_blocking_set(
        set(graph) - {north, south}, lambda s: south not in reachable(graph, north, s)
    )
    assert len(cut) == size == 2


def test_seal_cut_is_a_smallest_wall_of_the_home_continent():
    board = make_board(
        ["....~~", "...:~~", "...:~.", "....~."],
        ["nnnn~~", "nnnn~~", "nnnn~s", "nnnn~s"],
        [("capital", "north", (0, 0)), ("capital", "south", (3, 5))],
    )
    graph = movement_graph(board, "seaborne")
    capital = board.capital("north")
    inside = {cell for cell in graph if board.region_at(cell) == "north"}

    def sealed(wall):
        return all(nxt in inside for cell in reachable(graph, capital, wall) for nxt in graph[cell])

    wall = seal_cut(board, "north")
    assert wall and wall <= inside and sealed(wall)
    assert len(wall) == smallest_blocking_set(inside - {capital}, sealed)
    nowhere = make_board(["..~"], ["nn~"], [("capital", "north", (0, 0))])
    assert seal_cut(nowhere, "north") == set()  # nothing outside to seal off from
    assert seal_cut(nowhere, "south") == set()  # no such capital


def test_no_cut_when_the_capitals_cannot_meet_or_touch():
    apart = make_board(
        [".~."], ["n~s"], [("capital", "north", (0, 0)), ("capital", "south", (0, 2))]
    )
    assert capital_cut(apart) == set()
    touching = make_board(
        ["..."], features=[("capital", "north", (0, 0)), ("capital", "south", (0, 1))]
    )
    assert capital_cut(touching) == set()
