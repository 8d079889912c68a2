"""Octagon boards with square sockets (the Valgard geometry).

``rows`` x ``cols`` octagons ``(row, col)`` share edges with their orthogonal
neighbours. Between each block of four octagons sits a square *socket*
``(row, col)`` for ``0 <= row < rows - 1`` and ``0 <= col < cols - 1``; it touches
octagons ``(row, col)``, ``(row, col + 1)``, ``(row + 1, col)`` and ``(row + 1, col + 1)``.

>>> g = octagon_grid(3, 3)
>>> g.number_of_nodes(), g.number_of_edges()
(9, 12)
>>> socket_octagons((0, 0))
((0, 0), (0, 1), (1, 0), (1, 1))
>>> octagon_sockets((1, 1), 3, 3)
[(0, 0), (0, 1), (1, 0), (1, 1)]
"""

from __future__ import annotations

import math

import networkx as nx

from workbench.grids.square import Cell, in_bounds, square_center, square_grid

__all__ = [
    "CORNER_CUT",
    "octagon_center",
    "octagon_grid",
    "octagon_polygon",
    "octagon_sockets",
    "socket_center",
    "socket_octagons",
    "socket_polygon",
    "sockets",
]

#: How far each corner of the unit square is cut to make a regular octagon.
CORNER_CUT = 1 / (2 + math.sqrt(2))


def octagon_grid(rows: int, cols: int) -> nx.Graph:
    """Graph of the octagons, joined orthogonally; nodes carry ``pos``."""
    graph = square_grid(rows, cols)
    graph.graph["kind"] = "octagon"
    return graph


def sockets(rows: int, cols: int) -> list[Cell]:
    """All sockets of a ``rows`` x ``cols`` octagon board, row by row."""
    return [(r, c) for r in range(rows - 1) for c in range(cols - 1)]


def socket_octagons(socket: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four octagons a socket touches."""
    r, c = socket
    return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))


def octagon_sockets(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The sockets at the corners of an octagon (two to four, fewer at the edge)."""
    r, c = cell
    candidates = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]
    return [s for s in candidates if in_bounds(s, rows - 1, cols - 1)]


def octagon_center(cell: Cell) -> tuple[float, float]:
    """Centre of the octagon drawn for ``cell`` (x right, y down)."""
    return square_center(cell)


def octagon_polygon(cell: Cell) -> list[tuple[float, float]]:
    """The eight corners of the regular octagon drawn in the unit square of ``cell``."""
    r, c = cell
    k = CORNER_CUT
    return [
        (c + k, r),
        (c + 1 - k, r),
        (c + 1, r + k),
        (c + 1, r + 1 - k),
        (c + 1 - k, r + 1),
        (c + k, r + 1),
        (c, r + 1 - k),
        (c, r + k),
    ]


def socket_center(socket: Cell) -> tuple[float, float]:
    """Centre of the socket drawn between its four octagons."""
    return (socket[1] + 1.0, socket[0] + 1.0)


def socket_polygon(socket: Cell) -> list[tuple[float, float]]:
    """The diamond-shaped gap between four octagons, where the socket is drawn."""
    x, y = socket_center(socket)
    k = CORNER_CUT
    return [(x, y - k), (x + k, y), (x, y + k), (x - k, y)]
