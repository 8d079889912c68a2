"""The compiled loops of the packed enumeration and of the retrograde solve (numba).

Each is a plain loop over arrays that numpy can only express in several passes (a hash
table probed code by code, a counting sort, a queue): compiled, each touches every
element once. They hold no game rules; :mod:`workbench.play.packed` and
:mod:`workbench.play.retrograde` call them, and their tests prove them against a Python
dictionary, a sort and naive value iteration. Every function is compiled on first use
and cached on disk beside this module (they all live in this one file, which is what
numba keys its cache by).

>>> import numpy as np
>>> keys, numbers = np.zeros(8, dtype=np.uint64), np.full(8, -1, dtype=np.int32)
>>> store, out = np.zeros(8, dtype=np.uint64), np.empty(3, dtype=np.int32)
>>> codes, one_each = np.array([5, 9, 5], dtype=np.uint64), np.arange(3)
>>> number_moves(one_each, codes, np.ones(3), keys, numbers, store, 0, out, out[:0])
2
>>> out.tolist()
[0, 1, 0]
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "OPEN",
    "find_codes",
    "number_moves",
    "place_sources",
    "rehash",
    "retrograde_queue",
]

#: ``winner`` of a state the retrograde solve has not decided, seat 0 to move (``OPEN - 1``
#: with seat 1 to move).
OPEN = -2

_compiled = njit(cache=True, nogil=True)


@_compiled
def _mix(code):
    """The splitmix64 finaliser of a code."""
    code = (code ^ (code >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    code = (code ^ (code >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return code ^ (code >> np.uint64(31))


@_compiled
def _first_slot(key, mask):
    """The slot a probe for ``key`` starts at (its low bits)."""
    return np.intp(key & np.uint64(mask))


@_compiled
def _probe(keys, numbers, key):
    """The slot that holds ``key``, or the empty slot where it goes (linear probing from
    its first slot)."""
    mask = keys.size - 1
    slot = _first_slot(key, mask)
    while numbers[slot] >= 0 and keys[slot] != key:
        slot = (slot + 1) & mask
    return slot


@_compiled
def find_codes(keys, numbers, codes, out):
    """The number of each of ``codes`` (``out``), -1 where absent."""
    for index in range(codes.size):
        out[index] = numbers[_probe(keys, numbers, _mix(codes[index]))]


@_compiled
def rehash(old_keys, old_numbers, keys, numbers):
    """Place the codes of the table ``old_keys, old_numbers`` in the empty, bigger table
    ``keys, numbers``, slot by slot: the slots they land in then follow one another,
    each page of memory touched once."""
    mask = keys.size - 1
    for old in range(old_keys.size):
        if old_numbers[old] >= 0:
            slot = _first_slot(old_keys[old], mask)
            while numbers[slot] >= 0:
                slot = (slot + 1) & mask
            keys[slot], numbers[slot] = old_keys[old], old_numbers[old]


#: Moves looked up together: the first two slots of each are read in one tight pass
#: with no branch, so that the reads of memory overlap instead of each waiting for the
#: last (a code is in one of them three times in four at the table's usual load).
_BATCH = 64


@_compiled
def number_moves(parents, children, degree, keys, numbers, store, size, targets, indegree):
    """Number the ``children`` of a chunk's moves (their parents by index in the chunk,
    in any order) and write each into ``targets`` with the moves of each parent
    together, parents in order and each parent's moves in the order given (a counting
    sort by parent); count the moves into each target in ``indegree`` (unless it is
    empty). The table (``keys``: the hash of the code in each slot; ``numbers``: its
    number, -1 where empty; a power of two long) must have room for the new codes,
    ``store`` (the codes by number) too; they are numbered from ``size`` on in the order
    met. Returns the table's new size."""
    cursor = np.empty(degree.size, dtype=np.int64)
    total = 0
    for parent in range(degree.size):
        cursor[parent] = total
        total += degree[parent]
    mask = keys.size - 1
    hashed = np.empty(_BATCH, dtype=np.uint64)
    held = np.empty((2, _BATCH), dtype=np.uint64)
    number = np.empty((2, _BATCH), dtype=np.int32)
    for start in range(0, children.size, _BATCH):
        stop = min(start + _BATCH, children.size)
        for index in range(start, stop):
            hashed[index - start] = _mix(children[index])
        for at in range(stop - start):
            slot = _first_slot(hashed[at], mask)
            held[0, at], number[0, at] = keys[slot], numbers[slot]
            slot = (slot + 1) & mask
            held[1, at], number[1, at] = keys[slot], numbers[slot]
        for index in range(start, stop):
            at = index - start
            key = hashed[at]
            if number[0, at] >= 0 and held[0, at] == key:
                found = number[0, at]
            elif number[0, at] >= 0 and number[1, at] >= 0 and held[1, at] == key:
                found = number[1, at]
            else:  # further on, or new
                slot = _probe(keys, numbers, key)
                found = numbers[slot]
                if found < 0:  # the count moves on in this branch, not by a sum of
                    # what was read: the next code's place in ``store`` waits on no read
                    keys[slot], numbers[slot], store[size] = key, size, children[index]
                    found = size
                    size += 1
            targets[cursor[parents[index]]] = found
            cursor[parents[index]] += 1
    for index in range(targets.size if indegree.size else 0):
        indegree[targets[index]] += 1
    return size


@_compiled
def place_sources(first, degree, targets, fill, sources):
    """Write state ``first + i`` into the predecessor list of each target of its moves
    (``targets``, the moves of each state together): at ``fill[target]``, which moves on."""
    move = 0
    for state in range(degree.size):
        for _ in range(degree[state]):
            target = targets[move]
            sources[fill[target]] = first + state
            fill[target] += 1
            move += 1


@_compiled
def retrograde_queue(remaining, ends, end_values, offsets, sources, winner, distance):
    """Decide states backwards from the decided ends, in the order they are decided
    (a queue): a state with a move to a state won by its mover is won, one ply further
    than the first such state decided; a state whose every move leads to a state the
    opponent won is lost, one ply further than the last. ``winner`` holds, for a state
    not decided, :data:`OPEN` less its mover (one read tells both), and is filled
    in place with the seat that wins, as are ``remaining`` (the moves of each state,
    counted down) and ``distance``."""
    queue = np.empty(winner.size, dtype=np.int32)
    tail = 0
    for index in range(ends.size):
        end = ends[index]
        distance[end] = 0
        if end_values[index] != 0:
            winner[end] = 0 if end_values[index] > 0 else 1
            queue[tail] = end
            tail += 1
    head = 0
    while head < tail:
        child = queue[head]
        head += 1
        child_winner, further = winner[child], distance[child] + 1
        for edge in range(offsets[child], offsets[child + 1]):
            source = sources[edge]
            mark = winner[source]
            if mark >= 0:  # decided already
                continue
            mover = OPEN - mark
            if mover == child_winner:
                winner[source] = mover
            else:
                remaining[source] -= 1
                if remaining[source] > 0:
                    continue
                winner[source] = 1 - mover
            distance[source] = further
            queue[tail] = source
            tail += 1
