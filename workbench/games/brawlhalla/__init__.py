"""Brawlhalla, the 1 on 1 Viking board game.

The rooms: ``rules`` (every rule a knob of :class:`Rules`), ``board`` (the board file
and its load/save), ``deck`` (the card list and exact draw odds), ``balance``
(North against South), ``drawing`` (the board as shapes), ``plots`` (matplotlib
figures); combat in ``combat``, ``fights`` and ``guardian``; the build instructions
in ``instructions``, ``checker`` (with ``structure``, ``landforms`` and
``check_report``) and ``generator`` (with its ``constraints``); movement in
``movement``, ``objectives`` and ``chokes``.

>>> from workbench.games.brawlhalla import Rules, check, default_board
>>> check(default_board(), rules=Rules()).valid
True
"""

from workbench.games.brawlhalla.balance import FairnessReport, fairness, instruction_bias
from workbench.games.brawlhalla.board import (
    Board,
    Feature,
    board_from_dict,
    default_board,
    load_board,
    save_board,
)
from workbench.games.brawlhalla.checker import CheckReport, check
from workbench.games.brawlhalla.combat import clash_odds, clash_tables, parse_modifier, power_bonus
from workbench.games.brawlhalla.deck import draw_odds, holding_odds, load_cards
from workbench.games.brawlhalla.drawing import board_picture
from workbench.games.brawlhalla.engine import VICTORIES, Brawlhalla
from workbench.games.brawlhalla.fights import assault, fight, fight_table
from workbench.games.brawlhalla.guardian import guardian_odds, guardian_siege, guardian_table
from workbench.games.brawlhalla.instructions import Instructions
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = [
    "VICTORIES",
    "Board",
    "Brawlhalla",
    "BrawlhallaState",
    "CheckReport",
    "FairnessReport",
    "Feature",
    "Instructions",
    "Rules",
    "assault",
    "board_from_dict",
    "board_picture",
    "check",
    "clash_odds",
    "clash_tables",
    "default_board",
    "draw_odds",
    "fairness",
    "fight",
    "fight_table",
    "guardian_odds",
    "guardian_siege",
    "guardian_table",
    "holding_odds",
    "instruction_bias",
    "load_board",
    "load_cards",
    "parse_modifier",
    "power_bonus",
    "save_board",
]
