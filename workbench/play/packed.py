"""Breadth-first enumeration a whole layer at a time, on packed 64-bit position codes.

For games with the :class:`~workbench.play.protocol.HasPackedSuccessors` hook.
Each layer of the breadth-first search is one call to the game (every move of every
position of the layer, as arrays), one sort to merge duplicates, and a look-up of
the new codes among those already found (kept as a few sorted runs, merged as they
grow). What the solvers need comes out as arrays: the player per state, the number
of moves per state, and the predecessor lists in compressed sparse row form, built
by a counting sort of the moves. No Python object is made per state or per move.

:class:`PackedStateGraph` answers the same questions as
:class:`~workbench.play.statespace.StateGraph` that
:func:`~workbench.play.retrograde.retrograde` and
:class:`~workbench.play.solve.Solution` ask; it keeps no forward successor lists.

>>> from workbench.games.valgard import Rules, ValgardGame
>>> from workbench.play.statespace import state_graph
>>> game = ValgardGame(Rules(rows=3, cols=3, reserve=2, muster=1))
>>> packed = packed_state_graph(game)
>>> packed.size == state_graph(game).size == 5978
True
>>> packed.number(game.initial_state())
0
"""

from __future__ import annotations

import contextlib
import ctypes
import os
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from workbench.errors import SearchLimitError
from workbench.play.protocol import HasPackedSuccessors, State

__all__ = [
    "PackedStateGraph",
    "available_memory",
    "memory_needed",
    "packed_start",
    "packed_state_graph",
]


@dataclass(frozen=True, eq=False)
class PackedStateGraph:
    """Every state reachable from a start, numbered in breadth-first order (0 is the start).

    Attributes
    ----------
    game : HasPackedSuccessors
        The game that packed the codes.
    codes, numbers : numpy.ndarray
        The codes in increasing order (uint64) and the number of each state (int64).
    player : numpy.ndarray of int8
        Seat to move per state, or ``TERMINAL``.
    degree : numpy.ndarray of int32
        Moves per state.
    ends, end_values : numpy.ndarray
        The terminal states (int64) and seat 0's return at each (float64).
    pred_offsets, pred_sources : numpy.ndarray
        The states with a move into state ``i``:
        ``pred_sources[pred_offsets[i]:pred_offsets[i + 1]]`` (one per move; int32).
    """

    game: HasPackedSuccessors
    codes: np.ndarray
    numbers: np.ndarray
    player: np.ndarray
    degree: np.ndarray
    ends: np.ndarray
    end_values: np.ndarray
    pred_offsets: np.ndarray
    pred_sources: np.ndarray
    _index: dict = field(default_factory=dict, repr=False)

    @property
    def size(self) -> int:
        """Number of states."""
        return len(self.player)

    @property
    def edges(self) -> int:
        """Number of moves."""
        return len(self.pred_sources)

    def number(self, state: State) -> int | None:
        """The number of ``state``, or None when it is not in the graph."""
        code = self.game.packed_code(state)
        return None if code is None else self.number_of_code(code)

    def number_of_code(self, code: int) -> int | None:
        """The number of the state packed in ``code``, or None."""
        at = int(np.searchsorted(self.codes, np.uint64(code)))
        if at < self.codes.size and int(self.codes[at]) == int(code):
            return int(self.numbers[at])
        return None

    def code_of_number(self) -> np.ndarray:
        """The codes in state-number order."""
        out = np.empty_like(self.codes)
        out[self.numbers] = self.codes
        return out

    @property
    def index(self) -> Mapping[Hashable, int]:
        """State key -> number, as :attr:`StateGraph.index` (made on first use: small graphs)."""
        if not self._index:
            codes = self.code_of_number()
            self._index.update(
                (self.game.packed_state(int(code)).key(), number)
                for number, code in enumerate(codes)
            )
        return self._index

    def out_degrees(self) -> np.ndarray:
        """Moves per state."""
        return self.degree

    def terminal_values(self) -> tuple[np.ndarray, np.ndarray]:
        """``(numbers, seat-0 returns)`` of the terminal states."""
        return self.ends, self.end_values

    def predecessors(self) -> tuple[np.ndarray, np.ndarray]:
        """The reversed graph in CSR form: ``(offsets, sources)``."""
        return self.pred_offsets, self.pred_sources


def packed_start(game: object, state: State) -> int | None:
    """The code of ``state`` when ``game`` has the packed hook and can pack it, else None."""
    if not isinstance(game, HasPackedSuccessors):
        return None
    return game.packed_code(state)


