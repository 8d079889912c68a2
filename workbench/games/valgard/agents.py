"""Valgard's agents: MCTS whose playouts are cut short and judged by material.

Random playouts of Valgard rarely end (captured pieces come back through the home
row), so the MCTS used for Valgard stops each playout after :data:`ROLLOUT_PLIES`
plies and scores the position with :func:`material_heuristic`, which is also the
game's ``heuristic`` (:meth:`~workbench.games.valgard.engine.ValgardGame.heuristic`).

>>> from workbench.games.valgard import Rules, ValgardGame
>>> game = ValgardGame(Rules(rows=3, cols=3, muster=1))
>>> up = game.position({"a1": "L", "a3": "d"}, reserves=(1, 1))
>>> [round(v, 3) for v in material_heuristic(up.position)]  # a Valkyrie against a warrior
[0.358, -0.358]
>>> mcts_agent(50).keywords
{'simulations': 50, 'rollout_plies': 20}
"""

from __future__ import annotations

import math
from functools import partial

from workbench.games.valgard.moves import Position
from workbench.play.mcts import MCTSAgent

__all__ = ["ROLLOUT_PLIES", "material_heuristic", "mcts_agent"]

#: Plies of random play before an MCTS playout is judged by the heuristic.
ROLLOUT_PLIES = 20


def material_heuristic(position: Position) -> tuple[float, float]:
    """(light, dark) in (-1, 1): material, a Valkyrie worth 2.5, a reserve piece 0.5.

    ``tanh`` of the material difference over 4, so a lead of a few pieces is
    confident but never certain (only terminal states score -1 or 1).
    """
    light, dark, tall, _, reserve_light, reserve_dark = position[:6]
    score = (
        light.bit_count() - dark.bit_count()
        + 1.5 * ((light & tall).bit_count() - (dark & tall).bit_count())
        + 0.5 * (reserve_light - reserve_dark)
    )  # fmt: skip
    value = math.tanh(score / 4)
    return (value, -value)


def mcts_agent(simulations: int) -> partial:
    """The agent factory used for Valgard: UCT with ``simulations`` per move and
    playouts cut after :data:`ROLLOUT_PLIES` plies (call it with the game and a seed)."""
    return partial(MCTSAgent, simulations=simulations, rollout_plies=ROLLOUT_PLIES)
