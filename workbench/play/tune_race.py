"""Racing rule variants on common random numbers: the core of the rules tuner.

Every candidate of a round plays the *same* games (the same per-game seeds, so the
same deals and dice wherever the rules let them coincide), so differences between
candidates are paired. Each round every surviving candidate plays a new batch; its
score (the sum of the targets' losses, :class:`~workbench.play.tune_targets.Target`)
gets a percentile bootstrap interval from resampled games, the *same* resampled
games for every candidate, and so does its difference from the round's best. A
candidate falls only when the interval of that paired difference lies wholly above
zero (:func:`drop_worse`): it is then worse than the best at the chosen confidence.

>>> import numpy as np
>>> samples = np.array([[1.0, 1.2, 0.9], [2.0, 2.1, 1.8], [1.1, 0.8, 1.3]])
>>> drop_worse(samples.mean(axis=1), samples).tolist()
[False, True, False]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from workbench.play.agents import AgentFactory
from workbench.play.protocol import Game
from workbench.play.tournament import default_lineups, tournament
from workbench.play.tune_space import Candidate, Space
from workbench.play.tune_targets import Metric, Target, metric

__all__ = ["Arena", "Scores", "drop_worse", "keep_better_half", "race", "score"]


@dataclass(frozen=True)
class Arena:
    """How a candidate is played: ``make_game(rules, **data) -> Game``, the agents
    (name -> factory, as for :func:`~workbench.play.tournament.tournament`), the
    lineups (default: every seat permuted) and an optional ply cap.

    >>> from workbench.play.agents import RandomAgent
    >>> from workbench.play.toy_games.handicap_dice import HandicapDice
    >>> arena = Arena(lambda rules: HandicapDice(rules), {"random": RandomAgent})
    >>> arena.lineup_count(HandicapDice())
    1
    """

    make_game: Callable[..., Game]
    agents: Mapping[str, AgentFactory]
    lineups: Sequence[Sequence[str]] | None = None
    max_plies: int | None = None

    def lineup_count(self, game: Game) -> int:
        """Games in one pass over the lineups (budgets are rounded to it)."""
        return len(self._lineups(game))

    def _lineups(self, game: Game) -> list[tuple[str, ...]]:
        if self.lineups is not None:
            return [tuple(lineup) for lineup in self.lineups]
        return default_lineups(list(self.agents), game.info.num_players)

    def play(
        self,
        space: Space,
        candidate: Candidate,
        *,
        passes: int,
        seed: np.random.SeedSequence,
        executor: Executor | None,
    ) -> pd.DataFrame:
        """``passes`` passes over the lineups under the candidate's rules, on ``seed``
        (copied first: spawning children advances a SeedSequence, and every candidate
        must get the same ones)."""
        game = self.make_game(space.rules(candidate), **space.data(candidate))
        fresh = np.random.SeedSequence(seed.entropy, spawn_key=seed.spawn_key)
        return tournament(
            game,
            self.agents,
            rounds=passes,
            seed=fresh,
            lineups=self._lineups(game),
            executor=executor,
            max_plies=self.max_plies,
            progress=False,
        )


def keep_better_half(points: np.ndarray) -> np.ndarray:
    """Which candidates fall in successive halving: all but the better half (lowest
    points; ties to the earlier candidate), at least one kept.

    >>> keep_better_half(np.array([0.3, 0.1, 0.2, 0.1, 0.5])).tolist()
    [True, False, True, False, True]
    """
    order = np.argsort(points, kind="stable")
    fall = np.ones(len(points), dtype=bool)
    fall[order[: max(1, len(points) // 2)]] = False
    return fall


def drop_worse(points: np.ndarray, samples: np.ndarray, *, confidence: float = 0.95) -> np.ndarray:
    """Which candidates are worse than the best (lowest point score) at ``confidence``.

    ``samples[c, b]`` is candidate ``c``'s score on bootstrap resample ``b`` (the same
    resampled games for every candidate). A candidate is dropped when the lower end of
    the percentile interval of ``samples[c] - samples[best]`` is above zero; the best
    itself never is.
    """
    best = int(np.argmin(points))
    tail = (1 - confidence) / 2 * 100
    low = np.percentile(samples - samples[best], tail, axis=1)
    return low > 0


@dataclass(frozen=True)
class Scores:
    """Scores of candidates on one set of paired games.

    ``points[c]``, ``samples[c, b]`` (bootstrap); ``values[t][c]`` and
    ``intervals[t][c]``: each target's metric and its 95% interval.
    """

    points: np.ndarray
    samples: np.ndarray
    values: list[list[float]]
    intervals: list[list[tuple[float, float]]]

    def interval(self, c: int, *, confidence: float = 0.95) -> tuple[float, float]:
        """Percentile interval of candidate ``c``'s score."""
        tail = (1 - confidence) / 2 * 100
        low, high = np.percentile(self.samples[c], [tail, 100 - tail])
        return (round(float(low), 4), round(float(high), 4))


