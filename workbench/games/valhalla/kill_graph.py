"""The graph the kill-order count follows: the moves that serve a win, one record each.

The count (:mod:`~workbench.games.valhalla.kill_orders`) follows plays through the search's
moves many times over, and most moves serve no win. :func:`kill_graph` reads the search
once, layer by layer from the last, and keeps what the count needs:

* per state, its *future*: the Healths from which some win follows (all of them, not only
  those the search reached it with);
* per move that serves a win, a *record* of ``1 + 2 * words`` words: a head word (the next
  state, the enemy fought, the damage), the Healths that survive into the next
  state's future, before the damage, and the Healths that fall there and win
  (:func:`record_head`, :func:`read_head`). A move that serves none is left out: no Health
  survives it into a future and none falls there and wins. A pickup's head names no item
  (target 0): which item it was plays no part in the kill orders, and states that differ
  only in that share a representative (on the hardest level, 629,000 representatives
  instead of 941,000, and the count took 0.77x the time, two runs each);
* per state, a *representative*: the first state of its layer with the same records, in
  the same order (a state from which no win follows has none). By induction from the last
  layer, states with one representative win and fall alike from every Health, after the
  same fights in the same order, so the count keeps the records of representatives only
  and each move leads to its next state's representative: plays that differ only in such
  states (the hero at the Attack floor on one enemy's field or another's) meet.

States are numbered layer after layer, in the search's order.

>>> from workbench.games.valhalla.engine import ValhallaCalling
>>> from workbench.games.valhalla.level import Level
>>> from workbench.games.valhalla.search import StateSpace
>>> level = Level.from_dict({"name": "Fork", "width": 3, "height": 2, "start": [0, 1],
...     "hero": {"health": 4, "attack": 1},
...     "enemies": [{"at": [0, 0], "attack": 1, "health": 1},
...                 {"at": [0, 2], "attack": 1, "health": 1},
...                 {"at": [1, 1], "attack": 4, "health": 9}]})
>>> graph = kill_graph(StateSpace(ValhallaCalling(level)))
>>> graph.layer.tolist(), (graph.end - graph.begin).tolist()  # records of each state
([0, 1, 1, 2, 2], [2, 1, 1, 1, 0])
>>> [read_head(graph.records[r, 0]) for r in range(graph.begin[3], graph.end[3])]
[(-1, 2, 0)]
>>> bitsets.to_int(graph.future[0])  # Healths 1 to 4 can win
30

Both small enemies bested, on either's field, the hero has one future: falling to the big
one (state 3's record: no next state, enemy 2); state 4 is represented by state 3.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from workbench.errors import SearchLimitError
from workbench.games.valhalla import bitsets
from workbench.games.valhalla.prefetch import prefetch
from workbench.games.valhalla.search import StateSpace

__all__ = ["NO_STATE", "KillGraph", "head_fields", "kill_graph", "read_head", "record_head"]

_compiled = njit(cache=True, nogil=True)
_inlined = njit(cache=True, nogil=True, inline="always")

#: The next state of a record with none (a fight that serves only falls).
NO_STATE = (1 << 32) - 1
#: Most damage a record holds (its head's top bits; a pickup's is written as -1).
MOST_DAMAGE = (1 << 23) - 2
#: Odd multipliers that fold a record's words into one (:func:`_write_records`).
_ODD = (np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB),
        np.uint64(0xD6E8FEB86659FD93), np.uint64(0xC2B2AE3D27D4EB4F))  # fmt: skip


class KillGraph(NamedTuple):
    """The count's graph (see the module docstring), its states numbered layer after layer.

    State ``s``'s records are rows ``begin[s]`` .. ``end[s] - 1`` of ``records`` (none for
    a state that is no representative); ``layer[s]`` is its layer, ``codes[s]`` its code
    and ``future[s]`` its Healths from which a win follows (a bitset row). The start
    is state 0."""

    begin: np.ndarray
    end: np.ndarray
    records: np.ndarray
    layer: np.ndarray
    codes: np.ndarray
    future: np.ndarray


def record_head(state: int, target: int, damage: int) -> int:
    """A record's head word: the next state (:data:`NO_STATE`: none), the enemy fought (the
    graph gives a pickup 0) and the fight's damage (-1: a pickup).

    >>> read_head(record_head(7, 0, -1)), read_head(record_head(NO_STATE, 12, 4))
    ((7, 0, -1), (-1, 12, 4))
    """
    return state | target << 32 | (damage + 1) << 40


def read_head(head) -> tuple[int, int, int]:
    """``(next state or -1, target, damage or -1)`` of a head word (:func:`record_head`)."""
    state, target, damage = head_fields(np.uint64(head))
    return (-1 if state == NO_STATE else int(state)), int(target), int(damage)


@_inlined
def head_fields(head):
    """The next state (:data:`NO_STATE`: none), target and damage (-1: a pickup) of a head
    word, as ``int64`` (compiled, for the loops that read records)."""
    state = np.int64(head & np.uint64(NO_STATE))
    target = np.int64((head >> np.uint64(32)) & np.uint64(0xFF))
    return state, target, np.int64(head >> np.uint64(40)) - 1


def kill_graph(space: StateSpace, *, spend: bool = False) -> KillGraph:
    """The count's graph of a search (see the module docstring). ``spend=True`` takes the
    search's layers over as they are read (:meth:`~.search.StateSpace.spend`): the space
    holds nothing afterwards, and the graph takes the memory the search lets go."""
    fights, words = space.maker.fights, space.maker.words
    marks = (*(fights.column(c, words=words) for c in ("falls", "strikes", "survives")),
             fights.column("damage"))  # fmt: skip
    if len(marks[-1]) and marks[-1].max() > MOST_DAMAGE:
        raise SearchLimitError(f"{space.game.level.name}: a fight's damage past {MOST_DAMAGE}")
    cap = bitsets.prefix(np.array([space.game.level.hero.health + 1]), words=words)[0]
    sizes = [len(layer.codes) for layer in space.layers]
    offsets = np.cumsum([0, *sizes])
    if offsets[-1] >= NO_STATE:
        raise SearchLimitError(f"{space.game.level.name}: {offsets[-1]:,} states to count")
    codes = np.concatenate([layer.codes for layer in space.layers])
    begin, end = np.empty(offsets[-1], np.int64), np.empty(offsets[-1], np.int64)
    future = np.empty((offsets[-1], words), np.uint64)
    # Room for every move: pages are taken only as records are written.
    records = np.empty((sum(len(layer.edges.child) for layer in space.layers) + 1,
                        1 + 2 * words), np.uint64)  # fmt: skip
    below, below_rep = np.zeros((1, words), np.uint64), np.zeros(1, np.int64)
    # Work arrays made once for the largest layer: made afresh per layer, their pages were
    # cleared anew each time (the search's memory is given back as it is spent).
    largest = max(sizes)
    table, hashes = np.empty(_slots(largest), np.int64), np.empty(largest, np.uint64)
    reps = [np.empty(largest, np.int64), np.empty(largest, np.int64)]
    written = 0
    every = reversed(range(len(sizes)))
    layers = space.spend() if spend else ((k, space.layers[k], space.winning_ends[k])
                                          for k in every)  # fmt: skip
    for k, layer, ends in layers:
        e, mine = layer.edges, slice(offsets[k], offsets[k + 1])
        rep = reps[k % 2][: sizes[k]]  # the other holds the layer below's
        written = compact_layer(layer.first_edge, e.child, e.event, e.target, ends, *marks,
                                below, below_rep, cap, offsets[k], future[mine], rep,
                                begin[mine], end[mine], records, written,
                                table[: _slots(sizes[k])], hashes[: sizes[k]])  # fmt: skip
        below, below_rep = future[mine], rep
    layer_of = np.repeat(np.arange(len(sizes), dtype=np.int8), sizes)
    return KillGraph(begin, end, records[:written], layer_of, codes, future)


@_compiled
def compact_layer(first_edge, child, event, target, ends, falls, strikes, survives, damage,
                  below, below_rep, cap, first, future, rep, begin, end, records, written,
                  table, hashes) -> int:  # fmt: skip
    """One layer of :func:`kill_graph` (its row ``i`` is state ``first + i``): each state's
    future (``future[i]``), representative (``rep[i]``: a state number, -1 for none) and
    records (``begin[i]`` .. ``end[i] - 1``), written from ``written`` on; returns where they
    end. ``below`` and ``below_rep`` are the next layer's futures and representatives;
    ``falls``, ``strikes``, ``survives`` and ``damage`` the fight columns,
    ``ends`` which falls of each move win (see :func:`~.kernels.backward_layer`);
    ``table`` (:func:`_slots` of the states) and ``hashes`` (one a state) are work arrays.

    Three passes over the layer, each a loop written out: numba counts references to the
    arrays an inlined helper takes, which in a loop over every move costs more than the
    work. Compiled for Healths of one word too, as :mod:`~.kernels` explains: the
    hardest level's graph took 0.47 s against 0.65 s."""
    if future.shape[1] == 1:
        return _compact(first_edge, child, event, target, ends, falls, strikes, survives,
                        damage, below, below_rep, cap, first, future, rep, begin, end, records,
                        written, table, hashes, 1)  # fmt: skip
    return _compact(first_edge, child, event, target, ends, falls, strikes, survives, damage,
                    below, below_rep, cap, first, future, rep, begin, end, records, written,
                    table, hashes, future.shape[1])  # fmt: skip


