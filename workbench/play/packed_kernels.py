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
>>> number_codes(keys, numbers, store, 0, np.array([5, 9, 5], dtype=np.uint64), out)
2
>>> out.tolist()
[0, 1, 0]
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "UNDECIDED",
    "find_codes",
    "number_codes",
    "number_moves",
    "place_sources",
    "rehash",
    "retrograde_queue",
]

#: ``winner`` of a state the retrograde solve has not decided (yet).
UNDECIDED = -2

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
def _claim(keys, numbers, store, size, code, key):
    """The number of ``code``, whose hash is ``key`` (linear probing from its first
    slot): a new one (``size``) when it is not in the table yet."""
    mask = keys.size - 1
    slot = _first_slot(key, mask)
    while numbers[slot] >= 0 and keys[slot] != key:
        slot = (slot + 1) & mask
    if numbers[slot] < 0:
        keys[slot], numbers[slot], store[size] = key, size, code
    return numbers[slot]


@_compiled
def number_codes(keys, numbers, store, size, codes, out):
    """Number each of ``codes`` (``out``): a code in the table keeps its number, a new one
    takes ``size``, ``size + 1``, ... in the order met. The table (``keys``: the hash
    of the code in each slot; ``numbers``: its number, -1 where empty; a power of two
    long) must have room for them all, ``store`` (the codes by number) too. Returns the
    new size."""
    for index in range(codes.size):
        out[index] = _claim(keys, numbers, store, size, codes[index], _mix(codes[index]))
        size += out[index] == size
    return size


@_compiled
def find_codes(keys, numbers, codes, out):
    """The number of each of ``codes`` (``out``), -1 where absent."""
    mask = keys.size - 1
    for index in range(codes.size):
        key = _mix(codes[index])
        slot = _first_slot(key, mask)
        while numbers[slot] >= 0 and keys[slot] != key:
            slot = (slot + 1) & mask
        out[index] = numbers[slot]


@_compiled
def rehash(keys, numbers, store, size):
    """Place the first ``size`` codes of ``store`` in the empty table ``keys, numbers``."""
    mask = keys.size - 1
    for number in range(size):
        key = _mix(store[number])
        slot = _first_slot(key, mask)
        while numbers[slot] >= 0:
            slot = (slot + 1) & mask
        keys[slot], numbers[slot] = key, number


#: Moves looked up together: the first slot of each is read in one tight pass with no
#: branch, so that the reads of memory overlap instead of each waiting for the last.
_BATCH = 64


@_compiled
def number_moves(parents, children, degree, keys, numbers, store, size, targets, indegree):
    """Number the ``children`` of a chunk's moves (their parents by index in the chunk,
    in any order) and write each into ``targets`` with the moves of each parent
    together, parents in order and each parent's moves in the order given (a counting
    sort by parent); count the moves into each target in ``indegree``. Returns the
    table's new size (new codes numbered in the order met, as :func:`number_codes`)."""
    cursor = np.empty(degree.size, dtype=np.int64)
    total = 0
    for parent in range(degree.size):
        cursor[parent] = total
        total += degree[parent]
    mask = keys.size - 1
    hashed = np.empty(_BATCH, dtype=np.uint64)
    held = np.empty(_BATCH, dtype=np.uint64)
    number = np.empty(_BATCH, dtype=np.int32)
    for start in range(0, children.size, _BATCH):
        stop = min(start + _BATCH, children.size)
        for index in range(start, stop):
            hashed[index - start] = _mix(children[index])
        for at in range(stop - start):
            slot = _first_slot(hashed[at], mask)
            held[at] = keys[slot]
            number[at] = numbers[slot]
        for index in range(start, stop):
            at = index - start
            found = number[at]
            if found < 0 or held[at] != hashed[at]:  # not in its first slot, or new
                found = _claim(keys, numbers, store, size, children[index], hashed[at])
                size += found == size
            targets[cursor[parents[index]]] = found
            cursor[parents[index]] += 1
    for index in range(targets.size):
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
def retrograde_queue(player, remaining, ends, end_values, offsets, sources, winner, distance):
    """Decide states backwards from the decided ends, in the order they are decided
    (a queue): a state with a move to a state won by its mover is won, one ply further
    than the first such state decided; a state whose every move leads to a state the
    opponent won is lost, one ply further than the last. ``remaining`` (the moves of
    each state, counted down), ``winner`` (all :data:`UNDECIDED`) and ``distance`` are
    filled in place."""
    queue = np.empty(player.size, dtype=np.int32)
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
            if winner[source] != UNDECIDED:
                continue
            mover = player[source]
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
