"""Perfect-play hints from a solved table: each legal move's exact value, and a perfect player.

The value of a move is the result, for the side to move, of the position it leads
to, looked up in a :class:`~workbench.games.valgard.solved.SolvedTable`: a win or a
loss in so many plies (this move included), or a draw. :class:`TablePlayer` plays a
best move: the quickest win, else a draw, else the slowest loss.

>>> from workbench.games.valgard.exact import small_board_rules
>>> from workbench.games.valgard.solved import SolvedTable
>>> table = SolvedTable.solve(small_board_rules(3, 3, reserve=2))
>>> start = table.game.initial_state()
>>> [str(value) for value in move_values(table, start).values()]
['draw', 'draw', 'draw']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering
from typing import Any

from workbench.games.valgard.engine import ValgardState
from workbench.games.valgard.solved import SolvedTable
from workbench.play.agents import python_random

__all__ = ["MoveValue", "TablePlayer", "best_moves", "move_values"]


@total_ordering
@dataclass(frozen=True)
class MoveValue:
    """The exact value of a move for the side that plays it.

    ``outcome`` is "win", "draw" or "loss"; ``plies`` the plies to the end with this
    move (None for a draw by endless play). Values order from worst to best.

    >>> sorted([MoveValue("win", 5), MoveValue("loss", 2), MoveValue("win", 3),
    ...         MoveValue("draw", None), MoveValue("loss", 6)])[::-1]
    [win in 3, win in 5, draw, loss in 6, loss in 2]
    >>> MoveValue("win", 3).short, MoveValue("draw", None).short
    ('W3', 'D')
    """

    outcome: str
    plies: int | None

    def _rank(self) -> tuple[int, int]:
        plies = self.plies or 0
        return {"win": (2, -plies), "draw": (1, 0), "loss": (0, plies)}[self.outcome]

    def __lt__(self, other: MoveValue) -> bool:
        return self._rank() < other._rank()

    def __str__(self) -> str:
        return self.outcome if self.outcome == "draw" else f"{self.outcome} in {self.plies}"

    __repr__ = __str__

    @property
    def short(self) -> str:
        """``"W3"``, ``"D"`` or ``"L4"``: what fits on an octagon."""
        return "D" if self.outcome == "draw" else f"{self.outcome[0].upper()}{self.plies}"


def move_values(table: SolvedTable, state: ValgardState) -> dict[int, MoveValue]:
    """Each legal action of ``state``, in their order, with its value for the side to move."""
    seat = state.mover
    out = {}
    for action in state.legal_actions():
        outcome, plies = table.outcome(state.apply(action), seat=seat)
        out[action] = MoveValue(outcome, None if plies is None else plies + 1)
    return out


def best_moves(table: SolvedTable, state: ValgardState) -> list[int]:
    """The actions of ``state`` with the best value (see :class:`MoveValue`)."""
    values = move_values(table, state)
    best = max(values.values())
    return [action for action, value in values.items() if not value < best]


class TablePlayer:
    """The perfect player: a best move of a solved table, ties broken at random.

    >>> from workbench.games.valgard.exact import small_board_rules
    >>> from workbench.games.valgard.solved import SolvedTable
    >>> table = SolvedTable.solve(small_board_rules(3, 3, reserve=2))
    >>> state = table.game.initial_state()
    >>> TablePlayer(table, seed=0).act(state) in state.legal_actions()
    True
    """

    def __init__(self, table: SolvedTable, *, seed: Any = None) -> None:
        self.table = table
        self._random = python_random(seed)

    def act(self, state: ValgardState) -> int:
        return self._random.choice(best_moves(self.table, state))

    def __repr__(self) -> str:
        return f"TablePlayer({self.table.rules.rows}x{self.table.rules.cols}, perfect)"
