"""Plots of the play toolkit's tables (matplotlib), for notebooks."""

from __future__ import annotations

import pandas as pd
from matplotlib.axes import Axes

from workbench.figures import new_axes, styled

__all__ = ["plot_skill_trace"]


@styled
def plot_skill_trace(trace: pd.DataFrame, *, ax: Axes | None = None, title: str = "") -> Axes:
    """The stronger side's mean score at each budget step, with its 95% interval.

    ``trace`` is a :func:`~workbench.play.skill.skill_trace` table; the dashed line is
    the fair score. Points above it mean more thinking wins more.

    Examples
    --------
    >>> import pandas as pd
    >>> trace = pd.DataFrame({"strong": [20, 40], "weak": [10, 20], "games": [8, 8],
    ...                       "score": [0.6, 0.7], "score low": [0.3, 0.4],
    ...                       "score high": [0.9, 1.0], "fair": [0.5, 0.5]})
    >>> ax = plot_skill_trace(trace, title="toy")
    >>> ax.get_title(), len(ax.lines) >= 2
    ('toy', True)
    """
    if ax is None:
        ax = new_axes(5.5, 3.4)
    x = trace["strong"].to_numpy()
    score = trace["score"].to_numpy(dtype=float)
    errors = [score - trace["score low"].to_numpy(dtype=float),
              trace["score high"].to_numpy(dtype=float) - score]  # fmt: skip
    ax.errorbar(x, score, yerr=errors, marker="o", capsize=4, label="stronger side's score")
    ax.axhline(float(trace["fair"].iloc[0]), linestyle="--", color="grey", label="fair share")
    ax.set_xscale("log", base=2)
    ax.set_xticks(x, [f"{s} vs {w}" for s, w in zip(trace["strong"], trace["weak"], strict=True)])
    ax.set_xlabel("budget: stronger vs weaker")
    ax.set_ylabel("mean score")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    if title:
        ax.set_title(title)
    return ax
