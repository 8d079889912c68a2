"""Role balance of Viking Raid: studies through the shared tournament runner, per role.

:func:`simulate` seats one agent kind in all three roles (self-play, so seats are
never permuted), and the game's own ``summary`` (``RaidGame.summary``) turns each
final position into columns (win share, gold, tribute given and taken per role,
the role of each player, rounds, where gold was pillaged and tribute paid).
:func:`balance_table` then gives per role the win share (ties split), mean gold,
tribute given and taken, and the game length, each with a 95% confidence interval.
:func:`strongest_player_roles` asks which role the strongest player should get: one
strong agent among weaker ones, the roles drawn by the d20 of the set-up.

>>> from workbench.games.viking_raid.engine import RaidGame
>>> results = simulate(RaidGame(), "greedy", games=40, seed=1, executor=None, progress=False)
>>> table = balance_table(results)
>>> list(table["role"]), round(float(table["win share"].sum()), 6)
(['archer', 'huscarl', 'berserker'], 1.0)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import partial
from typing import Any, Literal

import pandas as pd

from workbench.errors import RulesError
from workbench.games.viking_raid.agents import RaidGreedyAgent
from workbench.games.viking_raid.engine import RaidGame
from workbench.games.viking_raid.raid_map import DATA_DIR, ROLES
from workbench.grids.hexagonal import Hex
from workbench.play import MaxNAgent, MCTSAgent, RandomAgent, tournament
from workbench.play.pools import ExecutorChoice
from workbench.play.stats import mean_interval, wilson_interval
from workbench.tableio import load_table

__all__ = [
    "AGENTS",
    "STUDY_COLUMNS",
    "STUDY_PATH",
    "balance_table",
    "ci_text",
    "heat",
    "load_study",
    "simulate",
    "strongest_player_roles",
]

#: Where ``scripts/raid_study.py`` writes the full balance study.
STUDY_PATH = DATA_DIR / "studies" / "balance.csv"
#: Columns every balance study file has (the balance table's, after agent, map, version).
STUDY_COLUMNS = (
    "agent",
    "map",
    "version",
    "role",
    "games",
    "win share",
    "win share lo",
    "win share hi",
)

#: Agent kinds from weakest to strongest, as ``workbench.play`` factories: random
#: moves; gold now and tribute now; max^n lookahead over two turns judged by the
#: game's heuristic; UCT search (60 simulations a move, playouts cut after three rounds).
AGENTS: dict[str, Any] = {
    "random": RandomAgent,
    "greedy": RaidGreedyAgent,
    "lookahead": partial(MaxNAgent, depth=2),
    "mcts": partial(MCTSAgent, simulations=60, rollout_plies=9),
}


def simulate(
    game: RaidGame,
    agent: str = "greedy",
    *,
    games: int = 1000,
    seed: int = 0,
    agents: Mapping[str, Any] | None = None,
    executor: ExecutorChoice = "processes",
    workers: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play ``games`` self-play games of one agent kind; one row per game.

    ``agent`` names a factory in ``agents`` (default :data:`AGENTS`). Rows come from
    :func:`workbench.play.tournament` (seeded per game, so any executor gives the
    same table) with the ``RaidGame.summary`` columns added.
    """
    return _play(
        game, {agent: agent}, (agent,) * 3, games, seed, agents, executor, workers, progress
    )


def _play(game, kinds, lineup, games, seed, agents, executor, workers, progress) -> pd.DataFrame:
    """``games`` games of ``lineup``; ``kinds`` maps its names to factory names in ``agents``."""
    known = dict(AGENTS if agents is None else agents)
    for kind in kinds.values():
        if kind not in known:
            raise RulesError(f"unknown agent {kind!r}; known: {', '.join(known)}")
    if games < 1:
        raise RulesError(f"games: expected a positive number, got {games}")
    return tournament(
        game,
        {name: known[kind] for name, kind in kinds.items()},
        rounds=games,
        seed=seed,
        lineups=[lineup],
        executor=executor,
        workers=workers,
        progress=progress,
    )


