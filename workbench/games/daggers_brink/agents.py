"""Agents for Daggers Brink: the base class a designer subclasses in a notebook.

Every agent has ``act(state) -> action`` and dispatches on ``state.decision`` to
one method per decision (``choose_source``, ``choose_discard``, ``choose_attack``,
``choose_wildcards``, ``choose_strip``). :class:`HandAgent` plays every decision
from three small ideas, each a method to override:

- ``hand_value(attributes)``: how much it likes a hand's (speed, health, defend,
  attack); it keeps the best five cards by this value, and takes the discard
  pile's top card only when that improves the hand;
- ``wants_challenge(state)``: challenge after ``patience`` laps of the draw phase;
- ``choose_target(state, targets)``: ``"weakest"`` (the opponent it most likely
  wounds), ``"strongest"`` (the one most likely to wound it), ``"leader"`` (most
  tokens) or ``"random"``.

Agents only look at what the player may see: its own hand, the face-up discard
pile, tokens, and in combat every hand (cards are laid face up). The built-in
strategies are in :mod:`~workbench.games.daggers_brink.strategies`.

>>> from workbench.games.daggers_brink.engine import DaggersBrink
>>> from workbench.play import play_game
>>> game = DaggersBrink(3)
>>> record = play_game(game, [HandAgent(game, seed=s) for s in range(3)], seed=3)
>>> sum(record.returns), record.summary["rounds"] > 0
(1.0, True)

A new strategy is a few lines:

>>> class Speedy(HandAgent):
...     name = "speedy"
...     def hand_value(self, attributes):
...         speed, health, defend, attack = attributes
...         return 10 * speed + attack
>>> Speedy(game, seed=0).name
'speedy'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from workbench.errors import RulesError
from workbench.games.daggers_brink.actions import (
    CHALLENGE,
    DECISIONS,
    DECK,
    DISCARD_PILE,
    PASS,
    Attack,
)
from workbench.games.daggers_brink.odds import wound_chance
from workbench.games.daggers_brink.rules import Rules
from workbench.play.agents import Seed, python_random

__all__ = ["TARGETS", "DaggersAgent", "HandAgent", "choosers"]

#: Target policies understood by :meth:`HandAgent.choose_target`.
TARGETS = ("weakest", "strongest", "leader", "random")

Attributes = tuple[int, int, int, int]
#: Memos of draw-phase choices and hand values, by (``memo_key()``, the table's bonuses and
#: base attribute).
_SHARED_MEMOS: dict[Any, tuple[dict, dict, dict]] = {}
_MEMO_TABLES = 32


class DaggersAgent:
    """Base class: ``act`` dispatches on the decision; subclasses fill in the choices.

    Built like every ``workbench.play`` agent, as ``Agent(game, *, seed=None, **options)``;
    every choice not overridden is uniformly random. Like every agent it reads the state
    only during the call: the engine's fast path shows it one state object that it moves
    on between decisions, so an agent must not keep the state (copy what it needs).

    Parameters
    ----------
    game : DaggersBrink, optional
        The game (unused by the base class; there for the agent-factory convention).
    seed : int, numpy.random.Generator, SeedSequence or None
        Source of the agent's own randomness (random choices), drawn from on first use:
        most strategies never need it (give each agent a generator of its own).
    """

    name: ClassVar[str] = "agent"

    def __init__(self, game: Any = None, *, seed: Seed = None):
        self._seed, self._rng = seed, None
        self.choosers: dict[str, Callable[[Any], Any]] = {
            "source": self.choose_source,
            "discard": self.choose_discard,
            "attack": self.choose_attack,
            "wildcards": self.choose_wildcards,
            "strip": self.choose_strip,
        }

    @property
    def rng(self) -> random.Random:
        """The agent's own random source, drawn from its ``seed`` when first used."""
        if self._rng is None:
            self._rng = python_random(self._seed)
        return self._rng

    def act(self, state: Any) -> Any:
        """The action for the decision ``state`` is at (``choosers[state.decision]``)."""
        return self.choosers[state.decision](state)

    def choose_source(self, state: Any) -> Any:
        return self.rng.choice(state.legal_actions())

    choose_discard = choose_attack = choose_wildcards = choose_strip = choose_source

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class HandAgent(DaggersAgent):
    """Keeps the best hand by :meth:`hand_value`, challenges after ``patience`` laps, attacks
    by a target policy, and discards wildcards when stripping improves its fight.

    Parameters
    ----------
    target : str
        One of :data:`TARGETS`.
    patience : int
        Laps of the draw phase after which it challenges (the rules may forbid
        challenging earlier; 0 means as soon as allowed).
    seed : int, numpy.random.Generator, SeedSequence or None
        For random targets and ties.
    """

    name = "hand"

    def __init__(
        self,
        game: Any = None,
        *,
        seed: Seed = None,
        target: str = "weakest",
        patience: int = 2,
    ):
        super().__init__(game, seed=seed)
        if target not in TARGETS:
            raise RulesError(f"target: expected one of {', '.join(TARGETS)}, got {target!r}")
        if patience < 0:
            raise RulesError(f"patience: expected an integer >= 0, got {patience!r}")
        self.target, self.patience = target, patience
        self._table: Any = None
        self._private: dict[Any, tuple[dict, dict, dict]] = {}
        self._best: dict[tuple[int, ...], tuple[int, float]] = {}
        self._takes: dict[tuple[tuple[int, ...], int], bool] = {}
        self._values: dict[Attributes, float] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(target={self.target!r}, patience={self.patience})"

    def memo_key(self) -> Any:
        """Agents with equal non-None keys value every hand alike and share their memos of
        hand values and draw-phase choices (a speed-up across games); ``None`` (the
        default) keeps them private. Memos are kept apart for each deck and base attribute."""
        return None

    def _rescope(self, state: Any) -> None:
        """Use the memos for the card bonuses and base attribute of ``state``'s table."""
        self._table = state.table
        key = self.memo_key()
        memos = self._private if key is None else _SHARED_MEMOS
        found = memos.get((key, state.table.scope))
        if found is None:
            if len(memos) >= _MEMO_TABLES:  # e.g. a deck editor session: drop the oldest
                del memos[next(iter(memos))]
            found = memos[key, state.table.scope] = ({}, {}, {})
        self._best, self._takes, self._values = found

    # ------------------------------------------------------------- the ideas
    def hand_value(self, attributes: Attributes) -> float:
        """How much the agent likes a hand; by default the sum of its attributes."""
        return float(sum(attributes))

    def wants_challenge(self, state: Any) -> bool:
        """Challenge once ``patience`` laps of the draw phase have passed."""
        return state.turn >= self.patience * (len(state.tokens) - state.tokens.count(0))

    def choose_target(self, state: Any, targets: Sequence[int]) -> int:
        """The seat to attack among ``targets``, by the agent's target policy."""
        if self.target == "random":
            return self.rng.choice(targets)
        attrs, tokens, rules = state.attrs, state.tokens, state.rules
        _, health, defend, attack = attrs[state.player]
        if self.target == "strongest":  # the one most likely to wound me
            keys: list = [wound_chance(attrs[t][3], defend, health, rules=rules) for t in targets]
        else:
            dealt = [wound_chance(attack, attrs[t][2], attrs[t][1], rules=rules) for t in targets]
            if self.target == "weakest":  # the one I most likely wound, the fewest tokens next
                keys = [(chance, -tokens[t]) for chance, t in zip(dealt, targets, strict=True)]
            else:  # the leader: the most tokens, the one I most likely wound next
                keys = [(tokens[t], chance) for chance, t in zip(dealt, targets, strict=True)]
        return targets[keys.index(max(keys))]  # the first of equals, as ``max`` would

    # ------------------------------------------------------- the decisions
    def _value(self, attributes: Attributes) -> float:
        """:meth:`hand_value`, remembered for each attribute tuple (it depends on them alone)."""
        value = self._values.get(attributes)
        if value is None:
            value = self._values[attributes] = self.hand_value(attributes)
        return value

    def _best_discard(
        self, state: Any, hand: tuple[int, ...], attributes: Attributes | None = None
    ) -> tuple[int, float]:
        """The card whose discard leaves the best hand (the lowest type among equals), and
        that hand's value; memoised, as ``hand_value`` depends on the attributes alone.
        ``attributes`` are the hand's, if known."""
        known = self._best.get(hand)
        if known is None:
            speed, health, defend, attack = attributes or state.hand_attributes(hand)
            bonus, best_card, best = state.card_bonuses, -1, 0.0
            for card in sorted(set(hand)):
                s, h, d, a = bonus[card]
                value = self._value((speed - s, health - h, defend - d, attack - a))
                if best_card < 0 or value > best:
                    best_card, best = card, value
            known = self._best[hand] = (best_card, best)
        return known

    def _takes_top(self, state: Any, hand: tuple[int, ...], top: int) -> bool:
        """Whether the discard pile's ``top`` card, drawn into ``hand``, would be kept and
        make a better hand (memoised by :meth:`choose_source`)."""
        attributes = state.hand_attributes(hand)
        s, h, d, a = state.card_bonuses[top]
        with_top = (attributes[0] + s, attributes[1] + h, attributes[2] + d, attributes[3] + a)
        kept, value = self._best_discard(state, tuple(sorted((*hand, top))), with_top)
        takes = self._takes[hand, top] = kept != top and value > self._value(attributes)
        return takes

    def choose_source(self, state: Any) -> Any:
        if state.table is not self._table:
            self._rescope(state)
        if (
            state.challenger < 0
            and state.may_challenge()
            and (state.must_challenge() or self.wants_challenge(state))
        ):
            return CHALLENGE
        discard = state.discard
        if discard:
            hand, top = state.hands[state.player], discard[-1]
            takes = self._takes.get((hand, top))
            if takes is None:
                takes = self._takes_top(state, hand, top)
            if takes:
                return DISCARD_PILE
        return DECK if state.deck_drawable() else DISCARD_PILE

    def choose_discard(self, state: Any) -> Any:
        if state.table is not self._table:
            self._rescope(state)
        hand = state.hands[state.player]
        card = self._best_discard(state, hand)[0]
        if card != state.drawn or state.rules.discard_drawn_card:
            return card
        legal = state.legal_actions()  # the card just drawn must stay
        full, bonus = state.hand_attributes(hand), state.card_bonuses
        return max(legal, key=lambda c: (self._value(_minus(full, bonus[c])), -c))

    def choose_attack(self, state: Any) -> Any:
        targets = state.targets(state.player)
        if not targets:
            return PASS
        target = targets[0] if len(targets) == 1 else self.choose_target(state, targets)
        choices = state.wildcard_choices(state.player)
        if len(choices) == 1:
            return Attack(target, choices[0])
        best = max(choices, key=lambda w: self._fight_value(state, w, target, True))
        return Attack(target, best)

    def choose_wildcards(self, state: Any) -> Any:
        attacker = state.fight[0]
        return max(
            state.legal_actions(),
            key=lambda w: self._fight_value(state, w, attacker, False),
        )

    def choose_strip(self, state: Any) -> Any:
        attacker, defender = state.fight[0], state.fight[1]
        me = state.player
        victim = defender if me == attacker else attacker
        mine, theirs = state.attributes(me), state.attributes(victim)
        bonus, rules = state.card_bonuses, state.rules
        return _best_strip(mine, theirs, state.legal_actions(), bonus, me == attacker, rules)

    # --------------------------------------------------------------- helpers
    def _fight_value(
        self, state: Any, wildcards: tuple[int, ...], other: int, attacking: bool
    ) -> tuple[float, int]:
        """My fight chance if I discard ``wildcards`` and strip the opponent's most useful
        cards; ties prefer keeping wildcards (they also add +1 to every attribute)."""
        bonus, rules = state.card_bonuses, state.rules
        mine, theirs = state.attributes(state.player), state.attributes(other)
        their_hand = list(state.hands[other])
        for card in wildcards:
            mine = _minus(mine, bonus[card])
        for _ in wildcards:
            options = sorted(state.strippable_types.intersection(their_hand))
            if not options:
                break
            stripped = _best_strip(mine, theirs, options, bonus, attacking, rules)
            their_hand.remove(stripped)
            theirs = _minus(theirs, bonus[stripped])
        return (_fight_chance(mine, theirs, attacking, rules), -len(wildcards))


