"""Per-game figures computed from one game's step log (:class:`~workbench.play.runner.GameRecord`).

They follow Ludii's evaluation metrics, game by game; :mod:`workbench.play.metrics`
then averages them over games with confidence intervals.

- ``branching``: mean number of legal actions at the player decisions.
- ``decision_moves``: share of player decisions with more than one legal action.
- ``lead_changes``: times the set of leading seats (highest evaluation) changes
  from one step to the next, per ply.
- ``drama``: mean over steps of how far the eventual winners' evaluation lies below
  the leader's (0 when the winners always led); undefined when nobody won.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

__all__ = ["FEATURES", "game_features"]

#: Names of the per-game figures, in order.
FEATURES = ("branching", "decision_moves", "lead_changes", "drama")


def game_features(log: pd.DataFrame, returns: Sequence[float]) -> dict[str, float]:
    """The per-game figures of a step log (NaN where undefined).

    Parameters
    ----------
    log : pandas.DataFrame
        Columns ``player`` and ``branching``, and ``value0``, ``value1``, ... for the
        lead-change and drama figures (absent without a heuristic).
    returns : sequence of float
        The game's per-seat returns (its winners have the highest).

    Examples
    --------
    >>> import pandas as pd
    >>> log = pd.DataFrame({"player": [0, 1, 0], "branching": [3, 1, 2],
    ...                     "value0": [0.0, -0.5, 0.5], "value1": [0.0, 0.5, -0.5]})
    >>> {name: round(value, 3) for name, value in game_features(log, (1.0, -1.0)).items()}
    {'branching': 2.0, 'decision_moves': 0.667, 'lead_changes': 0.667, 'drama': 0.333}
    """
    decisions = log[log["player"] >= 0]
    plies = len(decisions)
    figures = {name: float("nan") for name in FEATURES}
    if plies:
        branching = decisions["branching"].to_numpy(dtype=float)
        figures["branching"] = float(branching.mean())
        figures["decision_moves"] = float((branching > 1).mean())
    value_columns = [f"value{seat}" for seat in range(len(returns))]
    if not plies or not set(value_columns) <= set(log.columns):
        return figures
    values = log[value_columns].to_numpy(dtype=float)
    best = values.max(axis=1, keepdims=True)
    leaders = values >= best - 1e-9
    changes = np.any(leaders[1:] != leaders[:-1], axis=1).sum()
    figures["lead_changes"] = float(changes / plies)
    final = np.asarray(returns, dtype=float)
    if final.max() > final.min():
        winners = final >= final.max() - 1e-9
        figures["drama"] = float((best[:, 0] - values[:, winners].mean(axis=1)).mean())
    return figures
