"""Pursuit, a hunter and a runner on a grid: a game with cycles, solved by fixed-point iteration.

>>> game = Pursuit(rows=3, cols=3)
>>> sorted(game.exit_cells), game.neighbours[4]  # the corners; the centre, then its neighbours
([0, 2, 6, 8], (4, 1, 3, 5, 7))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from workbench.errors import RulesError
from workbench.play.protocol import TERMINAL, GameInfo
from workbench.play.toy_games.common import grid_text, illegal_move

__all__ = ["Pursuit", "PursuitState"]


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
        """Cell indices of the exits."""
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
        to_exit = min(
            abs(row - r) + abs(col - c) for r, c in (divmod(e, self.cols) for e in self.exit_cells)
        )
        to_hunter = abs(row - state.hunter // self.cols) + abs(col - state.hunter % self.cols)
        runner_edge = (to_hunter - to_exit) / (self.rows + self.cols)
        return (-runner_edge, runner_edge)


@dataclass(frozen=True, slots=True, eq=False)
class PursuitState:
    """Hunter cell, runner cell (indices ``row * cols + col``) and the seat to move.

    Examples
    --------
    >>> state = Pursuit(rows=3, cols=3).initial_state()  # hunter on 4, runner on 1
    >>> state.apply(4).legal_actions()  # the runner stays, or steps aside: not onto the hunter
    [1, 0, 2]
    """

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
            raise illegal_move(cell, self)
        if self.player == 0 and cell in self.game.neighbours[self.hunter]:
            return PursuitState(self.game, cell, self.runner, 1)
        if self.player == 1 and cell in self.game.neighbours[self.runner] and cell != self.hunter:
            return PursuitState(self.game, self.hunter, cell, 0)
        raise illegal_move(cell, self)

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
        return grid_text(cells, cols=self.game.cols)
