"""Up to 64 groups of plays followed at once through the count's graph, a bit each.

The kill-order count (:mod:`~workbench.games.valhalla.kill_orders`) follows each group of
plays (the states they can be in, each with its Healths) to its next fights. Groups with
the same enemies bested share most of their states, so :func:`follow_depth` takes them
64 at a time (a *chunk*): each (state, Health) of the chunk holds a 64-bit mask of the
groups that can be there, and a move carries the whole mask at once. Pickups unite masks
within the chunk, layer by layer; a fight sets a group's fatal enemy if some masked
Health falls there and wins, and its survivors' masks go to a *block* per enemy fought.
A block's column of each group is that group's child after the fight (the states and
Healths its plays reach); equal columns are one child, written once as entries ``(state,
Healths)`` in state order (:class:`Depth`), and equal children of different chunks are
found by a hash table and written once.

Each place of a chunk (a state, or a block slot) also holds the bitset of its Healths whose
masks some group reaches: a move carries only those, and a block's Healths are read from
it (on the hardest level, following the groups took 8% less time than reading every mask).

A chunk's arrays grow as it needs: one that runs out of room stops the chunk, which is
then followed again with more (:class:`Room`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from workbench.games.valhalla.kill_graph import NO_STATE, KillGraph, head_fields
from workbench.games.valhalla.prefetch import prefetch

__all__ = ["CHUNK", "FIRST_ROOM", "Depth", "Groups", "Room", "follow_chunk", "follow_depth"]

#: Groups followed together, a bit each of a 64-bit mask.
CHUNK = 64
#: Rows each array of :class:`Room` and of :func:`follow_depth`'s answer starts with.
FIRST_ROOM = 1024
#: Slots of the index a chunk uses at least (:meth:`Room.fit`).
SMALLEST_INDEX = 256

_compiled = njit(cache=True, nogil=True)
_inlined = njit(cache=True, nogil=True, inline="always")
_ONE = np.uint64(1)
#: Enemies a block slot's key tells apart (see :func:`_spread`).
_ENEMIES = 64
#: What :func:`follow_chunk` ran out of room for (0: nothing).
_STATES, _SLOTS, _ATOMS, _COLUMNS, _LINKS, _CHILDREN, _ENTRIES, _INDEX, _TABLE = range(1, 10)


class Groups(NamedTuple):
    """Groups of plays: group ``g``'s entries are ``starts[g]`` .. ``starts[g + 1] - 1``,
    each a state of the count's graph and its Healths (a bitset row), in state order."""

    starts: np.ndarray
    rows: np.ndarray
    healths: np.ndarray


class Depth(NamedTuple):
    """What one more fight makes of some groups: per group, how many enemies some play can
    fall against and win (``fatal``); per (group, enemy) that goes on, the group
    (``parents``) and its child (``children``, a number of the new ``groups``, each of
    which is one child, different from every other)."""

    fatal: np.ndarray
    parents: np.ndarray
    children: np.ndarray
    groups: Groups


