"""Does more thinking win more Brawlhalla? MCTS budgets against each other and a fixed
opponent, with and without cards.

:func:`skill_figures` runs the shared skill trace (:func:`~workbench.play.skill.
skill_trace`) twice per condition (cards on, cards off): each budget against the budget
before it (the ladder), and each budget against a fixed ``opponent`` (greedy play by
default). A game that rewards skill shows the larger budget scoring clearly above 1/2 on
the ladder and a score against the opponent rising with the budget; scores near 1/2 on
the ladder say luck (or the seat) decides. Large budgets are slow (about 2 s a decision
at 1,000 simulations), so each budget gets its own number of games (``rounds``) and the
games can be cut short (``turn_limit``); every row says how many games it rests on.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True))
>>> table = skill_figures(game, budgets=(2, 4), rounds=1, turn_limit=2, opponent="random")
>>> table[["cards", "strong", "weak", "games"]].values.tolist()[:3]
[[True, 4, 2, 2], [True, 2, 'random', 2], [True, 4, 'random', 2]]
>>> table["cards"].tolist()[3:]
[False, False, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor

import numpy as np
import pandas as pd

from workbench.errors import RulesError
from workbench.games.brawlhalla.agents import agent_factory
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.play.skill import skill_trace

__all__ = ["skill_figures"]


def skill_figures(
    game: Brawlhalla,
    *,
    budgets: Sequence[int] = (10, 100),
    rounds: int | Sequence[int] = 2,
    agent: str = "mcts",
    opponent: str = "greedy",
    turn_limit: int | None = None,
    cards: Sequence[bool] = (True, False),
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """The skill trace of ``agent`` (``mcts`` or ``dmcts``) at ``budgets`` simulations.

    Parameters
    ----------
    game : Brawlhalla
        The game (its board, rules and card table; ``Rules.cards`` is set per condition).
    budgets : sequence of int
        Increasing simulation budgets.
    rounds : int or sequence of int
        Games per seat at each budget (one number per budget): a ladder step plays as
        many games as its larger budget, a step against the opponent as its budget.
    agent, opponent : str
        The searching agent and the fixed opponent (names of :func:`~.agents.agent_factory`).
    turn_limit : int, optional
        Turn limit of these games (default: the game's).
    cards : sequence of bool
        The conditions: cards in play, cards off, or both.
    seed, executor, progress
        Seeds (``SeedSequence``) and where the games run (None: here).

    Returns
    -------
    pandas.DataFrame
        The :func:`~workbench.play.skill.skill_trace` rows (``strong``, ``weak``,
        ``games``, ``win rate`` with ``win low``/``win high``, ``score`` with ``score
        low``/``score high``, ``fair``), the ladder first, with ``cards`` and ``turn_limit``.
    """
    if agent not in ("mcts", "dmcts"):
        raise RulesError(f"skill_figures: agent must be 'mcts' or 'dmcts', got {agent!r}")
    per_budget = [rounds] * len(budgets) if isinstance(rounds, int) else list(rounds)
    if len(per_budget) != len(budgets):
        raise RulesError(
            f"skill_figures: rounds must give one number per budget ({len(budgets)}), got {rounds}"
        )
    searcher = agent_factory(f"{agent}:{budgets[0]}")
    against = agent_factory(opponent)
    seeds = [
        int(s.generate_state(1)[0]) for s in np.random.SeedSequence(seed).spawn(2 * len(cards))
    ]
    frames = []
    for index, with_cards in enumerate(cards):
        rules = game.rules.replace(cards=with_cards, turn_limit=turn_limit or game.rules.turn_limit)
        played = Brawlhalla(game.board, rules, game.cards.cards)
        common = {
            "budgets": budgets,
            "agent": searcher.func,
            "executor": executor,
            "progress": progress,
            **searcher.keywords,
        }
        common.pop("simulations")
        ladder = skill_trace(played, rounds=per_budget[1:], seed=seeds[2 * index], **common)
        fixed = skill_trace(
            played,
            rounds=per_budget,
            opponent=against,
            opponent_name=opponent,
            seed=seeds[2 * index + 1],
            **common,
        )
        both = pd.concat([ladder, fixed], ignore_index=True)
        frames.append(both.assign(cards=with_cards, turn_limit=rules.turn_limit))
    table = pd.concat(frames, ignore_index=True)
    return table[
        ["cards", "turn_limit", *(c for c in table.columns if c not in ("cards", "turn_limit"))]
    ]
