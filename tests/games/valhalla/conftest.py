"""Small random levels and rules variants shared by the Valhalla Calling tests."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from workbench.games.valhalla.generator import random_level
from workbench.games.valhalla.level import ABILITIES, Level
from workbench.games.valhalla.rules import Rules

#: Rules variants the oracle tests cycle through (every knob away from its default).
VARIANTS = [
    {},
    {"loki_counts": "fights", "loki_on_tie": "hero"},
    {"attack_loss": "after_content"},
    {"charges_stack": True, "counters_stack": False, "shield_zero_damage": "spent"},
    {
        "mjolnir_initiative": True,
        "biorn_initiative": "walking_attack",
        "trickster_cunning": "choice",
    },
    {"final_strike": "always", "strong_killer": "fight_attack"},
    {"attack_floor": 2, "all_but_one": "at_least", "win_share": "1/3"},
    {"line_rule": "no_reversal"},
]


def small_levels(count: int, *, seed: int, max_side: int = 4, max_enemies: int = 4):
    """``count`` random (level, rules) pairs on grids up to ``max_side`` a side."""
    rng = np.random.default_rng(seed)
    for k in range(count):
        width, height = (int(v) for v in rng.integers(2, max_side + 1, size=2))
        room = width * height - 1
        enemies = int(rng.integers(1, min(max_enemies, room) + 1))
        items = int(rng.integers(0, min(2, room - enemies) + 1))
        walls = int(rng.integers(0, min(2, room - enemies - items) + 1))
        ability = ABILITIES[int(rng.integers(len(ABILITIES)))]
        level = random_level(rng, width, height, enemies=enemies, items=items, walls=walls,
                             ability=ability, name=f"random {k}")  # fmt: skip
        level = level.replace(hero=level.hero.__class__(
            int(rng.integers(1, 3 * enemies + 2)), level.hero.attack, ability))  # fmt: skip
        yield level, Rules.from_dict(VARIANTS[k % len(VARIANTS)])


def wide_healths(level: Level) -> Level:
    """The level with Healths past 63 (two or three words of the search's bitsets) and blows
    to match
    (each Health and enemy Attack times 8, more 60 and 20): the compiled loops run their
    body for one word unrolled, and for any number; most levels reach only the first."""
    hero = dataclasses.replace(level.hero, health=8 * level.hero.health + 60)
    enemies = [dataclasses.replace(e, attack=8 * e.attack + 20) for e in level.enemies]
    return level.replace(hero=hero, enemies=enemies)


def micro(rows: list[str], *, health: int, attack: int, ability: str = "none",
          enemies: dict[str, tuple[int, int]], items: dict[str, tuple[str, int]] | None = None,
          name: str = "micro") -> Level:  # fmt: skip
    """A level drawn as text: ``S`` start, ``#`` wall, ``.`` empty, letters enemies
    (``enemies[letter] = (attack, health)``) or items (``items[letter] = (kind, turns)``)."""
    items = items or {}
    data = {"name": name, "width": len(rows[0]), "height": len(rows),
            "hero": {"health": health, "attack": attack, "ability": ability},
            "enemies": [], "items": [], "walls": []}  # fmt: skip
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "S":
                data["start"] = [r, c]
            elif ch == "#":
                data["walls"].append([r, c])
            elif ch in enemies:
                data["enemies"].append({"at": [r, c], "attack": enemies[ch][0],
                                        "health": enemies[ch][1]})  # fmt: skip
            elif ch in items:
                kind, turns = items[ch]
                item = {"at": [r, c], "kind": kind}
                if turns:
                    item["turns"] = turns
                data["items"].append(item)
    return Level.from_dict(data)


@pytest.fixture
def duel() -> Level:
    """One enemy two steps away; To Valhalla's final strike wins."""
    return micro(["S.E"], health=5, attack=3, ability="to_valhalla", enemies={"E": (5, 1)})
