"""Viking Raid's own judgement of a position: the greedy policy and the search heuristic.

:class:`RaidGreedyAgent` plays "gold now, tribute now": it takes the turn that
brings the most gold this turn (treasure plus tribute); among equals, the one
ending nearest to the treasure still lying on the map; among those, one that
demands tribute (a stun, or an elimination before 0.21); remaining ties are
broken at random from its seed. It scores turns from the engine's tables
without building the next positions, which is what makes 10,000 games fast.
>>> from workbench.games.viking_raid.engine import RaidGame
>>> game = RaidGame()
>>> state = game.initial_state()
>>> RaidGreedyAgent(game, seed=1).act(state)  # the Archer steps onto the centre's 3 gold
((0, 0), None)
"""

from __future__ import annotations

from workbench.games.viking_raid.engine import RaidState, Turn
from workbench.play.agents import Seed, python_random

__all__ = ["RaidGreedyAgent"]


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

    def scores(self, state: RaidState) -> dict[Turn, int]:
        """Each legal turn's score: ``4096 * gold gained - 2 * steps to treasure + demands``.

        Gold gained is the treasure pillaged plus the tribute taken; steps run from
        the destination to the nearest treasure left after the turn.
        """
        board, left, gold = state.game.board, state.left, state.gold
        bits, golds = board.treasure_bit, board.treasure_gold
        field = board.nearest_treasure(left)
        scores = {}
        hexes = board.hexes
        for dest, target in state.options():
            bit = bits[dest] & left
            gain = golds[dest] if bit else 0
            if target >= 0:
                gain += (gold[target] + 1) // 2
            steps = board.nearest_treasure(left & ~bit)[dest] if bit else field[dest]
            action = (hexes[dest], target if target >= 0 else None)
            scores[action] = (gain << 12) - (steps << 1) + (target >= 0)
        return scores

    def act(self, state: RaidState) -> Turn:
        """The greedy turn (random among equally good ones)."""
        scores = self.scores(state)
        top = max(scores.values())
        best = [action for action, score in scores.items() if score == top]
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def __repr__(self) -> str:
        return "RaidGreedyAgent()"
