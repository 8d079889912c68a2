"""Matplotlib pictures of a board: the map, reach per unit kind, fairness heat maps, draw odds.

Each function returns a :class:`matplotlib.figure.Figure` that pyplot does not
manage, so a notebook shows it once, as the cell's value.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from workbench.games.brawlhalla.board import default_board
>>> fig = board_figure(default_board())
>>> len(fig.axes)
1
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from workbench.games.brawlhalla.board import Board
from workbench.grids.square import Cell

__all__ = [
    "FEATURE_SYMBOLS",
    "TERRAIN_COLOURS",
    "board_figure",
    "draw_board",
    "draw_odds_figure",
    "fairness_figure",
    "reach_figure",
]

#: Colours of the terrains (also used by the board editor).
TERRAIN_COLOURS: dict[str, str] = {
    "earth": "#c9b27c",
    "water": "#7fb3d5",
    "shore": "#f2e2a4",
    "mountain": "#7d6b5d",
}
#: Symbols drawn on features (the rule text's star, π and ⚓; letters for the compass).
FEATURE_SYMBOLS: dict[str, str] = {
    "capital": "★",
    "sanctuary": "☆",
    "ruin": "π",
    "wreckage": "⚓",
    "compass": "",
}
_ORDER = ("earth", "water", "shore", "mountain")


def _terrain_index(board: Board) -> np.ndarray:
    return np.array(
        [
            [_ORDER.index(board.terrain_at((r, c))) for c in range(board.cols)]
            for r in range(board.rows)
        ]
    )


def draw_board(ax, board: Board, *, features: bool = True, alpha: float = 1.0) -> None:
    """Draw the terrain and the feature symbols on ``ax`` (north up)."""
    cmap = ListedColormap([TERRAIN_COLOURS[t] for t in _ORDER])
    ax.imshow(_terrain_index(board), cmap=cmap, vmin=-0.5, vmax=3.5, alpha=alpha)
    ax.set_xticks(range(board.cols))
    ax.set_yticks(range(board.rows))
    ax.tick_params(labelsize=6)
    ax.set_xticks(np.arange(-0.5, board.cols), minor=True)
    ax.set_yticks(np.arange(-0.5, board.rows), minor=True)
    ax.grid(which="minor", color="white", linewidth=0.4)
    ax.tick_params(which="minor", length=0)
    if not features:
        return
    for f in board.features:
        text = f.side[0].upper() if f.kind == "compass" else FEATURE_SYMBOLS[f.kind]
        colour = {"north": "#1f4e9c", "south": "#b03a2e"}.get(f.side, "black")
        ax.text(f.cell[1], f.cell[0], text, ha="center", va="center", fontsize=8, color=colour)


def board_figure(board: Board, *, title: str | None = None):
    """The board alone: terrain colours, capitals ★, sanctuaries ☆, ruins π, wreckages ⚓."""
    fig = Figure(figsize=(3.6, 5.2))
    ax = fig.subplots()
    draw_board(ax, board)
    ax.set_title(title or board.name or "board", fontsize=9)
    fig.tight_layout()
    return fig


def reach_figure(board: Board, reach: dict[str, Iterable[Cell]], *, title: str = ""):
    """One panel per unit kind: the board faded, the squares reached outlined in colour."""
    fig = Figure(figsize=(2.6 * len(reach), 4.4))
    axes = fig.subplots(1, len(reach), squeeze=False)
    for ax, (kind, cells) in zip(axes[0], reach.items(), strict=True):
        draw_board(ax, board, alpha=0.45)
        mask = np.full((board.rows, board.cols), np.nan)
        for r, c in cells:
            mask[r, c] = 1
        ax.imshow(mask, cmap=ListedColormap(["#2e7d32"]), alpha=0.55)
        ax.set_title(
            f"{kind} ({len(list(cells)) if not isinstance(cells, set) else len(cells)})", fontsize=8
        )
    if title:
        fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    return fig


def fairness_figure(report):
    """Heat maps of North's minus South's action points per unit kind (blue: North first)."""
    heat = report.heat
    fig = Figure(figsize=(2.8 * len(heat) + 0.6, 4.6), layout="constrained")
    axes = fig.subplots(1, len(heat), squeeze=False)
    limit = max(
        1.0,
        max(float(np.nanmax(np.abs(g))) if np.isfinite(g).any() else 1.0 for g in heat.values()),
    )
    image = None
    for ax, (kind, grid) in zip(axes[0], heat.items(), strict=True):
        draw_board(ax, report.board, alpha=0.25)
        image = ax.imshow(grid, cmap="RdBu_r", vmin=-limit, vmax=limit, alpha=0.85)
        ax.set_title(kind, fontsize=8)
    fig.colorbar(
        image, ax=axes[0].tolist(), shrink=0.7, label="north AP - south AP (blue: north first)"
    )
    fig.suptitle(report.verdict.split(":")[0], fontsize=9)
    return fig


def draw_odds_figure(table: pd.DataFrame, *, title: str = "Chance of holding the card"):
    """Lines of exact draw odds (one per row of a :func:`~.cards.draw_odds` table)."""
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
