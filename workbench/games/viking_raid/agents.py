"""Viking Raid's own judgement of a position: the greedy policy and the search heuristic.

:class:`RaidGreedyAgent` plays "gold now, tribute now": it takes the turn that
brings the most gold this turn (treasure plus tribute); among equals, the one
ending nearest to the treasure still lying on the map; among those, one that
demands tribute (a stun, or an elimination before 0.21); remaining ties are
broken at random from its seed. It scores turns from the engine's tables
without building the next positions, which is what makes 10,000 games fast.

:func:`raid_heuristic` values a position for depth-limited search, on the scale of
the game's returns (win shares summing to 1): a softmax of each Viking's gold, less
a small pull towards the nearest treasure, whose temperature shrinks as the
treasure left on the map runs out, so a lead counts for more the less gold remains
to be won. Eliminated Vikings get 0.

Both read positions of :mod:`workbench.games.viking_raid.engine` (which uses the
heuristic as its game's ``heuristic``, so this module does not import it).

>>> from workbench.games.viking_raid.engine import RaidGame
>>> game = RaidGame()
>>> state = game.initial_state()
>>> RaidGreedyAgent(game, seed=1).act(state)  # the Archer steps onto the centre's 3 gold
((0, 0), None)
>>> [round(v, 3) for v in raid_heuristic(state)]
[0.336, 0.336, 0.327]
>>> ahead = game.position({0: (0, 1), 1: (-3, 0), 2: (4, -4)}, gold=(5, 0, 0))
>>> [round(v, 3) for v in raid_heuristic(ahead)]
[0.469, 0.269, 0.262]
"""

from __future__ import annotations

import math

from workbench.play.agents import Seed, python_random
from workbench.play.protocol import Action, State

__all__ = ["PULL", "RaidGreedyAgent", "raid_heuristic"]

#: Gold that one step of distance to the nearest treasure is worth to the heuristic.
PULL = 0.25


class RaidGreedyAgent:
    """Gold now, tribute now: the best immediate haul, ties broken towards treasure.

    Parameters
    ----------
    game : RaidGame, optional
        Accepted so that the class is a ``workbench.play`` agent factory; not needed.
    seed : int, Generator, SeedSequence or None
        Source of the random tie-breaks.
    """

    def __init__(self, game: object = None, *, seed: Seed = None):
        self._rng = python_random(seed)

    def scores(self, state: State) -> dict[Action, int]:
        """Each legal turn of a ``RaidState``: ``4096 * gold gained - 2 * steps to treasure
        + demands``.

        Gold gained is the treasure pillaged plus the tribute taken; steps run from
        the destination to the nearest treasure left after the turn.
        """
        geometry, left, gold = state.game.geometry, state.left, state.gold
        tribute = state.game.rules.tribute
        bits, golds = geometry.treasure_bit, geometry.treasure_gold
        field = geometry.nearest_treasure(left)
        scores = {}
        hexes = geometry.hexes
        for dest, target in state.options():
            bit = bits[dest] & left
            gain = golds[dest] if bit else 0
            if target >= 0:
                gain += tribute(gold[target])
            steps = geometry.nearest_treasure(left & ~bit)[dest] if bit else field[dest]
            action = (hexes[dest], target if target >= 0 else None)
            scores[action] = (gain << 12) - (steps << 1) + (target >= 0)
        return scores

    def act(self, state: State) -> Action:
        """The greedy turn (random among equally good ones)."""
        scores = self.scores(state)
        top = max(scores.values())
        best = [action for action, score in scores.items() if score == top]
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def __repr__(self) -> str:
        return "RaidGreedyAgent()"


def raid_heuristic(state: State) -> tuple[float, ...]:
    """Win-share estimates per player of a ``RaidState`` (sum 1): softmax of gold, pulled
    towards treasure."""
    if state.is_terminal():
        return tuple(state.returns())
    geometry, left = state.game.geometry, state.left
    field = geometry.nearest_treasure(left)
    temperature = 1.0 + geometry.gold_left(left) / 3.0
    values = [
        (gold - PULL * field[at]) / temperature if at >= 0 else None
        for gold, at in zip(state.gold, state.pos, strict=True)
    ]
    top = max(v for v in values if v is not None)
    weights = [0.0 if v is None else math.exp(v - top) for v in values]
    total = sum(weights)
    return state.by_player([w / total for w in weights])
