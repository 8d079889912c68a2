"""A two-player dice race: a game with chance nodes, whose answer brute-force expectiminimax gives.

>>> state = DiceRace(turns=1).initial_state()
>>> state.legal_actions(), state.apply("hold").render()
(['hold', 'roll'], 'scores (1, 0), round 1/1, seat 1 to choose')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from workbench.play.protocol import CHANCE, TERMINAL, GameInfo
from workbench.play.toy_games.common import illegal_move

__all__ = ["DiceRace", "DiceRaceState"]


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
    """Rounds, die size, scores, seat to move, rounds done, and whether a die is in the air.

    Examples
    --------
    >>> DiceRace(turns=1).initial_state().apply("roll").apply(3).scores
    (3, 0)
    """

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
                raise illegal_move(action, self)
            return self._score(0 if action == 1 else action)
        if action == "roll" and self.done < self.turns:
            return DiceRaceState(self.turns, self.sides, self.scores, self.player, self.done, True)
        if action == "hold" and self.done < self.turns:
            return self._score(1)
        raise illegal_move(action, self)

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
