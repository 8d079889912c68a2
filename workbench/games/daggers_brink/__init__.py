"""Daggers Brink: exact attack odds, deck and hand analysis, a full-game simulator, balance.

Modules
-------
rules       the frozen :class:`Rules` object (every ambiguity of the text a knob)
deck        the deck file (card types, bonuses, counts) and its loader
hands       exact distribution of a hand's attributes, dealt and after keep-the-best draws
odds        exact remaining hits and P(wound) of one attack (on ``workbench.dice``)
symbolic    P(wound) as a polynomial in the chance ``p`` that one die succeeds (sympy)
values      what a card is worth: change in wound chances dealt and taken, in acting first
actions     the decisions, the actions and the record of a fight
chance      where a game's dice and shuffles come from (a seed or a script)
table       what never changes in a game: seats, rules, deck and what follows from them
state       one decision point of a game: what a player sees and may do
phases      the transitions: the deal, the draw phase, combat, the next round
engine      the full game on the ``workbench.play`` protocol
compiled    whole games between hand agents in compiled code (the numba ``kernel``)
kernel      the compiled game (a package: layout, position, chance, phases, agents, loop)
agents      the agent base classes a strategy subclasses (``HandAgent``)
strategies  the built-in strategies (focus, balanced, tank, aggressive) and their names
summary     per-game figures for balance studies
balance     balance studies through the shared tournament runner, with 95% intervals
drawing     the cards as pictures, a deck page by page for printing
plots       heat maps, curves and bar charts
"""

from workbench.games.daggers_brink.actions import Attack, Fight
from workbench.games.daggers_brink.agents import DaggersAgent, HandAgent
from workbench.games.daggers_brink.balance import (
    decisive_attributes,
    draw_phase_hands,
    first_mover,
    game_length,
    play_games,
    tokens_study,
    win_rates,
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
from workbench.games.daggers_brink.drawing import deck_pages, deck_picture
from workbench.games.daggers_brink.engine import DaggersBrink
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
from workbench.games.daggers_brink.state import DaggersState
from workbench.games.daggers_brink.strategies import (
    STRATEGIES,
    AggressiveAgent,
    BalancedAgent,
    FocusAgent,
    TankAgent,
    strategy,
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
    "deck_pages",
    "deck_picture",
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
