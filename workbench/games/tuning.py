"""Every game the rules tuner can play, with the agents and lineups it plays them with.

Each entry of :data:`TUNE_GAMES` is a :class:`TuneGame`: the base rules, an
:class:`~workbench.play.tune_race.Arena` (how a candidate's rules become a game and who
plays it) and the data parameters the game exposes besides its rules. The command
line (``workbench tune GAME``) and the ``Tuner`` widget read this one table.

==========  =======================================  ================================
game        players and agents                       base rules
==========  =======================================  ================================
brawlhalla  North and South, greedy (self-play)      the rule text, on the shipped
                                                     board
daggers     4 seats; focus, balanced, tank,          the rule text
            aggressive in cyclic seat rotations
raid        3 greedy players (self-play)             version 0.21
valgard     2 greedy players (heuristic look-ahead)  the 4x4 board of the exact results
toy         2 random players (handicap dice)         2 rounds of a d6, no handicap
==========  =======================================  ================================

Seat 0 is North in Brawlhalla (``win rate seat 0`` is North's share); its summary adds
``turns``, ``actions`` and ``first_won`` (1 when the side that began won) as metrics.

>>> sorted(TUNE_GAMES)
['brawlhalla', 'daggers', 'raid', 'toy', 'valgard']
>>> TUNE_GAMES["raid"].arena.lineups
(('greedy', 'greedy', 'greedy'),)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

import numpy as np
import pandas as pd

from workbench.errors import RulesError
from workbench.games.brawlhalla.agents import agent_factory
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.daggers_brink.balance import rotations
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.rules import Rules as DaggersRules
from workbench.games.daggers_brink.strategies import strategy
from workbench.games.valgard.engine import ValgardGame
from workbench.games.valgard.exact import small_board_rules
from workbench.games.valgard.rules import Rules as ValgardRules
from workbench.games.viking_raid.agents import RaidGreedyAgent
from workbench.games.viking_raid.engine import RaidGame
from workbench.games.viking_raid.optimise import mutate_layout
from workbench.games.viking_raid.raid_map import RaidMap, default_map
from workbench.games.viking_raid.rules import Rules as RaidRules
from workbench.play.agents import GreedyAgent, RandomAgent
from workbench.play.toy_games.handicap_dice import HandicapDice
from workbench.play.toy_games.handicap_dice import Rules as ToyRules
from workbench.play.tune_race import Arena
from workbench.play.tune_space import Space

__all__ = [
    "TUNE_GAMES",
    "TuneGame",
    "probe_table",
    "raid_layout_game",
    "raid_layouts",
    "tune_game",
]

_STRATEGIES = ("focus", "balanced", "tank", "aggressive")


@dataclass(frozen=True)
class TuneGame:
    """A game as the tuner sees it: base rules, arena, data parameters (name -> values)."""

    name: str
    rules: Any
    arena: Arena
    data: Mapping[str, Sequence[Any]] = field(default_factory=dict)


def _brawlhalla(rules: Any) -> Brawlhalla:
    return Brawlhalla(rules=rules)


def _daggers(rules: DaggersRules) -> DaggersBrink:
    return DaggersBrink(4, rules=rules)


def _raid(rules: RaidRules) -> RaidGame:
    return RaidGame(rules=rules)


def _valgard(rules: ValgardRules) -> ValgardGame:
    return ValgardGame(rules)


TUNE_GAMES: dict[str, TuneGame] = {
    "brawlhalla": TuneGame(
        "brawlhalla",
        Brawlhalla().rules,
        Arena(_brawlhalla, {"greedy": agent_factory("greedy")}, (("greedy", "greedy"),)),
    ),
    "daggers": TuneGame(
        "daggers",
        DaggersRules(),
        Arena(_daggers, {s: strategy(s) for s in _STRATEGIES}, tuple(rotations(_STRATEGIES, 4))),
    ),
    "raid": TuneGame(
        "raid",
        RaidRules.version("0.21"),
        Arena(_raid, {"greedy": RaidGreedyAgent}, (("greedy",) * 3,)),
    ),
    "valgard": TuneGame(
        "valgard",
        small_board_rules(4, 4),
        Arena(_valgard, {"greedy": GreedyAgent}),
    ),
    "toy": TuneGame("toy", ToyRules(), Arena(HandicapDice, {"random": RandomAgent})),
}


def tune_game(name: str) -> TuneGame:
    """The entry called ``name`` (RulesError listing the known ones).

    >>> tune_game("daggers").arena.lineup_count(DaggersBrink(4))
    4
    """
    if name not in TUNE_GAMES:
        raise RulesError(f"game {name!r}: unknown; known: {', '.join(TUNE_GAMES)}")
    return TUNE_GAMES[name]


@cache
def probe_table(name: str) -> pd.DataFrame:
    """One pass over the lineups of game ``name`` under its base rules (seed 0): the
    table whose columns name the metrics a target may use, and whose values are a
    first guess for the target sliders.

    >>> "rounds" in probe_table("daggers").columns
    True
    """
    game = tune_game(name)
    first = next(iter(game.rules.to_dict()))
    space = Space.from_rules(game.rules, {first: [getattr(game.rules, first)]})
    seed = np.random.SeedSequence(0)
    return game.arena.play(space, space.grid()[0], passes=1, seed=seed, executor=None)


def raid_layouts(count: int = 8, *, steps: int = 4, seed: int = 0) -> dict[str, RaidMap]:
    """The default map and ``count - 1`` treasure layouts around it, each ``steps``
    random changes that keep the total gold and the number of treasure hexes
    (:func:`~workbench.games.viking_raid.optimise.mutate_layout`), by name.

    >>> layouts = raid_layouts(3)
    >>> gold = {m.total_treasure for m in layouts.values()}
    >>> list(layouts), gold == {default_map().total_treasure}
    (['map', 'layout 1', 'layout 2'], True)
    """
    rng = np.random.default_rng(seed)
    layouts = {"map": default_map()}
    for number in range(1, count):
        layout = default_map()
        for _ in range(steps):
            layout = mutate_layout(layout, rng)
        layouts[f"layout {number}"] = layout
    return layouts


def _raid_on(layouts: Mapping[str, RaidMap], rules: RaidRules, *, layout: str) -> RaidGame:
    return RaidGame(layouts[layout], rules)


def raid_layout_game(layouts: Mapping[str, RaidMap]) -> TuneGame:
    """Viking Raid (0.21, greedy self-play) with the treasure layout as a data parameter
    ``layout`` whose values are the names of ``layouts``.

    >>> raid_layout_game(raid_layouts(2)).data
    {'layout': ('map', 'layout 1')}
    """
    arena = TUNE_GAMES["raid"].arena
    make = partial(_raid_on, dict(layouts))
    return TuneGame(
        "raid",
        TUNE_GAMES["raid"].rules,
        Arena(make, arena.agents, arena.lineups),
        {"layout": tuple(layouts)},
    )
