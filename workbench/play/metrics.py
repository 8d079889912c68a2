"""Balance metrics from a trial log, in the spirit of Ludii's, with 95% confidence intervals.

The trial log is a :func:`~workbench.play.tournament.tournament` table: one row per
game with ``return0``..., ``winner`` (sole best seat, else -1), ``plies``,
``timed_out`` and, when recorded, the per-game figures of
:mod:`~workbench.play.game_features`. Games are the unit of replication, and every
interval stays inside the metric's natural range: shares of games get Wilson score
intervals; everything else (means of per-game figures, balance, spread) a seeded
percentile bootstrap over games, which never leaves the range of the per-game values
(a Student t interval does: a share of 0.98 [0.94, 1.01], a drama below 0).

=================  ===============================================  ==============  =========
metric             meaning                                          range           interval
=================  ===============================================  ==============  =========
win rate seat s    share of games seat s won outright (advantage)   [0, 1]          Wilson
balance            1 - largest gap between two seats' win rates     [0, 1]          bootstrap
completion         share of games with an outright winner           [0, 1]          Wilson
drawishness        share of games ending level (not by time-out)    [0, 1]          Wilson
time-outs          share of games stopped at the ply cap            [0, 1]          Wilson
duration           mean plies per game                              [0, ply cap]    bootstrap
duration spread    standard deviation of plies per game             >= 0            bootstrap
branching factor   mean legal actions per decision (per-game means) >= 1            bootstrap
decision moves     share of decisions with more than one choice     [0, 1]          bootstrap
lead changes       changes of the leading seat(s) per ply           [0, 1]          bootstrap
drama              how far the eventual winner trailed the leader   >= 0            bootstrap
=================  ===============================================  ==============  =========
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from workbench.play.game_features import FEATURES
from workbench.play.stats import bootstrap_interval, wilson_interval

__all__ = ["agent_scores", "balance_report", "compare_reports", "seat_count"]

_FEATURE_NAMES = {
    "branching": "branching factor",
    "decision_moves": "decision moves",
    "lead_changes": "lead changes",
    "drama": "drama",
}


def seat_count(results: pd.DataFrame) -> int:
    """Number of seats in a trial log (from its ``return<s>`` columns).

    >>> import pandas as pd
    >>> seat_count(pd.DataFrame(columns=["seat0", "seat1", "return0", "return1", "winner"]))
    2
    """
    return sum(1 for column in results.columns if column.startswith("return"))


def _returns(results: pd.DataFrame) -> np.ndarray:
    return results[[f"return{s}" for s in range(seat_count(results))]].to_numpy(dtype=float)


def _row(metric: str, estimate: float, low: float, high: float, games: int, interval: str) -> dict:
    return {
        "metric": metric,
        "estimate": round(float(estimate), 4),
        "low": low,
        "high": high,
        "games": games,
        "interval": interval,
    }


def _proportion(metric: str, hits: int, games: int) -> dict:
    return _row(
        metric, hits / games if games else np.nan, *wilson_interval(hits, games), games, "Wilson"
    )


def _mean_of_rows(samples: np.ndarray) -> np.ndarray:
    return samples.mean(axis=-1)


def _mean_interval(
    values: np.ndarray, *, resamples: int = 2000, seed: int = 0
) -> tuple[float, float, float, int]:
    """Mean of the non-missing values, its percentile bootstrap interval and their count."""
    values = values[~np.isnan(values)]
    if len(values) < 2:
        mean = float(values.mean()) if len(values) else np.nan
        return mean, np.nan, np.nan, len(values)
    low, high = bootstrap_interval(values, _mean_of_rows, resamples=resamples, seed=seed)
    return float(values.mean()), low, high, len(values)


def balance_report(results: pd.DataFrame, *, resamples: int = 2000, seed: int = 0) -> pd.DataFrame:
    """Every metric of the module table, one row each: estimate, 95% interval, games, method.

    Figures that need a recorded log (branching factor ... drama) appear only when the
    log has them; drama counts only games with an outright winner.

    Examples
    --------
    >>> import pandas as pd
    >>> log = pd.DataFrame({"return0": [1.0, -1.0, 1.0, 0.0], "return1": [-1.0, 1.0, -1.0, 0.0],
    ...                     "winner": [0, 1, 0, -1], "plies": [10, 12, 14, 20],
    ...                     "timed_out": [False, False, False, True]})
    >>> report = balance_report(log).set_index("metric")
    >>> report.loc[["win rate seat 0", "balance", "time-outs"], "estimate"].tolist()
    [0.5, 0.75, 0.25]
    """
    games = len(results)
    seats = seat_count(results)
    winner = results["winner"].to_numpy(dtype=int)
    returns = _returns(results)
    timed_out = results["timed_out"].to_numpy(dtype=bool)
    level = (returns.max(axis=1) == returns.min(axis=1)) & ~timed_out
    rows = [
        _proportion(f"win rate seat {s}", int((winner == s).sum()), games) for s in range(seats)
    ]

    def balance(samples: np.ndarray) -> np.ndarray:
        rates = np.stack([(samples == s).mean(axis=-1) for s in range(seats)], axis=-1)
        return 1 - (rates.max(axis=-1) - rates.min(axis=-1))

    rows.append(
        _row(
            "balance",
            balance(winner),
            *bootstrap_interval(winner, balance, resamples=resamples, seed=seed),
            games,
            "bootstrap",
        )
    )
    rows.append(_proportion("completion", int((winner >= 0).sum()), games))
    rows.append(_proportion("drawishness", int(level.sum()), games))
    rows.append(_proportion("time-outs", int(timed_out.sum()), games))
    plies = results["plies"].to_numpy(dtype=float)
    bootstrap = {"resamples": resamples, "seed": seed}
    rows.append(_row("duration", *_mean_interval(plies, **bootstrap), "bootstrap"))
    spread = (
        bootstrap_interval(plies, lambda s: s.std(axis=-1, ddof=1), **bootstrap)
        if games > 1
        else (np.nan, np.nan)
    )
    rows.append(
        _row(
            "duration spread",
            plies.std(ddof=1) if games > 1 else np.nan,
            *spread,
            games,
            "bootstrap",
        )
    )
    for feature in FEATURES:
        if feature in results and results[feature].notna().any():
            values = results[feature].to_numpy(dtype=float)
            figures = _mean_interval(values, **bootstrap)
            rows.append(_row(_FEATURE_NAMES[feature], *figures, "bootstrap"))
    return pd.DataFrame(rows)


def agent_scores(results: pd.DataFrame) -> pd.DataFrame:
    """Per agent: seats played, outright wins (Wilson interval) and mean score (percentile
    bootstrap interval over its games, inside [0, 1]).

    A seat's score is 1 for an outright win, ``1/k`` when it shares the best return
    with ``k - 1`` others (so a level game gives every seat ``1/n``), else 0; the
    fair score is ``1/n``.

    >>> import pandas as pd
    >>> log = pd.DataFrame({"seat0": ["a", "b"], "seat1": ["b", "a"], "return0": [1.0, 0.0],
    ...                     "return1": [-1.0, 0.0], "winner": [0, -1]})
    >>> agent_scores(log)[["agent", "seats", "wins", "score"]]
      agent  seats  wins  score
    0     a      2     1   0.75
    1     b      2     0   0.25
    """
    seats = seat_count(results)
    returns = _returns(results)
    best = returns.max(axis=1, keepdims=True)
    leading = returns >= best
    scores = leading / leading.sum(axis=1, keepdims=True)
    # outright wins from the returns, as the tournament decides them (a game's summary
    # may reuse the ``winner`` column for its own names)
    outright = leading & (leading.sum(axis=1, keepdims=True) == 1)
    long = pd.DataFrame(
        {
            "agent": results[[f"seat{s}" for s in range(seats)]].to_numpy().ravel(),
            "score": scores.ravel(),
            "win": outright.ravel(),
        }
    )
    rows = []
    for agent, group in long.groupby("agent", sort=True):
        wins, played = int(group["win"].sum()), len(group)
        score, low, high, _ = _mean_interval(group["score"].to_numpy(dtype=float))
        win_low, win_high = wilson_interval(wins, played)
        rows.append(
            {
                "agent": agent,
                "seats": played,
                "wins": wins,
                "win rate": round(wins / played, 4),
                "win low": win_low,
                "win high": win_high,
                "score": round(score, 4),
                "score low": low,
                "score high": high,
            }
        )
    return pd.DataFrame(rows)


def compare_reports(reports: Mapping[str, pd.DataFrame], *, digits: int = 2) -> pd.DataFrame:
    """One table, a column per variant, a row per metric, cells ``"estimate [low, high]"``.

    >>> import pandas as pd
    >>> one = pd.DataFrame([{"metric": "balance", "estimate": 0.9, "low": 0.8, "high": 0.95}])
    >>> table = compare_reports({"default": one, "hardcore": one})
    >>> list(table.columns), table.loc["balance", "default"]
    (['default', 'hardcore'], '0.9 [0.8, 0.95]')
    """

    def cell(row: pd.Series) -> str:
        figures = [round(float(row[c]), digits) for c in ("estimate", "low", "high")]
        if np.isnan(figures[1]):
            return f"{figures[0]:g}"
        return f"{figures[0]:g} [{figures[1]:g}, {figures[2]:g}]"

    columns = {
        name: report.set_index("metric").apply(cell, axis=1) for name, report in reports.items()
    }
    return pd.DataFrame(columns).rename_axis("metric")
