"""How many kill orders win: distinct sequences of enemies fought, the last one fatal.

Plays with the same fights so far are followed together as one *group*: the set
of states they can be in (rows of the search's layers, each with its Healths as a
bitset, kept to those from which some win still follows). Pickups keep a play in
its group; each enemy fought next leads to the group of the plays that survived
that fight, and counts one order if some play falls there and wins. Each move leads
to the representative of its next state (:mod:`~.same_futures`: the first state of
its layer whose moves are the same for every Health), so plays that differ only in
states with one future meet, and Healths are kept to those from which a win follows
whether or not the search reached them there. Equal groups
have equal futures and are merged, so this is the subset construction of an
automaton over kill sequences, built breadth first by the number of fights (a
compiled loop follows a batch of groups through a layer of states, uniting its plays
that meet in a state; each batch goes through every layer, and its survivors are united
and its child groups numbered against those kept so far before the next starts), and the
answer is a count of its paths.

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
from typing import NamedTuple

import numpy as np

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.kernels import (
    SEEN,
    follow_groups,
    follow_groups_one_word,
    number_groups,
    rehash,
    run_bounds,
    unite_sorted,
)
from workbench.games.valhalla.same_futures import same_futures
from workbench.games.valhalla.search import StateSpace

__all__ = ["KILL_ORDER_BUDGET", "count_kill_orders"]

#: Groups of plays the count may build by default (past them it answers None): the
#: hardest 10x10 levels with 14 enemies found need up to 582,000 (about 5.5 s, and 0.1 GB
#: above what the search holds once its walks are forgotten; 855,000 without
#: :mod:`~.same_futures`).
KILL_ORDER_BUDGET = 1_000_000

#: Moves (over every layer) of the entries of a batch of groups, at most, beyond one group's:
#: what the count holds beyond its result is bounded by that, not by all the groups.
BATCH = 1 << 20


class _Entries(NamedTuple):
    """States of groups: group number, layer, row in the layer and Healths."""

    group: np.ndarray
    layer: np.ndarray
    row: np.ndarray
    healths: np.ndarray


#: The types of :class:`_Entries`' group numbers, layers and rows, as small as they allow:
#: fewer groups than the budget, fewer layers than points of interest.
_ENTRY_TYPES = (np.int32, np.int8, np.int32)


def count_kill_orders(space: StateSpace, *, budget: int = KILL_ORDER_BUDGET) -> int | None:
    """Number of distinct fight orders of winning plays; None if more than
    ``budget`` groups of plays were needed to count them."""
    winnable, representatives = same_futures(space)
    offsets = np.cumsum([0] + [len(layer.codes) for layer in space.layers])
    health = space.start.health
    if not bitsets.contains(winnable[0][:1], health)[0]:
        return 0
    entries = _Entries(*(np.zeros(1, dtype=kind) for kind in _ENTRY_TYPES),
                       bitsets.from_ints([1 << health], words=space.maker.words))  # fmt: skip
    moves = _Moves(space, winnable, representatives, offsets)
    fatal_per_depth, links_per_depth = [], []
    groups = 1
    while len(entries.group):
        fatal, links, entries = moves.fight_once(entries)
        fatal_per_depth.append(fatal)
        links_per_depth.append(links)
        groups += int(entries.group.max()) + 1 if len(entries.group) else 0
        if groups > budget:
            return None
    kind = _exact_type(space.n)
    below = np.zeros(0, dtype=kind)
    for fatal, (parents, children) in zip(
        fatal_per_depth[::-1], links_per_depth[::-1], strict=True
    ):
        totals = np.array(fatal, dtype=kind)
        np.add.at(totals, parents, below[children])
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


class _Moves:
    """Follows groups through the search's moves, layer by layer
    (:func:`~.kernels.follow_groups`), with a table of states kept from call to call."""

    def __init__(self, space: StateSpace, winnable: list[np.ndarray],
                 representatives: list[np.ndarray], offsets: np.ndarray):  # fmt: skip
        self.space, self.winnable, self.offsets = space, winnable, offsets
        self.representatives = [*representatives[1:], np.zeros(0, dtype=np.int32)]
        fights, self.words = space.maker.fights, space.maker.words
        bits = (fights.column(c, words=self.words) for c in ("falls", "strikes", "survives"))
        self.fights = *bits, fights.column("damage")
        self.counts = _move_counts(space)
        #: Per state (numbered across layers), its pickups and fights that go on.
        self.moves = np.concatenate([np.diff(p) + np.diff(f) for p, f in self.counts])
        self.table = _table(0, self.words)
        #: The compiled loop that follows groups through a layer (one word of Healths: its own).
        self.follow = follow_groups_one_word if self.words == 1 else follow_groups

    def fight_once(self, entries: _Entries) -> tuple[np.ndarray, tuple, _Entries]:
        """Follow every group through its pickups to its next fights.

        Returns, per group, the number of enemies against which one of its plays can fall
        and win; ``(parent groups, their child group numbers)``, one pair per (group, enemy)
        that goes on; and the entries of the child groups, equal ones once. The groups go
        in batches, each through every layer, and each batch's survivors are united and
        numbered at once: what is held beyond the groups kept is one batch's.
        """
        groups = int(entries.group.max()) + 1
        fatal = np.zeros(groups, dtype=np.uint64)
        numbering = _Numbering(self.words, 2 * len(entries.group))  # as many again, often
        total, n = int(self.offsets[-1]), self.space.n
        for lo, hi in _batches(self._weights(entries, groups), BATCH):
            keys, healths = self._follow_batch(_of_groups(entries, lo, hi), lo, fatal[lo:hi])
            keys, healths = unite_sorted(keys, np.argsort(keys), healths, keys[:0])
            numbering.add(keys, healths, total, n)
        return bitsets.popcount(fatal[:, None]), *numbering.result(self.offsets)

    def _weights(self, entries: _Entries, groups: int) -> np.ndarray:
        """Per group, the moves of its entries (pickups and fights that go on)."""
        return np.bincount(entries.group, self.moves[self.offsets[entries.layer] + entries.row],
                           groups)  # fmt: skip

    def _follow_batch(self, entries: tuple, lo: int, fatal: np.ndarray) -> tuple:
        """Follow the groups of ``entries``, ``lo`` and on (``fatal``: theirs), through
        every layer: their survivors' keys and Healths, not sorted."""
        space, words, offsets = self.space, self.words, self.offsets
        group, layer, row, healths = entries
        group = group - lo  # numbered from 0 in the batch
        order = np.argsort(layer, kind="stable")  # by layer, by group within one
        bounds = np.searchsorted(layer[order], np.arange(len(space.layers) + 1))
        picked = _room(0, words)
        survivors = []
        for k in range(int(layer.min()), len(space.layers)):
            mine = order[bounds[k] : bounds[k + 1]]
            if not len(mine) and not len(picked[0]):
                continue
            arrived = group[mine], row[mine], healths[mine]
            need = _need(arrived, picked, len(fatal), *self.counts[k])
            sizes = self._make_room(need)
            ahead = self.winnable[k + 1] if k + 1 < len(self.winnable) else _room(0, words)[2]
            e = space.layers[k].edges
            room, grown = _room(int(need[2].sum()), words), _room(int(need[1].sum()), words)
            done, fought = self.follow(
                space.layers[k].first_edge, e.child, self.representatives[k], e.event,
                e.target, ahead, space.winning_ends[k], *self.fights, space.n,
                offsets[[k, k + 1, -1]], arrived, picked, self.table, sizes, grown, room, 0, fatal,
            )  # fmt: skip
            picked = tuple(a[:done] for a in grown)
            keys, states, kept = (a[:fought] for a in room)
            survivors.append(((keys + lo * space.n) * offsets[-1] + states, kept.copy()))
        return _joined(survivors)

    def _make_room(self, need: np.ndarray) -> np.ndarray:
        """Per group (``need``: of :func:`_need`), the slots of the table it uses (room for
        its states and pickups, twice over) and of the table that notes its survivors
        (twice its fights, at most :data:`~.kernels.SEEN`), both powers of two; the table
        grown to the biggest."""
        wanted = 2 * np.stack([need[0] + need[1], need[2]]) + 1
        sizes = np.left_shift(1, np.ceil(np.log2(wanted)).astype(np.int64)).T.copy()
        sizes[:, 1] = np.minimum(sizes[:, 1], SEEN)
        if sizes[:, 0].max() > len(self.table[0]):
            self.table = _table(int(sizes[:, 0].max()), self.words)
        return sizes


