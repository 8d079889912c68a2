"""Viking Raid: a 3-player hex raid (Archer, Huscarl, Berserker) and its balance studies.

Modules: ``maps`` (map files), ``rules`` (the rules object and its versions),
``board`` (movement and reach tables), ``engine`` (the game on the play protocol),
``greedy`` (the greedy policy), ``heuristic`` (position values for search),
``balance`` (self-play studies with confidence intervals, heat maps), ``optimise``
(the treasure-layout race), ``replay`` and ``drawing`` (pictures of maps and games).
"""

from workbench.games.viking_raid.board import ARCHER, BERSERKER, HUSCARL, RaidBoard, role_summary
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
    "role_summary",
    "save_map",
]
