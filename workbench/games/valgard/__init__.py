"""Valgard: a two-player abstract on octagons and rune sockets (rules, engine, analysis)."""

from workbench.games.valgard.board import Board
from workbench.games.valgard.engine import PIECE_CODES, ValgardGame, ValgardState
from workbench.games.valgard.rules import PLAYER_NAMES, Rules

__all__ = ["PIECE_CODES", "PLAYER_NAMES", "Board", "Rules", "ValgardGame", "ValgardState"]
