"""Figures for the combat-odds notebook: heatmaps of clash tables, fight-odds curves.

>>> from workbench.dice import clash_summary
>>> from workbench.games.brawlhalla import clash_tables
>>> figure = odds_heatmap(clash_summary(clash_tables()), "p_sweep", title="P(sweep)")
>>> figure.axes[0].get_xlabel()
'defender dice'
"""

from __future__ import annotations

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

__all__ = ["fight_curves", "odds_heatmap"]


def odds_heatmap(
    summary: pd.DataFrame,
    value: str,
    *,
    title: str,
    fmt: str = "{:.0%}",
    cmap: str = "RdYlGn",
    center: float | None = None,
) -> Figure:
    """A heatmap of ``summary[value]`` by attacker dice (rows) and defender dice
    (columns), each cell labelled with ``fmt``. ``center`` makes the colour scale
    symmetric around it (for differences)."""
    grid = summary.pivot(index="attacker_dice", columns="defender_dice", values=value)
    grid = grid.astype(float)
    figure = Figure(figsize=(5.2, 4.4))
    axes = figure.subplots()
    limits = {}
    if center is not None:
        spread = float((grid - center).abs().max().max()) or 1.0
        limits = {"vmin": center - spread, "vmax": center + spread}
    image = axes.imshow(grid.to_numpy(), cmap=cmap, origin="lower", **limits)
    axes.set_xticks(range(len(grid.columns)), [str(c) for c in grid.columns])
    axes.set_yticks(range(len(grid.index)), [str(i) for i in grid.index])
    axes.set_xlabel("defender dice")
    axes.set_ylabel("attacker dice")
    axes.set_title(title)
    for row, a in enumerate(grid.index):
        for col, d in enumerate(grid.columns):
            axes.text(col, row, fmt.format(grid.loc[a, d]), ha="center", va="center", fontsize=8)
    figure.colorbar(image, ax=axes, shrink=0.8)
    figure.tight_layout()
    return figure


def fight_curves(tables: dict[str, pd.DataFrame], *, defenders: list[int], title: str) -> Figure:
    """P(attacker wins) against attacker units, one line per defender size, one panel
    per named :func:`~workbench.games.brawlhalla.fight_table`."""
    figure = Figure(figsize=(5.2 * len(tables), 3.8))
    panels = figure.subplots(1, len(tables), squeeze=False)[0]
    for axes, (name, table) in zip(panels, tables.items(), strict=True):
        for d in defenders:
            rows = table[table["defender_units"] == d]
            axes.plot(rows["attacker_units"], rows["p_attacker_wins"].astype(float), label=f"{d}")
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_title(name, fontsize=10)
        axes.set_xlabel("attacker units")
        axes.set_ylabel("P(attacker takes the tile)")
        axes.set_ylim(0, 1)
        axes.grid(alpha=0.3)
        axes.legend(title="defender units", fontsize=7, ncols=2)
    figure.suptitle(title)
    figure.tight_layout()
    return figure
