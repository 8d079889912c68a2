"""One decision point of a Daggers Brink game: what a player sees and may do.

A :class:`DaggersState` is immutable: ``apply`` returns the next decision (the
transitions are :mod:`~workbench.games.daggers_brink.phases`). The decisions, named by
:attr:`DaggersState.decision`:

``"source"``    draw from the ``"deck"`` or the ``"discard"`` pile, ``"challenge"``, or
                (only if the rules allow standing after a challenge) ``"stand"``;
``"discard"``   a card type (index into the deck's types) to discard;
``"attack"``    an :class:`Attack` (target seat and the wildcards to discard) or ``"pass"``;
``"wildcards"`` the attacked player's answer: a tuple of wildcard types to discard;
``"strip"``     a card type to strip from the opponent's hand.

Seats are numbered clockwise: "the player to the left" of seat ``i`` is the next living
seat ``i + 1``. Besides the protocol, a state answers what agents ask: attributes of
hands, targets, the wildcards a seat may discard, the fights so far.

>>> from workbench.games.daggers_brink.engine import DaggersBrink
>>> state = DaggersBrink(4).initial_state(seed=1)
>>> state.decision, state.legal_actions()
('source', ['deck', 'discard'])
>>> state.apply("deck").decision
'discard'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any

from workbench.errors import IllegalMoveError
from workbench.games.daggers_brink.actions import (
    CHALLENGE,
    DECK,
    DISCARD_PILE,
    PASS,
    STAND,
    Attack,
    Fight,
)
from workbench.games.daggers_brink.deck import Deck
from workbench.games.daggers_brink.phases import HANDLERS, without
from workbench.games.daggers_brink.rules import Rules
from workbench.play.protocol import TERMINAL

__all__ = ["DaggersState"]


class DaggersState:
    """One decision point of a game; immutable (``apply`` returns a new state).

    ``table`` (a :class:`~workbench.games.daggers_brink.table.Table`) is what never
    changes in the game: seats, rules, deck and what follows from them.
    """

    __slots__ = (
        "_c",
        "_log",
        "challenge_turns",
        "challenger",
        "dealer",
        "decision",
        "deck",
        "deck_pos",
        "dice",
        "discard",
        "draw_turns",
        "drawn",
        "fight",
        "firsts",
        "hands",
        "order",
        "order_pos",
        "player",
        "round",
        "shuffles",
        "strips",
        "table",
        "to_the_left",
        "tokens",
        "turn",
        "winner",
        "wounded",
    )  # fmt: skip

    # ----------------------------------------------------------------- protocol
    def current_player(self) -> int:
        return TERMINAL if not self.decision else self.player

    def is_terminal(self) -> bool:
        return not self.decision

    def chance_outcomes(self) -> list:
        return []

    def returns(self) -> tuple[float, ...]:
        """Share of the win: 1 for the last player standing (a time-out splits it)."""
        if self.decision:
            return (0.0,) * self.table.n
        alive = [t > 0 for t in self.tokens]
        share = 1.0 / sum(alive)
        return tuple(share if a else 0.0 for a in alive)

    def legal_actions(self) -> list:
        decision, s = self.decision, self.table
        if decision == "source":
            if self.challenger >= 0:
                return self._draws() + ([STAND] if s.rules.pass_after_challenge else [])
            if self.must_challenge():
                return [CHALLENGE]
            return self._draws() + ([CHALLENGE] if self.may_challenge() else [])
        if decision == "discard":
            return sorted(set(self._discardable()))
        if decision == "attack":
            return self._attacks()
        if decision == "wildcards":
            return self.wildcard_choices(self.fight[1])
        if decision == "strip":
            return sorted(set(self._strippable()))
        return []

    def apply(self, action: Any) -> DaggersState:
        handler = HANDLERS.get(self.decision)
        if handler is None:
            raise IllegalMoveError("the game is over")
        new = self._copy()
        handler(new, action)
        return new

    def key(self) -> tuple:
        return (
            self.tokens, self.dealer, self.round, self.decision, self.player, self.hands,
            self.deck[self.deck_pos :], self.discard, self.turn, self.challenger, self.drawn,
            self.order, self.order_pos, self.wounded, self.fight, self.strips, self.dice,
            self.shuffles,
        )  # fmt: skip

    def render(self) -> str:
        names = self.table.deck.names
        lines = [f"round {self.round}, dealer seat {self.dealer}, {self.decision or 'game over'}"]
        for seat, hand in enumerate(self.hands):
            mark = ">" if self.decision and seat == self.player else " "
            cards = ", ".join(names[t] for t in hand) or "-"
            lines.append(
                f"{mark} seat {seat}: {self.tokens[seat]} token(s), "
                f"SHDA {self.attributes(seat)}: {cards}"
            )
        if self.discard:
            lines.append(f"  discard pile top: {names[self.discard[-1]]}")
        return "\n".join(lines)

    # ------------------------------------------------------------ for agents
    @property
    def rules(self) -> Rules:
        """The rules this game is played under."""
        return self.table.rules

    @property
    def card_types(self) -> Deck:
        """The deck's card types (``hands`` hold indices into ``card_types.types``)."""
        return self.table.deck

    @property
    def card_bonuses(self) -> tuple[tuple[int, int, int, int], ...]:
        """Bonus (speed, health, defend, attack) of each card type."""
        return self.table.bonus

    @property
    def num_players(self) -> int:
        return self.table.n

    @property
    def discard_top(self) -> int | None:
        """The face-up card on the discard pile."""
        return self.discard[-1] if self.discard else None

    def attributes(self, seat: int) -> tuple[int, int, int, int]:
        """(speed, health, defend, attack) of ``seat``'s current hand."""
        return self.table.attributes[self.hands[seat]]

    @property
    def attrs(self) -> tuple[tuple[int, int, int, int], ...]:
        """Every seat's (speed, health, defend, attack)."""
        return tuple(map(self.table.attributes.__getitem__, self.hands))

    def hand_attributes(self, hand: Sequence[int]) -> tuple[int, int, int, int]:
        """(speed, health, defend, attack) of any hand (card type indices)."""
        return self.table.attributes.of(hand)

    @property
    def strippable_types(self) -> frozenset[int]:
        """Card types a discarded wildcard may strip (all, or all but wildcards)."""
        return self.table.strippable

    def alive(self) -> list[int]:
        """Seats that still hold a combat token."""
        return [seat for seat, t in enumerate(self.tokens) if t]

    def is_wounded(self, seat: int) -> bool:
        """Whether ``seat`` was wounded in the current combat phase."""
        return bool(self.wounded >> seat & 1)

    def fights(self) -> list[Fight]:
        """Every fight so far, oldest first."""
        out, node = [], self._log
        while node is not None:
            out.append(node[0])
            node = node[1]
        return out[::-1]

    # ------------------------------------------- legal actions (used by phases)
    def _copy(self) -> DaggersState:
        new = object.__new__(DaggersState)
        new._c = self._c
        new._log = self._log
        new.table = self.table
        new.challenge_turns = self.challenge_turns
        new.challenger = self.challenger
        new.dealer = self.dealer
        new.decision = self.decision
        new.deck = self.deck
        new.deck_pos = self.deck_pos
        new.dice = self.dice
        new.discard = self.discard
        new.draw_turns = self.draw_turns
        new.drawn = self.drawn
        new.fight = self.fight
        new.firsts = self.firsts
        new.hands = self.hands
        new.order = self.order
        new.order_pos = self.order_pos
        new.player = self.player
        new.round = self.round
        new.shuffles = self.shuffles
        new.strips = self.strips
        new.to_the_left = self.to_the_left
        new.tokens = self.tokens
        new.turn = self.turn
        new.winner = self.winner
        new.wounded = self.wounded
        return new

    def deck_drawable(self) -> bool:
        """Whether a card can be drawn from the deck (it holds one, or can be refilled)."""
        return self.deck_pos < len(self.deck) or len(self.discard) >= 2

    def _draws(self) -> list[str]:
        return [DECK, DISCARD_PILE] if self.deck_drawable() else [DISCARD_PILE]

    def _source_is_legal(self, action: Any) -> bool:
        if action == DECK:
            if self.deck_pos >= len(self.deck) and len(self.discard) < 2:
                return False
        elif action == DISCARD_PILE:
            if not self.discard:
                return False
        elif action == CHALLENGE:
            return self.challenger < 0 and self.may_challenge()
        elif action == STAND:
            return self.challenger >= 0 and self.table.rules.pass_after_challenge
        else:
            return False
        return self.challenger >= 0 or not self.must_challenge()

    def may_challenge(self) -> bool:
        """Whether the player to draw may challenge (enough laps of the draw phase passed)."""
        return self.turn >= self.challenge_turns[0]

    def must_challenge(self) -> bool:
        """Whether the player to draw must challenge (the draw phase's lap limit is reached)."""
        return self.turn >= self.challenge_turns[1]

    def _discardable(self) -> tuple[int, ...]:
        hand = self.hands[self.player]
        if self.table.rules.discard_drawn_card or self.drawn < 0:
            return hand
        return without(hand, self.drawn)

    def targets(self, seat: int) -> list[int]:
        """Seats ``seat`` may attack now (living, not itself, not wounded if they sit out)."""
        return [t for t in self.table.open_seats(self.tokens, self.wounded) if t != seat]

    def has_target(self, seat: int) -> bool:
        """Whether ``seat`` has anyone to attack now (see :meth:`targets`)."""
        seats = self.table.open_seats(self.tokens, self.wounded)
        return len(seats) > (seat in seats)

    def wildcard_choices(self, seat: int) -> list[tuple[int, ...]]:
        """Sets of wildcards ``seat`` may discard in a fight (always including none)."""
        if self.table.wild.isdisjoint(self.hands[seat]):
            return [()]
        held = tuple(c for c in self.hands[seat] if c in self.table.wild)
        return list(_wildcard_sets(held, self.table.rules.wildcards_per_fight))

    def _attacks(self) -> list:
        choices = self.wildcard_choices(self.player)
        attacks = [_attack(t, w) for t in self.targets(self.player) for w in choices]
        return [PASS, *attacks] if self.table.rules.attack_optional or not attacks else attacks

    def _attack_is_legal(self, action: Any) -> bool:
        if action == PASS:
            return self.table.rules.attack_optional or not self.targets(self.player)
        if not (isinstance(action, tuple) and len(action) == 2):
            return False
        target, wildcards = action
        return (
            target != self.player
            and target in self.table.open_seats(self.tokens, self.wounded)
            and (wildcards == () or wildcards in self.wildcard_choices(self.player))
        )

    def _strippable(self) -> list[int]:
        attacker, defender = self.fight[0], self.fight[1]
        victim = attacker if self.player == defender else defender
        return [c for c in self.hands[victim] if c in self.table.strippable]


@cache
def _wildcard_sets(held: tuple[int, ...], most: int) -> tuple[tuple[int, ...], ...]:
    """The sub-multisets of the wildcards ``held`` of at most ``most`` cards, sorted."""
    most = min(len(held), most)
    return tuple(sorted({combo for k in range(most + 1) for combo in combinations(held, k)}))


_ATTACKS: dict[tuple[int, tuple[int, ...]], Attack] = {}


def _attack(target: int, wildcards: tuple[int, ...]) -> Attack:
    known = _ATTACKS.get((target, wildcards))
    if known is None:
        known = _ATTACKS[(target, wildcards)] = Attack(target, wildcards)
    return known
