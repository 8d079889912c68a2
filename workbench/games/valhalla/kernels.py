"""The compiled loops of the free-walk search (numba): each touches every element once.

They hold no game rules, only what NumPy would do in many passes over temporaries:
a breadth-first search per query (:func:`walk_distances`, for
:class:`~workbench.games.valhalla.reach.Reach`) and the shift of Health sets by each
fight's damage (:func:`shift_rows`, for :mod:`~workbench.games.valhalla.bitsets`). Their
tests prove them against networkx and against plain Python ints. Each is compiled on
first use and cached on disk beside this module.

>>> import numpy as np
>>> line = np.array([[1, -1, -1, -1], [0, 2, -1, -1], [1, -1, -1, -1]])  # three fields in a row
>>> found, free = np.zeros((1, 1), np.int16), np.zeros(1, np.bool_)
>>> walk_distances(line, np.array([2]), np.array([1]), np.array([0]), found, free)
>>> found.tolist(), free.tolist()
([[2]], [True])
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["shift_rows", "walk_distances"]

_compiled = njit(cache=True, nogil=True)


@_compiled
def walk_distances(neighbours, target_field, left, origins, found, free) -> None:
    """Per query ``i``: the steps of the shortest walk from field ``origins[i]`` to each
    target ``t`` whose bit is set in ``left[i]`` (into ``found[i, t]``; 0 if none), over
    fields that are no target still there, and whether a step off the origin onto such
    a field exists (``free[i]``). ``neighbours[f]`` lists the walkable fields next to
    field ``f`` (-1 pads)."""
    fields, targets = neighbours.shape[0], target_field.shape[0]
    target_of = np.full(fields, -1, np.int64)
    for t in range(targets):
        target_of[target_field[t]] = t
    seen = np.zeros(fields, np.int64)  # the query that last saw the field, plus one
    queue = np.empty(fields, np.int64)
    depth = np.empty(fields, np.int64)
    for i in range(left.shape[0]):
        mark, wanted = i + 1, left[i]
        origin = origins[i]
        seen[origin] = mark
        queue[0], depth[origin], head, tail = origin, 0, 0, 1
        if target_of[origin] >= 0:
            wanted &= ~(np.int64(1) << target_of[origin])
        free[i] = False
        for k in range(neighbours.shape[1]):
            y = neighbours[origin, k]
            if y >= 0 and (target_of[y] < 0 or not left[i] >> target_of[y] & 1):
                free[i] = True
        while head < tail and wanted:
            x = queue[head]
            head += 1
            for k in range(neighbours.shape[1]):
                y = neighbours[x, k]
                if y < 0 or seen[y] == mark:
                    continue
                seen[y] = mark
                t = target_of[y]
                if t >= 0 and left[i] >> t & 1:
                    found[i, t] = depth[x] + 1  # reached; a target still there blocks the way
                    wanted &= ~(np.int64(1) << t)
                    continue
                depth[y] = depth[x] + 1
                queue[tail] = y
                tail += 1


@_compiled
def shift_rows(bits, amount, out) -> None:
    """``out[i]`` = the integers of row ``i`` of a bitset array (``bits[i, w]``, 64 per
    word) plus ``amount[i]`` (negative: down), those leaving the row dropped."""
    rows, words = bits.shape
    for i in range(rows):
        q, r = amount[i] // 64, amount[i] % 64
        for w in range(words):
            value = np.uint64(0)
            source = w - q
            if 0 <= source < words:
                value |= bits[i, source] << np.uint64(r)
            if r and 0 <= source - 1 < words:
                value |= bits[i, source - 1] >> np.uint64(64 - r)
            out[i, w] = value


@_compiled
def backward_layer(first_edge, child, event, kills, target, attack, fall_classes, damage,
                   survives, falls, strikes, below, live, wins, ends) -> None:  # fmt: skip
    """One layer of the backward pass of :class:`~workbench.games.valhalla.search.StateSpace`.

    Move ``e`` of state ``s`` (``first_edge[s] <= e < first_edge[s + 1]``) leads to row
    ``child[e]`` of the next layer (-1: none), whose Healths winning each star class are
    ``below[child[e]]``; a fight (``event[e] >= 0``, a row of the fight columns) is
    survived by the Healths ``survives[event]``, which lose ``damage[event]``, and the
    Healths ``falls[event]`` (``strikes[event]``: with the final strike, one more enemy
    bested) fall there, against enemy ``target[e]`` with ``kills[e]`` bested before and
    Attack ``attack[e]``, winning star class ``fall_classes[kills, enemy, attack]``
    (-1: a loss). Writes per state
    the Healths from which each class is won, kept to ``live[s]`` (into ``wins[s]``), and
    per move the Healths that win by falling there (into ``ends[e]``, zeroed before)."""
    classes, words = wins.shape[1], wins.shape[2]
    for s in range(first_edge.shape[0] - 1):
        wins[s] = 0
        for e in range(first_edge[s], first_edge[s + 1]):
            after, fight = child[e], event[e]
            if after >= 0 and fight < 0:
                wins[s] |= below[after]
            elif after >= 0:
                q, r = damage[fight] // 64, np.uint64(damage[fight] % 64)
                for c in range(classes):
                    for w in range(words):
                        gain = np.uint64(0)
                        if 0 <= w - q < words:
                            gain |= below[after, c, w - q] << r
                        if r and 0 <= w - q - 1 < words:
                            gain |= below[after, c, w - q - 1] >> (np.uint64(64) - r)
                        wins[s, c, w] |= gain & survives[fight, w]
            if fight >= 0:
                fall_star = fall_classes[kills[e], target[e], attack[e]]
                strike_star = fall_classes[kills[e] + 1, target[e], attack[e]]
                for w in range(words):
                    if fall_star >= 0:
                        wins[s, fall_star, w] |= falls[fight, w]
                        ends[e, w] |= falls[fight, w]
                    if strike_star >= 0:
                        wins[s, strike_star, w] |= strikes[fight, w]
                        ends[e, w] |= strikes[fight, w]
        for c in range(classes):
            wins[s, c] &= live[s]
