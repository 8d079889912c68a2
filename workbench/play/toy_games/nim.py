"""Nim, for any number of players: the first player wins iff the xor of the heaps is not 0.

>>> from functools import reduce
>>> from operator import xor
>>> reduce(xor, Nim().heaps)  # the default (1, 2, 3): the first player loses
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from workbench.errors import RulesError
from workbench.play.protocol import TERMINAL, GameInfo
from workbench.play.toy_games.common import illegal_move, win_returns

__all__ = ["Nim", "NimState"]


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
    """A Nim position: heap sizes and the seat to move.

    Examples
    --------
    >>> NimState((0, 1), 1).apply((1, 1)).returns()  # seat 1 took the last counter
    (-1.0, 1.0)
    """

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
            raise illegal_move(action, self)
        heaps = (*self.heaps[:heap], self.heaps[heap] - taken, *self.heaps[heap + 1 :])
        return NimState(heaps, (self.player + 1) % self.players, self.players)

    def is_terminal(self) -> bool:
        return not any(self.heaps)

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0,) * self.players
        return win_returns((self.player - 1) % self.players, self.players)

    def key(self) -> tuple:
        return (self.heaps, self.player)

    def render(self) -> str:
        return f"heaps {list(self.heaps)}, seat {self.player} to move"
