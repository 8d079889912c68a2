"""Square grids: cells are ``(row, col)`` with row 0 at the top (north).

>>> g = square_grid(2, 3)
>>> sorted(g.neighbors((0, 1)))
[(0, 0), (0, 2), (1, 1)]
>>> square_grid(2, 2, diagonal=True).number_of_edges()
6
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from workbench.errors import RulesError

__all__ = [
    "DIAGONAL",
    "ORTHOGONAL",
    "Cell",
    "chebyshev",
    "in_bounds",
    "manhattan",
    "square_center",
    "square_grid",
    "square_neighbours",
    "square_polygon",
]

Cell = tuple[int, int]

#: Unit steps (d_row, d_col): north, east, south, west.
ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: Diagonal unit steps: north-east, south-east, south-west, north-west.
DIAGONAL: tuple[Cell, ...] = ((-1, 1), (1, 1), (1, -1), (-1, -1))


def in_bounds(cell: Cell, rows: int, cols: int) -> bool:
    """Whether ``cell`` lies on a ``rows`` x ``cols`` grid."""
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def manhattan(a: Cell, b: Cell) -> int:
    """Orthogonal step distance between two cells."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    """King-move distance between two cells."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def square_neighbours(
    cell: Cell, rows: int, cols: int, *, diagonal: bool = False
) -> Iterator[Cell]:
    """Cells one step from ``cell`` on the board (orthogonal, plus diagonal if asked)."""
    steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
    for dr, dc in steps:
        nxt = (cell[0] + dr, cell[1] + dc)
        if in_bounds(nxt, rows, cols):
            yield nxt


def square_grid(rows: int, cols: int, *, diagonal: bool = False) -> nx.Graph:
    """The grid as a graph; each node carries ``pos`` (its centre, x right, y down)."""
    if rows < 1 or cols < 1:
        raise RulesError(f"grid size must be at least 1x1, got {rows}x{cols}")
    graph = nx.Graph(kind="square", rows=rows, cols=cols)
    for r in range(rows):
        for c in range(cols):
            graph.add_node((r, c), pos=square_center((r, c)))
    for cell in list(graph):
        for nxt in square_neighbours(cell, rows, cols, diagonal=diagonal):
            graph.add_edge(cell, nxt)
    return graph


def square_polygon(cell: Cell) -> list[tuple[float, float]]:
    """Corners of the unit square drawn for ``cell`` (x right, y down)."""
    r, c = cell
    return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]


def square_center(cell: Cell) -> tuple[float, float]:
    """Centre of the square drawn for ``cell``."""
    return (cell[1] + 0.5, cell[0] + 0.5)