@_inlined
def _compact(first_edge, child, event, target, ends, falls, strikes, survives, damage, below,
             below_rep, cap, first, future, rep, begin, end, records, written, table, hashes,
             words) -> int:  # fmt: skip
    """:func:`compact_layer` for Healths of ``words`` words."""
    _write_records(first_edge, child, event, target, ends, falls, strikes, survives, damage,
                   below, below_rep, cap, future, begin, end, records, hashes, written,
                   words)  # fmt: skip
    _represent(first, rep, begin, end, records, hashes, table, 1 + 2 * words)
    return _pack(begin, end, records, written, 1 + 2 * words)


@_inlined
def _write_records(first_edge, child, event, target, ends, falls, strikes, survives, damage,
                   below, below_rep, cap, future, begin, end, records, hashes, written,
                   words) -> int:  # fmt: skip
    """Each state's future, the records of its moves that serve a win (see
    :func:`compact_layer`), from ``written`` on, a record equal to the one before left out
    (a longer walk to the same fight), and a hash of them (``hashes``); a state from which
    no win follows gets none. Returns where they end."""
    width = 1 + 2 * words
    for i in range(future.shape[0]):
        begin[i] = written
        mixed = np.uint64(0)
        for w in range(words):
            future[i, w] = 0
        for e in range(first_edge[i], first_edge[i + 1]):
            after, fight = child[e], event[e]
            kept = fell = np.uint64(0)
            if fight < 0 and after >= 0:  # a pickup: the next state's future
                for w in range(words):
                    records[written, 1 + w] = below[after, w]
                    records[written, 1 + words + w] = 0
                    kept |= below[after, w]
                records[written, 0] = np.uint64(below_rep[after])  # no item named
            elif fight >= 0:
                q, r = damage[fight] // 64, np.uint64(damage[fight] % 64)
                for w in range(words):
                    wins = np.uint64(0)
                    if ends[e] & 1:
                        wins |= falls[fight, w]
                    if ends[e] & 2:
                        wins |= strikes[fight, w]
                    records[written, 1 + words + w] = wins
                    fell |= wins
                    lives = np.uint64(0)  # the next state's future, before the damage
                    if after >= 0:
                        if 0 <= w - q < words:
                            lives |= below[after, w - q] << r
                        if r and 0 <= w - q - 1 < words:
                            lives |= below[after, w - q - 1] >> (np.uint64(64) - r)
                        lives &= survives[fight, w]
                    records[written, 1 + w] = lives
                    kept |= lives
                head = np.uint64(below_rep[after]) if kept else np.uint64(NO_STATE)
                shift = np.uint64(damage[fight] + 1) if kept else np.uint64(1)
                records[written, 0] = head | np.uint64(target[e]) << np.uint64(32) | (
                    shift << np.uint64(40))  # fmt: skip
            if not (kept or fell):
                continue
            same = written > begin[i]
            for w in range(width):
                same &= records[written, w] == records[written - 1, w]
            if same:
                continue
            for w in range(words):
                future[i, w] |= records[written, 1 + w] | records[written, 1 + words + w]
            folded = np.uint64(0)  # a multiply a word, each apart, and one a record in
            for w in range(width):  # turn: a finaliser a word chained them (3% more time)
                folded += records[written, w] * _ODD[w % 4]
            mixed = mixed * np.uint64(0x9E3779B97F4A7C15) + folded
            written += 1
        some = np.uint64(0)
        for w in range(words):
            future[i, w] &= cap[w]
            some |= future[i, w]
        end[i] = written if some else begin[i]
        written, hashes[i] = end[i], _mix(mixed ^ np.uint64(end[i] - begin[i]))
    return written


