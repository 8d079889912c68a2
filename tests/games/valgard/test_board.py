"""Bitboard geometry checked against the graph geometry of ``workbench.grids``."""

import pytest

from workbench.games.valgard.board import CORNERS, Board, iter_bits
from workbench.grids import octagon_grid, octagon_sockets, socket_octagons, sockets

SIZES = [(2, 2), (3, 3), (3, 4), (4, 4), (6, 6), (5, 2), (12, 12)]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_one_step_shifts_are_the_graph_edges(rows, cols):
    board = Board.of(rows, cols)
    graph = octagon_grid(rows, cols)
    found = set()
    for shift, has_step in board.steps:
        for i in iter_bits(has_step):
            found.add(frozenset((board.cell(i), board.cell(i + shift))))
    assert found == {frozenset(edge) for edge in graph.edges}


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_sockets_and_their_dead_land(rows, cols):
    board = Board.of(rows, cols)
    assert board.cells_of(board.sockets) == sockets(rows, cols)
    for socket in sockets(rows, cols):
        dead = board.cells_of(board.dead_land(board.socket_bit(socket)))
        assert dead == sorted(socket_octagons(socket))
    for index in range(board.size):
        cell = board.cell(index)
        corners = [board.corner_socket(index, c) for c in CORNERS]
        found = sorted(board.cell(s) for s in corners if s is not None)
        assert found == sorted(octagon_sockets(cell, rows, cols))


def test_names_round_trip_and_bad_names_are_refused():
    board = Board.of(6, 6)
    for index in range(board.size):
        assert board.index(board.parse_cell(board.name(index))) == index
    assert board.parse_cell("a1") == (5, 0) and board.parse_cell("F6") == (0, 5)
    for bad in ("g1", "a7", "a0", "", "1a", "aa"):
        with pytest.raises(ValueError, match="expected a file a-f and a rank 1-6"):
            board.parse_cell(bad)


def test_home_rows():
    board = Board.of(4, 3)
    assert board.cells_of(board.home[0]) == [(3, 0), (3, 1), (3, 2)]
    assert board.cells_of(board.home[1]) == [(0, 0), (0, 1), (0, 2)]
