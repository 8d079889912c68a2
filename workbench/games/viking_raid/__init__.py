"""Viking Raid: a 3-player hex raid (Archer, Huscarl, Berserker) and its balance studies.

Modules: ``rules`` (the rules object, its knobs and its versions), ``raid_map``
(the map and its files), ``geometry`` (movement and reach tables), ``engine``
(the game on the play protocol), ``agents`` (the greedy policy and the search
heuristic), ``balance`` (self-play and role-draw studies with confidence
intervals, heat maps), ``optimise`` (the treasure-layout race), ``drawing``
(pictures of the mat, heat maps and Vikings) and ``replay`` (one game turn by turn).
"""

from workbench.games.viking_raid.agents import RaidGreedyAgent, raid_heuristic
from workbench.games.viking_raid.engine import RaidGame
from workbench.games.viking_raid.geometry import RaidGeometry, role_summary
from workbench.games.viking_raid.raid_map import (
    ARCHER,
    BERSERKER,
    DATA_DIR,
    HUSCARL,
    ROLES,
    RaidMap,
    default_map,
    load_map,
    map_json,
    map_names,
    save_map,
)
from workbench.games.viking_raid.rules import VERSIONS, Rules, version_label
from workbench.games.viking_raid.state import ASSIGNMENTS, RaidState, Turn

__all__ = [
    "ARCHER",
    "ASSIGNMENTS",
    "BERSERKER",
    "DATA_DIR",
    "HUSCARL",
    "ROLES",
    "VERSIONS",
    "RaidGame",
    "RaidGeometry",
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
    "version_label",
]
