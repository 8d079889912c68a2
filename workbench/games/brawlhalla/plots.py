"""Matplotlib figures: clash heat maps, fight curves, draw odds, and the board's figures.

Board, reach and fairness figures draw the pictures of :mod:`.drawing` with
:func:`workbench.grids.plot.plot_shapes`, so they look like the board editor and the
printed sheet. Each function returns a :class:`matplotlib.figure.Figure` that pyplot
does not manage, so a notebook shows it once, as the cell's value.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from workbench.games.brawlhalla.board import default_board
>>> fig = board_figure(default_board())
>>> len(fig.axes), len(fig.axes[0].patches)
(1, 216)
>>> from workbench.dice import clash_summary
>>> from workbench.games.brawlhalla import clash_tables
>>> figure = odds_heatmap(clash_summary(clash_tables()), "p_sweep", title="P(sweep)")
>>> figure.axes[0].get_xlabel()
'defender dice'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import pandas as pd
from matplotlib.cm import ScalarMappable
from matplotlib.colors import LinearSegmentedColormap, Normalize
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from workbench.figures import DIVERGING, new_figure, styled
from workbench.games.brawlhalla.balance import FairnessReport
from workbench.games.brawlhalla.board import Board
from workbench.games.brawlhalla.drawing import (
    HEAT_COLOURS,
    board_legend,
    board_picture,
    fairness_pictures,
    heat_limit,
    position_picture,
    reach_picture,
)
from workbench.grids.plot import key_handles, plot_shapes
from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = [
    "board_figure",
    "card_strength_figure",
    "draw_odds_figure",
    "fairness_figure",
    "fight_curves",
    "game_length_figure",
    "odds_heatmap",
    "positions_figure",
    "reach_figure",
    "skill_figure",
    "victory_mix_figure",
    "win_shares_figure",
]

#: Colours of the sides and of the ways a game ends, in the figures of play.
SIDE_COLOURS = {"north": "#2b6cb0", "south": "#c05621"}
VICTORY_COLOURS = {"war": "#9b2c2c", "holy": "#d69e2e", "flag": "#2f855a", "turn_limit": "#a0aec0"}


@styled
def board_figure(board: Board, *, title: str | None = None) -> Figure:
    """The board alone with its legend: terrain colours, region outlines, capitals ★,
    sanctuaries ☆, ruins π, wreckages ⚓, compass letters."""
    fig = new_figure(7.2, 6.4, layout=None)
    ax = fig.subplots()
    fig.subplots_adjust(left=0.01, right=0.6, bottom=0.01, top=0.95)
    plot_shapes(board_picture(board, title=title), ax=ax)
    return fig


def _key_below(fig: Figure, keys, *, columns: int = 4) -> None:
    """A legend of ``keys`` under the panels (the figure's bottom margin holds it)."""
    fig.legend(
        handles=key_handles(keys), loc="lower center", ncols=columns, frameon=False,
        bbox_to_anchor=(0.5, 0.0),
    )  # fmt: skip


@styled
def reach_figure(board: Board, reach: dict[str, Iterable[Cell]], *, title: str = "") -> Figure:
    """One panel per unit kind: the board faded, the squares reached in green; the
    terrain and feature key below."""
    fig = new_figure(2.1 * len(reach), 5.0, layout=None)
    axes = fig.subplots(1, len(reach), squeeze=False)[0]
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.2, top=0.86 if title else 0.93, wspace=0.05)
    for ax, (kind, cells) in zip(axes, reach.items(), strict=True):
        cells = set(cells)
        plot_shapes(
            reach_picture(board, cells), ax=ax, legend=False, title=f"{kind} ({len(cells)})"
        )
    if title:
        fig.suptitle(title)
    _key_below(fig, board_legend())
    return fig


