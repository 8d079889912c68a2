"""The compiled loops of the free-walk search, against plain Python ints and dictionaries
(``walk_distances`` is proven against networkx through ``Reach`` in ``test_reach``; the
moves, the ends and the kill-order loop through the engine and the BFS elsewhere)."""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.kernels import (
    backward_layer,
    number_groups,
    rehash,
    run_bounds,
    unite_sorted,
)


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
        ends = np.zeros(moves, dtype=np.uint8)
        backward_layer(first_edge, child, event, kills, target, attack, fall_classes, damage,
                       survives, falls, strikes, below, live, wins, ends)  # fmt: skip
        value = bitsets.to_int
        top = 2 ** (64 * words)
        for s in range(states):
            expected = [0] * classes
            for e in range(first_edge[s], first_edge[s + 1]):
                f, won = event[e], 0  # bit 0: falling wins, bit 1: with the final strike
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
                            won |= 1 << strike
                assert ends[e] == won
            assert [value(row) for row in wins[s]] == [x & value(live[s]) for x in expected]


def test_number_groups_numbers_equal_groups_alike_by_first_appearance_across_calls():
    rng = np.random.default_rng(3)
    for _ in range(50):
        sizes = rng.integers(0, 4, size=rng.integers(1, 30))
        bounds = np.concatenate([[0], np.cumsum(sizes)])
        rows = rng.integers(0, 3, size=bounds[-1])
        healths = rng.integers(0, 3, size=(bounds[-1], 2)).astype(np.uint64)
        table = np.full(64, -1, np.int64)
        hashes, starts = np.empty(30, np.uint64), np.zeros(31, np.int64)
        kept_rows, kept = np.empty(len(rows), np.int64), np.empty_like(healths)
        counts, numbers = np.zeros(2, np.int64), []
        cut = int(rng.integers(0, len(sizes) + 1))  # two calls, the table made anew between
        for call, part in enumerate((bounds[: cut + 1], bounds[cut:])):
            if call:
                table = np.full(128, -1, np.int64)
                rehash(table, hashes, counts[0])
            found = np.empty(len(part) - 1, np.int64)
            number_groups(part, rows, healths, table, hashes, starts, kept_rows, kept, found,
                          counts)  # fmt: skip
            numbers += found.tolist()
        seen: dict[bytes, int] = {}
        firsts: list[tuple] = []
        for a, b in itertools.pairwise(bounds):
            key = rows[a:b].tobytes() + healths[a:b].tobytes()
            if key not in seen:
                seen[key] = len(seen)
                firsts.append((rows[a:b].tolist(), healths[a:b].tolist()))
        expected = [seen[rows[a:b].tobytes() + healths[a:b].tobytes()]
                    for a, b in itertools.pairwise(bounds)]  # fmt: skip
        assert numbers == expected and counts[0] == len(seen)
        stored = [(kept_rows[a:b].tolist(), kept[a:b].tolist())
                  for a, b in itertools.pairwise(starts[: counts[0] + 1])]  # fmt: skip
        assert stored == firsts and counts[1] == starts[counts[0]]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 5), st.integers(0, 2**130 - 1)), max_size=12))
def test_unite_sorted_unites_the_rows_of_each_key(pairs):
    expected: dict[int, int] = {}
    for key, value in pairs:
        expected[key] = expected.get(key, 0) | value
    keys = np.array([k for k, _ in pairs], dtype=np.int64)
    rows = bitsets.from_ints([v for _, v in pairs], words=bitsets.words_for(130))
    where = np.empty(len(keys), dtype=np.int64)
    for into in (where, keys[:0]):
        distinct, union = unite_sorted(keys, np.argsort(keys), rows, into)
        assert distinct.tolist() == sorted(expected)
        assert [bitsets.to_int(r) for r in union] == [expected[k] for k in sorted(expected)]
    assert distinct[where].tolist() == keys.tolist()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 40), max_size=30), st.integers(1, 7))
def test_run_bounds_are_where_the_quotients_change(keys, divisor):
    keys = np.sort(np.array(keys, dtype=np.int64))
    quotients = keys // divisor
    expected = np.flatnonzero(np.diff(quotients, prepend=-1, append=-1)) if len(keys) else [0]
    assert run_bounds(keys, divisor).tolist() == list(expected)
