"""How many kill orders win: distinct sequences of enemies fought, the last one fatal.

Plays with the same fights so far are followed together as one *group*: the states they
can be in (states of the count's graph, :mod:`~workbench.games.valhalla.kill_graph`, each
with its Healths as a bitset, all within the state's future). Pickups keep a play in its
group; each enemy fought next leads to the group of the plays that survived that fight,
and counts one order if some play falls there and wins. Equal groups have equal futures
and are made one, so this is the subset construction of an automaton over kill sequences,
built breadth first by the number of fights, and the answer is a count of its paths.

Groups with the same enemies bested share most of their states: each depth's groups are
sorted by the enemies left and followed 64 at a time, a bit each
(:mod:`~workbench.games.valhalla.kill_chunks`); the children of a depth are then numbered
at once, equal ones alike (:func:`number_groups`).

>>> from workbench.games.valhalla.engine import ValhallaCalling
>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Pair", "width": 3, "height": 1, "start": [0, 1],
...     "hero": {"health": 3, "attack": 9, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 0], "attack": 3, "health": 9},
...                 {"at": [0, 2], "attack": 3, "health": 9}]})
>>> count_kill_orders(StateSpace(ValhallaCalling(level)))  # either enemy, final strike
2
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.kill_chunks import Depth, Groups, Room, follow_depth
from workbench.games.valhalla.kill_graph import kill_graph
from workbench.games.valhalla.search import StateSpace
from workbench.memory import give_back

__all__ = ["KILL_ORDER_BUDGET", "count_kill_orders", "number_groups"]

_compiled = njit(cache=True, nogil=True)

#: Groups of plays the count may build by default (past them it answers None): the
#: hardest 10x10 levels with 14 enemies found need up to 575,000.
KILL_ORDER_BUDGET = 1_000_000


def count_kill_orders(space: StateSpace, *, budget: int = KILL_ORDER_BUDGET,
                      spend: bool = False) -> int | None:  # fmt: skip
    """Number of distinct fight orders of winning plays; None if more than
    ``budget`` groups of plays were needed to count them. ``spend=True`` lets the search go
    as its layers are read (:func:`~.kill_graph.kill_graph`): the space holds nothing
    afterwards."""
    graph = kill_graph(space, spend=spend)
    health = space.start.health
    if not bitsets.contains(graph.future[:1], health)[0]:
        return 0
    words = graph.future.shape[1]
    room = Room(int(graph.layer.max()) + 1, space.n, health + 1)
    groups = Groups(np.array([0, 1]), np.array([0]), bitsets.from_ints([1 << health], words=words))
    enemies = (1 << space.n) - 1
    depths: list[Depth] = []
    made = 1
    while len(groups.starts) > 1:
        order = np.argsort(graph.codes[groups.rows[groups.starts[:-1]]] & enemies, kind="stable")
        depth = follow_depth(graph, groups, order, room)
        numbers, groups = _numbered(depth.candidates)
        depths.append(depth._replace(children=numbers[depth.children].astype(np.int32),
                                     candidates=None))  # fmt: skip
        del depth, numbers
        give_back()  # what the depth before held, for the next
        made += len(groups.starts) - 1
        if made > budget:
            return None
    below = np.zeros(0, dtype=_exact_type(space.n))
    for depth in depths[::-1]:
        totals = depth.fatal.astype(below.dtype)
        np.add.at(totals, depth.parents, below[depth.children])
        below = totals
    return int(below[0])


def _exact_type(enemies: int) -> type:
    """A type that holds every count of kill orders of ``enemies`` enemies exactly: int64
    while the number of sequences of distinct enemies fits it (up to 20), else Python ints.

    >>> _exact_type(20), _exact_type(21)
    (<class 'numpy.int64'>, <class 'object'>)
    """
    most = sum(math.perm(enemies, k) for k in range(1, enemies + 1))
    return np.int64 if most < 2**63 else object


def _numbered(candidates: Groups) -> tuple[np.ndarray, Groups]:
    """Each candidate's number, equal ones alike, by first appearance, and the groups
    so numbered (:func:`number_groups`)."""
    count = len(candidates.starts) - 1
    table = np.full(1 << (2 * count).bit_length(), -1, dtype=np.int64)
    hashes, starts = np.empty(count, np.uint64), np.zeros(count + 1, np.int64)
    numbers, counts = np.empty(count, np.int64), np.zeros(2, np.int64)
    number_groups(*candidates, table, hashes, starts, *candidates[1:], numbers, counts)
    groups, entries = (int(c) for c in counts)
    return numbers, Groups(starts[: groups + 1].copy(), candidates.rows[:entries].copy(),
                           candidates.healths[:entries].copy())  # fmt: skip


@_compiled
def number_groups(bounds, rows, healths, table, hashes, starts, kept_rows, kept, numbers,
                  counts) -> None:  # fmt: skip
    """Number groups of entries (group ``j``: entries ``bounds[j] .. bounds[j + 1] - 1``,
    each a state ``rows[i]`` with Healths ``healths[i]``, in a canonical order) so that
    equal groups get equal numbers, 0, 1, ... by first appearance (into ``numbers``). Each
    group numbered is kept once: group ``g``'s entries are ``starts[g] .. starts[g + 1] - 1``
    of ``kept_rows`` and ``kept``, its hash ``hashes[g]``, and ``table`` (a power of two of
    slots, -1 free, at most half full) finds it by its hash; ``counts`` is ``(groups,
    entries)`` kept. The caller leaves room for every group and entry; ``kept_rows`` and
    ``kept`` may be ``rows`` and ``healths`` themselves (an entry is kept at or before
    where it is read)."""
    size = table.shape[0]
    distinct, written = counts[0], counts[1]
    for j in range(bounds.shape[0] - 1):
        a, b = bounds[j], bounds[j + 1]
        mixed = _group_hash(rows, healths, a, b)
        i = np.int64(mixed & np.uint64(size - 1))
        while True:
            k = table[i]
            if k < 0:
                table[i], hashes[distinct], numbers[j] = distinct, mixed, distinct
                for e in range(a, b):
                    kept_rows[written] = rows[e]
                    for w in range(healths.shape[1]):
                        kept[written, w] = healths[e, w]
                    written += 1
                distinct += 1
                starts[distinct] = written
                break
            if hashes[k] == mixed and _same_group(
                rows, healths, a, b, kept_rows, kept, starts[k], starts[k + 1]
            ):
                numbers[j] = k
                break
            i = (i + 1) & (size - 1)
    counts[0], counts[1] = distinct, written


@_compiled
def _group_hash(rows, healths, a, b):
    """A hash of entries ``a .. b - 1`` (states and Healths) of one group."""
    mixed = np.uint64(b - a)
    for i in range(a, b):
        mixed = mixed * np.uint64(0x9E3779B97F4A7C15) + np.uint64(rows[i])
        for w in range(healths.shape[1]):
            mixed = (mixed ^ healths[i, w]) * np.uint64(0xBF58476D1CE4E5B9)
        mixed ^= mixed >> np.uint64(29)
    return mixed


@_compiled
def _same_group(rows, healths, a, b, kept_rows, kept, c, d):
    """Whether entries ``a .. b - 1`` of ``rows`` and ``healths`` are entries ``c .. d - 1``
    of ``kept_rows`` and ``kept``."""
    if b - a != d - c:
        return False
    for i in range(b - a):
        if rows[a + i] != kept_rows[c + i]:
            return False
        for w in range(healths.shape[1]):
            if healths[a + i, w] != kept[c + i, w]:
                return False
    return True