class Room:
    """The arrays :func:`follow_chunk` works in, grown as it asks: an index (a hash table of keys
    and values, each value stamped with the chunk that wrote it) of where the chunk's states
    and block slots are, of which a chunk uses the first ``size`` slots (:meth:`fit`); the
    chunk's states and their layers' lists; the blocks' states and enemies; the masks of
    each Health of a chunk's state, then of a block slot, then the Healths each holds (a
    bitset); a block's Healths (atoms) and columns; the fatal enemies' masks. And what
    :func:`follow_depth` writes a depth's links and children into (``Healths`` of ``words``
    words), kept from depth to depth: arrays made afresh for each depth were grown again
    each time, a chunk followed again for every doubling (on the hardest level, the first
    depths took three times as long). The children's arrays come in two sides, used in turn
    (:meth:`turn`): a depth writes its children into one while it reads the last depth's
    from the other, so that they are neither copied nor written into fresh memory (on the
    hardest level, 109 MB)."""

    def __init__(self, layers: int, enemies: int, healths: int, words: int):
        self.healths = healths
        self.links = _filled(FIRST_ROOM, 2)
        self.starts = np.zeros(FIRST_ROOM + 1, np.int64)
        self.rows = np.empty(FIRST_ROOM, np.int64)
        self.child_healths = np.empty((FIRST_ROOM, words), np.uint64)
        self.other_side = (np.zeros(FIRST_ROOM + 1, np.int64), np.empty(FIRST_ROOM, np.int64),
                           np.empty((FIRST_ROOM, words), np.uint64))  # fmt: skip
        self.table = np.empty(2 * FIRST_ROOM, np.int64)
        self.hashes = np.empty(FIRST_ROOM + 1, np.uint64)
        self.keys, self.values = (np.zeros(4 * FIRST_ROOM, np.int64) for _ in range(2))
        self.size = len(self.keys)
        self.chunks = 0
        self.local = _filled(FIRST_ROOM, 2)
        self.heads = np.empty(layers, np.int64)
        self.block = _filled(FIRST_ROOM, 2)
        self.words = words
        self.masks = np.zeros(2 * FIRST_ROOM * (healths + words), np.uint64)
        self.atoms = _filled(FIRST_ROOM, 2)
        self.columns = np.zeros(FIRST_ROOM, np.uint64)
        self.distinct = np.empty((CHUNK, 3), np.int64)
        self.fatal = np.zeros(enemies, np.uint64)

    def grow(self, short: int) -> None:
        """Double what a chunk ran out of (:func:`follow_chunk`'s answer)."""
        if short == _STATES:
            self.local = _doubled(self.local)
        elif short == _SLOTS:
            self.block = _doubled(self.block)
        elif short == _ATOMS:
            self.atoms = _doubled(self.atoms)
        elif short == _COLUMNS:
            self.columns = _doubled(self.columns)
        elif short == _LINKS:
            self.links = _doubled(self.links)
        elif short == _CHILDREN:
            self.starts = _doubled(self.starts)
            while len(self.hashes) < len(self.starts):  # one for both sides
                self.hashes = _doubled(self.hashes)
        elif short == _ENTRIES:
            self.rows, self.child_healths = _doubled(self.rows), _doubled(self.child_healths)
        elif short == _TABLE:
            self.table = np.empty(2 * len(self.table), np.int64)
        elif short == _INDEX:
            self._index(2 * self.size)

    def turn(self, children: int, entries: int) -> Groups:
        """The depth's children, written into this side's arrays, as the groups the next
        depth follows; it writes its own into the other side's (valid until then)."""
        written = (self.starts, self.rows, self.child_healths)
        self.starts, self.rows, self.child_healths = (  # as big as this side has grown
            mine if len(mine) >= len(theirs) else np.zeros_like(theirs)
            for mine, theirs in zip(self.other_side, written, strict=True))  # fmt: skip
        self.other_side = written
        return Groups(written[0][: children + 1], written[1][:entries], written[2][:entries])

    def fit(self, places: int) -> None:
        """Size the index for a chunk like the last one, which placed ``places`` states and
        block slots: four slots a place (a power of two, at least :data:`SMALLEST_INDEX`),
        halved only once that is four times too many. A chunk's few places then lie in few
        lines of memory, which stay in the cache: on the hardest level, a chunk places about
        200 and the whole index once held 65,536 slots."""
        fitting = SMALLEST_INDEX
        while fitting < 4 * places:
            fitting *= 2
        if fitting > self.size:
            self._index(fitting)
        elif 4 * fitting < self.size:
            self.size //= 2

    def _index(self, size: int) -> None:
        """Use ``size`` slots of the index, its arrays grown to hold them."""
        self.size = size
        if size > len(self.keys):
            self.keys, self.values = (np.zeros(size, np.int64) for _ in range(2))

    def arrays(self) -> tuple:
        """The work arrays, in :func:`follow_chunk`'s order."""
        room = (len(self.local) + len(self.block)) * (self.healths + self.words)
        if len(self.masks) < room:  # the masks, then the Healths held (see _follow_chunk)
            self.masks = np.zeros(room, np.uint64)
        return (self.keys[: self.size], self.values[: self.size], self.local, self.heads,
                self.block, self.masks, self.atoms, self.columns, self.distinct,
                self.fatal)  # fmt: skip


