"""States with the same future, found before the kill orders are counted.

The kill-order count (:mod:`~workbench.games.valhalla.kill_orders`) merges groups of plays
that are equal; many that differ are not, only in states whose futures are the same: the
hero at the Attack floor stands on one enemy's field or another's, from where the same
points of interest lead to the same next states. :func:`same_futures` finds them, layer by
layer from the last:

* per state, the Healths from which some win follows (:func:`future_layer`), all of them
  and not only those the search reached it with: two states with the same moves must
  answer alike for every Health a play may bring;
* per state, a *representative*: the first state of its layer with the same moves, each
  move as (enemy or item, fight, the next state's representative, which falls win)
  (:func:`represent_layer`); a state from which no win follows has none, and a move to it
  is as a move to no next state. By induction from the last layer, states with one
  representative win and fall alike from every Health, after the same fights in the same
  order. (Leaving out the moves that serve none of a state's Healths merges hardly more
  states, 0.3% fewer groups on the hard ladder's seed 69, and costs more than it saves.)

The count then follows each move to the next state's representative, so plays that differ
only in such states meet in one group.

>>> from workbench.games.valhalla.engine import ValhallaCalling
>>> from workbench.games.valhalla.level import Level
>>> from workbench.games.valhalla.search import StateSpace
>>> level = Level.from_dict({"name": "Fork", "width": 3, "height": 2, "start": [0, 1],
...     "hero": {"health": 4, "attack": 1},
...     "enemies": [{"at": [0, 0], "attack": 1, "health": 1},
...                 {"at": [0, 2], "attack": 1, "health": 1},
...                 {"at": [1, 1], "attack": 4, "health": 9}]})
>>> futures, representatives = same_futures(StateSpace(ValhallaCalling(level)))
>>> representatives[2].tolist()  # both small enemies bested, on either's field: one future
[0, 0]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from workbench.errors import SearchLimitError
from workbench.games.valhalla import bitsets
from workbench.games.valhalla.search import StateSpace

__all__ = ["future_layer", "represent_layer", "same_futures"]

_compiled = njit(cache=True, nogil=True)


def same_futures(space: StateSpace) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Per layer, each state's Healths from which a win follows (all of them, bitset rows)
    and its representative (a row of the same layer, see the module docstring)."""
    words = space.maker.words
    fights = space.maker.fights
    marks = (*(fights.column(c, words=words) for c in ("falls", "strikes", "survives")),
             fights.column("damage"))  # fmt: skip
    cap = bitsets.prefix(np.array([space.game.level.hero.health + 1]), words=words)[0]
    shifts = _shifts(space)
    futures, representatives = [], []
    below = np.zeros((0, words), dtype=np.uint64)
    below_rep = np.zeros(0, dtype=np.int32)
    for k in range(len(space.layers) - 1, -1, -1):
        layer, ends = space.layers[k], space.winning_ends[k]
        e = layer.edges
        future = np.empty((len(layer.codes), words), dtype=np.uint64)
        future_layer(layer.first_edge, e.child, e.event, ends, *marks, below, cap, future)
        rep = np.empty(len(layer.codes), dtype=np.int32)
        represent_layer(layer.first_edge, e.child, e.event, e.target, ends, future, below_rep,
                        shifts, rep)  # fmt: skip
        futures.append(future)
        representatives.append(rep)
        below, below_rep = future, rep
    return futures[::-1], representatives[::-1]


def _shifts(space: StateSpace) -> np.ndarray:
    """Where a move's target, fight and next state go in its 64-bit key (after the two
    bits of its winning falls); refused if they need more than 63 bits."""
    widths = [
        (space.n + space.m).bit_length(),
        (len(space.maker.fights.rows) + 1).bit_length(),
        max(len(layer.codes) for layer in space.layers).bit_length() + 1,
    ]
    if 2 + sum(widths) > 63:
        raise SearchLimitError(
            f"{space.game.level.name}: a move's key needs {2 + sum(widths)} bits"
        )
    return np.cumsum([2, *widths[:-1]]).astype(np.int64)


