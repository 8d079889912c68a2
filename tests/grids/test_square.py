"""Square boards checked against their definitions."""

import pytest

from workbench.errors import RulesError
from workbench.grids.square import (
    chebyshev,
    manhattan,
    square_center,
    square_grid,
    square_neighbours,
    square_polygon,
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


def test_distances_are_graph_distances():
    import networkx as nx

    rook, king = square_grid(4, 5), square_grid(4, 5, diagonal=True)
    rook_d, king_d = (
        dict(nx.all_pairs_shortest_path_length(rook)),
        dict(nx.all_pairs_shortest_path_length(king)),
    )
    for a in rook:
        for b in rook:
            assert manhattan(a, b) == rook_d[a][b]
            assert chebyshev(a, b) == king_d[a][b]


def test_centres_are_the_middle_of_the_drawn_square():
    for cell in [(0, 0), (3, 7)]:
        xs, ys = zip(*square_polygon(cell), strict=True)
        assert square_center(cell) == ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
