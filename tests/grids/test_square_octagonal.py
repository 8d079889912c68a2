"""Square and octagon boards checked against their definitions."""

import pytest

from workbench.errors import RulesError
from workbench.grids import (
    octagon_grid,
    octagon_sockets,
    socket_octagons,
    sockets,
    square_grid,
    square_neighbours,
)


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (2, 3), (12, 18), (5, 5)])
def test_square_edge_counts(rows, cols):
    orthogonal = square_grid(rows, cols)
    assert orthogonal.number_of_edges() == rows * (cols - 1) + cols * (rows - 1)
    king = square_grid(rows, cols, diagonal=True)
    diagonals = 2 * (rows - 1) * (cols - 1)
    assert king.number_of_edges() == orthogonal.number_of_edges() + diagonals


def test_square_neighbours_stay_on_board():
    assert sorted(square_neighbours((0, 0), 3, 3)) == [(0, 1), (1, 0)]
    assert len(list(square_neighbours((1, 1), 3, 3, diagonal=True))) == 8


def test_square_grid_rejects_empty():
    with pytest.raises(RulesError, match="at least 1x1"):
        square_grid(0, 3)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 4), (6, 6)])
def test_sockets_and_octagons_are_inverse(rows, cols):
    all_sockets = sockets(rows, cols)
    assert len(all_sockets) == (rows - 1) * (cols - 1)
    for r in range(rows):
        for c in range(cols):
            brute = [s for s in all_sockets if (r, c) in socket_octagons(s)]
            assert octagon_sockets((r, c), rows, cols) == brute
    assert octagon_grid(rows, cols).graph["kind"] == "octagon"