def _filled(rows: int, columns: int) -> np.ndarray:
    return np.zeros((rows, columns), np.int64)


def _doubled(array: np.ndarray) -> np.ndarray:
    """``array`` with twice the rows, the first half kept."""
    grown = np.zeros((2 * len(array), *array.shape[1:]), array.dtype)
    grown[: len(array)] = array
    return grown


def follow_depth(graph: KillGraph, groups: Groups, order: np.ndarray, room: Room) -> Depth:
    """Follow every group (chunk by chunk, in ``order``) to its next fights; the children of
    the depth are each written once (equal ones of different groups and chunks found by a
    hash table)."""
    fatal = np.zeros(len(groups.starts) - 1, np.int64)
    room.table[:] = -1
    counts = np.zeros(4, np.int64)  # links, children and their entries written; places
    for first in range(0, len(order), CHUNK):
        chunk = order[first : first + CHUNK]
        while True:
            room.chunks += 1
            before = counts.copy()
            short = follow_chunk(chunk, *groups, *graph[:4], room.healths, room.chunks,
                                 *room.arrays(), fatal, room.links, room.starts, room.rows,
                                 room.child_healths, room.table, room.hashes, counts)  # fmt: skip
            if not short:
                room.fit(int(counts[3]))
                break
            counts[:] = before
            room.grow(short)
            _rehash(room.table, room.hashes, counts[1])  # a child written before it ran out goes
    made, children, entries = (int(c) for c in counts[:3])
    parents, children_of = (room.links[:made, k].astype(np.int32) for k in (0, 1))
    return Depth(fatal.astype(np.int8), parents, children_of, room.turn(children, entries))


@_compiled
def _rehash(table, hashes, children) -> None:
    """``table`` (all its slots) finding children ``0 .. children - 1`` by their hashes."""
    size = table.shape[0]
    for slot in range(size):
        table[slot] = -1
    for child in range(children):
        slot = np.int64(hashes[child] & np.uint64(size - 1))
        while table[slot] >= 0:
            slot = (slot + 1) & (size - 1)
        table[slot] = child


@_inlined
def _entries_key(rows, healths, a, b, words):
    """A hash of entries ``a .. b - 1`` (states and Healths of ``words`` words)."""
    mixed = np.uint64(b - a)
    for i in range(a, b):
        mixed = (mixed ^ np.uint64(rows[i])) * np.uint64(0x9E3779B97F4A7C15)
        for w in range(words):
            mixed = (mixed ^ healths[i, w]) * np.uint64(0xBF58476D1CE4E5B9)
        mixed ^= mixed >> np.uint64(29)
    return mixed


