"""Breadth-first enumeration a whole layer at a time, on packed 64-bit position codes.

For games with the :class:`~workbench.play.protocol.HasPackedSuccessors` hook.
Each layer of the breadth-first search is expanded a chunk of positions at a time by
one call to the game (every move of every position of the chunk, as arrays); the
codes reached are numbered by a hash table (:class:`CodeTable`: open addressing on an
array, probed for a whole array of codes at once), new codes in the order they are
first met, so that each layer is a range of numbers. The moves are kept as forward
lists (the target of each move, 4 bytes a move), then turned into the predecessor
lists in compressed sparse row form that the retrograde solver reads, one chunk at a
time, each freed once placed. No Python object is made per state or per move.

On big graphs the forward lists and the code table wait in a temporary file while the
predecessor lists are made (:class:`_Spill`), so that the two lists of moves, 4 bytes a
move each, are never both in memory; the table comes back on its first use.

:class:`PackedStateGraph` answers the same questions as
:class:`~workbench.play.statespace.StateGraph` that
:func:`~workbench.play.retrograde.retrograde` and
:class:`~workbench.play.solve.Solution` ask; it keeps no forward successor lists.

>>> from workbench.games.valgard import Rules, ValgardGame
>>> from workbench.play.statespace import state_graph
>>> game = ValgardGame(Rules(rows=3, cols=3, reserve=2, muster=1))
>>> packed = packed_state_graph(game)
>>> packed.positions == state_graph(game).size == 5978  # one code per mirror pair
True
>>> packed.size
3117
>>> packed.number(game.initial_state())
0
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import functools
import os
import tempfile
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import IO

import numpy as np

from workbench.errors import SearchLimitError
from workbench.play import packed_kernels as kernels
from workbench.play.protocol import HasPackedSuccessors, State

__all__ = [
    "SPILL_ABOVE",
    "CodeTable",
    "PackedStateGraph",
    "available_memory",
    "memory_needed",
    "packed_start",
    "packed_state_graph",
]

_U = np.uint64
#: Counts of moves into each state, when none are wanted.
_NO_COUNTS = np.zeros(0, dtype=np.int32)
#: Bytes of forward lists above which :func:`packed_state_graph` keeps them, and the
#: code table while the predecessor lists are made, in a temporary file.
SPILL_ABOVE = 1 << 28


@dataclass(frozen=True, eq=False)
class PackedStateGraph:
    """Every state reachable from a start, numbered in breadth-first order (0 is the start).

    Attributes
    ----------
    game : HasPackedSuccessors
        The game that packed the codes.
    table : CodeTable
        The code of each state (``table.codes[number]``) and the number of each code.
    player : numpy.ndarray of int8
        Seat to move per state, or ``TERMINAL``.
    degree : numpy.ndarray of uint8 (int32 when a state has 256 moves or more)
        Moves per state.
    ends, end_values : numpy.ndarray
        The terminal states (int64) and seat 0's return at each (float64).
    pred_offsets, pred_sources : numpy.ndarray
        The states with a move into state ``i``:
        ``pred_sources[pred_offsets[i]:pred_offsets[i + 1]]`` (one per move, increasing;
        int32); empty once released (:meth:`without_predecessors`).
    moves : int
        Number of moves.
    """

    game: HasPackedSuccessors
    table: CodeTable
    player: np.ndarray
    degree: np.ndarray
    ends: np.ndarray
    end_values: np.ndarray
    pred_offsets: np.ndarray
    pred_sources: np.ndarray
    moves: int
    _index: dict = field(default_factory=dict, repr=False)

    @property
    def size(self) -> int:
        """Number of states."""
        return len(self.player)

    @functools.cached_property
    def positions(self) -> int:
        """Number of positions the states stand for: :attr:`size`, or more when the game
        folds positions that play alike (a mirror image) into one code and says how many
        each code stands for (``packed_class_sizes``)."""
        class_sizes = getattr(self.game, "packed_class_sizes", None)
        return self.size if class_sizes is None else int(class_sizes(self.codes).sum())

    @property
    def edges(self) -> int:
        """Number of moves."""
        return self.moves

    @property
    def codes(self) -> np.ndarray:
        """The code of each state, in state-number order (uint64)."""
        return self.table.codes[: self.table.size]

    def number(self, state: State) -> int | None:
        """The number of ``state``, or None when it is not in the graph."""
        code = self.game.packed_code(state)
        return None if code is None else self.number_of_code(code)

    def number_of_code(self, code: int) -> int | None:
        """The number of the state packed in ``code``, or None."""
        found = int(self.table.find(np.array([code], dtype=_U))[0])
        return None if found < 0 else found

    def code_of_number(self) -> np.ndarray:
        """The codes in state-number order (as :attr:`codes`)."""
        return self.codes

    @property
    def index(self) -> Mapping[Hashable, int]:
        """State key -> number, as :attr:`StateGraph.index` (made on first use: small graphs);
        for a game that folds positions into one code, the key of the one it unpacks to."""
        if not self._index:
            self._index.update(
                (self.game.packed_state(int(code)).key(), number)
                for number, code in enumerate(self.codes)
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
        if self.pred_sources.size != self.moves:
            raise ValueError("the predecessor lists of this graph have been released")
        return self.pred_offsets, self.pred_sources

    def without_predecessors(self) -> PackedStateGraph:
        """This graph without its predecessor lists (4 bytes a move), once solved: lookups,
        players and degrees stay.

        >>> from workbench.games.valgard import Rules, ValgardGame
        >>> graph = packed_state_graph(ValgardGame(Rules(rows=2, cols=2, reserve=1, muster=1)))
        >>> light = graph.without_predecessors()
        >>> light.edges == graph.edges, light.pred_sources.size
        (True, 0)
        """
        empty = np.zeros(0, dtype=np.int32)
        return dataclasses.replace(self, pred_offsets=empty, pred_sources=empty, _index={})


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
    spill_above: int = SPILL_ABOVE,
) -> PackedStateGraph:
    """Enumerate every state reachable from ``state`` (default: the start) a layer at a time.

    Each layer is expanded ``chunk`` states at a time (at most 65,536), each chunk's
    new states numbered before the next chunk, so that temporary arrays stay small.
    ``max_memory`` (bytes; default: the memory the system has available now) bounds
    what the enumeration and a retrograde solve of its graph will need: after each
    chunk, the arrays kept so far plus what the predecessor lists and the solve add
    for the states and moves already found (:func:`memory_needed`) must fit. Once the
    forward lists pass ``spill_above`` bytes they go to a temporary file, and the code
    table joins them while the predecessor lists are made.

    Raises
    ------
    ValueError
        The game cannot pack the start.
    SearchLimitError
        As soon as more than ``max_states`` distinct states have been found, or the
        states and moves found so far would not fit in ``max_memory``.
    """
    if not 0 < chunk <= 1 << 16:
        raise ValueError(f"chunk must be between 1 and 65,536, got {chunk:,}")
    max_memory = available_memory() if max_memory is None else max_memory
    start = game.initial_state() if state is None else state
    code = game.packed_code(start)
    if code is None:
        raise ValueError(f"{game.info.name}: this start position has no packed code")
    table = CodeTable()
    table.number(np.array([code], dtype=_U))
    pieces: list[_Piece] = []
    indegree = _Growing(np.int32)
    spill = _Spill(spill_above)
    low, high, moves, kept = 0, 1, 0, 0  # the layer's numbers, moves, bytes of pieces
    while low < high:
        for first in range(low, high, chunk):
            piece = _expand_chunk(game, table, first, min(first + chunk, high), indegree)
            pieces.append(piece)
            moves += piece.targets.size
            kept = spill.keep(pieces, kept + piece.nbytes)
            _check_limits(game, table, moves, kept, max_states, max_memory, first + chunk)
        low, high = high, table.size
    player, degree, ends, end_values = (
        np.concatenate([getattr(piece, name) for piece in pieces])
        for name in ("player", "degree", "ends", "end_values")
    )
    if spill.used:
        table.park()
    pred_offsets, pred_sources = _predecessors(pieces, indegree.array(table.size), spill)
    return PackedStateGraph(
        game=game,
        table=table,
        player=player,
        degree=degree,
        ends=ends,
        end_values=end_values,
        pred_offsets=pred_offsets,
        pred_sources=pred_sources,
        moves=moves,
    )


def memory_needed(states: int, moves: int, *, kept: int = 0) -> int:
    """Bytes a packed enumeration and its retrograde solve need at their peak, for
    ``states`` states and ``moves`` moves, on top of ``kept`` bytes of forward lists
    and code table already held.

    The predecessor lists add 4 bytes a move and 8 a state; the solve some 12 a state.

    >>> memory_needed(2_756_645, 24_325_060) // 2**20  # 3x4, reserve 4, muster 3: and the rest
    145
    """
    return kept + 4 * moves + 20 * states


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


class CodeTable:
    """64-bit codes numbered 0, 1, 2, ...: each array's new codes take the next numbers.

    A hash table with open addressing (linear probing) on two power-of-two arrays, kept
    at most 85% full: per slot, the hash of the code there (``keys``: the splitmix64
    finaliser, one to one, so equal hashes mean equal codes) and its number
    (``numbers``, -1 where empty). The codes themselves are kept in number order. Each
    call looks up, or adds, a whole array of codes in one compiled loop
    (:mod:`~workbench.play.packed_kernels`), new codes numbered in the order met.

    >>> table = CodeTable()
    >>> table.number(np.array([7], dtype=np.uint64)).tolist()
    [0]
    >>> table.number(np.array([7, 3, 7, 9], dtype=np.uint64)).tolist()
    [0, 1, 0, 2]
    >>> table.find(np.array([9, 4], dtype=np.uint64)).tolist(), table.size
    ([2, -1], 3)
    """

    MAX_LOAD = 0.85

    def __init__(self, slots: int = 1 << 12) -> None:
        self.keys = np.zeros(slots, dtype=_U)
        self.numbers = np.full(slots, -1, dtype=np.int32)
        self._codes = _Growing(_U)
        self.size = 0
        self._parked: IO[bytes] | None = None

    @property
    def codes(self) -> np.ndarray:
        """The codes by number (the first :attr:`size` entries; uint64)."""
        self._unpark()
        return self._codes.data[: self.size]

    @property
    def nbytes(self) -> int:
        """Bytes held in memory."""
        if self._parked is not None:
            return 0
        return self.keys.nbytes + self.numbers.nbytes + self._codes.data.nbytes

    def park(self) -> None:
        """Keep the table in a temporary file, its memory freed, until it is next used.

        >>> table = CodeTable()
        >>> table.number(np.array([7, 3], dtype=np.uint64)).tolist()
        [0, 1]
        >>> table.park()
        >>> table.nbytes, table.find(np.array([3], dtype=np.uint64)).tolist()
        (0, [1])
        """
        if self._parked is None:
            parked = tempfile.TemporaryFile()  # noqa: SIM115 (closed when read back)
            for array in (self.keys, self.numbers, self.codes):
                array.tofile(parked)
            self._slots, self._parked = self.keys.size, parked
            self.keys = self.numbers = self._codes = None

    def _unpark(self) -> None:
        if self._parked is not None:
            parked, self._parked = self._parked, None
            with parked:
                parked.seek(0)
                self.keys = np.fromfile(parked, dtype=_U, count=self._slots)
                self.numbers = np.fromfile(parked, dtype=np.int32, count=self._slots)
                self._codes = _Growing(_U, np.fromfile(parked, dtype=_U, count=self.size))

    def find(self, codes: np.ndarray) -> np.ndarray:
        """The number of each code, -1 where absent (int32)."""
        self._unpark()
        codes = np.asarray(codes, dtype=_U)
        out = np.empty(codes.size, dtype=np.int32)
        kernels.find_codes(self.keys, self.numbers, codes, out)
        return out

    def number(self, codes: np.ndarray) -> np.ndarray:
        """The number of each code, the new ones numbered from :attr:`size` on (int32)."""
        codes = np.asarray(codes, dtype=_U)
        one_each = np.arange(codes.size, dtype=np.int32)
        return self._number(one_each, codes, np.ones(codes.size, dtype=np.int64), _NO_COUNTS)

    def number_moves(
        self, parents: np.ndarray, children: np.ndarray, degree: np.ndarray, indegree: _Growing
    ) -> np.ndarray:
        """Number the codes ``children`` reached by moves of parents ``parents`` (indices,
        ``degree`` moves each) as :meth:`number`, and return them with each parent's
        moves together, parents in order; count each target's moves in ``indegree``."""
        return self._number(parents, children, degree, indegree.array(self.size + children.size))

    def _number(
        self, parents: np.ndarray, children: np.ndarray, degree: np.ndarray, counts: np.ndarray
    ) -> np.ndarray:
        self._unpark()
        self.reserve(children.size)
        targets = np.empty(children.size, dtype=np.int32)
        self.size = kernels.number_moves(
            parents, children, degree, self.keys, self.numbers, self._codes.data, self.size,
            targets, counts,
        )  # fmt: skip
        return targets

    def reserve(self, count: int) -> None:
        """Room for ``count`` more codes."""
        self._unpark()
        if self.size + count > self.MAX_LOAD * self.keys.size:
            slots = self.keys.size
            while self.size + count > self.MAX_LOAD * slots:
                slots *= 2
            keys, numbers = self.keys, self.numbers
            self.keys = np.zeros(slots, dtype=_U)
            self.numbers = np.full(slots, -1, dtype=np.int32)
            kernels.rehash(keys, numbers, self.keys, self.numbers)
        self._codes.reserve(self.size + count)


