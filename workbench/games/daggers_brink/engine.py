"""The full game of Daggers Brink as an immutable state machine (``workbench.play`` protocol).

A state is a decision of one player; ``apply`` returns the next decision, doing
everything automatic in between (dealing, reshuffling, rolling, resolving fights,
passing the deal). The decisions, named by :attr:`DaggersState.decision`:

``"source"``    draw from the ``"deck"`` or the ``"discard"`` pile, ``"challenge"``, or
                (only if the rules allow standing after a challenge) ``"stand"``;
``"discard"``   a card type (index into the deck's types) to discard;
``"attack"``    an :class:`Attack` (target seat and the wildcards to discard) or ``"pass"``;
``"wildcards"`` the attacked player's answer: a tuple of wildcard types to discard;
``"strip"``     a card type to strip from the opponent's hand.

Dice and shuffles come from the state's chance source (a seed or a script), so a
seed fixes the whole game and scripted games test each rule. Seats are numbered
clockwise: "the player to the left" of seat ``i`` is the next living seat ``i + 1``.

``workbench.play.play_game`` (and so every tournament) plays a game through
:meth:`DaggersBrink.play_fast`: the same transitions on one private state moved on in
place, a copy per game instead of one per decision; tests play many seeded games
both ways and find them equal.

>>> game = DaggersBrink(4)
>>> state = game.initial_state(seed=1)
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

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.daggers_brink.actions import (
    CHALLENGE,
    DECK,
    DISCARD_PILE,
    PASS,
    STAND,
    Attack,
    Fight,
)
from workbench.games.daggers_brink.agents import DaggersAgent, choosers
from workbench.games.daggers_brink.chance import Chance, SeededChance
from workbench.games.daggers_brink.compiled import play_compiled
from workbench.games.daggers_brink.deck import Deck, load_deck
from workbench.games.daggers_brink.phases import HANDLERS, play_in_place, start_game, without
from workbench.games.daggers_brink.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from workbench.games.daggers_brink.summary import game_summary
from workbench.games.daggers_brink.table import Table
from workbench.play.agents import RandomAgent
from workbench.play.protocol import TERMINAL, GameInfo

__all__ = ["DaggersBrink", "DaggersState"]

#: Agents known to read the state only during ``act`` (so the fast path may reuse it).
_SHARE_STATE = (DaggersAgent, RandomAgent)


class DaggersBrink:
    """The game for ``num_players`` seats under ``rules`` with ``deck`` (default: standard).

    >>> DaggersBrink(3).info.num_players
    3
    """

    def __init__(
        self,
        num_players: int = 4,
        *,
        rules: Rules | None = None,
        deck: Deck | None = None,
        compiled: bool = True,
    ):
        if not isinstance(num_players, int) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise RulesError(
                f"num_players: expected an integer {MIN_PLAYERS}..{MAX_PLAYERS}, "
                f"got {num_players!r}"
            )
        self.rules = rules or Rules()
        self.deck = deck or load_deck()
        needed = num_players * (self.rules.hand_size + 1) + 2
        if self.deck.size < needed:
            raise RulesError(
                f"deck: {self.deck.size} cards, {num_players} players of {self.rules.hand_size} "
                f"cards need at least {needed}"
            )
        self.info = GameInfo(name="daggers_brink", num_players=num_players, zero_sum=False)
        #: whether whole games between hand agents may be played in compiled code
        self.compiled = compiled
        self._setup = Table(num_players, self.rules, self.deck)

    def summary(self, state: DaggersState) -> dict[str, Any]:
        """Figures of a finished game for balance studies (see :func:`game_summary`)."""
        return game_summary(state)

    def play_fast(
        self, state: DaggersState, agents: Sequence[Any], *, max_plies: int | None = None
    ) -> tuple[DaggersState, int] | None:
        """Play a whole game without a state copy per decision, for this package's agents
        and ``RandomAgent``; ``None`` (decline) for others.

        Hand agents the compiled engine knows play there (:func:`play_compiled`, unless
        the game was made with ``compiled=False``), others on one state moved on in place
        (:func:`play_in_place`). ``workbench.play.play_game`` uses it; the result is the
        step loop's, decision by decision (tests play many seeded games every way).
        """
        if not all(isinstance(agent, _SHARE_STATE) for agent in agents):
            return None
        if self.compiled:
            played = play_compiled(state, agents, max_plies)
            if played is not None:
                return played
        return play_in_place(state, [choosers(agent) for agent in agents], max_plies)

    def heuristic(self, state: DaggersState) -> tuple[float, ...]:
        """Each seat's share of the combat tokens still in play."""
        total = sum(state.tokens)
        return tuple(t / total for t in state.tokens)

    def initial_state(self, *, seed: Any = None, chance: Chance | None = None) -> DaggersState:
        """The first decision of a game: the dealer is chosen and the first hands are dealt.

        ``seed`` (int or ``numpy.random.SeedSequence``) fixes every die and shuffle;
        ``chance`` (e.g. a :class:`~workbench.games.daggers_brink.chance.ScriptedChance`)
        replaces them.
        """
        n = self.info.num_players
        state = object.__new__(DaggersState)
        state.table, state._log, state.tokens = self._setup, None, (self.rules.starting_tokens,) * n
        state._c = chance or SeededChance(seed, deck_size=self.deck.size)
        state.round = state.dice = state.shuffles = state.draw_turns = 0
        state.winner, state.fight, state.strips, state.firsts = None, None, (), (0,) * n
        start_game(state)
        return state


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