@styled
def fairness_figure(report: FairnessReport) -> Figure:
    """Heat maps of North's minus South's action points per unit kind (blue: North first)."""
    pictures = fairness_pictures(report)
    limit = heat_limit(report.heat.values())
    fig = new_figure(2.1 * len(pictures) + 0.9, 3.9, layout=None)
    axes = fig.subplots(1, len(pictures), squeeze=False)[0]
    fig.subplots_adjust(left=0.01, right=0.95, bottom=0.03, top=0.86, wspace=0.05)
    scale = ScalarMappable(
        Normalize(-limit, limit), LinearSegmentedColormap.from_list("north_first", HEAT_COLOURS)
    )
    fig.colorbar(
        scale, ax=axes.tolist(), shrink=0.7, label="north AP - south AP\n(blue: north first)"
    )
    for ax, picture in zip(axes, pictures.values(), strict=True):
        plot_shapes(picture, ax=ax, legend=False)
    fig.suptitle(report.verdict.split(":")[0])
    return fig


@styled
def draw_odds_figure(table: pd.DataFrame, *, title: str = "Chance of holding the card") -> Figure:
    """Lines of exact draw odds (one per row of a :func:`~.deck.draw_odds` table)."""
    fig = new_figure(7.0, 3.6)
    ax = fig.subplots()
    for name, row in table.iterrows():
        ax.plot(list(table.columns), [float(v) for v in row], marker="o", markersize=3, label=name)
    ax.set_xlabel("turn")
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
    return fig


@styled
def odds_heatmap(
    summary: pd.DataFrame,
    value: str,
    *,
    title: str,
    fmt: str = "{:.0%}",
    cmap: str | None = None,
    center: float | None = None,
) -> Figure:
    """A heatmap of ``summary[value]`` by attacker dice (rows) and defender dice
    (columns), each cell labelled with ``fmt``. ``center`` makes the colour scale
    symmetric around it (for differences). The colour map is the house style's:
    :data:`~workbench.figures.SEQUENTIAL` for amounts, :data:`~workbench.figures.DIVERGING`
    around a ``center``; ``cmap`` names another."""
    grid = summary.pivot(index="attacker_dice", columns="defender_dice", values=value)
    grid = grid.astype(float)
    figure = new_figure(5.6, 4.6)
    axes = figure.subplots()
    limits = {}
    cmap = cmap or (DIVERGING if center is not None else None)
    if center is not None:
        spread = float((grid - center).abs().max().max()) or 1.0
        limits = {"vmin": center - spread, "vmax": center + spread}
    image = axes.imshow(grid.to_numpy(), cmap=cmap, origin="lower", **limits)
    norm = image.norm
    axes.set_xticks(range(len(grid.columns)), [str(c) for c in grid.columns])
    axes.set_yticks(range(len(grid.index)), [str(i) for i in grid.index])
    axes.set_xlabel("defender dice")
    axes.set_ylabel("attacker dice")
    axes.set_title(title)
    for row, a in enumerate(grid.index):
        for col, d in enumerate(grid.columns):
            value = grid.loc[a, d]
            ink = "white" if _dark(image.cmap(norm(value))) else "black"
            axes.text(col, row, fmt.format(value), ha="center", va="center", fontsize=9, color=ink)
    figure.colorbar(image, ax=axes, shrink=0.8)
    return figure


def _dark(rgba) -> bool:
    """Whether a colour is dark enough to need white text on it."""
    red, green, blue = rgba[:3]
    return 0.299 * red + 0.587 * green + 0.114 * blue < 0.5


@styled
def fight_curves(tables: dict[str, pd.DataFrame], *, defenders: list[int], title: str) -> Figure:
    """P(attacker wins) against attacker units, one line per defender size, one panel
    per named :func:`~workbench.games.brawlhalla.fight_table` (sharing the y axis, labelled
    once)."""
    figure = new_figure(4.2 * len(tables), 4.0)
    panels = figure.subplots(1, len(tables), squeeze=False, sharey=True)[0]
    for axes, (name, table) in zip(panels, tables.items(), strict=True):
        for d in defenders:
            rows = table[table["defender_units"] == d]
            axes.plot(rows["attacker_units"], rows["p_attacker_wins"].astype(float), label=f"{d}")
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_title(name, wrap=True)
        axes.set_xlabel("attacker units")
        axes.set_ylim(0, 1)
        axes.grid(alpha=0.3)
    panels[0].set_ylabel("P(attacker takes the tile)")
    panels[-1].legend(title="defender units", ncols=2, loc="lower right")
    figure.suptitle(title)
    return figure


