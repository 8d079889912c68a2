"""Skill trace: does more thinking win more?

An agent (MCTS by default) plays against itself with a budget twice as large, step by
step up a ladder of budgets. A game that rewards skill shows the stronger side
scoring clearly above the fair share at every step; a game decided by luck or by the
seat shows scores near the fair share. Given an ``opponent`` (a fixed agent, e.g. a
greedy player), every budget plays that opponent instead: the score should rise with
the budget.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

from workbench.play.agents import AgentFactory
from workbench.play.mcts import MCTSAgent
from workbench.play.metrics import agent_scores
from workbench.play.pools import ExecutorChoice
from workbench.play.protocol import Game
from workbench.play.tournament import tournament

__all__ = ["skill_trace"]


def skill_trace(
    game: Game,
    *,
    budgets: Sequence[int] = (25, 50, 100, 200),
    rounds: int | Sequence[int] = 10,
    agent: AgentFactory = MCTSAgent,
    parameter: str = "simulations",
    opponent: AgentFactory | None = None,
    opponent_name: str = "opponent",
    seed: int = 0,
    executor: ExecutorChoice = "processes",
    progress: bool = True,
    **agent_options: Any,
) -> pd.DataFrame:
    """Play each budget against the one before it and report the stronger side's results.

    Parameters
    ----------
    game : Game
        The game.
    budgets : sequence of int
        Increasing budgets (typically doubling).
    rounds : int or sequence of int
        Games per seat of the stronger agent at each step (the stronger agent sits in
        each seat in turn; the other seats hold the weaker one); a sequence gives each
        step its own (few games where a step is costly).
    agent : agent factory
        Built as ``agent(game, seed=..., **{parameter: budget}, **agent_options)``.
    parameter : str
        Name of the budget argument of ``agent``.
    opponent : agent factory, optional
        A fixed agent: every budget plays it (one step per budget) instead of the
        budget before it.
    opponent_name : str
        The ``weak`` entry of the steps against ``opponent``.
    seed, executor, progress
        As for :func:`~workbench.play.tournament.tournament` (each step gets its own
        child seed).

    Returns
    -------
    pandas.DataFrame
        One row per step: ``strong`` and ``weak`` budgets (``weak`` is
        ``opponent_name`` against an ``opponent``), ``games``, the strong side's
        outright ``win rate`` (Wilson interval ``win low``/``win high``), its mean
        ``score`` (1 win, 1/k for a k-way tie, 0 loss; percentile bootstrap interval
        ``score low``/``score high``) and the ``fair`` score ``1 / players``.

    Examples
    --------
    >>> from workbench.play.toy_games import TicTacToe
    >>> trace = skill_trace(TicTacToe(), budgets=(2, 16), rounds=4, executor=None, progress=False)
    >>> trace[["strong", "weak", "games", "fair"]].to_dict("records")
    [{'strong': 16, 'weak': 2, 'games': 8, 'fair': 0.5}]
    >>> from workbench.play.agents import RandomAgent
    >>> trace = skill_trace(TicTacToe(), budgets=(2, 16), rounds=(1, 3), opponent=RandomAgent,
    ...                     opponent_name="random", executor=None, progress=False)
    >>> trace[["strong", "weak", "games"]].to_dict("records")
    [{'strong': 2, 'weak': 'random', 'games': 2}, {'strong': 16, 'weak': 'random', 'games': 6}]
    """
    least = 1 if opponent is not None else 2
    if len(budgets) < least or any(b >= c for b, c in itertools.pairwise(budgets)):
        raise ValueError(
            f"skill_trace: budgets must be at least {least} increasing values, got {budgets}"
        )
    players = game.info.num_players
    lineups = [
        tuple("strong" if s == seat else "weak" for s in range(players)) for seat in range(players)
    ]
    steps = (
        [(opponent_name, budget) for budget in budgets]
        if opponent is not None
        else list(itertools.pairwise(budgets))
    )
    per_step = [rounds] * len(steps) if isinstance(rounds, int) else list(rounds)
    if len(per_step) != len(steps):
        raise ValueError(
            f"skill_trace: rounds must give one number per step ({len(steps)}), got {rounds}"
        )
    seeds = np.random.SeedSequence(seed).spawn(len(steps))
    rows = []
    for (weak, strong), step_rounds, step_seed in zip(steps, per_step, seeds, strict=True):
        agents = {
            "strong": partial(agent, **{parameter: strong}, **agent_options),
            "weak": opponent
            if opponent is not None
            else partial(agent, **{parameter: weak}, **agent_options),
        }
        results = tournament(
            game,
            agents,
            rounds=step_rounds,
            seed=step_seed,
            lineups=lineups,
            executor=executor,
            progress=progress,
        )
        scores = agent_scores(results).set_index("agent").loc["strong"]
        rows.append(
            {
                "strong": strong,
                "weak": weak,
                "games": len(results),
                **{
                    column: scores[column]
                    for column in (
                        "win rate",
                        "win low",
                        "win high",
                        "score",
                        "score low",
                        "score high",
                    )
                },
                "fair": round(1 / players, 4),
            }
        )
    return pd.DataFrame(rows)
