"""Figures of Viking Raid: maps side by side, where the gold comes from, the roles' win shares.

The maps and heat maps are :mod:`.drawing` pictures drawn by
:func:`workbench.grids.plot.plot_shapes`; the win shares are a chart. Each function
returns a figure pyplot does not manage (a notebook shows it as the cell's value), in
the house style (:mod:`workbench.figures`).

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from workbench.games.viking_raid.raid_map import default_map
>>> figure = maps_figure([default_map(), default_map("even_starts")])
>>> [ax.get_title() for ax in figure.axes]
['default', 'even_starts']
>>> table = pd.DataFrame({"role": ["archer", "huscarl", "berserker"], "version": "0.21",
...                       "win share": [0.2, 0.5, 0.3], "win share lo": [0.15, 0.44, 0.25],
...                       "win share hi": [0.26, 0.56, 0.36]})
>>> chart = win_share_figure(table, panel=None, groups=["version"])
>>> len(chart.axes[0].patches)
3
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from workbench.errors import DataError
from workbench.figures import new_figure, styled
from workbench.games.viking_raid.balance import heat
from workbench.games.viking_raid.drawing import ROLE_COLOURS, heat_picture, map_picture
from workbench.games.viking_raid.raid_map import ROLES, RaidMap
from workbench.grids.plot import key_handles, plot_shapes
from workbench.grids.shapes import Key

__all__ = ["FAIR_SHARE", "heat_figure", "maps_figure", "win_share_figure"]

#: A fair win share for one of three roles.
FAIR_SHARE = 1 / 3
_PILLAGE_COLOUR = "#d4ac0d"


def _role_keys() -> list[Key]:
    return [
        Key(f"the {role.capitalize()}", colour, role[0].upper())
        for role, colour in zip(ROLES, ROLE_COLOURS, strict=True)
    ]


@styled
def maps_figure(maps: Sequence[RaidMap], *, titles: Sequence[str] | None = None) -> Figure:
    """Maps side by side, each Viking on its start hex, one key under them (the first
    map's gold amounts and rocks, the roles' colours)."""
    titles = list(titles) if titles is not None else [m.name for m in maps]
    figure = new_figure(4.2 * len(maps), 5.0, layout=None)
    axes = figure.subplots(1, len(maps), squeeze=False)
    figure.subplots_adjust(left=0.01, right=0.99, top=0.93, bottom=0.2, wspace=0.04)
    for ax, shown, title in zip(axes[0], maps, titles, strict=True):
        picture = map_picture(
            shown, show_starts=False, vikings=dict(enumerate(shown.starts)), title=title
        )
        plot_shapes(picture, ax=ax, legend=False)
    keys = [*map_picture(maps[0], show_starts=False).legend, *_role_keys()]
    figure.legend(handles=key_handles(keys), loc="lower center", ncols=2, frameon=False)
    return figure


@styled
def heat_figure(raid_map: RaidMap, results: pd.DataFrame) -> Figure:
    """Where the gold comes from, per role (columns): gold pillaged per game on each hex
    (top) and tribute paid per game by a Viking standing on each hex (bottom), from a
    :func:`~.balance.simulate` table; each hex shows its amount."""
    figure = new_figure(8.5, 6.2, layout=None)
    axes = figure.subplots(2, len(ROLES), squeeze=False)
    figure.subplots_adjust(left=0.01, right=0.99, top=0.95, bottom=0.01, wspace=0.04, hspace=0.1)
    for role, name in enumerate(ROLES):
        pillaged = heat_picture(
            raid_map,
            heat(results, "pillages", role),
            colour=_PILLAGE_COLOUR,
            title=f"{name}: gold pillaged",
        )
        paid = heat_picture(
            raid_map, heat(results, "tributes", role), title=f"{name}: tribute paid"
        )
        plot_shapes(pillaged, ax=axes[0, role], legend=False)
        plot_shapes(paid, ax=axes[1, role], legend=False)
    return figure


def _checked(part: pd.DataFrame, figure: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The shares and their interval ends, each share inside its interval inside [0, 1]."""
    share, low, high = (part[c].to_numpy(dtype=float) for c in (figure, f"{figure} lo",
                                                               f"{figure} hi"))  # fmt: skip
    bad = ~((low >= 0) & (low <= share) & (share <= high) & (high <= 1))
    problems = [
        f"{row['role']}: {figure} {row[figure]} with interval [{row[f'{figure} lo']}, "
        f"{row[f'{figure} hi']}]; expected 0 <= lo <= share <= hi <= 1"
        for _, row in part[bad].iterrows()
    ]
    if problems:
        raise DataError("win_share_figure", problems)
    return share, low, high


def _panel(ax, part: pd.DataFrame, groups: Sequence[str], figure: str) -> None:
    keys = list(dict.fromkeys(zip(*(part[g] for g in groups), strict=True)))
    width = 0.8 / len(ROLES)
    for r, role in enumerate(ROLES):
        rows = part[part["role"] == role]
        at = {key: i for i, key in enumerate(zip(*(rows[g] for g in groups), strict=True))}
        rows = rows.iloc[[at[key] for key in keys]]
        share, low, high = _checked(rows, figure)
        ax.bar(np.arange(len(keys)) + (r - 1) * width, share, width=width,
               yerr=[share - low, high - share], color=ROLE_COLOURS[r], label=role,
               error_kw={"elinewidth": 1, "capsize": 2})  # fmt: skip
    ax.axhline(FAIR_SHARE, color="#555555", linestyle="--", linewidth=1, label="fair share (1/3)")
    ax.set_xticks(range(len(keys)), [" ".join(str(v) for v in key) for key in keys])
    ax.set_ylim(0, 1)
    ax.set_ylabel(f"{figure} (95% interval)")


@styled
def win_share_figure(
    table: pd.DataFrame,
    *,
    panel: str | None = "agent",
    groups: Sequence[str] = ("map", "version"),
    figure: str = "win share",
) -> Figure:
    """The roles' win shares as bars with their 95% Wilson intervals (the ``<figure> lo``
    and ``<figure> hi`` columns of a :func:`~.balance.balance_table` or of the study
    file), one group of three bars per ``groups`` value, one panel per ``panel`` value
    (``None``: one panel), the fair share of 1/3 dashed. Raises
    :class:`~workbench.errors.DataError` if an interval leaves [0, 1] or misses its share.
    """
    names = list(dict.fromkeys(table[panel])) if panel else [None]
    chart = new_figure(8.5, 2.5 * len(names) + 0.9)
    axes = chart.subplots(len(names), 1, squeeze=False, sharey=True)[:, 0]
    for ax, name in zip(axes, names, strict=True):
        part = table if name is None else table[table[panel] == name]
        _panel(ax, part, groups, figure)
        if name is not None:
            ax.set_title(f"{panel}: {name}", loc="left")
    axes[0].legend(ncols=4, loc="upper right")
    return chart