def _batches(weights: np.ndarray, most: int) -> list[tuple[int, int]]:
    """Ranges ``(lo, hi)`` of consecutive groups covering them all, each weighing less than
    ``most`` without its last group.

    >>> _batches(np.array([3, 0, 4, 9, 1]), 5)
    [(0, 3), (3, 4), (4, 5)]
    """
    before = np.cumsum(weights) - weights
    starts = np.flatnonzero(np.diff(before.astype(np.int64) // most, prepend=-1))
    return list(zip(starts.tolist(), [*starts[1:].tolist(), len(weights)], strict=True))


def _of_groups(entries: tuple, lo: int, hi: int) -> tuple:
    """The entries (sorted by group, group first) of groups ``lo`` to ``hi - 1``."""
    a, b = np.searchsorted(entries[0], [lo, hi])
    return tuple(column[a:b] for column in entries)


def _joined(parts: list[tuple]) -> tuple:
    """The columns of several parts (tuples of arrays), one after the other (a single part
    as it is).

    >>> [column.tolist() for column in _joined([(np.array([1]), np.array([2])),
    ...                                         (np.array([3]), np.array([4]))])]
    [[1, 3], [2, 4]]
    """
    if len(parts) == 1:
        return parts[0]
    return tuple(np.concatenate(columns) for columns in zip(*parts, strict=True))


def _need(arrived, picked, groups: int, pickups, fights_on) -> np.ndarray:
    """Per group, its entries in a layer (``arrived`` and ``picked``), their pickups and
    their fights that go on (``pickups``, ``fights_on``: of :func:`_move_counts`)."""
    need = np.zeros((3, groups))
    for group, row in ((arrived[0], arrived[1]), (picked[0], picked[1])):
        need[0] += np.bincount(group, minlength=groups)
        for k, before in enumerate((pickups, fights_on), 1):
            need[k] += np.bincount(group, before[row + 1] - before[row], groups)
    return need


def _move_counts(space: StateSpace) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per layer, how many pickups and how many fights that go on (to a next state) the
    states before each have: the room :func:`follow_groups` needs for a layer's entries."""
    found = []
    for layer in space.layers:
        e = layer.edges
        on = e.child >= 0
        found.append(
            tuple(
                np.cumsum(np.concatenate([[False], kind & on]), dtype=np.int32)[layer.first_edge]
                for kind in (e.event < 0, e.event >= 0)
            )
        )
    return found


def _table(slots: int, words: int) -> tuple[np.ndarray, ...]:
    """An empty table of a group's states for :func:`~.kernels.follow_groups`: keys,
    Healths, where written, stamps and the count of groups followed."""
    keys, healths, where = (
        np.empty(slots, np.int64),
        np.empty((slots, words), np.uint64),
        np.empty(slots, np.int64),
    )
    return keys, healths, where, np.zeros(slots, np.int64), np.zeros(1, np.int64)


def _room(size: int, words: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keys, states and Healths with room for ``size`` entries."""
    return np.empty(size, np.int64), np.empty(size, np.int64), np.empty((size, words), np.uint64)


class _Numbering:
    """Numbers the groups one more fight reaches, batch after batch, equal ones alike, and
    keeps the entries of each once (:func:`~.kernels.number_groups`)."""

    def __init__(self, words: int, room: int):
        """Room for ``room`` entries kept at first: memory is taken as they are written."""
        self.table = np.full(16, -1, dtype=np.int64)
        self.hashes = np.empty(8, dtype=np.uint64)
        self.starts = np.zeros(9, dtype=np.int64)
        self.rows = np.empty(room, dtype=np.int64)
        self.kept = np.empty((room, words), dtype=np.uint64)
        self.counts = np.zeros(2, dtype=np.int64)  # groups and entries kept
        self.parents: list[np.ndarray] = []
        self.children: list[np.ndarray] = []

    def add(self, keys: np.ndarray, healths: np.ndarray, total: int, n: int) -> None:
        """Number a batch's survivors, ``((group * n + enemy) * total + state, Healths)``
        sorted by key, each (group, enemy) a group (its keys become states in place)."""
        bounds = run_bounds(keys, total)
        group_of = _ENTRY_TYPES[0]
        self.parents.append((keys[bounds[:-1]] // total // n).astype(group_of))
        rows = np.remainder(keys, total, out=keys)
        numbers = np.empty(len(bounds) - 1, dtype=group_of)
        self._make_room(len(numbers), len(rows))
        number_groups(bounds, rows, healths, self.table, self.hashes, self.starts, self.rows,
                      self.kept, numbers, self.counts)  # fmt: skip
        self.children.append(numbers)

    def _make_room(self, groups: int, entries: int) -> None:
        """Room for ``groups`` and ``entries`` more, growing by doubling (the table kept at
        most half full)."""
        distinct, written = (int(c) for c in self.counts)
        if distinct + groups > len(self.hashes):
            size = max(2 * len(self.hashes), distinct + groups)
            self.hashes = _grown(self.hashes, size, distinct)
            self.starts = _grown(self.starts, size + 1, distinct + 1)
        if 2 * (distinct + groups) > len(self.table):
            size = 1 << (4 * (distinct + groups) - 1).bit_length()
            self.table = np.full(size, -1, dtype=np.int64)
            rehash(self.table, self.hashes, distinct)
        if written + entries > len(self.rows):
            size = max(2 * len(self.rows), written + entries)
            self.rows, self.kept = (_grown(a, size, written) for a in (self.rows, self.kept))

    def result(self, offsets: np.ndarray) -> tuple[tuple, _Entries]:
        """``(parent groups, their child group numbers)`` and the entries of the groups."""
        distinct, written = (int(c) for c in self.counts)
        links = np.concatenate(self.parents), np.concatenate(self.children)
        group_of, layer_of, row_of = _ENTRY_TYPES
        group = np.repeat(np.arange(distinct, dtype=group_of), np.diff(self.starts[: distinct + 1]))
        rows = self.rows[:written]
        layer = np.searchsorted(offsets, rows, side="right") - 1
        rows -= offsets[layer]  # in place: this is the peak of the hardest levels
        return links, _Entries(group, layer.astype(layer_of), rows.astype(row_of),
                               self.kept[:written])  # fmt: skip


def _grown(array: np.ndarray, size: int, used: int) -> np.ndarray:
    """``array`` with room for ``size`` rows, its first ``used`` kept."""
    grown = np.empty((size, *array.shape[1:]), dtype=array.dtype)
    grown[:used] = array[:used]
    return grown