@_compiled
def follow_chunk(chunk, starts, rows, healths, begin, end, records, layer_of, span, run,
                 keys, values, local, heads, block, masks, atoms, columns, distinct,
                 fatal_masks, fatal, links, child_starts, child_rows, child_healths, table,
                 hashes, counts) -> int:  # fmt: skip
    """Follow the groups ``chunk`` (of ``starts``, ``rows``, ``healths``: see
    :class:`Groups`) through the graph (``begin``, ``end``, ``records``, ``layer_of``: see
    :class:`~.kill_graph.KillGraph`; ``span`` Healths a state, 0 to the most) to their next
    fights; ``run`` stamps this call's index (see :class:`Room` for the work arrays).
    Writes each group's count of fatal enemies into ``fatal``, a ``(group, child)`` row into
    ``links`` for each fight that goes on and each child of the depth once into
    ``child_starts``, ``child_rows``, ``child_healths`` (found again by ``table`` and
    ``hashes``: see :func:`_children`), from ``counts`` (links, children and entries
    written) on, and moves ``counts`` on; ``counts[3]`` gets how many states and block slots
    the chunk placed (:meth:`Room.fit`). Returns 0, or what it ran out of room for (nothing
    then counts as written).

    Three passes, each a loop written out: numba counts references to the arrays an inlined
    helper takes, which in a loop over every move costs more than the work. Spreading asks
    for the next state's records while it follows one (:func:`~.prefetch.prefetch`): on
    the hardest level, following the groups took 4% less time, and 4% less again with the
    index sized to the chunk (:meth:`Room.fit`). Compiled for Healths of one word too, as
    :mod:`~.kernels` explains."""
    if healths.shape[1] == 1:
        return _follow_chunk(chunk, starts, rows, healths, begin, end, records, layer_of,
                             span, run, keys, values, local, heads, block, masks, atoms,
                             columns, distinct, fatal_masks, fatal, links, child_starts,
                             child_rows, child_healths, table, hashes, counts, 1)  # fmt: skip
    return _follow_chunk(chunk, starts, rows, healths, begin, end, records, layer_of, span,
                         run, keys, values, local, heads, block, masks, atoms, columns,
                         distinct, fatal_masks, fatal, links, child_starts, child_rows,
                         child_healths, table, hashes, counts, healths.shape[1])  # fmt: skip


@_inlined
def _follow_chunk(chunk, starts, rows, healths, begin, end, records, layer_of, span, run,
                  keys, values, local, heads, block, masks, atoms, columns, distinct,
                  fatal_masks, fatal, links, child_starts, child_rows, child_healths, table,
                  hashes, counts, words) -> int:  # fmt: skip
    """:func:`follow_chunk` for Healths of ``words`` words."""
    for k in range(heads.shape[0]):
        heads[k] = -1
    held = (local.shape[0] + block.shape[0]) * span  # then the Healths held, a bitset a place
    placed = _enter(chunk, starts, rows, healths, layer_of, span, run, keys, values, local,
                    heads, masks, held, words)  # fmt: skip
    if placed < 0:
        return -placed
    used = _spread(begin, end, records, layer_of, span, run, keys, values, local, heads,
                   block, masks, held, fatal_masks, placed, words)  # fmt: skip
    if used < 0:
        return -used
    counts[3] = placed + used
    for j in range(chunk.shape[0]):
        known = 0
        for q in range(fatal_masks.shape[0]):
            known += np.int64((fatal_masks[q] >> np.uint64(j)) & _ONE)
        fatal[chunk[j]] = known
    return _children(chunk, span, block, masks[local.shape[0] * span :],
                     block.shape[0] * span + local.shape[0] * words, used, atoms,
                     columns, distinct, links, child_starts, child_rows, child_healths, table,
                     hashes, counts, words)  # fmt: skip


@_inlined
def _probe(key, size):
    """Where a key of the index is first looked for (a multiplicative hash's top bits)."""
    return np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)) & (
        size - 1)  # fmt: skip


