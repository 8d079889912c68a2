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

from workbench.games.brawlhalla.balance import FairnessReport
from workbench.games.brawlhalla.board import Board
from workbench.games.brawlhalla.drawing import (
    HEAT_COLOURS,
    board_picture,
    fairness_pictures,
    heat_limit,
    position_picture,
    reach_picture,
)
from workbench.grids.plot import plot_shapes
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


def board_figure(board: Board, *, title: str | None = None) -> Figure:
    """The board alone with its legend: terrain colours, region outlines, capitals ★,
    sanctuaries ☆, ruins π, wreckages ⚓, compass letters."""
    fig = Figure(figsize=(5.4, 5.2))
    ax = fig.subplots()
    fig.subplots_adjust(left=0.02, right=0.62, bottom=0.02, top=0.94)
    plot_shapes(board_picture(board, title=title), ax=ax)
    return fig


def reach_figure(board: Board, reach: dict[str, Iterable[Cell]], *, title: str = "") -> Figure:
    """One panel per unit kind: the board faded, the squares reached in green."""
    fig = Figure(figsize=(2.6 * len(reach), 4.4))
    axes = fig.subplots(1, len(reach), squeeze=False)[0]
    fig.subplots_adjust(left=0.02, right=0.98, bottom=0.02, top=0.86 if title else 0.93)
    for ax, (kind, cells) in zip(axes, reach.items(), strict=True):
        cells = set(cells)
        plot_shapes(
            reach_picture(board, cells), ax=ax, legend=False, title=f"{kind} ({len(cells)})"
        )
    if title:
        fig.suptitle(title, fontsize=9)
    return fig


def fairness_figure(report: FairnessReport) -> Figure:
    """Heat maps of North's minus South's action points per unit kind (blue: North first)."""
    pictures = fairness_pictures(report)
    limit = heat_limit(report.heat.values())
    fig = Figure(figsize=(2.8 * len(pictures) + 0.6, 4.6))
    axes = fig.subplots(1, len(pictures), squeeze=False)[0]
    fig.subplots_adjust(left=0.02, right=0.98, bottom=0.03, top=0.88)
    scale = ScalarMappable(
        Normalize(-limit, limit), LinearSegmentedColormap.from_list("north_first", HEAT_COLOURS)
    )
    fig.colorbar(
        scale, ax=axes.tolist(), shrink=0.7, label="north AP - south AP (blue: north first)"
    )
    for ax, picture in zip(axes, pictures.values(), strict=True):
        plot_shapes(picture, ax=ax, legend=False)
    fig.suptitle(report.verdict.split(":")[0], fontsize=9)
    return fig


def draw_odds_figure(table: pd.DataFrame, *, title: str = "Chance of holding the card") -> Figure:
    """Lines of exact draw odds (one per row of a :func:`~.deck.draw_odds` table)."""
    fig = Figure(figsize=(5.5, 3.2))
    ax = fig.subplots()
    for name, row in table.iterrows():
        ax.plot(list(table.columns), [float(v) for v in row], marker="o", markersize=3, label=name)
    ax.set_xlabel("turn")
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


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


def positions_figure(states: Sequence[BrawlhallaState], *, columns: int = 4) -> Figure:
    """Positions side by side (:func:`~.drawing.position_picture`), each titled with its
    turn and the side to act, the last with the result if the game is over."""
    rows = -(-len(states) // columns)
    fig = Figure(figsize=(2.7 * min(columns, len(states)), 4.1 * rows))
    axes = fig.subplots(rows, min(columns, len(states)), squeeze=False).ravel()
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.95, wspace=0.05)
    for ax, state in zip(axes, states, strict=False):
        if state.winner is not None:
            who = "draw" if state.winner < 0 else f"{('north', 'south')[state.winner]} wins"
            title = f"turn {state.turn}: {who} ({state.victory})"
        else:
            title = f"turn {state.turn}: {('north', 'south')[state.to_move]} to act"
        plot_shapes(position_picture(state), ax=ax, legend=False, title=title)
    for ax in axes[len(states) :]:
        ax.set_axis_off()
    return fig


