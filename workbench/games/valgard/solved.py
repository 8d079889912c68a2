"""Solved tables of Valgard boards: every reachable position's exact result, saved and reloaded.

A :class:`SolvedTable` holds, for every position reachable from the start of one
board under one set of rules, its packed code (:mod:`~workbench.games.valgard.packed`;
a position and its mirror image share one),
the seat that wins with perfect play (or :data:`~workbench.play.retrograde.DRAW`) and
the plies to the end. It is saved as a NumPy ``.npz`` file with the rules that
produced it (their :meth:`Rules.to_dict` JSON inside), and :func:`solved_table`
loads such a file instead of solving again. A file made under other rules is refused.

Small tables (under a megabyte) are committed in ``data/valgard.solved/``
(:data:`TABLES_DIR`); bigger ones are made on demand into :data:`CACHE_DIR`
(``.cache/valgard/`` at the top of the project, ignored by git).

>>> import tempfile
>>> from workbench.games.valgard.exact import small_board_rules
>>> rules = small_board_rules(3, 3, reserve=2)
>>> with tempfile.TemporaryDirectory() as folder:
...     table = solved_table(rules, folder=folder)   # solved, then saved
...     again = solved_table(rules, folder=folder)   # loaded
>>> table.positions, again.outcome(again.game.initial_state())
(5978, ('draw', None))
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from workbench.errors import DataError, RulesError
from workbench.games.valgard.engine import ValgardGame, ValgardState
from workbench.games.valgard.exact import DATA_DIR
from workbench.games.valgard.rules import Rules
from workbench.play.packed import packed_state_graph
from workbench.play.retrograde import DRAW, retrograde

__all__ = ["CACHE_DIR", "TABLES_DIR", "SolvedTable", "solved_table", "table_name"]

#: Committed solved tables (each under a megabyte).
TABLES_DIR = DATA_DIR / "tables"
#: Where :func:`solved_table` saves the tables it makes (ignored by git).
CACHE_DIR = DATA_DIR.parents[1] / ".cache" / "valgard"

#: 2: a position and its mirror image share one code.
_FORMAT = 2


def table_name(rules: Rules) -> str:
    """The file name of the table of ``rules``: the board, its set-up, and a digest of
    every knob.

    >>> table_name(Rules(rows=3, cols=3, reserve=2, muster=1))[:28]
    '3x3-reserve2-muster1-9b31345'
    """
    text = json.dumps(rules.to_dict(), sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    return f"{rules.rows}x{rules.cols}-reserve{rules.reserve}-muster{rules.muster}-{digest}.npz"


@dataclass(frozen=True, eq=False)
class SolvedTable:
    """Every reachable position of a board and its exact result.

    Attributes
    ----------
    rules : Rules
        The rules solved.
    codes : numpy.ndarray of uint64
        Packed codes of the positions, increasing.
    winner : numpy.ndarray of int8
        Per code: the seat that wins with perfect play, or ``DRAW`` (-1).
    plies : numpy.ndarray of int32
        Per code: plies to the end under perfect play (-1 for a draw by endless play).
    """

    rules: Rules
    codes: np.ndarray
    winner: np.ndarray
    plies: np.ndarray

    @classmethod
    def solve(cls, rules: Rules, *, max_memory: int | None = None) -> SolvedTable:
        """Enumerate and solve every position reachable from the start of ``rules``.

        Raises ValueError when the board has no 64-bit codes, SearchLimitError when it
        would not fit in ``max_memory`` (default: the memory available).
        """
        game = ValgardGame(rules)
        if game.packed_code(game.initial_state()) is None:
            raise ValueError(
                f"{rules.rows}x{rules.cols} with reserve {rules.reserve}: positions have no "
                "64-bit code, so there is no solved table"
            )
        graph = packed_state_graph(game, max_states=2**31 - 1, max_memory=max_memory)
        winner, plies = retrograde(graph)
        graph = graph.without_predecessors()  # freed before the codes are read back
        order = np.argsort(graph.codes)
        return cls(rules, graph.codes[order], winner[order], plies[order].astype(np.int32))

    @cached_property
    def game(self) -> ValgardGame:
        """The game of the table's rules."""
        return ValgardGame(self.rules)

    @property
    def size(self) -> int:
        """Number of codes (a position and its mirror image share one)."""
        return self.codes.size

    @cached_property
    def positions(self) -> int:
        """Number of positions."""
        return int(self.game.packed_class_sizes(self.codes).sum())

    def result(self, state: ValgardState) -> tuple[int, int]:
        """``(winner, plies)`` of ``state``: the winning seat or ``DRAW``, and the plies
        to the end (-1 for a draw by endless play). KeyError when it is not in the table."""
        code = self.game.packed_code(state)
        at = int(np.searchsorted(self.codes, np.uint64(code or 0)))
        if code is None or at == self.size or int(self.codes[at]) != code:
            raise KeyError(f"this position is not reachable from the start:\n{state.render()}")
        return int(self.winner[at]), int(self.plies[at])

    def outcome(self, state: ValgardState, *, seat: int | None = None) -> tuple[str, int | None]:
        """``("win" | "loss" | "draw", plies)`` for ``seat`` (default: the side to move);
        plies is None for a draw by endless play."""
        winner, plies = self.result(state)
        seat = state.mover if seat is None else seat
        value = "draw" if winner == DRAW else "win" if winner == seat else "loss"
        return value, None if plies < 0 else plies

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the table and its rules as a compressed ``.npz``, atomically."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        try:
            with os.fdopen(handle, "wb") as out:
                np.savez_compressed(
                    out,
                    format=np.array(_FORMAT),
                    rules=np.array(json.dumps(self.rules.to_dict(), sort_keys=True)),
                    codes=self.codes,
                    winner=self.winner,
                    plies=self.plies,
                )
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
        return path

    @classmethod
    def load(cls, path: str | os.PathLike[str], rules: Rules | None = None) -> SolvedTable:
        """Read a table written by :meth:`save`; with ``rules``, refuse (RulesError)
        a table solved under other rules. DataError names the file and what is wrong."""
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except (OSError, ValueError) as error:
            raise DataError(str(path), f"expected a solved Valgard table (.npz): {error}") from None
        missing = sorted({"format", "rules", "codes", "winner", "plies"} - set(arrays))
        if missing:
            raise DataError(str(path), f"expected arrays {', '.join(missing)} in a solved table")
        if int(arrays["format"]) != _FORMAT:
            raise DataError(str(path), f"expected table format {_FORMAT}, got {arrays['format']}")
        made = Rules.from_dict(json.loads(str(arrays["rules"])), source=str(path))
        if rules is not None and made != rules:
            changed = ", ".join(
                f"{name} {value!r} (wanted {rules.to_dict()[name]!r})"
                for name, value in made.to_dict().items()
                if rules.to_dict()[name] != value
            )
            raise RulesError(f"{path}: this table was solved under other rules: {changed}")
        sizes = {arrays[name].size for name in ("codes", "winner", "plies")}
        if len(sizes) != 1:
            raise DataError(str(path), "expected codes, winner and plies of one length")
        return cls(made, arrays["codes"], arrays["winner"], arrays["plies"])


def solved_table(
    rules: Rules,
    *,
    folder: str | os.PathLike[str] | None = None,
    max_memory: int | None = None,
) -> SolvedTable:
    """The solved table of ``rules``: loaded when saved before, else solved and saved.

    Looks in ``folder`` (default: :data:`TABLES_DIR`, then :data:`CACHE_DIR`) and
    saves a new table into it (default: :data:`CACHE_DIR`). A table of an older format
    in :data:`CACHE_DIR` is made again over it (the cache holds nothing else); anywhere
    else it is refused.
    """
    name = table_name(rules)
    places = [Path(folder)] if folder is not None else [TABLES_DIR, CACHE_DIR]
    for place in places:
        path = place / name
        if path.exists():
            try:
                return SolvedTable.load(path, rules)
            except DataError:
                if place != CACHE_DIR or _saved_format(path) >= _FORMAT:
                    raise
    table = SolvedTable.solve(rules, max_memory=max_memory)
    table.save(places[-1] / name)
    return table


def _saved_format(path: Path) -> int:
    """The format number a saved table declares (0 when it declares none or is unreadable)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            return int(data["format"]) if "format" in data.files else 0
    except (OSError, ValueError):
        return 0
