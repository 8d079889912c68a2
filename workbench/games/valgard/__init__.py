"""Valgard: a two-player abstract on octagons and rune sockets (rules, engine, analysis).

Rooms: :mod:`~workbench.games.valgard.rules` (every knob), ``geometry`` (the
bitboard geometry of a board), ``moves`` (move generation on raw positions),
``notation`` (positions and actions as text), ``engine`` (the game on the play
protocol), ``agents`` (MCTS settings and the material heuristic), ``exact``
(small boards solved exactly), ``solved`` (solved tables saved and loaded),
``hints`` (each move's exact value, and the perfect player), ``balance``
(self-play studies) and ``drawing`` (positions and the printable board as pictures).
"""

from workbench.games.valgard.engine import ValgardGame, ValgardState
from workbench.games.valgard.geometry import ValgardGeometry
from workbench.games.valgard.notation import PIECE_CODES
from workbench.games.valgard.rules import PLAYER_NAMES, Rules

__all__ = [
    "PIECE_CODES",
    "PLAYER_NAMES",
    "Rules",
    "ValgardGame",
    "ValgardGeometry",
    "ValgardState",
]
