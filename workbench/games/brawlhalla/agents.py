"""Brawlhalla's agents by name: random, MCTS with short playouts, and (to come) greedy
and the three scripted plans.

:func:`agent_factory` turns a name as the command line takes it into an agent factory
(a class or a ``functools.partial``, called as ``factory(game, seed=...)``).

>>> agent_factory("mcts:50").keywords
{'simulations': 50, 'rollout_plies': 24}
>>> agent_factory("random").__name__
'RandomAgent'
"""

from __future__ import annotations

from functools import partial
from typing import Any

from workbench.errors import RulesError
from workbench.play.agents import RandomAgent
from workbench.play.mcts import MCTSAgent

__all__ = ["AGENT_NAMES", "ROLLOUT_PLIES", "agent_factory", "mcts_agent"]

#: Plies of a random playout before the evaluation judges the position.
ROLLOUT_PLIES = 24
#: The names :func:`agent_factory` takes (``mcts`` with ``:SIMULATIONS``).
AGENT_NAMES = ("random", "mcts[:SIMULATIONS]")


def mcts_agent(simulations: int) -> partial:
    """UCT with ``simulations`` per decision, playouts cut after :data:`ROLLOUT_PLIES`."""
    return partial(MCTSAgent, simulations=simulations, rollout_plies=ROLLOUT_PLIES)


def agent_factory(spec: str) -> Any:
    """An agent factory from its name (see :data:`AGENT_NAMES`)."""
    name, _, budget = str(spec).partition(":")
    if name == "random" and not budget:
        return RandomAgent
    if name == "mcts" and (not budget or budget.isdigit()) and budget not in ("0",):
        return mcts_agent(int(budget or 200))
    raise RulesError(f"agent {spec!r}: expected one of {', '.join(AGENT_NAMES)}")
