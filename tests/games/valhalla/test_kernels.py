"""The compiled loops of the free-walk search, against plain Python ints and networkx."""

import itertools

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.kernels import (
    backward_layer,
    number_groups,
    shift_rows,
    walk_distances,
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 2**130 - 1), min_size=1, max_size=6),
    st.lists(st.integers(-140, 140), min_size=6, max_size=6),
    st.integers(1, 3),
)
def test_shift_rows_adds_the_amount_to_every_integer_of_a_row(values, amounts, words):
    top = 64 * words
    values = [v % 2**top for v in values]
    out = np.empty((len(values), words), dtype=np.uint64)
    shift_rows(bitsets.from_ints(values, words=words), np.array(amounts[: len(values)]), out)
    for row, value, amount in zip(out, values, amounts, strict=False):
        expected = (value << amount if amount >= 0 else value >> -amount) % 2**top
        assert bitsets.to_int(row) == expected


def test_walk_distances_equal_networkx_on_random_grids():
    rng = np.random.default_rng(5)
    for _ in range(40):
        width, height = rng.integers(2, 7, size=2)
        grid = nx.grid_2d_graph(height, width)
        grid.remove_nodes_from([c for c in list(grid) if rng.random() < 0.2])
        cells = sorted(grid)
        if len(cells) < 3:
            continue
        index = {c: r * width + c2 for c in cells for r, c2 in [c]}
        neighbours = np.full((width * height, 4), -1, dtype=np.int64)
        for cell in cells:
            for k, other in enumerate(grid[cell]):
                neighbours[index[cell], k] = index[other]
        targets = [cells[k] for k in rng.choice(len(cells), size=min(4, len(cells)), replace=False)]
        lefts = rng.integers(0, 1 << len(targets), size=10)
        origins = [cells[k] for k in rng.integers(len(cells), size=10)]
        found = np.zeros((10, len(targets)), dtype=np.int16)
        free = np.zeros(10, dtype=np.bool_)
        walk_distances(neighbours, np.array([index[t] for t in targets]), lefts,
                       np.array([index[o] for o in origins]), found, free)  # fmt: skip
        for i, (left, origin) in enumerate(zip(lefts, origins, strict=True)):
            there = {t for k, t in enumerate(targets) if left >> k & 1} - {origin}
            for k, target in enumerate(targets):
                expected = 0
                if target in there:
                    ground = grid.subgraph(set(grid) - (there - {target}))
                    if nx.has_path(ground, origin, target):
                        expected = nx.shortest_path_length(ground, origin, target)
                assert found[i, k] == expected
            assert free[i] == bool(set(grid[origin]) - there)


def test_backward_layer_equals_a_move_by_move_computation_in_python_ints():
    rng = np.random.default_rng(11)
    classes, words, n = 4, 2, 3
    for _ in range(30):
        states, below_rows, events = rng.integers(1, 6), rng.integers(1, 5), rng.integers(1, 4)
        counts = rng.integers(0, 4, size=states)
        first_edge = np.concatenate([[0], np.cumsum(counts)])
        moves = int(first_edge[-1])
        child = rng.integers(-1, below_rows, size=moves)
        event = rng.integers(-1, events, size=moves)
        kills, target = rng.integers(0, n, size=moves), rng.integers(0, n, size=moves)
        attack = rng.integers(0, 4, size=moves)
        fall_classes = rng.integers(-1, classes, size=(n + 1, n, 4))
        damage = rng.integers(0, 80, size=events)
        ints = lambda *shape: rng.integers(0, 2**63, size=(*shape, words), dtype=np.uint64)  # noqa: E731
        survives, falls, strikes = ints(events), ints(events), ints(events)
        below, live = ints(below_rows, classes), ints(states)
        wins = np.empty((states, classes, words), dtype=np.uint64)
        ends = np.zeros((moves, words), dtype=np.uint64)
        backward_layer(first_edge, child, event, kills, target, attack, fall_classes, damage,
                       survives, falls, strikes, below, live, wins, ends)  # fmt: skip
        value = bitsets.to_int
        top = 2 ** (64 * words)
        for s in range(states):
            expected = [0] * classes
            for e in range(first_edge[s], first_edge[s + 1]):
                f, won = event[e], 0
                for c in range(classes):
                    gain = value(below[child[e], c]) if child[e] >= 0 else 0
                    if f >= 0:
                        gain = (gain << int(damage[f])) % top & value(survives[f])
                    expected[c] |= gain
                if f >= 0:
                    for strike, mask in ((0, falls[f]), (1, strikes[f])):
                        star = fall_classes[kills[e] + strike, target[e], attack[e]]
                        if star >= 0:
                            expected[star] |= value(mask)
                            won |= value(mask)
                assert value(ends[e]) == won
            assert [value(row) for row in wins[s]] == [x & value(live[s]) for x in expected]


def test_number_groups_numbers_equal_groups_alike_by_first_appearance():
    rng = np.random.default_rng(3)
    for _ in range(50):
        sizes = rng.integers(0, 4, size=rng.integers(1, 30))
        bounds = np.concatenate([[0], np.cumsum(sizes)])
        rows = rng.integers(0, 3, size=bounds[-1])
        healths = rng.integers(0, 3, size=(bounds[-1], 2)).astype(np.uint64)
        numbers = np.empty(len(sizes), dtype=np.int64)
        distinct = number_groups(bounds, rows, healths, numbers)
        seen: dict[bytes, int] = {}
        expected = [
            seen.setdefault(rows[a:b].tobytes() + healths[a:b].tobytes(), len(seen))
            for a, b in itertools.pairwise(bounds)
        ]
        assert numbers.tolist() == expected and distinct == len(seen)