@_inlined
def _enter(chunk, starts, rows, healths, layer_of, span, run, keys, values, local, heads,
           masks, held, words) -> int:  # fmt: skip
    """Place the groups' entries (:func:`_place`), each Health of a state masked with the
    bits of the groups that are there and held (the bitsets of Healths held, a place's
    ``words`` words each, start at ``masks[held]``). Returns how many states, or minus what
    ran out of room."""
    placed, size = 0, keys.shape[0]
    for j in range(chunk.shape[0]):
        bit = _ONE << np.uint64(j)
        for i in range(starts[chunk[j]], starts[chunk[j] + 1]):
            state = rows[i]
            at = _probe(state, size)
            while values[at] >> 32 == run and keys[at] != state:
                at = (at + 1) & (size - 1)
            if values[at] >> 32 != run:
                placed = _place(state, at, run, placed, 0, keys, values, local, heads,
                                layer_of, masks, span)  # fmt: skip
                if placed < 0:
                    return placed
                for w in range(words):
                    masks[held + (placed - 1) * words + w] = 0
            place = values[at] & 0xFFFFFFFF
            here = place * span
            for w in range(words):
                x = healths[i, w]
                masks[held + place * words + w] |= x
                while x:
                    masks[here + 64 * w + trailing_zeros(x)] |= bit
                    x &= x - _ONE
    return placed