@_compiled
def future_layer(first_edge, child, event, ends, falls, strikes, survives, damage, below, cap,
                 future) -> None:  # fmt: skip
    """Per state of a layer, the Healths (up to ``cap``) from which a win follows, into
    ``future``: a pickup's next state's, a fight's winning falls (``ends``: bit 0 without
    the final strike, bit 1 with it, as in :func:`~.kernels.backward_layer`) and the
    Healths that survive it into the next state's (``below``), before the damage."""
    words = future.shape[1]
    for s in range(first_edge.shape[0] - 1):
        for w in range(words):  # word by word: a row's slice costs more than its loop
            future[s, w] = 0
        for e in range(first_edge[s], first_edge[s + 1]):
            after, fight = child[e], event[e]
            if fight < 0:
                if after >= 0:
                    for w in range(words):
                        future[s, w] |= below[after, w]
                continue
            for w in range(words):
                if ends[e] & 1:
                    future[s, w] |= falls[fight, w]
                if ends[e] & 2:
                    future[s, w] |= strikes[fight, w]
            if after >= 0:
                q, r = damage[fight] // 64, np.uint64(damage[fight] % 64)
                for w in range(words):
                    gain = np.uint64(0)
                    if 0 <= w - q < words:
                        gain |= below[after, w - q] << r
                    if r and 0 <= w - q - 1 < words:
                        gain |= below[after, w - q - 1] >> (np.uint64(64) - r)
                    future[s, w] |= gain & survives[fight, w]
        for w in range(words):
            future[s, w] &= cap[w]


@_compiled
def represent_layer(first_edge, child, event, target, ends, future, below_rep, shifts,
                    rep) -> None:  # fmt: skip
    """Per state of a layer, the first state (``rep``) with the same keys, one per move:
    ``ends | target << shifts[0] | (fight + 1) << shifts[1] | (next state's
    representative + 1) << shifts[2]``, sorted and each once (``ends``: which falls win;
    a pickup's fight is -1). A state from which no win follows (no Health in ``future``)
    has none (-1), and a move to it counts as a move to no next state."""
    states, words = future.shape[0], future.shape[1]
    slots = 1
    while slots < 2 * states:
        slots *= 2
    table = np.full(slots, -1, np.int64)  # slot -> class
    hashes = np.empty(states, np.uint64)
    starts = np.zeros(states + 1, np.int64)
    kept = np.empty(first_edge[states], np.int64)
    owner = np.empty(states, np.int32)
    keys = np.empty(max(1, np.max(np.diff(first_edge)) if states else 1), np.int64)
    classes = 0
    for s in range(states):
        rep[s] = -1
        some = np.uint64(0)
        for w in range(words):
            some |= future[s, w]
        if not some:
            continue
        rep[s] = s
        m = first_edge[s + 1] - first_edge[s]
        for i in range(m):
            e = first_edge[s] + i
            after = below_rep[child[e]] if child[e] >= 0 else -1
            keys[i] = (ends[e] | np.int64(target[e]) << shifts[0]
                       | np.int64(event[e] + 1) << shifts[1]
                       | np.int64(after + 1) << shifts[2])  # fmt: skip
        mine = keys[:m]
        _insertion_sort(mine)
        m = _unique_sorted(mine)
        mixed = np.uint64(m)
        for i in range(m):
            mixed = _mix(mixed ^ np.uint64(mine[i]))
        slot = np.int64(mixed & np.uint64(slots - 1))
        while table[slot] >= 0:
            c = table[slot]
            if hashes[c] == mixed and _same(kept, starts[c], starts[c + 1], mine, m):
                rep[s] = owner[c]
                break
            slot = (slot + 1) & (slots - 1)
        if table[slot] < 0:
            table[slot], hashes[classes], owner[classes] = classes, mixed, s
            kept[starts[classes] : starts[classes] + m] = mine[:m]
            starts[classes + 1] = starts[classes] + m
            classes += 1


@njit(cache=True, nogil=True, inline="always")
def _insertion_sort(keys) -> None:
    """Sort a few keys in place (a state of the hard ladder has 11 moves on average, 41 at
    most: fewer steps than a general sort takes to start)."""
    for i in range(1, keys.shape[0]):
        key, j = keys[i], i - 1
        while j >= 0 and keys[j] > key:
            keys[j + 1] = keys[j]
            j -= 1
        keys[j + 1] = key


@njit(cache=True, nogil=True, inline="always")
def _unique_sorted(keys):
    """Keep each of the sorted ``keys`` once, at the front; returns how many."""
    m = min(1, keys.shape[0])
    for i in range(1, keys.shape[0]):
        if keys[i] != keys[m - 1]:
            keys[m] = keys[i]
            m += 1
    return m


@njit(cache=True, nogil=True, inline="always")
def _mix(x):
    """splitmix64's finaliser."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True, nogil=True, inline="always")
def _same(kept, a, b, mine, m):
    """Whether ``kept[a:b]`` equals ``mine[:m]``."""
    same, i = b - a == m, 0
    while same and i < m:
        same = kept[a + i] == mine[i]
        i += 1
    return same