def packed_state_graph(
    game: HasPackedSuccessors,
    *,
    state: State | None = None,
    max_states: int = 2_000_000,
    max_memory: int | None = None,
    chunk: int = 1 << 16,
) -> PackedStateGraph:
    """Enumerate every state reachable from ``state`` (default: the start) a layer at a time.

    Each layer is expanded ``chunk`` states at a time, each chunk's new states found
    and numbered before the next chunk, so that temporary arrays stay small.
    ``max_memory`` (bytes; default: the memory the system has available now) bounds
    what the enumeration and a retrograde solve of its graph will need: after each
    layer, the arrays kept so far plus what the predecessor lists and the solve add
    for the states and moves already found (:func:`memory_needed`) must fit.

    Raises
    ------
    ValueError
        The game cannot pack the start.
    SearchLimitError
        As soon as more than ``max_states`` distinct states have been found, or the
        states and moves found so far would not fit in ``max_memory``.
    """
    max_memory = available_memory() if max_memory is None else max_memory
    start = game.initial_state() if state is None else state
    code = game.packed_code(start)
    if code is None:
        raise ValueError(f"{game.info.name}: this start position has no packed code")
    known = _SortedRuns()
    frontier = np.array([code], dtype=np.uint64)
    known.add(frontier, np.zeros(1, dtype=np.int32))
    layers: list[_Layer] = []
    found, total, moves, kept = 0, 1, 0, 0  # states expanded, states numbered, moves, bytes
    while frontier.size:
        reached = []
        for start in range(0, frontier.size, chunk):
            codes = frontier[start : start + chunk]
            layer, new = _expand_chunk(
                game, codes, known, first=found, next_number=total, limit=max_states
            )
            layers.append(layer)
            reached.append(new)
            found, total = found + layer.player.size, total + new.size
            kept += sum(array.nbytes for array in layer)
            moves += layer.sources.size
            need = memory_needed(total, moves, kept=kept + known.nbytes)
            if need > max_memory:
                raise SearchLimitError(
                    f"{game.info.name}: solving needs more than {_gigabytes(need)} of memory "
                    f"({total:,} states and {moves:,} moves found so far, {found:,} of them "
                    f"expanded) but max_memory is {_gigabytes(max_memory)}; solve a smaller "
                    "variant or raise max_memory"
                )
        frontier = np.concatenate(reached)
        del reached
    player, degree, ends, end_values = (
        np.concatenate([getattr(layer, name) for layer in layers])
        for name in ("player", "degree", "ends", "end_values")
    )
    codes, numbers = known.merged()
    pred_offsets, pred_sources = _predecessors(layers, found)
    return PackedStateGraph(
        game=game,
        codes=codes,
        numbers=numbers,
        player=player,
        degree=degree,
        ends=ends,
        end_values=end_values,
        pred_offsets=pred_offsets,
        pred_sources=pred_sources,
    )


def memory_needed(states: int, moves: int, *, kept: int = 0) -> int:
    """Bytes a packed enumeration and its retrograde solve need at their peak, for
    ``states`` states and ``moves`` moves, on top of ``kept`` bytes of layers already held.

    The predecessor lists add 4 bytes a move and 24 a state; the solve some 40 a state.

    >>> memory_needed(2_756_645, 24_325_060) // 2**20  # 3x4, reserve 4, muster 3: and the layers
    261
    """
    return kept + 4 * moves + 64 * states