def _minus(attributes: Attributes, bonus: Attributes) -> Attributes:
    """Attributes without one card's ``bonus``."""
    return (attributes[0] - bonus[0], attributes[1] - bonus[1], attributes[2] - bonus[2],
            attributes[3] - bonus[3])  # fmt: skip


def _fight_chance(mine: Attributes, theirs: Attributes, attacking: bool, rules: Rules) -> float:
    """My chance of the fight going my way (wounding them, or not being wounded)."""
    if attacking:
        return wound_chance(mine[3], theirs[2], theirs[1], rules=rules)
    return 1.0 - wound_chance(theirs[3], mine[2], mine[1], rules=rules)


def _best_strip(
    mine: Attributes,
    theirs: Attributes,
    options: Sequence[int],
    bonus: Sequence[Attributes],
    attacking: bool,
    rules: Rules,
) -> int:
    """The card of ``options`` (ascending types) whose strip from the opponent helps my
    fight most; the lowest type among equals."""
    chances = [_fight_chance(mine, _minus(theirs, bonus[c]), attacking, rules) for c in options]
    return options[chances.index(max(chances))]


def choosers(agent: Any) -> dict[str, Callable[[Any], Any]]:
    """What ``agent.act`` calls at each decision: a :class:`DaggersAgent`'s ``choose_*``
    methods (unless it overrides ``act``), else ``act`` itself (the engine's fast path
    calls these directly).

    >>> choosers(HandAgent())["discard"].__name__
    'choose_discard'
    >>> from workbench.play import RandomAgent
    >>> choosers(RandomAgent())["attack"].__name__
    'act'
    """
    if isinstance(agent, DaggersAgent) and type(agent).act is DaggersAgent.act:
        return agent.choosers
    return dict.fromkeys(DECISIONS, agent.act)
