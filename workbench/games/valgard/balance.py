"""Balance of the full 6x6 game: MCTS self-play under rule variants, and a skill trace.

Everything runs through the play toolkit: :func:`~workbench.play.tournament` plays
seeded games on any executor, :func:`~workbench.play.metrics.balance_report` turns a
trial log into metrics with 95% intervals, :func:`~workbench.play.metrics.compare_reports`
sets variants side by side, and :func:`~workbench.play.skill.skill_trace` asks whether
more thinking wins more. Valgard's MCTS (:func:`~workbench.games.valgard.agents.mcts_agent`)
stops each random playout after
:data:`~workbench.games.valgard.agents.ROLLOUT_PLIES` plies and judges the position
with the game's material heuristic.

Long runs come from ``scripts/valgard_balance.py`` (trial logs and skill trace in
``data/valgard/``); notebooks load them with :func:`load_trials` / :func:`load_skill_trace`.

>>> trials = variant_trials(["default", "no charge"], simulations=4, rounds=1,
...                         rules=Rules(max_plies=12), executor=None, progress=False)
>>> len(trials), sorted(set(trials["variant"]))
(4, ['default', 'no charge'])
>>> table = variant_table(trials)
>>> list(table.columns), "time-outs" in table.index
(['default', 'no charge'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from workbench.games.valgard.agents import ROLLOUT_PLIES, mcts_agent
from workbench.games.valgard.engine import ValgardGame
from workbench.games.valgard.exact import VARIANTS, data_file
from workbench.games.valgard.rules import Rules
from workbench.play import tournament
from workbench.play.metrics import balance_report, compare_reports
from workbench.play.pools import ExecutorChoice
from workbench.play.skill import skill_trace
from workbench.tableio import load_table, save_table

__all__ = [
    "STUDY_VARIANTS",
    "load_skill_trace",
    "load_trials",
    "save_skill_trace",
    "save_trials",
    "valgard_skill_trace",
    "variant_table",
    "variant_trials",
]

#: The variants of the balance study (names of :data:`~workbench.games.valgard.exact.VARIANTS`).
STUDY_VARIANTS = ("default", "hardcore", "charge captures", "no charge")
_TRIAL_COLUMNS = ("variant", "seat0", "seat1", "return0", "return1", "winner", "plies",
                  "timed_out")  # fmt: skip
_TRACE_COLUMNS = ("strong", "weak", "games", "score", "score low", "score high", "fair")


def variant_trials(
    variants: Sequence[str] = STUDY_VARIANTS,
    *,
    simulations: int = 50,
    rounds: int = 10,
    rules: Rules | None = None,
    seed: int = 0,
    executor: ExecutorChoice = "processes",
    progress: bool = True,
    record: bool = True,
) -> pd.DataFrame:
    """MCTS self-play under each variant: the tournament rows, with a ``variant`` column.

    Each variant plays ``2 * rounds`` games (the two MCTS copies swap seats) from
    ``rules`` (default: the rule text's 6x6 game) with the variant's knobs changed.
    With ``record`` the per-game figures (branching, lead changes, drama...) are kept.
    """
    base = rules if rules is not None else Rules()
    agents = {"MCTS A": mcts_agent(simulations), "MCTS B": mcts_agent(simulations)}
    frames = []
    for number, name in enumerate(variants):
        game = ValgardGame(base.replace(**VARIANTS[name]))
        games = tournament(
            game,
            agents,
            rounds=rounds,
            seed=seed + number,
            executor=executor,
            progress=progress,
            record=record,
        )
        frames.append(games.drop(columns="seconds").assign(variant=name))
    trials = pd.concat(frames, ignore_index=True)
    return trials[["variant", *[c for c in trials.columns if c != "variant"]]]


def variant_table(trials: pd.DataFrame, *, digits: int = 2) -> pd.DataFrame:
    """Metrics per variant side by side, cells ``"estimate [low, high]"`` (95% intervals)."""
    order = list(dict.fromkeys(trials["variant"]))
    reports = {
        name: balance_report(trials[trials["variant"] == name].reset_index(drop=True))
        for name in order
    }
    return compare_reports(reports, digits=digits)


def valgard_skill_trace(
    *,
    budgets: Sequence[int] = (10, 20, 40, 80),
    rounds: int = 10,
    rules: Rules | None = None,
    seed: int = 0,
    executor: ExecutorChoice = "processes",
    progress: bool = True,
) -> pd.DataFrame:
    """MCTS at doubling budgets against itself on ``rules`` (default: the 6x6 game)."""
    game = ValgardGame(rules if rules is not None else Rules())
    return skill_trace(
        game,
        budgets=budgets,
        rounds=rounds,
        seed=seed,
        executor=executor,
        progress=progress,
        rollout_plies=ROLLOUT_PLIES,
    )


def save_trials(trials: pd.DataFrame, path: str | Path = "balance_trials.csv") -> Path:
    """Write a trial log (a bare name goes to :data:`~workbench.games.valgard.exact.DATA_DIR`)."""
    return save_table(trials, data_file(path))


def load_trials(path: str | Path = "balance_trials.csv") -> pd.DataFrame:
    """Read a trial log written by :func:`save_trials` (DataError names what is missing)."""
    return load_table(data_file(path), _TRIAL_COLUMNS)


def save_skill_trace(trace: pd.DataFrame, path: str | Path = "skill_trace.csv") -> Path:
    """Write a skill trace (a bare name goes to :data:`~workbench.games.valgard.exact.DATA_DIR`)."""
    return save_table(trace, data_file(path))


def load_skill_trace(path: str | Path = "skill_trace.csv") -> pd.DataFrame:
    """Read a skill trace written by :func:`save_skill_trace`."""
    return load_table(data_file(path), _TRACE_COLUMNS)