def available_memory() -> int:
    """Bytes of memory the system can give now (``MemAvailable`` on Linux; elsewhere
    the free physical pages, or 2**62 when neither is known)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return 1 << 62


def _release_freed_memory() -> None:
    """Hand memory freed inside the C heap back to the system (glibc keeps the many
    mid-sized layer arrays freed by the predecessor sort otherwise); a no-op elsewhere."""
    with contextlib.suppress(AttributeError, OSError):
        ctypes.CDLL(None).malloc_trim(0)


def _gigabytes(count: int) -> str:
    return f"{count / 2**20:,.0f} MB" if count < 2**30 else f"{count / 2**30:,.1f} GB"


class _Layer(NamedTuple):
    """A chunk of an expanded breadth-first layer: per state, per terminal state, per move."""

    player: np.ndarray
    degree: np.ndarray
    #: The terminal states' numbers and seat-0 returns.
    ends: np.ndarray
    end_values: np.ndarray
    #: The states reached (each once, int32) and how many of the layer's moves reach each.
    targets: np.ndarray
    runs: np.ndarray
    #: The state each move comes from (int32), grouped by target as ``targets`` lists them.
    sources: np.ndarray


def _expand_chunk(
    game: HasPackedSuccessors,
    codes: np.ndarray,
    known: _SortedRuns,
    *,
    first: int,
    next_number: int,
    limit: int,
) -> tuple[_Layer, np.ndarray]:
    """Expand the states ``first``, ``first + 1``, ... packed in ``codes``: their layer
    piece, and the codes of the states they reach first (sorted, numbered from
    ``next_number`` on, and added to ``known``)."""
    expansion = game.packed_successors(codes)
    player = np.asarray(expansion.player, dtype=np.int8)
    value = np.asarray(expansion.value, dtype=np.float64)
    parents = np.asarray(expansion.parents, dtype=np.int32)
    children = np.asarray(expansion.children, dtype=np.uint64)
    del expansion
    degree = np.bincount(parents, minlength=codes.size).astype(np.int32)
    ends = np.flatnonzero(degree == 0)
    order = np.argsort(children)
    children = children[order]
    sources = parents[order]
    sources += np.int32(first)
    del order, parents
    new_run = np.empty(children.size, dtype=bool)
    new_run[:1] = True
    np.not_equal(children[1:], children[:-1], out=new_run[1:])
    starts = np.flatnonzero(new_run)
    unique = children[starts]
    del children, new_run
    numbers = known.find(unique)
    fresh = numbers < 0
    count = int(fresh.sum())
    if next_number + count > limit:
        raise SearchLimitError(
            f"{game.info.name}: more than max_states={limit:,} states are "
            "reachable; solve a smaller variant or raise max_states"
        )
    numbers[fresh] = np.arange(next_number, next_number + count, dtype=np.int32)
    reached = unique[fresh]
    known.add(reached, numbers[fresh])
    runs = np.diff(starts, append=sources.size)
    runs = runs.astype(np.uint16 if runs.size and runs.max() < 1 << 16 else np.int32)
    layer = _Layer(player, degree, ends + first, value[ends], numbers, runs, sources)
    return layer, reached


def _predecessors(
    layers: list[_Layer], size: int, block: int = 1 << 16
) -> tuple[np.ndarray, np.ndarray]:
    """CSR predecessor lists from the layers' moves, by a counting sort that frees each
    layer (it empties ``layers``) once its moves are placed."""
    # Offsets in 4 bytes while the moves allow it.
    kind = np.int32 if sum(layer.sources.size for layer in layers) < 2**31 else np.int64
    fill = np.zeros(size, dtype=kind)
    for layer in layers:
        fill[layer.targets] += layer.runs  # a layer lists each target once
    offsets = np.zeros(size + 1, dtype=kind)
    np.cumsum(fill, out=offsets[1:])
    fill[:] = offsets[:-1]
    sources = np.empty(int(offsets[-1]), dtype=np.int32)
    layers.reverse()
    while layers:
        if len(layers) % 64 == 0:
            _release_freed_memory()
        layer = layers.pop()
        ends = np.cumsum(layer.runs, dtype=np.int64)
        for start in range(0, layer.targets.size, block):
            targets = layer.targets[start : start + block]
            runs = layer.runs[start : start + block].astype(kind)
            stop = ends[start + targets.size - 1]
            first = ends[start : start + block] - runs
            at = np.repeat(fill[targets] - first, runs)
            at += np.arange(first[0], stop)
            sources[at] = layer.sources[first[0] : stop]
            fill[targets] += runs
    return offsets, sources


class _SortedRuns:
    """A set of codes with numbers, kept as sorted runs whose sizes at least double
    down the list (so each code is merged a logarithmic number of times)."""

    def __init__(self) -> None:
        self.runs: list[tuple[np.ndarray, np.ndarray]] = []

    @property
    def nbytes(self) -> int:
        """Bytes held."""
        return sum(codes.nbytes + numbers.nbytes for codes, numbers in self.runs)

    def add(self, codes: np.ndarray, numbers: np.ndarray) -> None:
        """Add sorted new ``codes`` with their ``numbers``."""
        self.runs.append((codes, numbers))
        while len(self.runs) > 1 and self.runs[-2][0].size <= 2 * self.runs[-1][0].size:
            self.runs[-2:] = [_merge(*self.runs[-2:])]

    def find(self, codes: np.ndarray) -> np.ndarray:
        """The number of each code, -1 where absent."""
        out = np.full(codes.size, -1, dtype=np.int32)
        for run_codes, run_numbers in self.runs:
            if not run_codes.size:
                continue
            at = np.searchsorted(run_codes, codes)
            at[at == run_codes.size] = 0
            hit = run_codes[at] == codes
            out[hit] = run_numbers[at[hit]]
        return out

    def merged(self) -> tuple[np.ndarray, np.ndarray]:
        """All codes in increasing order, with their numbers."""
        while len(self.runs) > 1:
            self.runs[-2:] = [_merge(*self.runs[-2:])]
        return self.runs[0]


def _merge(
    first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    codes = np.concatenate((first[0], second[0]))
    order = np.argsort(codes, kind="stable")  # two sorted runs: a linear merge
    return codes[order], np.concatenate((first[1], second[1]))[order]
