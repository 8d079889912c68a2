"""How many kill orders win: distinct sequences of enemies fought, the last one fatal.

Plays with the same fights so far are followed together as one *group*: the set
of states they can be in (rows of the search's layers, each with its Healths as a
bitset, kept to those from which some win still follows). Pickups keep a play in
its group; each enemy fought next leads to the group of the plays that survived
that fight, and counts one order if some play falls there and wins. Equal groups
have equal futures and are merged, so this is the subset construction of an
automaton over kill sequences, built breadth first by the number of fights with
array operations, and the answer is a count of its paths.

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

from typing import NamedTuple

import numpy as np

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.kernels import follow_groups, number_groups
from workbench.games.valhalla.search import StateSpace

__all__ = ["KILL_ORDER_BUDGET", "count_kill_orders"]

#: Groups of plays the count may build by default (past them it answers None): the
#: hardest 10x10 levels with 14 enemies found need up to 855,000 (2.2 GB, 14 s).
KILL_ORDER_BUDGET = 1_000_000


class _Entries(NamedTuple):
    """States of groups: group number, layer, row in the layer and Healths."""

    group: np.ndarray
    layer: np.ndarray
    row: np.ndarray
    healths: np.ndarray


def count_kill_orders(space: StateSpace, *, budget: int = KILL_ORDER_BUDGET) -> int | None:
    """Number of distinct fight orders of winning plays; None if more than
    ``budget`` groups of plays were needed to count them."""
    winnable = [np.bitwise_or.reduce(wins, axis=1) for wins in space.wins]
    offsets = np.cumsum([0] + [len(layer.codes) for layer in space.layers])
    health = space.start.health
    if not bitsets.contains(winnable[0][:1], health)[0]:
        return 0
    one = np.zeros(1, dtype=np.int64)
    entries = _Entries(one, one, one, bitsets.from_ints([1 << health], words=space.maker.words))
    fatal_per_depth, links_per_depth = [], []
    counts = _move_counts(space)
    groups = 1
    while len(entries.group):
        fatal, raw = _fight_once(space, winnable, entries, offsets, counts)
        fatal_per_depth.append(fatal.tolist())
        links, entries = _merge_groups(raw, offsets, space.n)
        links_per_depth.append(links)
        groups += int(entries.group.max()) + 1 if len(entries.group) else 0
        if groups > budget:
            return None
    below: list[int] = []
    for fatal, (parents, children) in zip(
        fatal_per_depth[::-1], links_per_depth[::-1], strict=True
    ):
        totals = list(fatal)
        for p, c in zip(parents.tolist(), children.tolist(), strict=True):
            totals[p] += below[c]
        below = totals
    return below[0]


def _fight_once(space: StateSpace, winnable: list[np.ndarray], entries: _Entries, offsets,
                counts: list[tuple[np.ndarray, np.ndarray]]):  # fmt: skip
    """Follow every group through its pickups to its next fights
    (:func:`~.kernels.follow_groups`, layer by layer).

    Returns, per group, the number of enemies against which one of its plays can fall
    and win, and the survivors as ``(group * n + enemy, state, Healths)``, the states
    numbered across layers (``offsets``: each layer's first number; ``counts``: the
    layers' :func:`_move_counts`).
    """
    maker, n, words = space.maker, space.n, space.maker.words
    fights = maker.fights
    columns = fights.column("survives", words=words), fights.column("damage")
    parts = {
        int(k): [_Entries(*(a[entries.layer == k] for a in entries))]
        for k in np.unique(entries.layer)
    }
    fatal = np.zeros(int(entries.group.max()) + 1, dtype=np.uint64)
    raw, fought = _room(0, words), 0
    for k in range(min(parts, default=0), len(space.layers)):
        if k not in parts:
            continue
        group, row, healths = _union(parts.pop(k))
        layer = space.layers[k]
        pickups, fights_on = (int((before[row + 1] - before[row]).sum()) for before in counts[k])
        if fought + fights_on > len(raw[0]):  # grow the survivors' arrays, keeping what is in
            grown = _room(max(len(raw[0]) * 3 // 2, fought + fights_on), words)
            for old, new in zip(raw, grown, strict=True):
                new[:fought] = old[:fought]
            raw = grown
        picks = _room(pickups, words)
        ahead = winnable[k + 1] if k + 1 < len(winnable) else np.zeros((0, words), np.uint64)
        e = layer.edges
        picked, fought = follow_groups(
            layer.first_edge, e.child, e.event, e.target, group, row, healths, ahead,
            space.winning_ends[k], *columns, n, picks, fatal, raw, fought, int(offsets[k + 1]),
        )  # fmt: skip
        if picked:
            keys, rows, kept = (a[:picked] for a in picks)
            parts.setdefault(k + 1, []).append(_Entries(keys, np.full(picked, k + 1), rows, kept))
    return bitsets.popcount(fatal[:, None]), tuple(a[:fought] for a in raw)


def _move_counts(space: StateSpace) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per layer, how many pickups and how many fights that go on (to a next state) the
    states before each have: the room :func:`_fight_once` needs for a layer's entries."""
    found = []
    for layer in space.layers:
        e = layer.edges
        on = e.child >= 0
        found.append(
            tuple(
                np.concatenate([[0], np.cumsum(kind & on)])[layer.first_edge]
                for kind in (e.event < 0, e.event >= 0)
            )
        )
    return found


def _room(size: int, words: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keys, states and Healths with room for ``size`` entries."""
    return np.empty(size, np.int64), np.empty(size, np.int64), np.empty((size, words), np.uint64)


def _union(parts: list[_Entries]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Entries of one layer with equal (group, row) merged: ``(group, row, Healths)``."""
    group = np.concatenate([p.group for p in parts])
    row = np.concatenate([p.row for p in parts])
    healths = np.concatenate([p.healths for p in parts])
    size = int(row.max()) + 1
    keys, _, merged = bitsets.merge(group * size + row, healths)
    return keys // size, keys % size, merged


def _merge_groups(raw: tuple, offsets: np.ndarray, n: int):
    """Number the groups reached by one more fight, equal ones once (``raw``: the
    survivors of :func:`_fight_once`).

    Returns ``(parent groups, their child group numbers)`` (one pair per (group,
    enemy) that continues) and the entries of the new groups.
    """
    keys, rows, healths = raw
    if not len(keys):
        nothing = np.zeros(0, dtype=np.int64)
        return (nothing, nothing), _Entries(nothing, nothing, nothing, healths)
    total = int(offsets[-1])
    keys, _, healths = bitsets.merge(keys * total + rows, healths)
    which, rows = keys // total, keys % total
    bounds = np.flatnonzero(np.diff(which, prepend=-1, append=-1))
    child = np.empty(len(bounds) - 1, dtype=np.int64)
    number_groups(bounds, rows, healths, child)
    first = np.zeros(len(child), dtype=bool)  # each distinct group's first appearance
    first[np.unique(child, return_index=True)[1]] = True
    keep = np.repeat(first, np.diff(bounds))
    group = np.repeat(child, np.diff(bounds))[keep]
    layer = np.searchsorted(offsets, rows[keep], side="right") - 1
    entries = _Entries(group, layer, rows[keep] - offsets[layer], healths[keep])
    return (which[bounds[:-1]] // n, child), entries