class _Growing:
    """An array that grows by doubling (only what has been written is touched)."""

    def __init__(self, dtype: type, data: np.ndarray | None = None) -> None:
        self.data = np.zeros(1 << 12, dtype=dtype) if data is None else data

    def reserve(self, size: int) -> None:
        if size > self.data.size:
            data = np.zeros(max(size, 2 * self.data.size), dtype=self.data.dtype)
            data[: self.data.size] = self.data
            self.data = data

    def array(self, size: int) -> np.ndarray:
        """The first ``size`` entries."""
        self.reserve(size)
        return self.data[:size]


@dataclass(frozen=True)
class _Piece:
    """A chunk of an expanded breadth-first layer: per state, per terminal state, per move."""

    first: int
    player: np.ndarray
    degree: np.ndarray
    #: The terminal states' numbers and seat-0 returns.
    ends: np.ndarray
    end_values: np.ndarray
    #: The state each move leads to (int32), the moves of each state together, in order;
    #: None once they wait in a :class:`_Spill`.
    targets: np.ndarray | None

    @property
    def nbytes(self) -> int:
        held = self.player.nbytes + self.degree.nbytes
        return held + (0 if self.targets is None else self.targets.nbytes)


class _Spill:
    """The forward lists of the pieces, in a temporary file once they pass ``above``
    bytes, read back in the order written."""

    def __init__(self, above: int) -> None:
        self.above = above
        self.file: IO[bytes] | None = None
        self._written = 0  # pieces whose lists are in the file
        self._reading = False

    @property
    def used(self) -> bool:
        return self.file is not None

    def keep(self, pieces: list[_Piece], kept: int) -> int:
        """Write the forward lists of ``pieces`` (``kept`` bytes in memory in all) to the
        file once they pass the limit, freeing them; the bytes left in memory."""
        if kept <= self.above and self.file is None:
            return kept
        if self.file is None:
            self.file = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        for at in range(self._written, len(pieces)):
            piece = pieces[at]
            piece.targets.tofile(self.file)
            kept -= piece.targets.nbytes
            pieces[at] = dataclasses.replace(piece, targets=None)
        self._written = len(pieces)
        return kept

    def read(self, piece: _Piece) -> np.ndarray:
        """The forward list of the next piece placed (pieces are placed in order)."""
        if piece.targets is not None:
            return piece.targets
        if not self._reading:
            self.file.seek(0)
            self._reading = True
        moves = int(piece.degree.sum(dtype=np.int64))
        return np.fromfile(self.file, dtype=np.int32, count=moves)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def _expand_chunk(
    game: HasPackedSuccessors, table: CodeTable, first: int, stop: int, indegree: _Growing
) -> _Piece:
    """Expand the states ``first`` to ``stop - 1``: number the states they reach (the new
    ones join ``table``) and count each target's moves in ``indegree``."""
    expansion = game.packed_successors(table.codes[first:stop])
    player = np.asarray(expansion.player, dtype=np.int8)
    parents = np.asarray(expansion.parents)
    children = np.asarray(expansion.children, dtype=_U)
    degree = np.bincount(parents, minlength=stop - first)
    ends = np.flatnonzero(degree == 0)
    end_values = np.asarray(expansion.value, dtype=np.float64)[ends]
    del expansion
    targets = table.number_moves(parents, children, degree, indegree)
    degree = degree.astype(np.uint8 if degree.size and degree.max() < 256 else np.int32)
    return _Piece(first, player, degree, ends + first, end_values, targets)


