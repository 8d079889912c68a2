"""Brawlhalla, the 1 on 1 Viking board game: rules, exact combat odds, guardian, fights;
the board, its checker, movement, fairness and cards live in their own modules
(``board``, ``checker``, ``movement``, ``objectives``, ``chokes``, ``fairness``, ``cards``)."""

from workbench.games.brawlhalla.combat import clash_odds, clash_tables, parse_modifier, power_bonus
from workbench.games.brawlhalla.fights import assault, fight, fight_table
from workbench.games.brawlhalla.guardian import guardian_odds, guardian_siege, guardian_table
from workbench.games.brawlhalla.rules import Rules

__all__ = [
    "Rules",
    "assault",
    "clash_odds",
    "clash_tables",
    "fight",
    "fight_table",
    "guardian_odds",
    "guardian_siege",
    "guardian_table",
    "parse_modifier",
    "power_bonus",
]
