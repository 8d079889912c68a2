"""Small hand-made Viking Raid games for the engine and state tests."""

from workbench.games.viking_raid import ARCHER, BERSERKER, HUSCARL, RaidGame, RaidMap, Rules
from workbench.grids import hex_disc

FAR = {ARCHER: (-4, 0), HUSCARL: (0, 4), BERSERKER: (4, -4)}


def make_game(rules=None, *, treasure=None, blocked=(), radius=4):
    raid_map = RaidMap.from_dict(
        {
            "name": "test",
            "hexes": [list(h) for h in hex_disc((0, 0), radius)],
            "blocked": [list(h) for h in blocked],
            "starts": {"archer": [-4, 0], "huscarl": [0, 4], "berserker": [4, -4]},
            "treasure": [[q, r, g] for (q, r), g in (treasure or {(2, 2): 1}).items()],
        }
    )
    return RaidGame(raid_map, rules or Rules())
