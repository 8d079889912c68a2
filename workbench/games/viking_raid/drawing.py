"""Pictures of Viking Raid: the mat, heat maps over it, and the Vikings standing on it.

Every function returns :mod:`workbench.grids.shapes` data: :func:`map_picture`
and :func:`heat_picture` give a :class:`~workbench.grids.shapes.Picture` (pointy
hexes of circumradius 1, so one cell is ``sqrt(3)`` across its flats), and
:func:`viking_marks` the marks of the Vikings to lay over one. The map editor
draws them live, notebooks with :func:`workbench.grids.plot.plot_shapes`, and
``workbench raid print`` on paper, so all three look the same. Colours live here.

>>> from workbench.games.viking_raid.raid_map import default_map
>>> mat = map_picture(default_map())
>>> len(mat.shapes), next(s["label"] for s in mat.shapes if s["id"] == "0,0")
(61, '3')
>>> next(s["label"] for s in mat.shapes if s["id"] == "-4,0"), round(mat.cell, 3)
('B', 1.732)
>>> [key.symbol for key in mat.legend]
['2', '3', '', 'A', 'H', 'B']
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from workbench.games.viking_raid.raid_map import ROLES, RaidMap
from workbench.grids.hexagonal import Hex, hex_center, hex_disc, hex_polygon
from workbench.grids.shapes import Key, Picture, cell_id, circle_mark, shape, text_mark

__all__ = [
    "ROLE_COLOURS",
    "heat_picture",
    "heat_shapes",
    "map_picture",
    "map_shapes",
    "viking_marks",
]

#: One colour per role, in turn order.
ROLE_COLOURS = ("#2e86c1", "#7d3c98", "#c0392b")
_OPEN, _ROCK, _OFF, _EDGE = "#f4f1e8", "#5d6d7e", "#fbfbfb", "#888888"
_GOLD = ("#fcf3cf", "#f9e79f", "#f7dc6f", "#f4d03f", "#f1c40f", "#d4ac0d")
_LABEL_SIZE = 0.55
#: A hex across its flats, in drawing units (hexes of circumradius 1).
_CELL = math.sqrt(3)


def _gold_fill(gold: int) -> str:
    return _GOLD[min(gold, len(_GOLD)) - 1] if gold > 0 else _OPEN


def _hex(h: Hex, fill: str, label: str, title: str) -> dict:
    return shape(cell_id(h), hex_polygon(h), fill=fill, stroke=_EDGE, label=label, title=title)


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
        shapes.append(_hex(h, fill, label, title))
    return shapes


def map_picture(
    raid_map: RaidMap,
    *,
    treasure: Mapping[Hex, int] | None = None,
    frame: int = 0,
    show_starts: bool = True,
    vikings: Mapping[int, Hex] | None = None,
    title: str | None = None,
) -> Picture:
    """The mat as a picture: :func:`map_shapes`, the Vikings in ``vikings`` (role -> hex)
    as marks, and a legend of what is on it (title: the map's name).

    >>> from workbench.games.viking_raid.raid_map import default_map
    >>> m = default_map()
    >>> len(map_picture(m, vikings=dict(enumerate(m.starts)), show_starts=False).marks)
    6
    """
    shapes = map_shapes(raid_map, treasure=treasure, frame=frame, show_starts=show_starts)
    gold = dict(raid_map.treasure) if treasure is None else dict(treasure)
    legend = [
        Key(f"{amount} gold: put {amount} treasure tokens here", _gold_fill(amount), str(amount))
        for amount in sorted(set(gold.values()))
    ]
    if raid_map.blocked:
        legend.append(Key("rock: no Viking enters or crosses it", _ROCK))
    if show_starts:
        legend += [
            Key(f"the {role.capitalize()}'s start", _OPEN, role[0].upper()) for role in ROLES
        ]
    if frame:
        legend.append(Key("off the map", _OFF))
    return Picture(
        shapes,
        marks=viking_marks(vikings or {}),
        legend=legend,
        title=raid_map.name if title is None else title,
        cell=_CELL,
        label_size=_LABEL_SIZE,
    )


def viking_marks(positions: Mapping[int, Hex]) -> list[dict]:
    """A disc in its role's colour with its initial for each role -> hex given."""
    marks = []
    for role, h in sorted(positions.items()):
        at = hex_center(h)
        marks.append(circle_mark(at, r=0.55, fill=ROLE_COLOURS[role]))
        marks.append(text_mark(at, ROLES[role][0].upper(), fill="#ffffff"))
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
        shapes.append(_hex(h, fill, label, label))
    return shapes


def heat_picture(
    raid_map: RaidMap,
    values: Mapping[Hex, float],
    *,
    colour: str = "#c0392b",
    title: str = "",
    what: str = "per game",
) -> Picture:
    """:func:`heat_shapes` as a picture, its legend saying what the darkest shade means.

    >>> from workbench.games.viking_raid.raid_map import default_map
    >>> heat = heat_picture(default_map(), {(0, 0): 2.0}, what="gold per game")
    >>> [key.text for key in heat.legend]
    ['2.0 gold per game', 'none', 'rock']
    """
    top = max(values.values(), default=0)
    legend = [Key(f"{top:.1f} {what}", colour), Key("none", "#ffffff")]
    if raid_map.blocked:
        legend.append(Key("rock", _ROCK))
    return Picture(
        heat_shapes(raid_map, values, colour=colour),
        legend=legend,
        title=title,
        cell=_CELL,
        label_size=0.7,  # a number fills most of its hex: readable in a panel of three
    )
