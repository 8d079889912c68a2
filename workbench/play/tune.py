"""The rules tuner: search a game's knobs for rule variants that meet the designer's targets.

The designer names the knobs that may move (:class:`~workbench.play.tune_space.Space`,
values from the knobs' metadata), says what a good game looks like
(:class:`~workbench.play.tune_targets.Target`: a metric of the tournament table, a
value or a bound, a weight) and gives a budget of games. :func:`tune` then

1. proposes candidates: every valid combination when there are at most
   ``max_candidates``, else an N-tuple bandit search (:mod:`~workbench.play.tune_propose`)
   on a share of the budget picks ``proposals`` of them;
2. races them with common random numbers (:mod:`~workbench.play.tune_race`): each
   round all survivors play the same seeds; a candidate falls only when the interval
   of its paired score difference from the best lies above zero;
3. confirms the ``keep`` best survivors on fresh seeds (paired among themselves) and
   chooses the lowest confirmed score.

Each drop is its own paired test at ``confidence``, not corrected for the number of
candidates and rounds: with many of them, raise ``confidence`` (0.99) or ``min_games``
for fewer false drops; the confirmation on fresh seeds guards the final choice.

Every step is seeded from ``numpy.random.SeedSequence(seed)``, so the same call gives
the same answer serially, on a process pool or on dask (``client.get_executor()``).

>>> from workbench.play.agents import RandomAgent
>>> from workbench.play.toy_games.handicap_dice import HandicapDice, Rules
>>> space = Space.from_rules(Rules(rounds=1), {"handicap": (-2, 2)})
>>> arena = Arena(HandicapDice, {"random": RandomAgent})
>>> found = tune(space, arena, [Target("balance", value=1)], games=600, seed=1,
...              executor=None, progress=False)
>>> found.rules.handicap, found.games_played <= 600
(0, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from tqdm.auto import tqdm

from workbench.play import pools
from workbench.play.tune_propose import propose
from workbench.play.tune_race import Arena, race, resolve_metrics, score
from workbench.play.tune_space import Candidate, Space
from workbench.play.tune_targets import Target

__all__ = ["Arena", "Space", "Target", "TuneResult", "plot_race", "tune"]


@dataclass(frozen=True)
class TuneResult:
    """What a tuning run found.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per raced candidate, best first: its knob values, ``games`` played,
        ``fell`` (the round it was dropped in, or -1 for survivors), ``confirmed``,
        ``chosen``, ``score`` with ``score low``/``score high``, and each target's
        metric with ``<metric> low``/``<metric> high`` (confirmation games for the
        confirmed candidates, race games for the others).
    rules : Rules
        The chosen rules, ready to use or save (``rules.to_dict()``).
    data : dict
        The chosen data parameters (empty without any).
    history : pandas.DataFrame
        The race: one row per candidate and round (games, score and interval, dropped).
    games_played : int
        Games played in all (proposals, race and confirmation).
    metrics : dict
        The chosen candidate's confirmed metrics: ``name -> {"value", "ci"}``.
    ended : str
        ``"games"`` when the budget of games ended the race, ``"time"`` when the time
        budget did (``tune(seconds=...)``).
    """

    table: pd.DataFrame
    rules: Any
    data: dict[str, Any]
    history: pd.DataFrame
    games_played: int
    metrics: dict[str, dict[str, Any]]
    ended: str = "games"

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-able data: best rules and metrics, candidates, games."""
        rows = self.table.replace({np.nan: None}).to_dict(orient="records")
        best = {"rules": self.rules.to_dict(), "metrics": self.metrics}
        if self.data:
            best["data"] = self.data
        return {
            "best": best,
            "candidates": _jsonable(rows),
            "games_played": self.games_played,
            "ended": self.ended,
        }

    def plot(self, *, ax: Axes | None = None) -> Axes:
        """:func:`plot_race` of this run."""
        return plot_race(self.history, ax=ax)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    if hasattr(value, "numerator") and not isinstance(value, int | float):
        return str(value)
    return value


def _seed(root: np.random.SeedSequence, *key: int) -> np.random.SeedSequence:
    return np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, *key))


