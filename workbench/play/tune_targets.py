"""Targets for the rules tuner: metrics of a tournament table, a wanted value, a weight.

A :class:`Metric` turns a :func:`~workbench.play.tournament.tournament` table into an
*estimator*: a function of resampled game indices (shape ``(resamples, games)``)
giving one value per resample, so that the tuner can bootstrap every metric, and
every score, with the same resamples for every candidate (paired). The metrics are
those of :func:`~workbench.play.metrics.balance_report` (``win rate seat s``,
``balance``, ``completion``, ``drawishness``, ``time-outs``, ``duration``,
``duration spread``), ``win rate AGENT`` and ``top agent win rate`` (the best
agent's share of its seats won: "no strategy dominates"), ``role balance`` for games
whose summary gives each role's per-game win share as a ``win_<role>`` column (1 minus
the spread of the roles' win shares, as ``balance`` is of the seats'), and the mean of
any numeric per-game summary column (``rounds``, ``fights``...). A designer may also
pass a function of the results table, per game (a Series) or whole (a number).

>>> import pandas as pd
>>> table = pd.DataFrame({"seat0": ["a", "b"], "seat1": ["b", "a"], "return0": [1.0, 0.0],
...                       "return1": [-1.0, 0.0], "winner": [0, -1], "plies": [4, 6],
...                       "timed_out": [False, False], "rounds": [2, 3]})
>>> [metric(name, table).estimate(table) for name in ("win rate seat 0", "duration", "rounds")]
[0.5, 5.0, 2.5]
>>> Target("rounds", value=3, tolerance=1).loss(2.5)
0.5
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from workbench.errors import RulesError
from workbench.play.metrics import seat_count
from workbench.play.stats import wilson_interval

__all__ = ["Metric", "Target", "known_metrics", "metric", "parse_target"]

Estimator = Callable[[np.ndarray], np.ndarray]

_BASE = ("game", "round", "lineup", "winner", "plies", "timed_out", "seconds")


@dataclass(frozen=True)
class Metric:
    """A named figure of a results table.

    ``table(results)`` gives per-game values, shape ``(games, k)``; ``statistic``
    maps a stack of resampled tables ``(..., games, k)`` to ``(...)``; ``share`` marks
    a share of games (0/1 values, mean), shown with a Wilson interval.
    """

    name: str
    table: Callable[[pd.DataFrame], np.ndarray]
    statistic: Callable[[np.ndarray], np.ndarray]
    share: bool = False

    def estimator(self, results: pd.DataFrame) -> Estimator:
        """``indices (resamples, games) -> values (resamples,)`` on this table."""
        values = self.table(results)
        return lambda indices: np.asarray(self.statistic(values[indices]), dtype=float)

    def estimate(self, results: pd.DataFrame) -> float:
        """The metric on the whole table."""
        return float(self.estimator(results)(np.arange(len(results))[None, :])[0])

    def interval(
        self, results: pd.DataFrame, samples: np.ndarray, *, confidence: float = 0.95
    ) -> tuple[float, float]:
        """Wilson for shares, else the percentile interval of bootstrap ``samples``."""
        if self.share:
            return wilson_interval(
                self.estimate(results) * len(results), len(results), confidence=confidence
            )
        tail = (1 - confidence) / 2 * 100
        low, high = np.percentile(samples, [tail, 100 - tail])
        return (round(float(low), 4), round(float(high), 4))


def _mean(values: np.ndarray) -> np.ndarray:
    return values[..., 0].mean(axis=-1)


def _column(expression: Callable[[pd.DataFrame], Any]) -> Callable[[pd.DataFrame], np.ndarray]:
    return lambda results: np.asarray(expression(results), dtype=float).reshape(len(results), 1)


def _balance(values: np.ndarray) -> np.ndarray:
    rates = values.mean(axis=-2)
    return 1 - (rates.max(axis=-1) - rates.min(axis=-1))


def _agents(results: pd.DataFrame) -> list[str]:
    seats = [f"seat{s}" for s in range(seat_count(results))]
    return sorted(pd.unique(results[seats].to_numpy().ravel()).tolist())


def _agent_table(results: pd.DataFrame, agents: list[str]) -> np.ndarray:
    """Per game, wins then seats of each agent: shape ``(games, 2 * agents)``."""
    seats = seat_count(results)
    names = results[[f"seat{s}" for s in range(seats)]].to_numpy()
    winner = results["winner"].to_numpy(dtype=int)
    won = winner[:, None] == np.arange(seats)
    wins = [((names == a) & won).sum(axis=1) for a in agents]
    sits = [(names == a).sum(axis=1) for a in agents]
    return np.stack(wins + sits, axis=1).astype(float)


def _agent_rates(values: np.ndarray) -> np.ndarray:
    half = values.shape[-1] // 2
    totals = values.sum(axis=-2)
    return totals[..., :half] / np.maximum(totals[..., half:], 1)


def _builtin(results: pd.DataFrame) -> dict[str, Metric]:
    seats = seat_count(results)
    returns = [f"return{s}" for s in range(seats)]

    def level(r: pd.DataFrame) -> np.ndarray:
        values = r[returns].to_numpy(dtype=float)
        flat = values.max(axis=1) == values.min(axis=1)
        return flat & ~r["timed_out"].to_numpy(dtype=bool)

    found = {
        f"win rate seat {s}": Metric(
            f"win rate seat {s}", _column(lambda r, s=s: r["winner"] == s), _mean, True
        )
        for s in range(seats)
    }
    one_hot = lambda r: (r["winner"].to_numpy(dtype=int)[:, None] == np.arange(seats)) * 1.0  # noqa: E731
    found["balance"] = Metric("balance", one_hot, _balance)
    found["completion"] = Metric("completion", _column(lambda r: r["winner"] >= 0), _mean, True)
    found["drawishness"] = Metric("drawishness", _column(level), _mean, True)
    found["time-outs"] = Metric("time-outs", _column(lambda r: r["timed_out"]), _mean, True)
    found["duration"] = Metric("duration", _column(lambda r: r["plies"]), _mean)
    found["duration spread"] = Metric(
        "duration spread", _column(lambda r: r["plies"]), lambda v: v[..., 0].std(axis=-1, ddof=1)
    )
    agents = _agents(results) if "seat0" in results else []
    table = lambda r: _agent_table(r, agents)  # noqa: E731
    if agents:
        found["top agent win rate"] = Metric(
            "top agent win rate", table, lambda v: _agent_rates(v).max(axis=-1)
        )
    for i, agent in enumerate(agents):
        name = f"win rate {agent}"
        found.setdefault(name, Metric(name, table, lambda v, i=i: _agent_rates(v)[..., i]))
    roles = [c for c in results.columns if c.startswith("win_")]
    if roles:
        found["role balance"] = Metric(
            "role balance", lambda r: r[roles].to_numpy(dtype=float), _balance
        )
    for column in results.columns:
        numeric = pd.api.types.is_numeric_dtype(results[column])
        if column in _BASE or column in returns or column in found or not numeric:
            continue
        found[column] = Metric(column, _column(lambda r, c=column: r[c]), _mean)
    return found


def known_metrics(results: pd.DataFrame) -> list[str]:
    """The metric names a results table offers.

    >>> import pandas as pd
    >>> columns = ["seat0", "return0", "winner", "plies", "timed_out"]
    >>> known_metrics(pd.DataFrame(columns=columns))[:3]
    ['win rate seat 0', 'balance', 'completion']
    """
    return list(_builtin(results))


def metric(name: str | Callable[[pd.DataFrame], Any], results: pd.DataFrame) -> Metric:
    """The metric called ``name`` on tables like ``results``, or one made of a function.

    A function returning a per-game Series (as long as the table) is averaged; one
    returning a number is the metric itself (bootstrapped by calling it on resampled
    tables). An unknown name raises :class:`~workbench.errors.RulesError` listing the
    known ones.
    """
    if callable(name):
        return _function_metric(name, results)
    found = _builtin(results)
    if name not in found:
        raise RulesError(f"target {name!r}: unknown metric; known: {', '.join(found)}")
    return found[name]


def _function_metric(function: Callable[[pd.DataFrame], Any], results: pd.DataFrame) -> Metric:
    label = getattr(function, "__name__", "function")
    if np.ndim(function(results)) == 1:
        return Metric(label, _column(function), _mean)

    class _Rows(Metric):
        def estimator(self, table: pd.DataFrame) -> Estimator:
            return lambda idx: np.array([float(function(table.iloc[row])) for row in idx])

    return _Rows(label, _column(lambda r: np.arange(len(r))), _mean)


@dataclass(frozen=True)
class Target:
    """What a good game looks like for one metric, and how much it counts.

    ``value`` with ``tolerance``: loss ``|m - value| / tolerance`` (or ``/ 1`` without
    a tolerance), met within the tolerance; ``at_most``/``at_least``: loss the excess
    past the bound divided by ``scale``, met inside. The loss is multiplied by
    ``weight``; a candidate's score is the sum of its targets' losses (0 is perfect).

    >>> Target("drawishness", at_most=0.25).loss(0.5), Target("balance", value=1).met(0.98)
    (0.25, False)
    """

    metric: str | Callable[[pd.DataFrame], Any]
    value: float | None = None
    tolerance: float = 0.0
    at_most: float | None = None
    at_least: float | None = None
    weight: float = 1.0
    scale: float = 1.0

    def __post_init__(self) -> None:
        given = [self.value is not None, self.at_most is not None or self.at_least is not None]
        if sum(given) != 1:
            raise RulesError(f"target {self.label}: give a value or bounds (at_most/at_least)")
        if self.tolerance < 0 or self.weight <= 0 or self.scale <= 0:
            raise RulesError(f"target {self.label}: tolerance >= 0, weight and scale > 0 expected")

    @property
    def label(self) -> str:
        """The metric's name."""
        return (
            self.metric
            if isinstance(self.metric, str)
            else getattr(self.metric, "__name__", "function")
        )

    def loss(self, value: Any) -> Any:
        """The weighted distance of a metric value (or an array of them) from the target."""
        value = np.asarray(value, dtype=float)
        if self.value is not None:
            distance = np.abs(value - self.value) / (self.tolerance or 1.0)
        else:
            over = value - self.at_most if self.at_most is not None else 0.0
            under = self.at_least - value if self.at_least is not None else 0.0
            distance = np.maximum(np.maximum(over, under), 0.0) / self.scale
        result = self.weight * distance
        return float(result) if result.ndim == 0 else result

    def met(self, value: float) -> bool:
        """Whether a metric value meets the target."""
        if self.value is not None:
            return bool(abs(value - self.value) <= self.tolerance)
        low = self.at_least if self.at_least is not None else -np.inf
        high = self.at_most if self.at_most is not None else np.inf
        return bool(low <= value <= high)


