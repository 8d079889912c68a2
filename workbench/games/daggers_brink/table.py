"""What never changes during a game of Daggers Brink: the table (seats, rules, deck).

Every state of every game played at one :class:`Table` shares it, so what can be
worked out once is: the seats clockwise from each seat, the draw turns after which
a challenge is allowed or forced, the deck's cards, and the attributes of every
hand met so far (:class:`HandAttributes`, a dict that fills itself).

>>> from workbench.games.daggers_brink.deck import load_deck
>>> from workbench.games.daggers_brink.rules import Rules
>>> table = Table(4, Rules(), load_deck())
>>> table.clockwise[3], table.challenge_turns[4]  # one lap before a challenge, 20 at most
((0, 1, 2, 3), (4, 80))
>>> table.attributes[(0, 3, 12)]  # Speed +1, Health +1 and a wildcard
(3, 3, 2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.games.daggers_brink.deck import Deck
from workbench.games.daggers_brink.rules import Rules

__all__ = ["HandAttributes", "Table"]

Attributes = tuple[int, int, int, int]

#: Hands remembered at most (a safeguard for huge custom decks; each is a few dozen bytes).
MEMO_LIMIT = 1_000_000


class HandAttributes(dict):
    """``attributes[hand]``: (speed, health, defend, attack) of a sorted tuple of card
    types, worked out on first use from the hand without its last card, and remembered
    with it (a dict lookup after that).

    >>> attributes = HandAttributes(((1, 0, 0, 0), (0, 0, 0, 3)), 1)
    >>> attributes[(0, 1, 1)], attributes.of([1, 0, 1]), sorted(attributes)
    ((2, 1, 1, 7), (2, 1, 1, 7), [(), (0,), (0, 1), (0, 1, 1)])
    """

    def __init__(self, bonus: Sequence[Attributes], base: int):
        super().__init__()
        self.bonus, self.base = tuple(bonus), base

    def of(self, cards: Sequence[int]) -> Attributes:
        """The attributes of any sequence of card types (remembered only for tuples)."""
        if type(cards) is tuple:
            return self[cards]
        sp = he = de = at = self.base
        bonus = self.bonus
        for card in cards:
            b = bonus[card]
            sp += b[0]
            he += b[1]
            de += b[2]
            at += b[3]
        return (sp, he, de, at)

    def __missing__(self, hand: tuple[int, ...]) -> Attributes:
        """The hand without its last card (usually remembered) plus that card's bonus."""
        if hand:
            speed, health, defend, attack = self[hand[:-1]]
            s, h, d, a = self.bonus[hand[-1]]
            value = (speed + s, health + h, defend + d, attack + a)
        else:
            value = (self.base,) * 4
        if len(self) < MEMO_LIMIT:
            self[hand] = value
        return value

    def __reduce__(self) -> tuple:
        return (type(self), (self.bonus, self.base))  # the hands are worked out again

    @classmethod
    def shared(cls, bonus: Sequence[Attributes], base: int) -> HandAttributes:
        """The one table of this process for these bonuses and base (games and worker
        chunks of the same deck then share what was worked out)."""
        key = (tuple(bonus), base)
        table = _SHARED.get(key)
        if table is None:
            if len(_SHARED) >= _SHARED_LIMIT:  # e.g. a deck editor session: drop the oldest
                del _SHARED[next(iter(_SHARED))]
            table = _SHARED[key] = cls(bonus, base)
        return table


_SHARED: dict[tuple, HandAttributes] = {}
_SHARED_LIMIT = 8


class Table:
    """Seats, rules and deck of a game, and what follows from them (see the module)."""

    __slots__ = (
        "_open", "attributes", "bonus", "cards", "challenge_turns", "clockwise", "compiled",
        "deck", "n", "rules", "scope", "strippable", "succeeds", "wild",
    )  # fmt: skip

    def __init__(self, n: int, rules: Rules, deck: Deck):
        self.n, self.rules, self.deck = n, rules, deck
        #: whether a die face is a hit (or a block): ``succeeds(face)``
        self.succeeds = rules.hit_threshold.__le__
        #: every seat from the left of each seat, clockwise (that seat last)
        self.clockwise = tuple(tuple((seat + k) % n for k in range(1, n + 1)) for seat in range(n))
        never = 1 << 62
        #: draw turns after which a challenge is allowed / forced, by number of players alive
        self.challenge_turns = tuple(
            (
                rules.challenge_after_laps * alive,
                max(rules.challenge_after_laps, rules.draw_lap_limit) * alive
                if rules.draw_lap_limit
                else never,
            )
            for alive in range(n + 1)
        )
        self.bonus = deck.bonuses
        self.attributes = HandAttributes.shared(self.bonus, rules.base_attribute)
        #: what a hand's attributes depend on besides its cards (agents key memos by it)
        self.scope = (self.bonus, rules.base_attribute)
        self.cards = deck.cards()
        self.wild = frozenset(deck.wildcards)
        every = frozenset(range(len(deck.types)))
        self.strippable = every if rules.strip_wildcards else every - self.wild
        self._open: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
        #: the compiled engine's arrays for this table (made on first use; see ``compiled``)
        self.compiled: Any = None

    def open_seats(self, tokens: tuple[int, ...], wounded: int) -> tuple[int, ...]:
        """Seats that may be attacked: living (``tokens``), and not wounded this combat
        phase (bit ``seat`` of ``wounded``) if the wounded sit out; remembered.

        >>> from workbench.games.daggers_brink.deck import load_deck
        >>> Table(4, Rules(), load_deck()).open_seats((2, 0, 1, 3), 0b1000)
        (0, 2)
        """
        key = (tokens, wounded)
        found = self._open.get(key)
        if found is None:
            sit_out = self.rules.wounded_sit_out
            found = tuple(
                seat
                for seat, held in enumerate(tokens)
                if held and not (sit_out and wounded >> seat & 1)
            )
            if len(self._open) < MEMO_LIMIT:
                self._open[key] = found
        return found

    def __reduce__(self) -> tuple:
        """Sent to worker processes as seats, rules and deck (the memo is rebuilt there)."""
        return (type(self), (self.n, self.rules, self.deck))
