"""A dice duel whose balance is a known function of its rules: the tuner's test bench.

Each of ``rounds`` rounds both seats roll a die with ``sides`` faces (seat 0 first);
after the last round the higher total wins, seat 1 adding ``handicap`` to its own.
No decision matters (each turn has the one action ``"roll"``), so the win shares
are exact sums over dice (:func:`exact_win_shares`) and a game lasts exactly
``2 * rounds`` plies: a tuner aimed at a share or a length must find the knob
value these formulas give.

>>> game = HandicapDice(Rules(rounds=1, sides=2, handicap=1))
>>> [str(share) for share in exact_win_shares(game.rules)]
['0', '3/4']
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from workbench.play.protocol import CHANCE, TERMINAL, GameInfo
from workbench.play.toy_games.common import illegal_move
from workbench.rules import knob, rules_class

__all__ = ["HandicapDice", "HandicapDiceState", "Rules", "exact_win_shares"]


@rules_class
class Rules:
    """Rules of the handicap dice duel."""

    rounds: int = knob(
        2, says="Each seat rolls twice.", alternatives="Any number of rounds from 1 to 8.",
        minimum=1, maximum=8,
    )  # fmt: skip
    sides: int = knob(
        6, says="A six-sided die.", alternatives="Any die from 2 to 12 sides.",
        minimum=2, maximum=12,
    )  # fmt: skip
    handicap: int = knob(
        0, says="Seat 1 adds nothing to its total.",
        alternatives="Any bonus from -6 to 6 for seat 1.", minimum=-6, maximum=6,
    )  # fmt: skip


def _totals(rules: Rules) -> Counter:
    """Ways of reaching each total with ``rounds`` dice."""
    faces = range(1, rules.sides + 1)
    return Counter(sum(roll) for roll in itertools.product(faces, repeat=rules.rounds))


def exact_win_shares(rules: Rules) -> tuple[Fraction, Fraction]:
    """The exact probabilities that seat 0 and seat 1 win outright.

    >>> [str(share) for share in exact_win_shares(Rules(rounds=1, sides=2))]
    ['1/4', '1/4']
    """
    totals = _totals(rules)
    ways = sum(totals.values()) ** 2
    first = sum(
        a * b for x, a in totals.items() for y, b in totals.items() if x > y + rules.handicap
    )
    second = sum(
        a * b for x, a in totals.items() for y, b in totals.items() if x < y + rules.handicap
    )
    return Fraction(first, ways), Fraction(second, ways)


@dataclass(frozen=True, slots=True)
class HandicapDice:
    """The game under its rules (see the module text).

    >>> HandicapDice().info.num_players
    2
    """

    rules: Rules = dataclasses.field(default_factory=Rules)

    @property
    def info(self) -> GameInfo:
        return GameInfo(name="handicap dice", num_players=2, chance=True)

    def initial_state(self, *, seed: Any = None) -> HandicapDiceState:
        return HandicapDiceState(self.rules, (0, 0), 0, False)


@dataclass(frozen=True, slots=True)
class HandicapDiceState:
    """Rules, totals, rolls taken, and whether a die is in the air.

    >>> state = HandicapDice(Rules(rounds=1)).initial_state().apply("roll").apply(5)
    >>> state.totals, state.current_player()
    ((5, 0), 1)
    """

    rules: Rules
    totals: tuple[int, int]
    rolls: int
    rolling: bool

    def current_player(self) -> int:
        if self.rolls >= 2 * self.rules.rounds:
            return TERMINAL
        return CHANCE if self.rolling else self.rolls % 2

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self) -> list[str]:
        return [] if self.rolling or self.is_terminal() else ["roll"]

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        if not self.rolling:
            return []
        return [(face, Fraction(1, self.rules.sides)) for face in range(1, self.rules.sides + 1)]

    def apply(self, action: Any) -> HandicapDiceState:
        if self.rolling and action in range(1, self.rules.sides + 1):
            totals = list(self.totals)
            totals[self.rolls % 2] += action
            return HandicapDiceState(self.rules, (totals[0], totals[1]), self.rolls + 1, False)
        if action == "roll" and not self.rolling and not self.is_terminal():
            return HandicapDiceState(self.rules, self.totals, self.rolls, True)
        raise illegal_move(action, self)

    def returns(self) -> tuple[float, float]:
        if not self.is_terminal():
            return (0.0, 0.0)
        lead = self.totals[0] - self.totals[1] - self.rules.handicap
        return (0.0, 0.0) if lead == 0 else ((1.0, -1.0) if lead > 0 else (-1.0, 1.0))

    def key(self) -> tuple:
        return (self.totals, self.rolls, self.rolling)

    def render(self) -> str:
        return f"totals {self.totals}, handicap {self.rules.handicap}, rolls {self.rolls}"