def score(
    tables: Sequence[pd.DataFrame],
    targets: Sequence[Target],
    metrics: Sequence[Metric],
    *,
    seed: np.random.SeedSequence,
    resamples: int = 400,
    confidence: float = 0.95,
) -> Scores:
    """Score candidates whose ``tables`` hold the same games (paired), with the same
    bootstrap resamples of games for every candidate.

    >>> import pandas as pd
    >>> from workbench.play.tune_targets import metric
    >>> one = pd.DataFrame({"winner": [0, 1, 0, 1], "plies": [4, 4, 6, 6]})
    >>> two = one.assign(plies=[8, 8, 8, 10])
    >>> found = score([one, two], [Target("duration", value=5)], [metric("duration", one)],
    ...               seed=np.random.SeedSequence(0))
    >>> found.points.tolist(), found.values[0]
    ([0.0, 3.5], [5.0, 8.5])
    """
    games = len(tables[0])
    rng = np.random.default_rng(seed)
    indices = rng.integers(0, games, size=(resamples, games))
    whole = np.arange(games)[None, :]
    points = np.zeros(len(tables))
    samples = np.zeros((len(tables), resamples))
    values: list[list[float]] = []
    intervals: list[list[tuple[float, float]]] = []
    for target, found in zip(targets, metrics, strict=True):
        row_values, row_intervals = [], []
        for c, table in enumerate(tables):
            estimate = found.estimator(table)
            value = float(estimate(whole)[0])
            boot = estimate(indices)
            points[c] += target.loss(value)
            samples[c] += target.loss(boot)
            row_values.append(round(value, 4))
            row_intervals.append(found.interval(table, boot, confidence=confidence))
        values.append(row_values)
        intervals.append(row_intervals)
    return Scores(points, samples, values, intervals)


def resolve_metrics(targets: Sequence[Target], table: pd.DataFrame) -> list[Metric]:
    """Each target's metric on tables like ``table`` (unknown names raise RulesError)."""
    return [metric(target.metric, table) for target in targets]


@dataclass
class _Entry:
    candidate: Candidate
    tables: list[pd.DataFrame]
    fell: int | None = None

    @property
    def table(self) -> pd.DataFrame:
        return pd.concat(self.tables, ignore_index=True)


def race(
    space: Space,
    arena: Arena,
    targets: Sequence[Target],
    candidates: Sequence[Candidate],
    *,
    games: int,
    seed: np.random.SeedSequence,
    executor: Executor | None,
    metrics: Sequence[Metric],
    passes_unit: int,
    rounds: int | None = None,
    halving: bool = False,
    deadline: float | None = None,
    confidence: float = 0.95,
    resamples: int = 400,
    min_games: int = 20,
    on_games: Callable[[int, int, int], Any] = lambda played, round_, alive: None,
    on_round: Callable[[pd.DataFrame], Any] = lambda history: None,
) -> tuple[list[_Entry], pd.DataFrame, int]:
    """Race ``candidates`` on a budget of ``games`` (see the module text).

    Rounds are planned as ``rounds`` (default ``ceil(log2(candidates))``, at least 1),
    each spending an equal share of the budget split among the survivors, so fewer
    survivors play more games each;
    a round never plays fewer games per candidate than the one before
    (the race stops instead). No candidate falls before it has played ``min_games``
    games: a bootstrap of a handful of games is too narrow to trust. With ``halving``
    (successive halving) every round but the last also drops the worse half by point
    score, interval or not: the leaders get the games sooner, at the risk of losing a
    candidate that was only unlucky. No round after the first starts once
    ``time.monotonic()`` has passed ``deadline`` (a time budget). Returns the
    entries (their tables and the round each fell in), the race history (one row per
    candidate and round) and the games played. ``on_games(games, round, alive)`` hears
    of every batch played, ``on_round(history)`` of every round decided.
    """
    entries = [_Entry(candidate, []) for candidate in candidates]
    planned = rounds or max(1, math.ceil(math.log2(max(len(entries), 2))))
    spent, history, round_, last = 0, [], 0, 1
    while True:
        alive = [e for e in entries if e.fell is None]
        left = games - spent
        share = left // max(planned - round_, 1)
        passes = share // (len(alive) * passes_unit)
        if passes < 1:
            passes = 1 if left >= len(alive) * passes_unit else 0
        late = deadline is not None and round_ > 0 and time.monotonic() >= deadline
        if passes < last or (len(alive) == 1 and round_ > 0) or late:
            break  # rounds never shrink: what is left goes to the confirmation
        last = passes
        round_seed = np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, round_))
        for entry in alive:
            entry.tables.append(
                arena.play(
                    space, entry.candidate, passes=passes, seed=round_seed, executor=executor
                )
            )
            spent += len(entry.tables[-1])
            on_games(len(entry.tables[-1]), round_, len(alive))
        boot_seed = np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, round_, 1))
        found = score(
            [e.table for e in alive],
            targets,
            metrics,
            seed=boot_seed,
            resamples=resamples,
            confidence=confidence,
        )
        dropped = drop_worse(found.points, found.samples, confidence=confidence)
        dropped &= len(alive[0].table) >= min_games
        if halving and round_ < planned - 1:
            dropped |= keep_better_half(found.points)
        for c, entry in enumerate(alive):
            low, high = found.interval(c, confidence=confidence)
            history.append(
                {
                    "round": round_,
                    "candidate": entries.index(entry),
                    "games": len(entry.table),
                    "score": round(float(found.points[c]), 4),
                    "score low": low,
                    "score high": high,
                    "dropped": bool(dropped[c]),
                }
            )
            if dropped[c]:
                entry.fell = round_
        on_round(pd.DataFrame(history))
        round_ += 1
    return entries, pd.DataFrame(history), spent
