"""Walks between points of interest, vectorised, against networkx shortest paths."""

import networkx as nx
import numpy as np
import pytest

from workbench.games.valhalla.level import level_graph
from workbench.games.valhalla.reach import Reach

from .conftest import small_levels


@pytest.mark.parametrize("seed", range(3))
def test_distances_equal_networkx_bfs_with_points_of_interest_in_the_way(seed):
    rng = np.random.default_rng(seed)
    for level, _ in small_levels(30, seed=400 + seed, max_side=7, max_enemies=6):
        graph = level_graph(level)
        targets = [e.at for e in level.enemies] + [i.at for i in level.items]
        reach = Reach(level, targets)
        cells = list(graph.nodes)
        origins = [cells[k] for k in rng.integers(len(cells), size=20)]
        lefts = rng.integers(0, 1 << len(targets), size=20)
        found, free = reach.distances(lefts, np.array([reach.cell_index(c) for c in origins]))
        for i, (origin, left) in enumerate(zip(origins, lefts, strict=True)):
            there = {t for k, t in enumerate(targets) if left >> k & 1} - {origin}
            for k, target in enumerate(targets):
                expected = 0
                if target in there:
                    open_ground = graph.subgraph(set(graph) - (there - {target}))
                    if nx.has_path(open_ground, origin, target):
                        expected = nx.shortest_path_length(open_ground, origin, target)
                assert found[i, k] == expected, (level.to_dict(), origin, int(left), target)
            steps = set(graph[origin]) - there
            assert free[i] == bool(steps)
        table, ok = reach.everywhere(int(lefts[0]))
        index = reach.cell_index(origins[0])
        assert table[index].tolist() == found[0].tolist() and ok[index] == free[0]