def tune(
    space: Space,
    arena: Arena,
    targets: Sequence[Target],
    *,
    games: int = 2000,
    seconds: float | None = None,
    seed: int = 0,
    executor: pools.ExecutorChoice = "processes",
    workers: int | None = None,
    max_candidates: int = 32,
    proposals: int = 8,
    propose_share: float = 0.3,
    confirm_share: float = 0.2,
    keep: int = 3,
    confidence: float = 0.95,
    resamples: int = 400,
    min_games: int = 20,
    progress: bool = True,
    on_round: Callable[[pd.DataFrame], Any] | None = None,
) -> TuneResult:
    """Search ``space`` for the rules that best meet ``targets`` on a budget of ``games``.

    Parameters
    ----------
    space : Space
        The knobs (and data parameters) that may move.
    arena : Arena
        How a candidate is played (game builder, agents, lineups).
    targets : sequence of Target
        What a good game looks like; a candidate's score is the sum of the losses.
    games : int
        Budget of games in all (a few more may be played: every batch is rounded up
        to whole passes over the lineups; one probe pass checks the targets first).
    seconds : float, optional
        A time budget besides the games: no race round starts after ``(1 -
        confirm_share)`` of it, and the confirmation plays what the rest allows at the
        pace of the race (at least one pass). A run cut by time depends on the
        machine's speed: ``TuneResult.ended`` says which budget ended it.
    seed : int
        Root of every seed; the same call gives the same result on every executor.
    executor : Executor, "processes" or None
        Where games are played (as for :func:`~workbench.play.tournament.tournament`).
    workers : int, optional
        Size of the default process pool.
    max_candidates : int
        Spaces with more valid combinations get proposals instead of the whole grid.
    proposals : int
        Candidates the proposal step hands to the race.
    propose_share, confirm_share : float
        Shares of the budget for proposals (large spaces only) and confirmation.
    keep : int
        Survivors confirmed on fresh seeds.
    confidence : float
        Of every interval, and of the paired test that drops a candidate.
    resamples : int
        Bootstrap resamples of games.
    min_games : int
        Games a candidate plays before it may fall.
    progress : bool
        Show a tqdm bar of games played, with the round and the survivors.
    on_round : callable, optional
        Called with the race history after every round (a live table, a widget).
    """
    start = time.monotonic()
    deadline = None if seconds is None else start + seconds * (1 - confirm_share)
    root = np.random.SeedSequence(seed)
    candidates = _initial(space, max_candidates)
    first = candidates[0] if candidates else space.sample(np.random.default_rng(_seed(root, 9)))
    probe = arena.play(space, first, passes=1, seed=_seed(root, 8), executor=None)
    metrics = resolve_metrics(targets, probe)
    unit = played = len(probe)
    with (
        pools.pool(executor, workers) as pool,
        tqdm(total=games, initial=played, disable=not progress, desc="tuning games") as bar,
    ):

        def counted(count: int, round_: int | str, alive: int) -> None:
            bar.update(count)
            bar.set_postfix(round=round_, alive=alive)

        if not candidates:
            candidates, spent = _proposals(
                space,
                arena,
                targets,
                metrics,
                pool,
                root,
                unit,
                counted,
                budget=int(games * propose_share),
                count=proposals,
                resamples=resamples,
            )
            played += spent
        confirm_budget = int(games * confirm_share)
        entries, history, spent = race(
            space,
            arena,
            targets,
            candidates,
            games=games - played - confirm_budget,
            seed=_seed(root, 1),
            executor=pool,
            metrics=metrics,
            passes_unit=unit,
            confidence=confidence,
            resamples=resamples,
            min_games=min_games,
            deadline=deadline,
            on_games=counted,
            on_round=on_round or (lambda history: None),
        )
        played += spent
        alive = [e for e in entries if e.fell is None]
        race_scores = score(
            [e.table for e in alive],
            targets,
            metrics,
            seed=_seed(root, 3),
            resamples=resamples,
            confidence=confidence,
        )
        order = np.argsort(race_scores.points, kind="stable")[:keep]
        finalists = [alive[i] for i in order]
        left = games - played
        timed = seconds is not None and time.monotonic() >= deadline
        if seconds is not None:
            pace = played / max(time.monotonic() - start, 1e-9)
            left = min(left, int(pace * max(start + seconds - time.monotonic(), 0.0)))
        passes = max(1, left // (len(finalists) * unit))
        tables = []
        for entry in finalists:
            tables.append(
                arena.play(
                    space, entry.candidate, passes=passes, seed=_seed(root, 2), executor=pool
                )
            )
            counted(len(tables[-1]), "confirm", len(finalists))
            played += len(tables[-1])
    confirmed = score(
        tables, targets, metrics, seed=_seed(root, 4), resamples=resamples, confidence=confidence
    )
    chosen = int(np.argmin(confirmed.points))
    table = _table(
        space,
        targets,
        entries,
        finalists,
        confirmed,
        chosen,
        tables,
        metrics,
        resamples,
        confidence,
        root,
    )
    best = finalists[chosen].candidate
    figures = {
        target.label: {
            "value": confirmed.values[t][chosen],
            "ci": list(confirmed.intervals[t][chosen]),
        }
        for t, target in enumerate(targets)
    }
    ended = "time" if timed else "games"
    return TuneResult(table, space.rules(best), space.data(best), history, played, figures, ended)


def _initial(space: Space, max_candidates: int) -> list[Candidate]:
    """The whole grid when it is small enough, else nothing (proposals are needed)."""
    return space.grid() if space.size <= max_candidates else []


def _proposals(
    space, arena, targets, metrics, pool, root, unit, counted, *, budget, count, resamples
):
    """N-tuple bandit proposals, every evaluation on the same screening seeds."""
    per = max(1, math.ceil(10 / unit))
    iterations = max(count, budget // (per * unit))
    spent = 0

    def evaluate(candidate: Candidate) -> float:
        nonlocal spent
        table = arena.play(space, candidate, passes=per, seed=_seed(root, 5), executor=pool)
        spent += len(table)
        counted(len(table), "propose", 0)
        found = score([table], targets, metrics, seed=_seed(root, 6), resamples=2)
        return float(found.points[0])

    rng = np.random.default_rng(_seed(root, 7))
    picks = propose(space, evaluate, iterations=iterations, count=count, rng=rng)
    return picks, spent


def _table(
    space,
    targets,
    entries,
    finalists,
    confirmed,
    chosen,
    tables,
    metrics,
    resamples,
    confidence,
    root,
) -> pd.DataFrame:
    """One row per raced candidate (see :class:`TuneResult`)."""
    labels = [t.label for t in targets]
    rows = []
    for entry in entries:
        final = finalists.index(entry) if entry in finalists else None
        if final is None:
            own = score(
                [entry.table],
                targets,
                metrics,
                seed=_seed(root, 3),
                resamples=resamples,
                confidence=confidence,
            )
            at, games = 0, len(entry.table)
        else:
            own, at, games = confirmed, final, len(tables[final])
        row = space.as_dict(entry.candidate)
        low, high = own.interval(at, confidence=confidence)
        row.update(
            games=games,
            fell=-1 if entry.fell is None else entry.fell,
            confirmed=final is not None,
            chosen=final == chosen,
            score=round(float(own.points[at]), 4),
            **{"score low": low, "score high": high},
        )
        for t, label in enumerate(labels):
            row[label] = own.values[t][at]
            row[f"{label} low"], row[f"{label} high"] = own.intervals[t][at]
        rows.append(row)
    frame = pd.DataFrame(rows)
    rank = frame["chosen"].map({True: 0, False: 1}) * 1 + (~frame["confirmed"]) * 1
    return (
        frame.assign(_rank=rank)
        .sort_values(["_rank", "score"], kind="stable")
        .drop(columns="_rank")
        .reset_index(drop=True)
    )


def plot_race(history: pd.DataFrame, *, ax: Axes | None = None) -> Axes:
    """Each candidate's score (with its interval) against the games it has played;
    a cross where it fell.

    >>> history = pd.DataFrame({"round": [0, 0, 1], "candidate": [0, 1, 0],
    ...     "games": [10, 10, 30], "score": [0.2, 0.9, 0.1], "score low": [0.1, 0.7, 0.05],
    ...     "score high": [0.3, 1.1, 0.15], "dropped": [False, True, False]})
    >>> len(plot_race(history).lines) >= 2
    True
    """
    if ax is None:
        from workbench.figures import new_axes

        ax = new_axes(6.0, 3.5)
    for candidate, rows in history.groupby("candidate", sort=True):
        x, y = rows["games"].to_numpy(), rows["score"].to_numpy(dtype=float)
        errors = [
            y - rows["score low"].to_numpy(dtype=float),
            rows["score high"].to_numpy(dtype=float) - y,
        ]
        line = ax.errorbar(x, y, yerr=errors, marker="o", capsize=3, label=f"candidate {candidate}")
        fell = rows[rows["dropped"]]
        if len(fell):
            color = line.lines[0].get_color()
            ax.plot(fell["games"], fell["score"], "x", color=color, markersize=10)
    ax.set_xscale("log")
    ax.set_xlabel("games played by the candidate")
    ax.set_ylabel("score (0 meets every target)")
    ax.set_title("race of candidates (x: dropped)")
    if history["candidate"].nunique() <= 10:
        ax.legend(fontsize="small")
    return ax
