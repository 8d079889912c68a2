"""Hex geometry checked against brute force over a patch of the plane."""

import itertools

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.errors import RulesError
from workbench.grids import (
    HEX_DIRECTIONS,
    hex_disc,
    hex_distance,
    hex_grid,
    hex_line,
    hex_neighbours,
    hex_ray,
    hex_ring,
    straight_line_direction,
)

coords = st.integers(-6, 6)
hexes = st.tuples(coords, coords)
PATCH = [(q, r) for q in range(-5, 6) for r in range(-5, 6)]


def test_distance_equals_graph_distance():
    graph = hex_grid(hex_disc((0, 0), 6))
    lengths = dict(nx.single_source_shortest_path_length(graph, (0, 0)))
    for h, d in lengths.items():
        assert hex_distance((0, 0), h) == d
    assert len(lengths) == 1 + 3 * 6 * 7


@given(hexes, st.integers(0, 4))
def test_ring_is_every_hex_at_that_distance(center, radius):
    brute = {
        (center[0] + dq, center[1] + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if hex_distance(center, (center[0] + dq, center[1] + dr)) == radius
    }
    ring = hex_ring(center, radius)
    assert set(ring) == brute
    assert len(ring) == len(brute)
    for a, b in itertools.pairwise(ring):
        assert radius == 0 or hex_distance(a, b) == 1


@given(hexes, hexes)
def test_line_is_a_shortest_connected_walk(a, b):
    line = hex_line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == hex_distance(a, b) + 1
    assert all(hex_distance(x, y) == 1 for x, y in itertools.pairwise(line))


@given(hexes, hexes)
def test_straight_line_direction_matches_enumerated_rays(a, b):
    brute = [d for d in HEX_DIRECTIONS if b in hex_ray(a, d, 12)]
    assert straight_line_direction(a, b) == (brute[0] if brute else None)


def test_ray_and_neighbours():
    assert hex_ray((0, 0), (0, -1), 2) == [(0, -1), (0, -2)]
    assert sorted(hex_neighbours((0, 0))) == sorted(HEX_DIRECTIONS)
    with pytest.raises(RulesError, match="direction must be one of"):
        hex_ray((0, 0), (2, 0), 1)
    with pytest.raises(RulesError, match="radius must be >= 0"):
        hex_ring((0, 0), -1)
