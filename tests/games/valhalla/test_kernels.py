"""The compiled loops of the free-walk search, against plain Python ints and dictionaries
(``walk_distances`` is proven against networkx through ``Reach`` in ``test_reach``; the
moves and the ends they reach through the engine and the BFS elsewhere)."""

import numpy as np
import pytest

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.kernels import CLASSES, backward_layer


@pytest.mark.parametrize("words", [1, 2])  # the body unrolled for one word, and any
def test_backward_layer_equals_a_move_by_move_computation_in_python_ints(words):
    rng = np.random.default_rng(11)
    classes, n = CLASSES, 3
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
        cleared = backward_layer(first_edge, child, event, kills, target, attack, fall_classes,
                                 damage, survives, falls, strikes, below, live, wins,
                                 ends)  # fmt: skip
        value = bitsets.to_int
        top = 2 ** (64 * words)
        clears = False
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
                    clears |= child[e] < 0 and value(survives[f]) & value(live[s]) != 0
                assert ends[e] == won
            assert [value(row) for row in wins[s]] == [x & value(live[s]) for x in expected]
        assert cleared == clears
