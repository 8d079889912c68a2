"""Hex grids in axial coordinates ``(q, r)`` (pointy-top hexes; the third cube
coordinate is ``s = -q - r``).

The six axes are the six unit directions; a *straight line* is a run of steps
along one of them.

>>> hex_distance((0, 0), (2, -1))
2
>>> len(hex_ring((0, 0), 2))
12
>>> hex_ray((0, 0), (1, 0), 3)
[(1, 0), (2, 0), (3, 0)]
>>> straight_line_direction((0, 0), (0, 3))
(0, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import networkx as nx

from workbench.errors import RulesError

__all__ = [
    "HEX_DIRECTIONS",
    "Hex",
    "hex_add",
    "hex_center",
    "hex_disc",
    "hex_distance",
    "hex_grid",
    "hex_line",
    "hex_neighbours",
    "hex_polygon",
    "hex_ray",
    "hex_ring",
    "straight_line_direction",
]

Hex = tuple[int, int]

#: The six axial unit directions, starting east and turning counter-clockwise
#: on screen (east, north-east, north-west, west, south-west, south-east).
HEX_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_add(a: Hex, b: Hex, times: int = 1) -> Hex:
    """``a + times * b``."""
    return (a[0] + times * b[0], a[1] + times * b[1])


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_neighbours(h: Hex) -> list[Hex]:
    """The six hexes around ``h`` (unbounded plane)."""
    return [hex_add(h, d) for d in HEX_DIRECTIONS]


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` steps from ``center``, in ring order."""
    if radius < 0:
        raise RulesError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    ring = []
    h = hex_add(center, HEX_DIRECTIONS[4], radius)
    for side in range(6):
        for _ in range(radius):
            ring.append(h)
            h = hex_add(h, HEX_DIRECTIONS[side])
    return ring


def hex_disc(center: Hex, radius: int) -> list[Hex]:
    """Hexes within ``radius`` steps of ``center``, ring by ring."""
    return [h for k in range(radius + 1) for h in hex_ring(center, k)]


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes crossed by the straight segment from ``a`` to ``b`` (both included).

    Points are nudged by a tiny epsilon so that segments running exactly along a
    hex edge pick a consistent side.
    """
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    aq, ar = a[0] + eps, a[1] + eps
    bq, br = b[0] + eps, b[1] + eps
    return [_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def hex_ray(start: Hex, direction: Hex, steps: int) -> list[Hex]:
    """The ``steps`` hexes met walking from ``start`` along ``direction`` (start excluded)."""
    if direction not in HEX_DIRECTIONS:
        raise RulesError(f"direction must be one of {HEX_DIRECTIONS}, got {direction}")
    return [hex_add(start, direction, k) for k in range(1, steps + 1)]


def straight_line_direction(a: Hex, b: Hex) -> Hex | None:
    """The axis direction leading from ``a`` to ``b`` if they share a straight line, else None."""
    n = hex_distance(a, b)
    if n == 0:
        return None
    dq, dr = (b[0] - a[0]), (b[1] - a[1])
    if dq % n or dr % n:
        return None
    step = (dq // n, dr // n)
    return step if step in HEX_DIRECTIONS else None


def hex_grid(cells: Iterable[Hex]) -> nx.Graph:
    """Graph of the given hexes, joining neighbours; nodes carry ``pos`` (their centre)."""
    cells = set(cells)
    graph = nx.Graph(kind="hex")
    for h in cells:
        graph.add_node(h, pos=hex_center(h))
    for h in cells:
        for nxt in hex_neighbours(h):
            if nxt in cells:
                graph.add_edge(h, nxt)
    return graph


def hex_center(h: Hex) -> tuple[float, float]:
    """Centre of the pointy-top hex of circumradius 1 drawn for ``h`` (x right, y down)."""
    q, r = h
    return (math.sqrt(3) * (q + r / 2), 1.5 * r)


def hex_polygon(h: Hex) -> list[tuple[float, float]]:
    """The six corners of the hex drawn for ``h``."""
    x, y = hex_center(h)
    return [
        (x + math.cos(math.radians(60 * i - 30)), y + math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]