@_inlined
def _represent(first, rep, begin, end, records, hashes, table, width) -> None:
    """Each state's representative: the first state with the same records in the same order
    (-1 for a state with none); the records of a state that is not its own representative
    are dropped. A slot of the table holds a state and the top bits of its hash (a slot of
    another hash is passed over without reading that state's), and the slot of the state
    16 on is asked for ahead (:func:`~.prefetch.prefetch`): the hardest level's graph took
    18% less time."""
    states, slots = rep.shape[0], table.shape[0]
    table[:] = -1  # slot -> the first state with those records
    for i in range(states):
        if i + 16 < states:  # its slot asked for ahead
            prefetch(table, np.int64(hashes[i + 16] & np.uint64(slots - 1)))
        rep[i] = -1
        a, m = begin[i], end[i] - begin[i]
        if not m:
            continue
        slot = np.int64(hashes[i] & np.uint64(slots - 1))
        tag = np.int64(hashes[i] >> np.uint64(33)) << 32
        while table[slot] >= 0:
            other = table[slot] & 0xFFFFFFFF
            if table[slot] - other == tag and end[other] - begin[other] == m:
                same = True
                for r in range(m):
                    for w in range(width):
                        same &= records[begin[other] + r, w] == records[a + r, w]
                if same:
                    break
            slot = (slot + 1) & (slots - 1)
        if table[slot] >= 0:  # a state before it has the same records
            rep[i] = first + (table[slot] & 0xFFFFFFFF)
            end[i] = a
            continue
        table[slot], rep[i] = tag | i, first + i


@_inlined
def _pack(begin, end, records, written, width) -> int:
    """Move the records left (``begin[i]`` .. ``end[i] - 1``) down to ``written`` on, one
    state after the other; returns where they end."""
    for i in range(begin.shape[0]):
        a, m = begin[i], end[i] - begin[i]
        for r in range(m):
            for w in range(width):
                records[written + r, w] = records[a + r, w]
        begin[i], end[i] = written, written + m
        written += m
    return written


def _slots(states: int) -> int:
    """Slots of :func:`_represent`'s table for a layer of ``states`` states: a power of two,
    at least twice as many.

    >>> _slots(0), _slots(3), _slots(4)
    (1, 8, 8)
    """
    return 1 << max(0, 2 * states - 1).bit_length()


@_inlined
def _mix(x):
    """splitmix64's finaliser."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))
