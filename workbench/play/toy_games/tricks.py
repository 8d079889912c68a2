"""A two-player trick-taking game with hidden hands: the toy game of hidden information.

>>> game = Tricks()
>>> state = game.initial_state(seed=1)
>>> print(state.render())
hands (1, 3, 7) and (2, 4, 5), table -, tricks (0, 0), seat 0 to play
>>> game.observation(state, 1)  # its own hand, three cards in the other, nothing played
((2, 4, 5), 3, None, (), 0, (0, 0))
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from workbench.errors import RulesError
from workbench.play.agents import python_random
from workbench.play.protocol import TERMINAL, GameInfo
from workbench.play.toy_games.common import illegal_move, win_returns

__all__ = ["Tricks", "TricksState"]


@dataclass(frozen=True, slots=True)
class Tricks:
    """Cards ``1..cards`` shuffled from the seed; each seat is dealt ``hand`` of them, the
    rest stay face down out of play.

    Seat 0 leads the first trick: the leader plays a card face up, the other seat plays
    one, the higher card wins the trick and its winner leads the next. After ``hand``
    tricks the seat with more tricks wins (an even ``hand`` can draw). A seat sees its
    own hand, the card on the table, the cards of the tricks played and the tricks won
    (:meth:`observation`); the other hand and the face-down cards are hidden, and
    :meth:`determinize` deals them afresh.

    Examples
    --------
    >>> game = Tricks(cards=4, hand=1)
    >>> state = game.initial_state(seed=0)
    >>> state.hands, state.face_down
    (((2,), (3,)), (1, 4))
    >>> world = game.determinize(state, 0, python_random(1))  # seat 1 dealt afresh
    >>> world.hands, world.face_down, game.observation(world, 0) == game.observation(state, 0)
    (((2,), (4,)), (1, 3), True)
    """

    cards: int = 7
    hand: int = 3

    def __post_init__(self) -> None:
        if self.hand < 1 or self.cards < 2 * self.hand:
            raise RulesError(
                f"Tricks: expected a hand of at least 1 and cards for two hands, "
                f"got hand={self.hand}, cards={self.cards}"
            )

    @property
    def info(self) -> GameInfo:
        return GameInfo(name="tricks", num_players=2, hidden=True)

    def initial_state(self, *, seed: Any = None) -> TricksState:
        deck = python_random(seed).sample(range(1, self.cards + 1), self.cards)
        hand = self.hand
        hands = (tuple(sorted(deck[:hand])), tuple(sorted(deck[hand : 2 * hand])))
        return TricksState(hands, tuple(sorted(deck[2 * hand :])), None, (), 0, (0, 0))

    def observation(self, state: TricksState, player: int) -> tuple:
        """``(own hand, size of the other hand, table, cards played, leader, tricks)``."""
        other = len(state.hands[1 - player])
        return (state.hands[player], other, state.table, state.played, state.leader, state.tricks)

    def determinize(self, state: TricksState, player: int, rng: random.Random) -> TricksState:
        """``state`` with the other hand dealt afresh from it and the face-down cards."""
        other = 1 - player
        pool = sorted(state.hands[other] + state.face_down)
        rng.shuffle(pool)
        size = len(state.hands[other])
        hands = list(state.hands)
        hands[other] = tuple(sorted(pool[:size]))
        return replace(state, hands=tuple(hands), face_down=tuple(sorted(pool[size:])))


@dataclass(frozen=True, slots=True)
class TricksState:
    """Both hands (sorted), the face-down cards, the card led (or None), the cards of the
    tricks played (leader's card first), the leader and the tricks won.

    Examples
    --------
    >>> state = TricksState(((2, 5), (3, 4)), (1,), None, (), 0, (0, 0))
    >>> state.apply(5).apply(3).tricks, state.apply(2).apply(3).leader
    ((1, 0), 1)
    """

    hands: tuple[tuple[int, ...], tuple[int, ...]]
    face_down: tuple[int, ...]
    table: int | None
    played: tuple[int, ...]
    leader: int
    tricks: tuple[int, int]

    def current_player(self) -> int:
        if not self.hands[0] and not self.hands[1]:
            return TERMINAL
        return self.leader if self.table is None else 1 - self.leader

    def legal_actions(self) -> list[int]:
        player = self.current_player()
        return [] if player == TERMINAL else list(self.hands[player])

    def chance_outcomes(self) -> list:
        return []

    def apply(self, card: Any) -> TricksState:
        player = self.current_player()
        if player == TERMINAL or card not in self.hands[player]:
            raise illegal_move(card, self)
        hands = list(self.hands)
        hands[player] = tuple(c for c in hands[player] if c != card)
        if self.table is None:
            return replace(self, hands=tuple(hands), table=card)
        winner = self.leader if self.table > card else player
        tricks = list(self.tricks)
        tricks[winner] += 1
        played = (*self.played, self.table, card)
        return TricksState(tuple(hands), self.face_down, None, played, winner, tuple(tricks))

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> tuple[float, ...]:
        north, south = self.tricks
        if not self.is_terminal() or north == south:
            return (0.0, 0.0)
        return win_returns(0 if north > south else 1, 2)

    def key(self) -> tuple:
        return (self.hands, self.face_down, self.table, self.played, self.leader, self.tricks)

    def render(self) -> str:
        table = "-" if self.table is None else self.table
        who = "game over" if self.is_terminal() else f"seat {self.current_player()} to play"
        hands = f"hands {self.hands[0]} and {self.hands[1]}"
        return f"{hands}, table {table}, tricks {self.tricks}, {who}"
