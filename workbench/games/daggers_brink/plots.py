"""Figures for Daggers Brink: wound heat maps, attribute distributions, win rates.

Each function returns a matplotlib ``Figure`` made without pyplot (a notebook shows it
as the cell's value; save it with ``savefig``, or turn it into SVG text with
:func:`figure_svg` for a widget).

>>> from workbench.games.daggers_brink.odds import wound_table
>>> figure = wound_heatmaps(wound_table(4, 4, 2))
>>> len(figure.axes)  # two heat maps and a colour bar
3
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from fractions import Fraction

import matplotlib
import numpy as np
import pandas as pd
import sympy
from matplotlib.figure import Figure

from workbench.figures import SEQUENTIAL, new_figure, styled
from workbench.games.daggers_brink.deck import ATTRIBUTES
from workbench.games.daggers_brink.hands import Attributes, attribute_marginals
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules
from workbench.games.daggers_brink.symbolic import P, threshold_chance, wound_polynomial

__all__ = ["attribute_bars", "figure_svg", "win_rate_bars", "wound_curves", "wound_heatmaps"]


@styled
def wound_heatmaps(table: pd.DataFrame, *, columns: int = 3, annotate: bool = True) -> Figure:
    """One heat map of P(wound) over Attack (rows) x Defend (columns) per Health value.

    ``table`` is a :func:`~workbench.games.daggers_brink.odds.wound_table`.
    """
    healths = sorted(table["health"].unique())
    columns = min(columns, len(healths))
    rows = -(-len(healths) // columns)
    figure = new_figure(2.9 * columns + 0.8, 2.8 * rows)
    axes = figure.subplots(rows, columns, squeeze=False)
    image = None
    for ax, health in zip(axes.flat, healths, strict=False):
        part = table[table["health"] == health]
        grid = part.pivot(index="attack", columns="defend", values="p_wound_float")
        image = ax.imshow(grid.to_numpy(), origin="lower", vmin=0, vmax=1, cmap=SEQUENTIAL)
        ax.set_xticks(range(len(grid.columns)), grid.columns)
        ax.set_yticks(range(len(grid.index)), grid.index)
        ax.set_xlabel("Defend")
        ax.set_ylabel("Attack")
        ax.set_title(f"Health {health}")
        if annotate and grid.size <= 64:
            for (i, j), value in np.ndenumerate(grid.to_numpy()):
                ax.text(j, i, f"{value:.2f}", ha="center", va="center", fontsize=8,
                        color="white" if value < 0.6 else "black")  # fmt: skip
    for ax in list(axes.flat)[len(healths) :]:
        ax.set_visible(False)
    figure.colorbar(image, ax=axes, shrink=0.8, label="P(wound)")
    return figure


@styled
def attribute_bars(
    distributions: Mapping[str, Mapping[Attributes, Fraction] | pd.DataFrame],
) -> Figure:
    """Bars of each attribute's distribution, one colour per named distribution.

    ``distributions`` maps a label to a joint distribution ``{attributes: p}``
    (e.g. dealt, after two draws) or to a DataFrame of simulated hands (one column
    per attribute, as :func:`~workbench.games.daggers_brink.balance.draw_phase_hands`).
    """
    distributions = {
        label: _empirical(d) if isinstance(d, pd.DataFrame) else d
        for label, d in distributions.items()
    }
    figure = new_figure(8.5, 3.4)
    axes = figure.subplots(1, 4, sharey=True)
    width = 0.8 / max(1, len(distributions))
    for k, (label, dist) in enumerate(distributions.items()):
        table = attribute_marginals(dist).astype(float)
        for ax, attribute in zip(axes, ATTRIBUTES, strict=True):
            ax.bar(table.index + (k - (len(distributions) - 1) / 2) * width, table[attribute],
                   width=width, label=label)  # fmt: skip
    for ax, attribute in zip(axes, ATTRIBUTES, strict=True):
        ax.set_title(attribute.capitalize())
        ax.set_xlabel("value")
    axes[0].set_ylabel("probability")
    figure.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center",
                  ncols=min(3, len(distributions)), frameon=False)  # fmt: skip
    return figure


def _empirical(hands: pd.DataFrame) -> dict[Attributes, Fraction]:
    counts = hands.value_counts(subset=list(ATTRIBUTES))
    total = int(counts.sum())
    return {tuple(int(v) for v in key): Fraction(int(n), total) for key, n in counts.items()}


@styled
def win_rate_bars(rates: pd.DataFrame, *, by: str = "strategy", title: str = "") -> Figure:
    """Win rates with their 95% intervals and the fair share as a dashed line.

    ``rates`` is a :func:`~workbench.games.daggers_brink.balance.win_rates` table.
    """
    figure = new_figure(1.6 + 0.9 * len(rates), 3.2)
    ax = figure.subplots()
    x = np.arange(len(rates))
    errors = [rates["rate"] - rates["low"], rates["high"] - rates["rate"]]
    ax.bar(x, rates["rate"], yerr=errors, capsize=4, color="#6a8caf")
    ax.axhline(float(rates["fair"].iloc[0]), color="black", linestyle="--", linewidth=1)
    ax.set_xticks(x, [str(v) for v in rates[by]])
    ax.set_ylabel("win rate")
    ax.set_title(title)
    return figure


@styled
def wound_curves(fights: Sequence[tuple[int, int, int]], *, rules: Rules | None = None) -> Figure:
    """P(wound) as the chance ``p`` of one die succeeding goes from 0 to 1, per fight.

    Dotted lines mark the rules' hit threshold and the faces either side of it on the
    rules' die (on a d6 hitting on 4+: 5+ is p = 1/3, 4+ is 1/2 and 3+ is 2/3).
    """
    rules = rules or DEFAULT_RULES
    threshold = rules.hit_threshold
    marked = [t for t in (threshold + 1, threshold, threshold - 1) if 1 <= t <= rules.die_sides]
    figure = new_figure(7.0, 3.8)
    ax = figure.subplots()
    grid = np.linspace(0, 1, 101)
    for attack, defend, health in fights:
        poly = wound_polynomial(attack, defend, health)
        values = sympy.lambdify(P, poly, "numpy")(grid) * np.ones_like(grid)
        ax.plot(grid, values, label=f"A{attack} D{defend} H{health}")
    for t in marked:
        p = float(threshold_chance(t, rules=rules))
        ax.axvline(p, color="grey", linestyle=":", linewidth=1)
        ax.text(p, 1.02, f"{t}+", ha="center", fontsize="small")
    ax.set_xlabel("p (chance one die succeeds)")
    ax.set_ylabel("P(wound)")
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
    return figure


def figure_svg(figure: Figure) -> str:
    """The figure as SVG text (for an HTML widget), the same for the same figure: its
    layout is settled by a first drawing, then kept."""
    if figure.get_layout_engine() is not None:
        figure.draw_without_rendering()
        figure.set_layout_engine("none")
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "workbench"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]
