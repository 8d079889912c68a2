"""Role balance of Viking Raid: self-play through the shared tournament runner, per role.

Every game seats one agent kind in all three roles (roles are seats, so seats are
never permuted), and the game's own ``summary`` (``RaidGame.summary``) turns each
final position into columns (gold, tribute given and taken, rounds, where gold was
pillaged and tribute paid).
:func:`balance_table` then gives per role the win share (ties split), mean gold,
tribute given and taken, and the game length, each with a 95% confidence interval.

>>> from workbench.games.viking_raid.engine import RaidGame
>>> results = simulate(RaidGame(), "greedy", games=40, seed=1, executor=None, progress=False)
>>> table = balance_table(results)
>>> list(table["role"]), round(float(table["win share"].sum()), 6)
(['archer', 'huscarl', 'berserker'], 1.0)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from concurrent.futures import Executor
from functools import partial
from typing import Any, Literal

import pandas as pd

from workbench.errors import DataError, RulesError
from workbench.games.viking_raid.engine import RaidGame
from workbench.games.viking_raid.greedy import RaidGreedyAgent
from workbench.games.viking_raid.maps import DATA_DIR, ROLES
from workbench.grids.hexagonal import Hex
from workbench.play import MaxNAgent, MCTSAgent, RandomAgent, tournament
from workbench.play.stats import t_interval

__all__ = [
    "AGENTS",
    "STUDY_PATH",
    "balance_table",
    "ci_text",
    "heat",
    "load_study",
    "simulate",
]

#: Where ``scripts/raid_study.py`` writes the full balance study.
STUDY_PATH = DATA_DIR / "studies" / "balance.csv"

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
    executor: Executor | Literal["processes"] | None = "processes",
    workers: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play ``games`` self-play games of one agent kind; one row per game.

    ``agent`` names a factory in ``agents`` (default :data:`AGENTS`). Rows come from
    :func:`workbench.play.tournament` (seeded per game, so any executor gives the
    same table) with the ``RaidGame.summary`` columns added.
    """
    kinds = dict(AGENTS if agents is None else agents)
    if agent not in kinds:
        raise RulesError(f"unknown agent {agent!r}; known: {', '.join(kinds)}")
    if games < 1:
        raise RulesError(f"games: expected a positive number, got {games}")
    return tournament(
        game,
        {agent: kinds[agent]},
        rounds=games,
        seed=seed,
        lineups=[(agent,) * 3],
        executor=executor,
        workers=workers,
        progress=progress,
    )


def balance_table(results: pd.DataFrame, *, level: float = 0.95) -> pd.DataFrame:
    """Per role: win share (ties split), gold, tribute given and taken, with CIs.

    Intervals are Student t intervals over games (``workbench.play.stats.t_interval``).

    Columns ``<figure>``, ``<figure> lo``, ``<figure> hi`` for each figure; the game
    length (rounds, the same for every role) closes the table.
    """
    rows = []
    for seat, role in enumerate(ROLES):
        row: dict[str, Any] = {"role": role, "games": len(results)}
        for figure, column in (
            ("win share", f"return{seat}"),
            ("gold", f"gold_{role}"),
            ("tribute given", f"given_{role}"),
            ("tribute taken", f"taken_{role}"),
        ):
            mean, lo, hi = t_interval(results[column], confidence=level)
            row.update({figure: mean, f"{figure} lo": lo, f"{figure} hi": hi})
        rows.append(row)
    table = pd.DataFrame(rows)
    mean, lo, hi = t_interval(results["rounds"], confidence=level)
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


def heat(results: pd.DataFrame, kind: Literal["pillages", "tributes"], seat: int | None = None):
    """Gold per game moved on each hex: pillaged by ``seat``, or paid in tribute by it.

    ``kind="tributes"`` places each tribute on the hex where the payer stood.
    ``seat=None`` counts every role.
    """
    totals: dict[Hex, float] = {}
    for events in results[kind]:
        for who, where, gold in events:
            if seat is None or who == seat:
                totals[where] = totals.get(where, 0.0) + gold
    return {h: total / len(results) for h, total in totals.items()}


def load_study(path: str | os.PathLike[str] = STUDY_PATH) -> pd.DataFrame:
    """The balance tables written by ``scripts/raid_study.py`` (one row per agent, map,
    version and role)."""
    try:
        return pd.read_csv(path)
    except (OSError, pd.errors.ParserError) as error:
        raise DataError(str(path), f"cannot read the balance study ({error})") from None
