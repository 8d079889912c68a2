"""A readable judgement of a Brawlhalla position: material, buildings and progress
toward each of the three victories, from the board's distance tables.

Each side scores (weights in :data:`WEIGHTS`):

- ``material``: the value of its units (works' builders included);
- ``buildings``: its barracks, nurseries and harbor;
- ``coins``: its ruin coins;
- ``war``: its land stack nearest the enemy capital, ``1 / (1 + moves)`` to stand next to it;
- ``holy``: sanctuaries it controls, and its streak of turns holding all of them;
- ``flag``: carrying the flag, more the nearer its capital.

The value of the position for a side is ``tanh((own - enemy) / SCALE)``, in (-1, 1)
like the game's returns.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> state = Brawlhalla().position(stacks={(2, 6): (0, 3, 0, 0, 0, 0)})
>>> scores(state, 0)["material"], scores(state, 1)["material"]
(3.0, 0.0)
>>> north, south = evaluation(state)
>>> north > 0 > south
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["SCALE", "WEIGHTS", "evaluation", "scores"]

#: Weight of each term of a side's score.
WEIGHTS: dict[str, float] = {
    "material": 1.0,
    "buildings": 2.0,
    "coins": 0.5,
    "war": 8.0,
    "holy": 3.0,
    "flag": 10.0,
}
#: Score difference that makes a value of tanh(1) ~ 0.76.
SCALE = 12.0


def scores(state: BrawlhallaState, side: int) -> dict[str, float]:
    """The side's unweighted score terms (see the module text)."""
    geometry = state.game.geometry
    enemy_capital = geometry.capitals[1 - side]
    to_capital = geometry.distances_to(side, enemy_capital)
    material, nearest = 0.0, math.inf
    for cell, stack in state.stacks.items():
        if stack[0] != side:
            continue
        material += state.value(stack)
        if stack[1] + stack[2]:
            nearest = min(nearest, to_capital.get(cell, math.inf))
    buildings = sum(
        1 for owner, kind in state.buildings.values() if owner == side and kind != "capital"
    )
    held = sum(
        1
        for _, cell in geometry.sanctuaries
        if (stack := state.stacks.get(cell)) is not None and stack[0] == side
    )
    flag = 0.0
    if state.carrier is not None and state.stacks[state.carrier][0] == side:
        home = geometry.distances_to(side, geometry.capitals[side]).get(state.carrier, 30)
        flag = 1.0 + 1.0 / (1 + home)
    return {
        "material": material,
        "buildings": float(buildings),
        "coins": float(state.coins[side]),
        "war": 0.0 if nearest == math.inf else 1.0 / (1 + nearest),
        "holy": held + 2.0 * state.holy[side],
        "flag": flag,
    }


def evaluation(state: BrawlhallaState) -> tuple[float, float]:
    """Per-seat values of a position in (-1, 1), summing to zero."""
    totals = [sum(WEIGHTS[k] * v for k, v in scores(state, side).items()) for side in (0, 1)]
    value = math.tanh((totals[0] - totals[1]) / SCALE)
    return (value, -value)
