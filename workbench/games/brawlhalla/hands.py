"""The card hook of a Brawlhalla turn: hands dealt at the start, cards drawn each turn.

With ``Rules.cards`` off (the default) nothing happens and hands stay empty. With it
on, the draw deck of ``data/brawlhalla/cards.csv`` (basic, ruin and face-down cards,
each as many times as its ``count``) is shuffled from the game's seed, each side is
dealt ``opening_hand`` cards, and at the start of its turn a side draws
``draws_per_turn`` cards plus one per ruin it captured since. Playing cards, their
effects and the choice of discard belong to the cards engine; until then a card drawn
into a full hand (``hand_limit``) is discarded.

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

from workbench.games.brawlhalla.rules import Rules

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["Hands"]


class Hands:
    """Deals and draws cards for one rules object (a no-op when ``Rules.cards`` is off)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def deal(self, state: BrawlhallaState, seed: Any) -> None:
        """Shuffle the deck from ``seed`` and deal the opening hands into ``state``."""
        if not self.rules.cards:
            return
        from workbench.games.brawlhalla.deck import draw_deck, load_cards

        cards = draw_deck(load_cards())
        counts = zip(cards["name"], cards["count"], strict=True)
        pile = [name for name, n in counts for _ in range(n)]
        order = np.random.default_rng(seed).permutation(len(pile))
        deck = [pile[i] for i in order]
        hand = self.rules.opening_hand
        state.hands = (tuple(deck[:hand]), tuple(deck[hand : 2 * hand]))
        state.deck = tuple(deck[2 * hand :])

    def draw(self, state: BrawlhallaState, side: int) -> None:
        """The draws of ``side``'s turn start (``state`` is a working copy)."""
        count = self.rules.draws_per_turn + state.cards_due[side]
        due = list(state.cards_due)
        due[side] = 0
        state.cards_due = (due[0], due[1])
        drawn, state.deck = state.deck[:count], state.deck[count:]
        hands = list(state.hands)
        room = max(self.rules.hand_limit - len(hands[side]), 0)
        hands[side] = hands[side] + drawn[:room]
        state.hands = (hands[0], hands[1])
