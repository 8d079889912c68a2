"""Bitboard geometry checked against the graph geometry of ``workbench.grids``."""

import pytest

from workbench.games.valgard.geometry import CORNERS, ValgardGeometry, iter_bits
from workbench.grids import octagon_grid, octagon_sockets, socket_octagons, sockets

SIZES = [(2, 2), (3, 3), (3, 4), (4, 4), (6, 6), (5, 2), (12, 12)]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_one_step_shifts_are_the_graph_edges(rows, cols):
    geometry = ValgardGeometry.of(rows, cols)
    graph = octagon_grid(rows, cols)
    found = set()
    for shift, has_step in geometry.steps:
        for i in iter_bits(has_step):
            found.add(frozenset((geometry.cell(i), geometry.cell(i + shift))))
    assert found == {frozenset(edge) for edge in graph.edges}


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_sockets_and_their_dead_land(rows, cols):
    geometry = ValgardGeometry.of(rows, cols)
    assert geometry.cells_of(geometry.sockets) == sockets(rows, cols)
    for socket in sockets(rows, cols):
        dead = geometry.cells_of(geometry.dead_land(geometry.socket_bit(socket)))
        assert dead == sorted(socket_octagons(socket))
    for index in range(geometry.size):
        cell = geometry.cell(index)
        corners = [geometry.corner_socket(index, c) for c in CORNERS]
        found = sorted(geometry.cell(s) for s in corners if s is not None)
        assert found == sorted(octagon_sockets(cell, rows, cols))


def test_names_round_trip_and_bad_names_are_refused():
    geometry = ValgardGeometry.of(6, 6)
    for index in range(geometry.size):
        assert geometry.index(geometry.parse_cell(geometry.name(index))) == index
    assert geometry.parse_cell("a1") == (5, 0) and geometry.parse_cell("F6") == (0, 5)
    for bad in ("g1", "a7", "a0", "", "1a", "aa"):
        with pytest.raises(ValueError, match="expected a file a-f and a rank 1-6"):
            geometry.parse_cell(bad)


def test_home_rows():
    geometry = ValgardGeometry.of(4, 3)
    assert geometry.cells_of(geometry.home[0]) == [(3, 0), (3, 1), (3, 2)]
    assert geometry.cells_of(geometry.home[1]) == [(0, 0), (0, 1), (0, 2)]
