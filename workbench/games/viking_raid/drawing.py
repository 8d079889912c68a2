"""Pictures of Viking Raid maps: shapes for the shared board view, and the same on matplotlib.

Every picture is a list of board-view shapes (``workbench.widgets.board.shape``)
plus marks for the Vikings, so the editor, the replay and the heat maps look the
same in a live :class:`~workbench.widgets.BoardView` and in a static figure
(:func:`plot_shapes`), which notebooks keep as a PNG.

>>> from workbench.games.viking_raid.maps import default_map
>>> shapes = map_shapes(default_map())
>>> len(shapes), next(s["label"] for s in shapes if s["id"] == "0,0")
(61, '3')
>>> next(s["label"] for s in shapes if s["id"] == "-4,0")
'B'
"""

from __future__ import annotations

from collections.abc import Mapping

import matplotlib.pyplot as plt
from matplotlib.patches import Polygon

from workbench.games.viking_raid.maps import ROLES, RaidMap
from workbench.grids.hexagonal import Hex, hex_center, hex_disc, hex_polygon
from workbench.grids.shapes import cell_id, shape

__all__ = [
    "ROLE_COLOURS",
    "heat_shapes",
    "map_shapes",
    "plot_shapes",
    "viking_marks",
]

#: One colour per role, in turn order.
ROLE_COLOURS = ("#2e86c1", "#7d3c98", "#c0392b")
_OPEN, _ROCK, _OFF = "#f4f1e8", "#5d6d7e", "#fbfbfb"
_GOLD = ("#fcf3cf", "#f9e79f", "#f7dc6f", "#f4d03f", "#f1c40f", "#d4ac0d")


def _gold_fill(gold: int) -> str:
    return _GOLD[min(gold, len(_GOLD)) - 1] if gold > 0 else _OPEN


def map_shapes(
    raid_map: RaidMap,
    *,
    treasure: Mapping[Hex, int] | None = None,
    frame: int = 0,
    show_starts: bool = True,
) -> list[dict]:
    """Shapes of the map: gold shaded and labelled, rocks dark, start hexes lettered.

    ``treasure`` overrides the map's gold (e.g. what is left mid-game); ``frame``
    adds a ring of that many off-map hexes around the mat (pale: the editor paints
    them into the map).
    """
    gold = dict(raid_map.treasure) if treasure is None else dict(treasure)
    letters = {h: role[0].upper() for role, h in zip(ROLES, raid_map.starts, strict=True)}
    cells = set(raid_map.hexes)
    if frame:
        cells |= {h for c in raid_map.hexes for h in hex_disc(c, frame)}
    shapes = []
    for h in sorted(cells):
        if h not in raid_map.hexes:
            fill, label = _OFF, ""
        elif h in raid_map.blocked:
            fill, label = _ROCK, ""
        else:
            fill = _gold_fill(gold.get(h, 0))
            label = str(gold[h]) if h in gold else (letters.get(h, "") if show_starts else "")
        title = f"hex {h[0]},{h[1]}" + (f": {gold[h]} gold" if h in gold else "")
        shapes.append(shape(cell_id(h), hex_polygon(h), fill=fill, label=label, title=title))
    return shapes


def viking_marks(positions: Mapping[int, Hex]) -> list[dict]:
    """A coloured disc with its initial for each seat -> hex given."""
    marks = []
    for seat, h in sorted(positions.items()):
        x, y = hex_center(h)
        marks.append({"kind": "circle", "at": [x, y], "r": 0.55, "fill": ROLE_COLOURS[seat]})
        marks.append(
            {"kind": "text", "at": [x, y], "text": ROLES[seat][0].upper(), "fill": "#ffffff"}
        )
    return marks


def heat_shapes(raid_map: RaidMap, values: Mapping[Hex, float], *, colour: str = "#c0392b"):
    """Shapes shaded from white (0) to ``colour`` (the largest value), labelled with values.

    Rocks stay dark; values of 0.05 and more are printed with one decimal.
    """
    top = max(values.values(), default=0) or 1
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    shapes = []
    for h in raid_map.hexes:
        value = values.get(h, 0)
        share = value / top
        mix = [round(255 + (c - 255) * share) for c in (red, green, blue)]
        fill = _ROCK if h in raid_map.blocked else "#{:02x}{:02x}{:02x}".format(*mix)
        label = f"{value:.1f}" if value >= 0.05 else ""
        shapes.append(shape(cell_id(h), hex_polygon(h), fill=fill, label=label, title=label))
    return shapes


def plot_shapes(shapes: list[dict], marks: list[dict] = (), *, ax=None, title: str = ""):
    """Draw board-view shapes and marks with matplotlib (y down, like the board view)."""
    if ax is None:
        _, ax = plt.subplots(figsize=(4.2, 4.2))
    for s in shapes:
        ax.add_patch(
            Polygon(
                s["points"], closed=True, facecolor=s["fill"], edgecolor="#888888", linewidth=0.5
            )
        )
        if s["label"]:
            xs, ys = zip(*s["points"], strict=True)
            ax.text(sum(xs) / 6, sum(ys) / 6, s["label"], ha="center", va="center", fontsize=7)
    for m in marks:
        if m["kind"] == "circle":
            ax.add_patch(plt.Circle(m["at"], m["r"], color=m["fill"], zorder=3))
        elif m["kind"] == "text":
            ax.text(
                *m["at"],
                m["text"],
                ha="center",
                va="center",
                fontsize=8,
                color=m.get("fill", "#000000"),
                zorder=4,
                fontweight="bold",
            )
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.invert_yaxis()
    ax.set_axis_off()
    if title:
        ax.set_title(title, fontsize=9)
    return ax