@styled
def positions_figure(states: Sequence[BrawlhallaState], *, columns: int = 4) -> Figure:
    """Positions side by side (:func:`~.drawing.position_picture`), each titled with its
    turn and the side to act, the last with the result if the game is over; the key
    (terrain, features, stacks, buildings) below."""
    rows = -(-len(states) // columns)
    shown = min(columns, len(states))
    keys = position_picture(states[0]).legend
    key = 0.2 * -(-len(keys) // 3) + 0.25  # inches under the panels for the key
    fig = new_figure(2.1 * shown, 3.4 * rows + key, layout=None)
    axes = fig.subplots(rows, shown, squeeze=False).ravel()
    height = fig.get_figheight()
    fig.subplots_adjust(left=0.01, right=0.99, bottom=key / height, top=1 - 0.3 / height,
                        wspace=0.05, hspace=0.15)  # fmt: skip
    for ax, state in zip(axes, states, strict=False):
        if state.winner is not None:
            who = "draw" if state.winner < 0 else f"{('north', 'south')[state.winner]} wins"
            title = f"turn {state.turn}: {who} ({state.victory})"
        else:
            title = f"turn {state.turn}: {('north', 'south')[state.to_move]} to act"
        plot_shapes(position_picture(state), ax=ax, legend=False, title=title)
    for ax in axes[len(states) :]:
        ax.set_axis_off()
    _key_below(fig, keys, columns=3)
    return fig


@styled
def win_shares_figure(summaries: Mapping[str, Mapping]) -> Figure:
    """North's and South's win shares per pairing with their 95% (Wilson) intervals,
    from ``simulation_summary`` dicts keyed by pairing; draws are the rest."""
    labels = list(summaries)
    fig = new_figure(7.5, 0.42 * len(labels) + 1.4)
    ax = fig.subplots()
    for offset, side in ((-0.18, "north"), (0.18, "south")):
        shares = [summaries[k][side]["win_share"] for k in labels]
        lows = [
            summaries[k][side]["win_share"] - summaries[k][side]["win_share_ci"][0] for k in labels
        ]
        highs = [
            summaries[k][side]["win_share_ci"][1] - summaries[k][side]["win_share"] for k in labels
        ]
        ax.barh(
            [i + offset for i in range(len(labels))],
            shares,
            height=0.34,
            xerr=[lows, highs],
            color=SIDE_COLOURS[side],
            label=f"{side} wins",
            error_kw={"elinewidth": 1, "capsize": 2},
        )
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.axvline(0.5, color="#718096", linewidth=0.8, linestyle=":")
    ax.set_xlabel("share of all games (95% interval); draws are the rest")
    ax.legend(loc="lower right")
    return fig


@styled
def victory_mix_figure(mix: pd.DataFrame) -> Figure:
    """How the games of each pairing ended: stacked bars of war, holy, flag and the
    turn limit (a :func:`~.play_balance.victory_mix` table, one bar per row)."""
    labels = [
        f"{n} (N) v {s} (S)" for n, s in zip(mix["north agent"], mix["south agent"], strict=True)
    ]
    fig = new_figure(7.5, 0.36 * len(labels) + 1.5)
    ax = fig.subplots()
    left = pd.Series(0.0, index=mix.index)
    for victory, colour in VICTORY_COLOURS.items():
        share = mix[victory] / mix["games"]
        ax.barh(range(len(labels)), share, left=left, color=colour, label=victory.replace("_", " "))
        left = left + share
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of the pairing's games")
    fig.legend(ncols=4, loc="outside lower center", frameon=False)
    return fig


@styled
def game_length_figure(table: pd.DataFrame, *, aim: tuple[float, float] = (20, 30)) -> Figure:
    """Minutes per game (a :func:`~.play_balance.simulate` table), by how it ended, with
    the text's aim shaded."""
    fig = new_figure(7.0, 3.4)
    ax = fig.subplots()
    top = max(float(table["minutes"].max()), aim[1]) + 2
    bins = [x * 2.5 for x in range(int(top / 2.5) + 2)]
    ends = [v for v in VICTORY_COLOURS if (table["victory"] == v).any()]
    ax.hist(
        [table.loc[table["victory"] == v, "minutes"] for v in ends],
        bins=bins,
        stacked=True,
        color=[VICTORY_COLOURS[v] for v in ends],
        label=[v.replace("_", " ") for v in ends],
    )
    ax.axvspan(*aim, color="#c6f6d5", alpha=0.5, zorder=0, label="the text's 20-30 min")
    ax.set_xlabel("minutes a game (actions x seconds per action)")
    ax.set_ylabel("games")
    ax.legend()
    return fig


@styled
def card_strength_figure(table: pd.DataFrame, *, margin: float = 0.10) -> Figure:
    """Each card's effect on its holder's score with its 95% interval (a
    :func:`~.card_strength.card_strength` table): horizontal bars, strongest on top, the
    drawn cards in one panel and the artifacts in another, ``margin`` dotted, flagged
    cards in red (strong) or blue (weak)."""
    panels = [
        ("drawn cards", table[table["family"] != "artifact"]),
        ("artifacts", table[table["family"] == "artifact"]),
    ]
    rows = [len(part) for _, part in panels]
    fig = new_figure(7.5, 0.2 * sum(rows) + 1.6)
    axes = fig.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [max(r, 1) for r in rows]})
    colours = {"strong": "#c53030", "weak": "#2b6cb0", "": "#a0aec0"}
    for ax, (title, part) in zip(axes, panels, strict=True):
        part = part.sort_values("effect", ascending=False, kind="stable")
        effect = part["effect"].to_numpy()
        errors = [effect - part["effect_low"].to_numpy(), part["effect_high"].to_numpy() - effect]
        ax.barh(
            range(len(part)),
            effect,
            xerr=errors,
            color=[colours[v] for v in part["verdict"]],
            error_kw={"elinewidth": 1, "capsize": 2},
        )
        ax.set_yticks(range(len(part)), part["card"], fontsize=8)
        ax.invert_yaxis()
        ax.set_title(title, loc="left")
        ax.axvline(0, color="#2d3748", linewidth=0.8)
        for edge in (-margin, margin):
            ax.axvline(edge, color="#718096", linewidth=0.8, linestyle=":")
    axes[-1].set_xlabel("holder's score with the card - without it (95% interval)")
    return fig


@styled
def skill_figure(table: pd.DataFrame) -> Figure:
    """The skill trace per condition (a :func:`~.skill_study.skill_figures` table): one
    row of panels per condition (cards, no cards), the ladder (each budget against the
    one before) on the left, each budget against the fixed opponent on the right, each
    drawn by :func:`~workbench.play.plots.plot_skill_trace`."""
    from workbench.play.plots import plot_skill_trace

    conditions = list(dict.fromkeys(table["cards"]))
    fig = new_figure(8.5, 3.2 * len(conditions))
    axes = fig.subplots(len(conditions), 2, squeeze=False)
    for row, cards in zip(axes, conditions, strict=True):
        rows = table[table["cards"] == cards]
        ladder = rows["weak"].map(lambda weak: str(weak).isdigit())
        label = "cards" if cards else "no cards"
        for ax, part, kind in ((row[0], rows[ladder], "ladder"), (row[1], rows[~ladder], "v")):
            if part.empty:
                ax.set_axis_off()
                continue
            title = (
                f"{label}: each budget v the one before"
                if kind == "ladder"
                else (f"{label}: each budget v {part['weak'].iloc[0]}")
            )
            plot_skill_trace(part, ax=ax, title=title)
    return fig
