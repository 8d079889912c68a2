"""Daggers Brink: exact attack odds, deck and hand analysis, a full-game simulator, balance.

Modules
-------
rules    the frozen :class:`Rules` object (every ambiguity of the text a knob)
deck     the deck file (card types, bonuses, counts) and its loader
hands    exact distribution of a hand's attributes, dealt and after keep-the-best draws
"""

from workbench.games.daggers_brink.deck import (
    ATTRIBUTES,
    CardType,
    Deck,
    load_deck,
    parse_deck_csv,
    save_deck,
)
from workbench.games.daggers_brink.hands import (
    attribute_marginals,
    attribute_means,
    card_ranking,
    hand_attribute_distribution,
)
from workbench.games.daggers_brink.rules import Rules

__all__ = [
    "ATTRIBUTES",
    "CardType",
    "Deck",
    "Rules",
    "attribute_marginals",
    "attribute_means",
    "card_ranking",
    "hand_attribute_distribution",
    "load_deck",
    "parse_deck_csv",
    "save_deck",
]