def win_shares_figure(summaries: Mapping[str, Mapping]) -> Figure:
    """North's and South's win shares per pairing with their 95% (Wilson) intervals,
    from ``simulation_summary`` dicts keyed by pairing; draws are the rest."""
    labels = list(summaries)
    fig = Figure(figsize=(6.4, 0.42 * len(labels) + 1.2))
    ax = fig.subplots()
    fig.subplots_adjust(left=0.32, right=0.97, bottom=0.2, top=0.97)
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
    ax.set_yticks(range(len(labels)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.axvline(0.5, color="#718096", linewidth=0.8, linestyle=":")
    ax.set_xlabel("share of all games (95% interval); draws are the rest")
    ax.legend(fontsize=8, loc="lower right")
    return fig


def victory_mix_figure(mix: pd.DataFrame) -> Figure:
    """How the games of each pairing ended: stacked bars of war, holy, flag and the
    turn limit (a :func:`~.play_balance.victory_mix` table, one bar per row)."""
    labels = [
        f"{n} (N) v {s} (S)" for n, s in zip(mix["north agent"], mix["south agent"], strict=True)
    ]
    height = 0.36 * len(labels) + 1.2
    fig = Figure(figsize=(6.4, height))
    ax = fig.subplots()
    fig.subplots_adjust(left=0.34, right=0.97, bottom=0.75 / height, top=1 - 0.1 / height)
    left = pd.Series(0.0, index=mix.index)
    for victory, colour in VICTORY_COLOURS.items():
        share = mix[victory] / mix["games"]
        ax.barh(range(len(labels)), share, left=left, color=colour, label=victory.replace("_", " "))
        left = left + share
    ax.set_yticks(range(len(labels)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of the pairing's games")
    fig.legend(fontsize=8, ncols=4, loc="lower center", frameon=False)
    return fig


def game_length_figure(table: pd.DataFrame, *, aim: tuple[float, float] = (20, 30)) -> Figure:
    """Minutes per game (a :func:`~.play_balance.simulate` table), by how it ended, with
    the text's aim shaded."""
    fig = Figure(figsize=(6.4, 3.0))
    ax = fig.subplots()
    fig.subplots_adjust(left=0.1, right=0.97, bottom=0.17, top=0.95)
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
    ax.legend(fontsize=8)
    return fig


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
    fig = Figure(figsize=(6.4, 0.22 * sum(rows) + 1.6))
    axes = fig.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [max(r, 1) for r in rows]})
    fig.subplots_adjust(
        left=0.34, right=0.97, bottom=0.9 / fig.get_figheight(), top=0.97, hspace=0.15
    )
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
        ax.set_yticks(range(len(part)), part["card"], fontsize=7)
        ax.invert_yaxis()
        ax.set_title(title, fontsize=9, loc="left")
        ax.axvline(0, color="#2d3748", linewidth=0.8)
        for edge in (-margin, margin):
            ax.axvline(edge, color="#718096", linewidth=0.8, linestyle=":")
    axes[-1].set_xlabel("holder's score with the card - without it (95% interval)")
    return fig


def skill_figure(table: pd.DataFrame) -> Figure:
    """The skill trace per condition (a :func:`~.skill_study.skill_figures` table): one
    row of panels per condition (cards, no cards), the ladder (each budget against the
    one before) on the left, each budget against the fixed opponent on the right, each
    drawn by :func:`~workbench.play.plots.plot_skill_trace`."""
    from workbench.play.plots import plot_skill_trace

    conditions = list(dict.fromkeys(table["cards"]))
    fig = Figure(figsize=(8.0, 2.9 * len(conditions)))
    axes = fig.subplots(len(conditions), 2, squeeze=False)
    fig.subplots_adjust(left=0.08, right=0.98, bottom=0.12, top=0.93, hspace=0.6, wspace=0.25)
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
            ax.title.set_fontsize(9)
    return fig
