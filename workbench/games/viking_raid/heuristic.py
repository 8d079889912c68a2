"""How good a Viking Raid position is for each Viking, for depth-limited search.

The value is on the scale of the game's returns (win shares summing to 1): a
softmax of each Viking's gold, less a small pull towards the nearest treasure,
whose temperature shrinks as the treasure left on the map runs out, so a lead
counts for more the less gold remains to be won. Eliminated Vikings get 0.

>>> from workbench.games.viking_raid.engine import RaidGame
>>> game = RaidGame()
>>> [round(v, 3) for v in game.heuristic(game.initial_state())]
[0.336, 0.336, 0.327]
>>> ahead = game.position({0: (0, 1), 1: (-3, 0), 2: (4, -4)}, gold=(5, 0, 0))
>>> [round(v, 3) for v in raid_heuristic(ahead)]
[0.469, 0.269, 0.262]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from workbench.games.viking_raid.engine import RaidState

__all__ = ["raid_heuristic"]

#: Gold that one step of distance to the nearest treasure is worth.
PULL = 0.25


def raid_heuristic(state: RaidState) -> tuple[float, ...]:
    """Win-share estimates per seat (sum 1): softmax of gold, pulled towards treasure."""
    if state.is_terminal():
        return tuple(state.returns())
    board, left = state.game.board, state.left
    field = board.nearest_treasure(left)
    temperature = 1.0 + board.gold_left(left) / 3.0
    values = [
        (gold - PULL * field[at]) / temperature if at >= 0 else None
        for gold, at in zip(state.gold, state.pos, strict=True)
    ]
    top = max(v for v in values if v is not None)
    weights = [0.0 if v is None else math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)
