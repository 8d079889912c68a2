"""Daggers Brink: exact attack odds, deck and hand analysis, a full-game simulator, balance.

Modules
-------
rules     the frozen :class:`Rules` object (every ambiguity of the text a knob)
deck      the deck file (card types, bonuses, counts) and its loader
hands     exact distribution of a hand's attributes, dealt and after keep-the-best draws
odds      exact remaining hits and P(wound) of one attack (on ``workbench.dice``)
symbolic  P(wound) as a polynomial in the chance ``p`` that one die succeeds (sympy)
values    what a card is worth: change in wound chances dealt and taken, in acting first
engine    the full game on the ``workbench.play`` protocol (phases, actions, chance)
compiled  whole games between hand agents in compiled code (the numba ``kernel``)
agents    strategies as small agent classes (focus, balanced, tank, aggressive, ...)
summary   per-game figures for balance studies
study     balance studies through the shared tournament runner, with 95% intervals
plots     heat maps and bar charts
"""

from workbench.games.daggers_brink.actions import Attack, Fight
from workbench.games.daggers_brink.agents import (
    STRATEGIES,
    AggressiveAgent,
    BalancedAgent,
    DaggersAgent,
    FocusAgent,
    HandAgent,
    TankAgent,
    strategy,
)
from workbench.games.daggers_brink.chance import ScriptedChance, SeededChance
from workbench.games.daggers_brink.compiled import compiles
from workbench.games.daggers_brink.deck import (
    ATTRIBUTES,
    CardType,
    Deck,
    load_deck,
    parse_deck_csv,
    save_deck,
)
from workbench.games.daggers_brink.engine import DaggersBrink, DaggersState
from workbench.games.daggers_brink.hands import (
    attribute_marginals,
    attribute_means,
    card_ranking,
    hand_attribute_distribution,
)
from workbench.games.daggers_brink.odds import (
    remaining_hits,
    remaining_hits_distribution,
    remaining_hits_table,
    wound_probability,
    wound_table,
)
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.study import (
    decisive_attributes,
    draw_phase_hands,
    first_mover,
    game_length,
    play_games,
    tokens_study,
    win_rates,
)
from workbench.games.daggers_brink.symbolic import (
    threshold_comparison,
    wound_polynomial,
    wound_polynomials,
)
from workbench.games.daggers_brink.values import card_values, fight_chances

__all__ = [
    "ATTRIBUTES",
    "STRATEGIES",
    "AggressiveAgent",
    "Attack",
    "BalancedAgent",
    "CardType",
    "DaggersAgent",
    "DaggersBrink",
    "DaggersState",
    "Deck",
    "Fight",
    "FocusAgent",
    "HandAgent",
    "Rules",
    "ScriptedChance",
    "SeededChance",
    "TankAgent",
    "attribute_marginals",
    "attribute_means",
    "card_ranking",
    "card_values",
    "compiles",
    "decisive_attributes",
    "draw_phase_hands",
    "fight_chances",
    "first_mover",
    "game_length",
    "hand_attribute_distribution",
    "load_deck",
    "parse_deck_csv",
    "play_games",
    "remaining_hits",
    "remaining_hits_distribution",
    "remaining_hits_table",
    "save_deck",
    "strategy",
    "threshold_comparison",
    "tokens_study",
    "win_rates",
    "wound_polynomial",
    "wound_polynomials",
    "wound_probability",
    "wound_table",
]