def strongest_player_roles(
    game: RaidGame,
    strong: str = "greedy",
    weak: str = "random",
    *,
    games: int = 600,
    seed: int = 0,
    agents: Mapping[str, Any] | None = None,
    executor: ExecutorChoice = "processes",
    workers: int | None = None,
    progress: bool = True,
    level: float = 0.95,
) -> pd.DataFrame:
    """Which role should the strongest player get? One ``strong`` agent among two ``weak``.

    ``game`` is played with the set-up's role draw on (``role_draw=True``, whatever its
    rules say), so the d20 gives the strong player each role in about a third of the
    games: :func:`workbench.play.tournament` plays ``games`` games of the lineup
    ``("<strong> (strong)", weak, weak)`` from ``seed``, so the strong agent is player 0.
    Per role the strong player drew: the games, its outright wins with a Wilson
    interval (``win rate``, ``win rate lo``, ``win rate hi``) and its win share with ties split,
    with a Wilson interval too (``win share``, ``win share lo``, ``win share hi``).

    >>> table = strongest_player_roles(RaidGame(), games=30, seed=2, executor=None,
    ...                                progress=False)
    >>> list(table["role"]), int(table["games"].sum())
    (['archer', 'huscarl', 'berserker'], 30)
    """
    if strong == weak:
        raise RulesError(f"strongest_player_roles: the strong and weak agents are both {strong!r}")
    drawn = RaidGame(game.map, game.rules.replace(role_draw=True))
    names = {f"{strong} (strong)": strong, weak: weak}
    lineup = (f"{strong} (strong)", weak, weak)
    results = _play(drawn, names, lineup, games, seed, agents, executor, workers, progress)
    rows = []
    for role in ROLES:
        mine = results[results["role0"] == role]
        wins = int((mine["winner"] == 0).sum())
        low, high = wilson_interval(wins, len(mine), confidence=level)
        share = mine["return0"].mean() if len(mine) else float("nan")
        share_lo, share_hi = wilson_interval(mine["return0"].sum(), len(mine), confidence=level)
        rows.append(
            {
                "role": role,
                "games": len(mine),
                "wins": wins,
                "win rate": wins / len(mine) if len(mine) else float("nan"),
                "win rate lo": low,
                "win rate hi": high,
                "win share": share,
                "win share lo": share_lo,
                "win share hi": share_hi,
            }
        )
    return pd.DataFrame(rows)


def balance_table(results: pd.DataFrame, *, level: float = 0.95) -> pd.DataFrame:
    """Per role: win share (ties split), gold, tribute given and taken, with CIs.

    The win share (a share of the games, ties split) has a Wilson interval, the means a
    percentile bootstrap over games (``workbench.play.stats``): each stays inside its
    figure's range.

    Columns ``<figure>``, ``<figure> lo``, ``<figure> hi`` for each figure; the game
    length (rounds, the same for every role) closes the table.
    """
    rows = []
    for role in ROLES:
        row: dict[str, Any] = {"role": role, "games": len(results)}
        for figure, column in (
            ("win share", f"win_{role}"),
            ("gold", f"gold_{role}"),
            ("tribute given", f"given_{role}"),
            ("tribute taken", f"taken_{role}"),
        ):
            if figure == "win share":
                mean = results[column].mean()
                lo, hi = wilson_interval(results[column].sum(), len(results), confidence=level)
            else:
                mean, lo, hi = mean_interval(results[column], confidence=level)
            row.update({figure: mean, f"{figure} lo": lo, f"{figure} hi": hi})
        rows.append(row)
    table = pd.DataFrame(rows)
    mean, lo, hi = mean_interval(results["rounds"], confidence=level)
    table["rounds"], table["rounds lo"], table["rounds hi"] = mean, lo, hi
    return table


def ci_text(table: pd.DataFrame, figure: str = "win share", *, digits: int = 2) -> pd.Series:
    """``"estimate [lo, hi]"`` for each row of a table with ``figure``, ``figure lo/hi`` columns.

    >>> ci_text(pd.DataFrame({"gold": [7.5], "gold lo": [7.0], "gold hi": [8.0]}), "gold").tolist()
    ['7.50 [7.00, 8.00]']
    """
    columns = [table[figure], table[f"{figure} lo"], table[f"{figure} hi"]]
    texts = [
        f"{m:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"
        for m, lo, hi in zip(*columns, strict=True)
    ]
    return pd.Series(texts, index=table.index, name=f"{figure} (95% CI)")


def heat(results: pd.DataFrame, kind: Literal["pillages", "tributes"], role: int | None = None):
    """Gold per game moved on each hex: pillaged by ``role``, or paid in tribute by it.

    ``kind="tributes"`` places each tribute on the hex where the payer stood.
    ``role=None`` counts every role.
    """
    totals: dict[Hex, float] = {}
    for events in results[kind]:
        for who, where, gold in events:
            if role is None or who == role:
                totals[where] = totals.get(where, 0.0) + gold
    return {h: total / len(results) for h, total in totals.items()}


def load_study(path: str | os.PathLike[str] = STUDY_PATH) -> pd.DataFrame:
    """The balance tables written by ``scripts/raid_study.py`` (one row per agent, map,
    version and role; :data:`STUDY_COLUMNS` at least)."""
    return load_table(path, STUDY_COLUMNS)