@_inlined
def _spread(begin, end, records, layer_of, span, run, keys, values, local, heads, block,
            masks, held, fatal_masks, placed, words) -> int:  # fmt: skip
    """Follow the chunk's states layer by layer (a pickup leads to the next): a pickup's
    Healths carry their masks to its next state (:func:`_place`), a fight's winning falls
    set their masks on the enemy's (``fatal_masks``) and its survivors carry theirs, less
    the damage, to a block slot per (next state, enemy) (``block``: the state and the
    enemy; the index's key of a slot is ``-1 - (state * 64 + enemy)``; a slot's masks
    follow the chunk's states'). Only the Healths a place holds (see :func:`_enter`) carry
    masks, and those they reach are held there. Returns how many slots, or minus what ran
    out of room."""
    size = keys.shape[0]
    used, blocks = 0, local.shape[0] * span
    for q in range(fatal_masks.shape[0]):
        fatal_masks[q] = 0
    for k in range(heads.shape[0]):
        at = heads[k]
        while at >= 0:
            state, here = local[at, 0], at * span
            ahead = local[at, 1]  # the next state's records, the one after's place of them
            if ahead >= 0:
                prefetch(records, begin[local[ahead, 0]])
                if local[ahead, 1] >= 0:
                    prefetch(begin, local[local[ahead, 1], 0])
            mine = held + at * words  # the Healths this state holds
            for r in range(begin[state], end[state]):
                after, target, damage = head_fields(records[r, 0])
                key, going = after, np.uint64(0)  # a pickup's key; Healths held that go on
                for w in range(words):
                    going |= records[r, 1 + w] & masks[mine + w]
                if damage >= 0:
                    for w in range(words):
                        x = records[r, 1 + words + w] & masks[mine + w]
                        while x:
                            fatal_masks[target] |= masks[here + 64 * w + trailing_zeros(x)]
                            x &= x - _ONE
                    if after == NO_STATE or not going:
                        continue
                    key = -1 - (after * 64 + target)
                elif not going:
                    continue
                slot = _probe(key, size)
                while values[slot] >> 32 == run and keys[slot] != key:
                    slot = (slot + 1) & (size - 1)
                if values[slot] >> 32 != run and damage < 0:
                    placed = _place(after, slot, run, placed, used, keys, values, local, heads,
                                    layer_of, masks, span)  # fmt: skip
                    if placed < 0:
                        return placed
                    for w in range(words):
                        masks[held + (placed - 1) * words + w] = 0
                elif values[slot] >> 32 != run:
                    if used == block.shape[0]:
                        return -_SLOTS
                    if 2 * (placed + used + 1) > size:
                        return -_INDEX
                    keys[slot], values[slot] = key, run << 32 | used
                    block[used, 0], block[used, 1] = after, target
                    for h in range(span):
                        masks[blocks + used * span + h] = 0
                    for w in range(words):
                        masks[held + (local.shape[0] + used) * words + w] = 0
                    used += 1
                place, loss = values[slot] & 0xFFFFFFFF, max(damage, 0)
                if damage >= 0:  # a block slot's
                    place += local.shape[0]
                there = place * span - loss
                for w in range(words):  # the Healths held that go on carry their masks
                    x = records[r, 1 + w] & masks[mine + w]
                    while x:
                        h = 64 * w + trailing_zeros(x)
                        masks[there + h] |= masks[here + h]
                        lands = h - loss
                        masks[held + place * words + lands // 64] |= _ONE << np.uint64(lands % 64)
                        x &= x - _ONE
            at = local[at, 1]
    return used


@_compiled
def _place(state, at, run, placed, used, keys, values, local, heads, layer_of, masks,
           span) -> int:  # fmt: skip
    """List a state the chunk meets first at slot ``at`` of the index (``local``: the state
    and the next of its layer, from ``heads``), its masks cleared; returns how many are
    placed, or minus what ran out of room (``used``: block slots). Called only for a new
    state: numba counts references to the arrays a call takes."""
    if placed == local.shape[0]:
        return -_STATES
    if 2 * (placed + used + 1) > keys.shape[0]:
        return -_INDEX
    keys[at], values[at] = state, run << 32 | placed
    local[placed, 0], local[placed, 1] = state, heads[layer_of[state]]
    heads[layer_of[state]] = placed
    for h in range(span):
        masks[placed * span + h] = 0
    return placed + 1


@_compiled
def _transpose(square) -> None:
    """Transpose a 64 x 64 bit matrix in place (bit ``c`` of word ``r`` becomes bit ``r`` of
    word ``c``), by swapping ever smaller blocks.

    >>> square = np.zeros(64, np.uint64)
    >>> square[3] = 1 << 5
    >>> _transpose(square)
    >>> [int(w) for w in square[5:6]], int(square[3])
    ([8], 0)
    """
    half, mask = np.uint64(32), np.uint64(0x00000000FFFFFFFF)
    while half:
        k, step = 0, np.int64(half)
        while k < 64:
            swapped = ((square[k] >> half) ^ square[k + step]) & mask
            square[k] ^= swapped << half
            square[k + step] ^= swapped
            k = (k + step + 1) & ~step
        half >>= np.uint64(1)
        mask ^= mask << half


@_compiled
def _by_enemy_and_state(block, used) -> np.ndarray:
    """The block slots ``0 .. used - 1`` by enemy, then by state: counted out by enemy,
    then each enemy's few put in order by insertion (numba's ``np.argsort`` took 7% of
    the count's time on the hardest level).

    >>> block = np.array([[9, 1], [4, 0], [2, 1], [7, 0]])
    >>> _by_enemy_and_state(block, 4).tolist()
    [1, 3, 2, 0]
    """
    ends = np.zeros(_ENEMIES + 1, np.int64)  # where each enemy's slots end
    for slot in range(used):
        ends[block[slot, 1] + 1] += 1
    for q in range(_ENEMIES):
        ends[q + 1] += ends[q]
    order = np.empty(used, np.int64)
    for slot in range(used):
        order[ends[block[slot, 1]]] = slot
        ends[block[slot, 1]] += 1
    first = 0
    for q in range(_ENEMIES):
        for i in range(first + 1, ends[q]):
            slot, state, k = order[i], block[order[i], 0], i
            while k > first and block[order[k - 1], 0] > state:
                order[k] = order[k - 1]
                k -= 1
            order[k] = slot
        first = ends[q]
    return order


@_inlined
def _children(chunk, span, block, block_masks, slots_held, used, atoms, columns, distinct,
              links, child_starts, child_rows, child_healths, table, hashes, counts,
              words) -> int:  # fmt: skip
    """Each enemy's block: its atoms (the (slot, Health) some group reaches: the slot holds
    it, from ``block_masks[slots_held]`` on; in state order), each group's column (a bitset
    of atoms), equal columns one child, written as entries in state order unless an equal
    child of the depth is known (``table``, a power of two of slots at most half full, -1
    free, finds children by their ``hashes``); a link per (group, child). Returns 0, or
    what ran out of room."""
    made, children, entries = counts[0], counts[1], counts[2]
    by_enemy = _by_enemy_and_state(block, used)
    a = 0
    while a < used:
        target, b, count = block[by_enemy[a], 1], a, 0
        while b < used and block[by_enemy[b], 1] == target:
            slot = by_enemy[b]
            for w in range(words):  # the Healths the slot holds
                x = block_masks[slots_held + slot * words + w]
                while x:
                    if count == atoms.shape[0]:
                        return _ATOMS
                    atoms[count, 0], atoms[count, 1] = slot, 64 * w + trailing_zeros(x)
                    count += 1
                    x &= x - _ONE
            b += 1
        width = (count + 63) // 64
        if columns.shape[0] < CHUNK * width:
            return _COLUMNS
        square = np.empty(64, np.uint64)
        for i in range(width):  # 64 atoms' masks at a time, turned into the groups' columns
            for k in range(64):
                square[k] = 0
                if 64 * i + k < count:
                    square[k] = block_masks[atoms[64 * i + k, 0] * span + atoms[64 * i + k, 1]]
            _transpose(square)
            for j in range(CHUNK):
                columns[j * width + i] = square[j]
        seen = 0
        for j in range(chunk.shape[0]):
            key, some = np.uint64(0x9E3779B97F4A7C15), np.uint64(0)
            for i in range(width):
                value = columns[j * width + i]
                some |= value
                key = (key ^ value) * np.uint64(0xBF58476D1CE4E5B9)
                key ^= key >> np.uint64(29)
            if not some:
                continue
            child = -1
            for c in range(seen):  # a column met before in this block: the same child
                if distinct[c, 0] != np.int64(key >> np.uint64(1)):
                    continue
                same = True
                for i in range(width):
                    same &= columns[distinct[c, 1] * width + i] == columns[j * width + i]
                if same:
                    child = distinct[c, 2]
                    break
            if child < 0:  # written after the children, kept if no child of the depth is it
                if children + 2 > child_starts.shape[0]:
                    return _CHILDREN
                if 2 * (children + 1) > table.shape[0]:
                    return _TABLE
                last, start = -1, entries
                for i in range(width):
                    x = columns[j * width + i]
                    while x:
                        atom = 64 * i + trailing_zeros(x)
                        slot, h = atoms[atom, 0], atoms[atom, 1]
                        if slot != last:
                            if entries == child_rows.shape[0]:
                                return _ENTRIES
                            child_rows[entries], last = block[slot, 0], slot
                            for w in range(words):
                                child_healths[entries, w] = 0
                            entries += 1
                        child_healths[entries - 1, h // 64] |= _ONE << np.uint64(h % 64)
                        x &= x - _ONE
                mixed = _entries_key(child_rows, child_healths, start, entries, words)
                at = np.int64(mixed & np.uint64(table.shape[0] - 1))
                while table[at] >= 0:
                    other = table[at]
                    if hashes[other] == mixed and child_starts[other + 1] - child_starts[
                            other] == entries - start:  # fmt: skip
                        same = True
                        for r in range(entries - start):
                            same &= child_rows[child_starts[other] + r] == child_rows[start + r]
                            for w in range(words):
                                same &= (child_healths[child_starts[other] + r, w]
                                         == child_healths[start + r, w])  # fmt: skip
                        if same:
                            break
                    at = (at + 1) & (table.shape[0] - 1)
                if table[at] >= 0:
                    child, entries = table[at], start
                else:
                    table[at], hashes[children], child = children, mixed, children
                    children += 1
                    child_starts[children] = entries
                distinct[seen, 0], distinct[seen, 1] = np.int64(key >> np.uint64(1)), j
                distinct[seen, 2] = child
                seen += 1
            if made == links.shape[0]:
                return _LINKS
            links[made, 0], links[made, 1] = chunk[j], child
            made += 1
        a = b
    counts[0], counts[1], counts[2] = made, children, entries
    return 0
