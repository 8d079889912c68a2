"""Octagon boards with sockets checked against their definitions."""

import math

import pytest

from workbench.grids.octagonal import (
    octagon_grid,
    octagon_polygon,
    octagon_sockets,
    socket_center,
    socket_octagons,
    socket_polygon,
    sockets,
)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 4), (6, 6)])
def test_sockets_and_octagons_are_inverse(rows, cols):
    all_sockets = sockets(rows, cols)
    assert len(all_sockets) == (rows - 1) * (cols - 1)
    for r in range(rows):
        for c in range(cols):
            brute = [s for s in all_sockets if (r, c) in socket_octagons(s)]
            assert octagon_sockets((r, c), rows, cols) == brute
    assert octagon_grid(rows, cols).graph["kind"] == "octagon"


def test_octagons_are_regular_and_sockets_fill_the_gaps():
    corners = octagon_polygon((1, 2))
    sides = [math.dist(p, q) for p, q in zip(corners, [*corners[1:], corners[0]], strict=True)]
    assert max(sides) - min(sides) < 1e-12
    diamond = socket_polygon((0, 0))
    cut_corners = {(round(x, 9), round(y, 9)) for x, y in diamond}
    around = {(round(x, 9), round(y, 9)) for cell in socket_octagons((0, 0))
              for x, y in octagon_polygon(cell)}  # fmt: skip
    assert cut_corners <= around  # each corner of a socket is a corner of an octagon
    assert socket_center((0, 0)) == (1.0, 1.0)
