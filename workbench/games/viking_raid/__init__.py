"""Viking Raid: a 3-player hex raid (Archer, Huscarl, Berserker) and its balance studies.

Modules: ``maps`` (map files), ``rules`` (the rules object and its versions),
``board`` (movement and reach tables), ``engine`` (the game on the play protocol),
``greedy`` (the greedy policy), ``heuristic`` (position values for search).
"""

from workbench.games.viking_raid.board import ARCHER, BERSERKER, HUSCARL, RaidBoard
from workbench.games.viking_raid.engine import RaidGame, RaidState, Turn
from workbench.games.viking_raid.greedy import RaidGreedyAgent
from workbench.games.viking_raid.heuristic import raid_heuristic
from workbench.games.viking_raid.maps import (
    DATA_DIR,
    ROLES,
    RaidMap,
    default_map,
    load_map,
    map_json,
    map_names,
    save_map,
)
from workbench.games.viking_raid.rules import VERSIONS, Rules

__all__ = [
    "ARCHER",
    "BERSERKER",
    "DATA_DIR",
    "HUSCARL",
    "ROLES",
    "VERSIONS",
    "RaidBoard",
    "RaidGame",
    "RaidGreedyAgent",
    "RaidMap",
    "RaidState",
    "Rules",
    "Turn",
    "default_map",
    "load_map",
    "map_json",
    "map_names",
    "raid_heuristic",
    "save_map",
]