def _check_limits(
    game: HasPackedSuccessors,
    table: CodeTable,
    moves: int,
    kept: int,
    max_states: int,
    max_memory: int,
    expanded: int,
) -> None:
    if table.size > max_states:
        raise SearchLimitError(
            f"{game.info.name}: more than max_states={max_states:,} states are "
            "reachable; solve a smaller variant or raise max_states"
        )
    need = memory_needed(table.size, moves, kept=kept + table.nbytes)
    if need > max_memory:
        raise SearchLimitError(
            f"{game.info.name}: solving needs more than {_gigabytes(need)} of memory "
            f"({table.size:,} states and {moves:,} moves found so far, "
            f"{min(expanded, table.size):,} of them expanded) but max_memory is "
            f"{_gigabytes(max_memory)}; solve a smaller variant or raise max_memory"
        )


def _gigabytes(count: int) -> str:
    return f"{count / 2**20:,.0f} MB" if count < 2**30 else f"{count / 2**30:,.1f} GB"


def _predecessors(
    pieces: list[_Piece], indegree: np.ndarray, spill: _Spill
) -> tuple[np.ndarray, np.ndarray]:
    """CSR predecessor lists from the pieces' forward lists (those in ``spill`` read back
    in turn), a counting sort that frees each piece's moves (it empties ``pieces``) once
    they are placed."""
    kind = np.int32 if int(indegree.sum(dtype=np.int64)) < 2**31 else np.int64
    offsets = np.zeros(indegree.size + 1, dtype=kind)
    np.cumsum(indegree, out=offsets[1:])
    # The next free place of each target's list (the counts' array reused when it can).
    fill = indegree if kind is np.int32 else np.empty(indegree.size, dtype=kind)
    fill[:] = offsets[:-1]
    sources = np.empty(int(offsets[-1]), dtype=np.int32)
    pieces.reverse()
    while pieces:
        if len(pieces) % 64 == 0:
            _release_freed_memory()
        piece = pieces.pop()
        targets = spill.read(piece)
        kernels.place_sources(piece.first, piece.degree, targets, fill, sources)
    spill.close()
    return offsets, sources


def _release_freed_memory() -> None:
    """Hand memory freed inside the C heap back to the system (glibc keeps the many
    mid-sized forward lists freed as their moves are placed otherwise); a no-op elsewhere."""
    with contextlib.suppress(AttributeError, OSError):
        ctypes.CDLL(None).malloc_trim(0)