_TARGET = re.compile(r"^\s*(?P<metric>[^<>=]+?)\s*(?P<op><=|>=|=)\s*(?P<rest>.+?)\s*$")


def _number(text: str, where: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise RulesError(f"{where}: expected a number, got {text!r}") from None


def parse_target(text: str) -> Target:
    """A target from text: ``METRIC=VALUE``, ``METRIC=VALUE+-TOL``, ``METRIC=LO..HI``
    (the middle, half the width as tolerance), ``METRIC<=X`` or ``METRIC>=X``, each
    optionally followed by ``@WEIGHT``.

    >>> parse_target("rounds=12+-4")  # doctest: +NORMALIZE_WHITESPACE
    Target(metric='rounds', value=12.0, tolerance=4.0, at_most=None, at_least=None,
           weight=1.0, scale=1.0)
    >>> t = parse_target("drawishness<=0.1@2")
    >>> (t.at_most, t.weight), parse_target("duration=10..20").tolerance
    ((0.1, 2.0), 5.0)
    """
    where = f"--target {text}"
    found = _TARGET.match(text)
    if not found:
        raise RulesError(f"{where}: expected METRIC=VALUE[+-TOL], METRIC=LO..HI, METRIC<=X or >=X")
    name, op, rest = found["metric"], found["op"], found["rest"]
    rest, _, weight_text = rest.partition("@")
    weight = _number(weight_text, where) if weight_text else 1.0
    if op == "<=":
        return Target(name, at_most=_number(rest, where), weight=weight)
    if op == ">=":
        return Target(name, at_least=_number(rest, where), weight=weight)
    if ".." in rest:
        low, high = (_number(part, where) for part in rest.split("..", 1))
        if low > high:
            raise RulesError(f"{where}: the range's low end is above its high end")
        return Target(name, value=(low + high) / 2, tolerance=(high - low) / 2, weight=weight)
    value, _, tolerance = rest.partition("+-")
    tol = _number(tolerance, where) if tolerance else 0.0
    return Target(name, value=_number(value, where), tolerance=tol, weight=weight)
