"""Valhalla Calling: a one-player grid puzzle about falling in battle, and its solver.

Modules: ``rules`` (the knobs), ``level`` (the JSON format), ``fight`` and
``engine`` (:class:`ValhallaCalling`: the rules, one step at a time), ``search``
(exhaustive search over packed states, layer by layer in NumPy arrays, built on
``bitsets``, ``reach``, ``lookup`` and ``moves``), ``trails`` (few-line plays),
``joint_lines`` and ``exact_lines`` (one-line wins), ``analysis``, ``kill_orders`` (with
``kill_graph`` and ``kill_chunks``; ``prefetch`` asks for memory ahead) and ``solver``
(``solve(level)``), ``baseline`` (the plain single-step oracle), ``generator``, ``pack``
(the level pack in ``data/valhalla_calling/levels``), ``play_session`` (playing by drawing
lines) and ``drawing`` (``level_picture``).

>>> from workbench.games.valhalla import load_pack, solve
>>> solve(load_pack()[0]).winnable
True
"""

from workbench.games.valhalla.drawing import level_picture
from workbench.games.valhalla.engine import Outcome, Situation, ValhallaCalling
from workbench.games.valhalla.generator import generate, random_level
from workbench.games.valhalla.level import Enemy, Hero, Item, Level, load_level, save_level
from workbench.games.valhalla.pack import load_pack, pack_table
from workbench.games.valhalla.rules import STAR_NAMES, Rules
from workbench.games.valhalla.solver import Solution, solve

__all__ = [
    "STAR_NAMES",
    "Enemy",
    "Hero",
    "Item",
    "Level",
    "Outcome",
    "Rules",
    "Situation",
    "Solution",
    "ValhallaCalling",
    "generate",
    "level_picture",
    "load_level",
    "load_pack",
    "pack_table",
    "random_level",
    "save_level",
    "solve",
]
