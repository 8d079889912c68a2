"""The card hook of a Brawlhalla turn: hands dealt at the start, cards drawn and discarded.

With ``Rules.cards`` off (the default) nothing happens and hands stay empty. With it
on, the draw deck (basic, ruin and face-down cards of ``data/brawlhalla/cards.csv``, or
of the card table given to the game, each as many times as its ``count``) is shuffled
from the game's seed, each side is dealt ``opening_hand`` cards, and at the start of its
turn a side draws ``draws_per_turn`` cards plus one per ruin it captured since. A side
holding more than ``hand_limit`` cards must discard, one card of its choice at a time
(the state's ``discarding``), before anything else. An empty deck gives no more cards.
What the cards do: :mod:`~workbench.games.brawlhalla.card_effects`.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> state = Brawlhalla(rules=Rules(cards=True)).initial_state(seed=1)
>>> [len(hand) for hand in state.hands], len(state.deck)
([5, 5], 80)
>>> Brawlhalla().initial_state(seed=1).hands
((), ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from workbench.games.brawlhalla.rules import Rules

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["Hands", "discard_card", "draw_artifact", "draw_cards"]


class Hands:
    """Deals and draws cards for one rules object (a no-op when ``Rules.cards`` is off).

    ``cards`` is a card table as :func:`~.deck.load_cards` reads it (default: the
    shipped ``cards.csv``); its draw deck is what gets shuffled.
    """

    def __init__(self, rules: Rules, cards: pd.DataFrame | None = None) -> None:
        self.rules = rules
        self._cards = cards
        self._pile: tuple[str, ...] | None = None
        self._table: dict[str, tuple[str, int]] | None = None
        self._families: dict[str, str] | None = None
        self._artifacts: tuple[str, ...] | None = None

    @property
    def cards(self) -> pd.DataFrame:
        """The card table in play."""
        if self._cards is None:
            from workbench.games.brawlhalla.deck import load_cards

            self._cards = load_cards()
        return self._cards

    def table(self) -> dict[str, tuple[str, int]]:
        """Card name -> (effect id, ruin coins it consumes), read once."""
        if self._table is None:
            cards = self.cards
            columns = zip(cards["name"], cards["effect"], cards["cost"], strict=True)
            self._table = {name: (str(effect), int(cost)) for name, effect, cost in columns}
        return self._table

    def pile(self) -> tuple[str, ...]:
        """The draw deck before shuffling: each card name as many times as its count."""
        if self._pile is None:
            from workbench.games.brawlhalla.deck import draw_deck

            deck = draw_deck(self.cards)
            counts = zip(deck["name"], deck["count"], strict=True)
            self._pile = tuple(name for name, n in counts for _ in range(int(n)))
        return self._pile

    def families(self) -> dict[str, str]:
        """Card name -> its family (``artifact``, ``basic``, ``ruin``, ``face-down``), read once."""
        if self._families is None:
            cards = self.cards
            self._families = dict(zip(cards["name"], cards["family"], strict=True))
        return self._families

    def artifacts(self) -> tuple[str, ...]:
        """The artifact cards, each as many times as its count (won, never drawn)."""
        if self._artifacts is None:
            cards = self.cards
            artifacts = cards[cards["family"] == "artifact"]
            counts = zip(artifacts["name"], artifacts["count"], strict=True)
            self._artifacts = tuple(name for name, n in counts for _ in range(int(n)))
        return self._artifacts

    def deal(self, state: BrawlhallaState, seed: Any) -> None:
        """Shuffle the deck from ``seed`` and deal the opening hands into ``state``."""
        if not self.rules.cards:
            return
        pile = self.pile()
        rng = np.random.default_rng(seed)
        order = rng.permutation(len(pile))
        deck = [pile[i] for i in order]
        artifacts = self.artifacts()
        state.artifact_pile = tuple(artifacts[i] for i in rng.permutation(len(artifacts)))
        hand = self.rules.opening_hand
        state.hands = (tuple(deck[:hand]), tuple(deck[hand : 2 * hand]))
        state.deck = tuple(deck[2 * hand :])

    def draw(self, state: BrawlhallaState, side: int) -> None:
        """The draws of ``side``'s turn start (``state`` is a working copy)."""
        count = self.rules.draws_per_turn + state.cards_due[side]
        due = list(state.cards_due)
        due[side] = 0
        state.cards_due = (due[0], due[1])
        draw_cards(state, side, count)


def draw_cards(state: BrawlhallaState, side: int, count: int) -> None:
    """``side`` draws ``count`` cards (fewer if the deck runs out); over the hand limit it
    must discard next (``state`` is a working copy)."""
    drawn, state.deck = state.deck[:count], state.deck[count:]
    hands = list(state.hands)
    hands[side] = hands[side] + drawn
    state.hands = (hands[0], hands[1])
    if len(hands[side]) > state.game.rules.hand_limit:
        state.discarding = side


def discard_card(state: BrawlhallaState, side: int, name: str) -> None:
    """One copy of ``name`` goes from ``side``'s hand to the discard pile."""
    hand = list(state.hands[side])
    hand.remove(name)
    hands = list(state.hands)
    hands[side] = tuple(hand)
    state.hands = (hands[0], hands[1])
    state.discard = (*state.discard, name)
    if state.discarding == side and len(hand) <= state.game.rules.hand_limit:
        state.discarding = None


def draw_artifact(state: BrawlhallaState, side: int) -> None:
    """``side`` wins the next artifact card, if any is left (``state`` is a working copy)."""
    if not state.artifact_pile:
        return
    won, state.artifact_pile = state.artifact_pile[0], state.artifact_pile[1:]
    relics = list(state.relics)
    relics[side] = (*relics[side], won)
    state.relics = (relics[0], relics[1])
