"""Small games with known answers, to test and demonstrate the play toolkit.

Each game implements :mod:`workbench.play.protocol` and covers one capability:

======================  =======  ======  ======  =========  ===========================
game                    players  chance  cycles  heuristic  known answer
======================  =======  ======  ======  =========  ===========================
:class:`Nim`            2 or n   no      no      no         first player wins iff the
                                                            xor of the heaps is not 0
:class:`TicTacToe`      2 or n   no      no      yes        3x3, 2 players: a draw,
                                                            5,478 reachable positions
:class:`DiceRace`       2        yes     no      yes        brute-force expectiminimax
:class:`Pursuit`        2        no      yes     yes        fixed-point iteration
======================  =======  ======  ======  =========  ===========================

Win/loss games pay +1 to the winner and share -1 among the others, so that
returns always sum to zero; draws pay 0 to everyone.

>>> from workbench.play.toy_games import TicTacToe
>>> state = TicTacToe().initial_state()
>>> for cell in (4, 0, 8):
...     state = state.apply(cell)
>>> print(state.render())
O . .
. X .
. . X
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from workbench.errors import IllegalMoveError, RulesError
from workbench.play.protocol import CHANCE, TERMINAL, GameInfo

__all__ = [
    "DiceRace",
    "DiceRaceState",
    "Nim",
    "NimState",
    "Pursuit",
    "PursuitState",
    "TicTacToe",
    "TicTacToeState",
]


def _win_returns(winner: int, num_players: int) -> tuple[float, ...]:
    """+1 to ``winner``, the -1 shared among the others (zero-sum)."""
    loss = -1.0 / (num_players - 1)
    return tuple(1.0 if seat == winner else loss for seat in range(num_players))


def _illegal(action: Any, state: Any) -> IllegalMoveError:
    return IllegalMoveError(
        f"action {action!r} is not legal in {type(state).__name__} {state.key()}"
    )


# --------------------------------------------------------------------------- Nim
@dataclass(frozen=True, slots=True)
class Nim:
    """Nim: take any number of counters from one heap; who takes the last one wins.

    Parameters
    ----------
    heaps : tuple of int
        Starting heap sizes.
    players : int
        Seats taking turns in order (the last taker wins, the others share the loss).

    Examples
    --------
    >>> game = Nim((1, 2))
    >>> game.initial_state().legal_actions()
    [(0, 1), (1, 1), (1, 2)]
    """

    heaps: tuple[int, ...] = (1, 2, 3)
    players: int = 2

    def __post_init__(self) -> None:
        if self.players < 2:
            raise RulesError(f"Nim.players: expected at least 2, got {self.players}")
        if not self.heaps or min(self.heaps) < 0:
            raise RulesError(f"Nim.heaps: expected non-negative sizes, got {self.heaps}")

    @property
    def info(self) -> GameInfo:
        return GameInfo(name="nim", num_players=self.players)

    def initial_state(self, *, seed: Any = None) -> NimState:
        return NimState(tuple(self.heaps), 0, self.players)


@dataclass(frozen=True, slots=True)
class NimState:
    """A Nim position: heap sizes and the seat to move."""

    heaps: tuple[int, ...]
    player: int
    players: int = 2

    def current_player(self) -> int:
        return self.player if any(self.heaps) else TERMINAL

    def legal_actions(self) -> list[tuple[int, int]]:
        return [(i, n) for i, heap in enumerate(self.heaps) for n in range(1, heap + 1)]

    def chance_outcomes(self) -> list:
        return []

    def apply(self, action: tuple[int, int]) -> NimState:
        heap, taken = action
        if not (0 <= heap < len(self.heaps) and 1 <= taken <= self.heaps[heap]):
            raise _illegal(action, self)
        heaps = (*self.heaps[:heap], self.heaps[heap] - taken, *self.heaps[heap + 1 :])
        return NimState(heaps, (self.player + 1) % self.players, self.players)

    def is_terminal(self) -> bool:
        return not any(self.heaps)

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0,) * self.players
        return _win_returns((self.player - 1) % self.players, self.players)

    def key(self) -> tuple:
        return (self.heaps, self.player)

    def render(self) -> str:
        return f"heaps {list(self.heaps)}, seat {self.player} to move"


# --------------------------------------------------------------------- TicTacToe
_MARKS = "XO+*#@"


@dataclass(frozen=True)
class TicTacToe:
    """The m,n,k-game: players in turn mark a cell; ``k`` in a row wins; a full board draws.

    Parameters
    ----------
    rows, cols : int
        Board size.
    k : int
        Marks in a straight line (row, column or diagonal) needed to win.
    players : int
        Seats taking turns (marks X, O, +, ...).

    Notes
    -----
    The heuristic counts, for each seat, the lines of ``k`` cells still open to it,
    weighting each by the share of its cells already marked, centres the counts
    so that they sum to zero and divides them by the number of lines.

    Examples
    --------
    >>> game = TicTacToe(rows=4, cols=4, k=3, players=3)
    >>> game.info.num_players, len(game.initial_state().legal_actions())
    (3, 16)
    """

    rows: int = 3
    cols: int = 3
    k: int = 3
    players: int = 2

    def __post_init__(self) -> None:
        if not 1 <= self.k <= max(self.rows, self.cols):
            raise RulesError(f"TicTacToe.k: expected 1..{max(self.rows, self.cols)}, got {self.k}")
        if not 2 <= self.players <= len(_MARKS):
            raise RulesError(f"TicTacToe.players: expected 2..{len(_MARKS)}, got {self.players}")

    @property
    def info(self) -> GameInfo:
        return GameInfo(name="tic-tac-toe", num_players=self.players)

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every straight line of ``k`` cells, as cell indices ``row * cols + col``."""
        found = []
        for r, c in itertools.product(range(self.rows), range(self.cols)):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(self.k)]
                if all(0 <= rr < self.rows and 0 <= cc < self.cols for rr, cc in cells):
                    found.append(tuple(rr * self.cols + cc for rr, cc in cells))
        return tuple(found)

    @cached_property
    def lines_through(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each cell, the lines that contain it."""
        cells = range(self.rows * self.cols)
        return tuple(tuple(line for line in self.lines if cell in line) for cell in cells)

    def initial_state(self, *, seed: Any = None) -> TicTacToeState:
        return TicTacToeState(self, (-1,) * (self.rows * self.cols), 0, -1)

    def heuristic(self, state: TicTacToeState) -> tuple[float, ...]:
        if state.is_terminal():
            return state.returns()
        score = [0.0] * self.players
        for line in self.lines:
            owners = {state.board[cell] for cell in line} - {-1}
            if len(owners) == 1:
                (owner,) = owners
                held = sum(state.board[cell] == owner for cell in line)
                score[owner] += held / self.k
        mean = sum(score) / self.players
        return tuple((s - mean) / len(self.lines) for s in score)


@dataclass(frozen=True, slots=True, eq=False)
class TicTacToeState:
    """A position: one entry per cell (-1 empty, else the seat), the seat to move, the winner."""

    game: TicTacToe
    board: tuple[int, ...]
    player: int
    winner: int

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    def legal_actions(self) -> list[int]:
        if self.winner >= 0:
            return []
        return [cell for cell, mark in enumerate(self.board) if mark < 0]

    def chance_outcomes(self) -> list:
        return []

    def apply(self, cell: int) -> TicTacToeState:
        if self.winner >= 0 or not (0 <= cell < len(self.board)) or self.board[cell] >= 0:
            raise _illegal(cell, self)
        board = (*self.board[:cell], self.player, *self.board[cell + 1 :])
        won = any(
            all(board[c] == self.player for c in line) for line in self.game.lines_through[cell]
        )
        return TicTacToeState(
            self.game, board, (self.player + 1) % self.game.players, self.player if won else -1
        )

    def is_terminal(self) -> bool:
        return self.winner >= 0 or min(self.board) >= 0

    def returns(self) -> tuple[float, ...]:
        if self.winner >= 0:
            return _win_returns(self.winner, self.game.players)
        return (0.0,) * self.game.players

    def key(self) -> tuple:
        return (self.board, self.player)

    def render(self) -> str:
        marks = [_MARKS[m] if m >= 0 else "." for m in self.board]
        cols = self.game.cols
        return "\n".join(" ".join(marks[r * cols : (r + 1) * cols]) for r in range(self.game.rows))


# ---------------------------------------------------------------------- DiceRace
@dataclass(frozen=True, slots=True)
class DiceRace:
    """A two-player dice race with a choice between safe and risky steps.

    Each of ``turns`` rounds, each player in turn either *holds* (scores 1) or
    *rolls* a die with ``sides`` faces (scores the face, but nothing on a 1). After
    the last round the higher score wins; equal scores draw. Rolling is better on
    average, holding is safer: a leader near the end may prefer to hold.

    Examples
    --------
    >>> state = DiceRace(turns=1).initial_state().apply("roll")
    >>> state.current_player() == CHANCE, state.chance_outcomes()[0]
    (True, (1, Fraction(1, 3)))
    """

    turns: int = 3
    sides: int = 3

    @property
    def info(self) -> GameInfo:
        return GameInfo(name="dice race", num_players=2, chance=True)

    def initial_state(self, *, seed: Any = None) -> DiceRaceState:
        return DiceRaceState(self.turns, self.sides, (0, 0), 0, 0, False)

    def heuristic(self, state: DiceRaceState) -> tuple[float, float]:
        if state.is_terminal():
            return state.returns()
        lead = state.scores[0] - state.scores[1]
        spread = self.sides * self.turns
        return (lead / spread, -lead / spread)


@dataclass(frozen=True, slots=True)
class DiceRaceState:
    """Rounds, die size, scores, seat to move, rounds done, and whether a die is in the air."""

    turns: int
    sides: int
    scores: tuple[int, int]
    player: int
    done: int
    rolling: bool

    def current_player(self) -> int:
        if self.done >= self.turns:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def legal_actions(self) -> list[str]:
        return [] if self.rolling or self.done >= self.turns else ["hold", "roll"]

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        if not self.rolling:
            return []
        return [(face, Fraction(1, self.sides)) for face in range(1, self.sides + 1)]

    def apply(self, action: Any) -> DiceRaceState:
        if self.rolling:
            if action not in range(1, self.sides + 1):
                raise _illegal(action, self)
            return self._score(0 if action == 1 else action)
        if action == "roll" and self.done < self.turns:
            return DiceRaceState(self.turns, self.sides, self.scores, self.player, self.done, True)
        if action == "hold" and self.done < self.turns:
            return self._score(1)
        raise _illegal(action, self)

    def _score(self, points: int) -> DiceRaceState:
        scores = list(self.scores)
        scores[self.player] += points
        done = self.done + (self.player == 1)
        return DiceRaceState(self.turns, self.sides, tuple(scores), 1 - self.player, done, False)

    def is_terminal(self) -> bool:
        return self.done >= self.turns

    def returns(self) -> tuple[float, float]:
        if not self.is_terminal() or self.scores[0] == self.scores[1]:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.scores[0] > self.scores[1] else (-1.0, 1.0)

    def key(self) -> tuple:
        return (self.scores, self.player, self.done, self.rolling)

    def render(self) -> str:
        what = "rolling" if self.rolling else "to choose"
        return (
            f"scores {self.scores}, round {self.done + 1}/{self.turns}, seat {self.player} {what}"
        )


# ----------------------------------------------------------------------- Pursuit
@dataclass(frozen=True)
class Pursuit:
    """A hunter (seat 0) and a runner (seat 1) take turns on a grid: a game with cycles.

    Each turn the mover steps to an orthogonally adjacent cell or stays. The hunter
    wins by stepping onto the runner; the runner may not step onto the hunter and
    wins by reaching an exit cell. Positions repeat, so a runner that can neither
    escape nor be caught draws by running forever.

    Parameters
    ----------
    rows, cols : int
        Grid size.
    exits : tuple of (row, col)
        Exit cells; the default is the four corners.
    hunter, runner : (row, col) or None
        Start cells; default: hunter in the centre, runner on the middle of the top row.

    Examples
    --------
    >>> game = Pursuit(rows=3, cols=3)
    >>> print(game.initial_state().render())
    E R E
    . H .
    E . E
    """

    rows: int = 5
    cols: int = 5
    exits: tuple[tuple[int, int], ...] | None = None
    hunter: tuple[int, int] | None = None
    runner: tuple[int, int] | None = None

    @property
    def info(self) -> GameInfo:
        return GameInfo(name="pursuit", num_players=2, cycles=True, max_plies=200)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, itself then its orthogonal neighbours (the legal steps)."""
        steps = []
        for r, c in itertools.product(range(self.rows), range(self.cols)):
            near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))]
            inside = [
                rr * self.cols + cc
                for rr, cc in near
                if 0 <= rr < self.rows and 0 <= cc < self.cols
            ]
            steps.append((r * self.cols + c, *inside))
        return tuple(steps)

    @cached_property
    def exit_cells(self) -> frozenset[int]:
        corners = ((0, 0), (0, self.cols - 1), (self.rows - 1, 0), (self.rows - 1, self.cols - 1))
        cells = corners if self.exits is None else self.exits
        return frozenset(r * self.cols + c for r, c in cells)

    def initial_state(self, *, seed: Any = None) -> PursuitState:
        hunter = self.hunter or (self.rows // 2, self.cols // 2)
        runner = self.runner or (0, self.cols // 2)
        cells = [r * self.cols + c for r, c in (hunter, runner)]
        if cells[0] == cells[1]:
            raise RulesError(f"Pursuit: hunter and runner both start on {hunter}")
        return PursuitState(self, cells[0], cells[1], 0)

    def heuristic(self, state: PursuitState) -> tuple[float, float]:
        if state.is_terminal():
            return state.returns()
        row, col = divmod(state.runner, self.cols)
        to_exit = min(abs(row - r) + abs(col - c) for r, c in map(self._rc, self.exit_cells))
        to_hunter = abs(row - state.hunter // self.cols) + abs(col - state.hunter % self.cols)
        runner_edge = (to_hunter - to_exit) / (self.rows + self.cols)
        return (-runner_edge, runner_edge)

    def _rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)


@dataclass(frozen=True, slots=True, eq=False)
class PursuitState:
    """Hunter cell, runner cell (indices ``row * cols + col``) and the seat to move."""

    game: Pursuit
    hunter: int
    runner: int
    player: int

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.player == 0:
            return list(self.game.neighbours[self.hunter])
        return [cell for cell in self.game.neighbours[self.runner] if cell != self.hunter]

    def chance_outcomes(self) -> list:
        return []

    def apply(self, cell: int) -> PursuitState:
        if self.is_terminal():
            raise _illegal(cell, self)
        if self.player == 0 and cell in self.game.neighbours[self.hunter]:
            return PursuitState(self.game, cell, self.runner, 1)
        if self.player == 1 and cell in self.game.neighbours[self.runner] and cell != self.hunter:
            return PursuitState(self.game, self.hunter, cell, 0)
        raise _illegal(cell, self)

    def is_terminal(self) -> bool:
        return self.hunter == self.runner or self.runner in self.game.exit_cells

    def returns(self) -> tuple[float, float]:
        if self.hunter == self.runner:
            return (1.0, -1.0)
        if self.runner in self.game.exit_cells:
            return (-1.0, 1.0)
        return (0.0, 0.0)

    def key(self) -> tuple[int, int, int]:
        return (self.hunter, self.runner, self.player)

    def render(self) -> str:
        cells = [
            "E" if i in self.game.exit_cells else "."
            for i in range(self.game.rows * self.game.cols)
        ]
        cells[self.runner] = "R"
        cells[self.hunter] = "H" if self.hunter != self.runner else "X"
        cols = self.game.cols
        return "\n".join(" ".join(cells[r * cols : (r + 1) * cols]) for r in range(self.game.rows))
