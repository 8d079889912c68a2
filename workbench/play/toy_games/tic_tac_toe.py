"""The m,n,k-game (tic-tac-toe and its larger, many-player relatives).

3x3 with two players is a draw under perfect play, with 5,478 reachable positions.

>>> game = TicTacToe()
>>> len(game.lines), game.lines[0]  # 3 rows, 3 columns, 2 diagonals; the top row first
(8, (0, 1, 2))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from workbench.errors import RulesError
from workbench.play.protocol import TERMINAL, GameInfo
from workbench.play.toy_games.common import grid_text, illegal_move, win_returns

__all__ = ["TicTacToe", "TicTacToeState"]

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
    """A position: one entry per cell (-1 empty, else the seat), the seat to move, the winner.

    Examples
    --------
    >>> state = TicTacToe().initial_state()
    >>> for cell in (0, 3, 1, 4, 2):  # X fills the top row
    ...     state = state.apply(cell)
    >>> state.winner, state.returns()
    (0, (1.0, -1.0))
    """

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
            raise illegal_move(cell, self)
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
            return win_returns(self.winner, self.game.players)
        return (0.0,) * self.game.players

    def key(self) -> tuple:
        return (self.board, self.player)

    def render(self) -> str:
        return grid_text([_MARKS[m] if m >= 0 else "." for m in self.board], cols=self.game.cols)
