"""Walks between points of interest, vectorised, against networkx shortest paths."""

import networkx as nx
import numpy as np
import pytest

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.kernels import walk_distances
from workbench.games.valhalla.level import level_graph
from workbench.games.valhalla.reach import Reach

from .conftest import small_levels


def _networkx_walks(graph, targets, origin, left):
    """The shortest walks from ``origin`` to each target with its bit set in ``left`` that
    pass no other such target (0: none), and whether the origin has a free neighbour."""
    there = {t for k, t in enumerate(targets) if left >> k & 1} - {origin}
    found = []
    for target in targets:
        steps = 0
        if target in there:
            open_ground = graph.subgraph(set(graph) - (there - {target}))
            if nx.has_path(open_ground, origin, target):
                steps = nx.shortest_path_length(open_ground, origin, target)
        found.append(steps)
    return found, bool(set(graph[origin]) - there)


@pytest.mark.parametrize(("seed", "max_side", "max_enemies"), [(0, 7, 6), (1, 7, 6), (2, 7, 6),
                                                                 (3, 16, 24)])  # fmt: skip
def test_distances_equal_networkx_bfs_with_points_of_interest_in_the_way(
    seed, max_side, max_enemies
):
    rng = np.random.default_rng(seed)
    levels = small_levels(30, seed=400 + seed, max_side=max_side, max_enemies=max_enemies)
    for level, _ in levels:
        graph = level_graph(level)
        targets = [e.at for e in level.enemies] + [i.at for i in level.items]
        reach = Reach(level, targets)
        cells = list(graph.nodes)
        origins = [cells[k] for k in rng.integers(len(cells), size=20)]
        lefts = rng.integers(0, 1 << len(targets), size=20)
        found, free = reach.distances(lefts, np.array([reach.cell_index(c) for c in origins]))
        for i, (origin, left) in enumerate(zip(origins, lefts, strict=True)):
            expected = _networkx_walks(graph, targets, origin, int(left))
            assert (found[i].tolist(), free[i]) == expected, (level.to_dict(), origin, int(left))
        table, ok = reach.everywhere(int(lefts[0]))
        index = reach.cell_index(origins[0])
        assert table[index].tolist() == found[0].tolist() and ok[index] == free[0]


@pytest.mark.parametrize("seed", range(3))
def test_walk_distances_equal_networkx_on_grids_of_many_words(seed):
    # Rows up to 63 fields wide, up to 11 words of fields, walls and targets anywhere.
    rng = np.random.default_rng(seed)
    for _ in range(12):
        width, height = (int(v) for v in rng.integers(1, [64, 12]))
        graph = nx.grid_2d_graph(height, width)
        graph.remove_nodes_from([c for c in list(graph) if rng.random() < 0.25])
        cells = sorted(graph)
        if not cells:
            continue
        picked = rng.permutation(len(cells))[: int(rng.integers(1, min(len(cells), 40) + 1))]
        targets = [cells[k] for k in picked]
        index = [r * width + c for r, c in cells]
        open_fields = bitsets.from_ints([sum(1 << f for f in index)],
                                        words=bitsets.words_for(width * height))[0]  # fmt: skip
        origins = [cells[k] for k in rng.integers(len(cells), size=8)]
        lefts = rng.integers(0, 1 << len(targets), size=8, dtype=np.int64)
        found = np.zeros((len(origins), len(targets)), np.int16)
        free = np.zeros(len(origins), np.bool_)
        walk_distances(open_fields, width, np.array([r * width + c for r, c in targets]), lefts,
                       np.array([r * width + c for r, c in origins]), found, free)  # fmt: skip
        for i, (origin, left) in enumerate(zip(origins, lefts, strict=True)):
            expected = _networkx_walks(graph, targets, origin, int(left))
            assert (found[i].tolist(), free[i]) == expected, (width, height, origin, int(left))
