"""Shapes: what every picture of a board is made of, whatever draws it.

A game's ``drawing`` module turns its object (a board, a level, a map, a deck)
into a :class:`Picture`: *shapes* (polygons with an id, a fill, an outline and an
optional label), *marks* drawn on top (paths, circles, text: pieces, solution
lines), a legend and the size of one cell in drawing units. Three renderers draw
the same picture: the live board widget, a static matplotlib figure
(:func:`workbench.grids.plot.plot_shapes`) and SVG (:mod:`workbench.grids.svg`,
which the print-and-play sheets use). Coordinates have x to the right and y down.

>>> picture = Picture(square_shapes(2, 3, label=lambda cell: "x" if cell == (1, 2) else ""))
>>> [s["id"] for s in picture.shapes][:3]
['0,0', '0,1', '0,2']
>>> picture.bounds()
(0.0, 0.0, 3.0, 2.0)
>>> next(s["at"] for s in picture.shapes if s["label"])
[2.5, 1.5]
>>> parse_cell_id(cell_id((0, 1), prefix="s"))
('s', (0, 1))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from workbench.grids.hexagonal import Hex, hex_polygon
from workbench.grids.octagonal import octagon_polygon, socket_polygon, sockets
from workbench.grids.square import Cell, square_polygon

__all__ = [
    "Key",
    "Picture",
    "cell_id",
    "circle_mark",
    "hex_shapes",
    "line_marks",
    "octagon_shapes",
    "parse_cell_id",
    "path_mark",
    "polygon_centre",
    "shape",
    "square_shapes",
    "text_mark",
]

Point = tuple[float, float]
#: The fill of a shape nobody coloured.
PLAIN = "#f4f1e8"


def cell_id(cell: tuple[int, ...], *, prefix: str = "") -> str:
    """The text id of a cell, e.g. ``(3, 4) -> "3,4"`` (``prefix`` tells layers apart).

    >>> cell_id((3, 4)), cell_id((0, 1), prefix="s")
    ('3,4', 's:0,1')
    """
    text = ",".join(str(v) for v in cell)
    return f"{prefix}:{text}" if prefix else text


def parse_cell_id(text: str) -> tuple[str, tuple[int, ...]]:
    """Split an id made by :func:`cell_id` into ``(prefix, cell)``.

    >>> parse_cell_id("s:0,1"), parse_cell_id("3,4")
    (('s', (0, 1)), ('', (3, 4)))
    """
    prefix, _, body = text.rpartition(":")
    return prefix, tuple(int(v) for v in body.split(","))


def polygon_centre(points: Sequence[Point]) -> Point:
    """The centre of area of a simple polygon (the vertex mean if it has no area).

    >>> polygon_centre([(0, 0), (4, 0), (4, 2), (0, 2)])
    (2.0, 1.0)
    >>> [round(v, 3) for v in polygon_centre([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])]
    [0.833, 0.833]
    """
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-12:
        n = len(points)
        return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
    return (cx / (3 * area), cy / (3 * area))


def shape(
    ident: str,
    points: Iterable[Point],
    *,
    fill: str = PLAIN,
    stroke: str = "#555555",
    label: str = "",
    title: str = "",
    label_at: Point | None = None,
    label_fill: str = "#000000",
) -> dict:
    """One drawable polygon as a JSON-able dict (what every renderer reads).

    ``label_at`` places the label (default: the polygon's centre of area, so labels
    of squares, hexes, octagons and diamonds all sit in the middle).

    >>> shape("0,0", [(0, 0), (1, 0), (1, 1), (0, 1)], label="A")["at"]
    [0.5, 0.5]
    """
    points = [(float(x), float(y)) for x, y in points]
    at = label_at if label_at is not None else polygon_centre(points)
    return {
        "id": ident,
        "points": [[round(x, 4), round(y, 4)] for x, y in points],
        "fill": fill,
        "stroke": stroke,
        "label": label,
        "label_fill": label_fill,
        "title": title,
        "at": [round(at[0], 4), round(at[1], 4)],
    }


def _styled(ident: str, points: list[Point], cell, fill, label) -> dict:
    return shape(
        ident, points, fill=fill(cell) if fill else PLAIN, label=label(cell) if label else ""
    )


def square_shapes(
    rows: int,
    cols: int,
    *,
    fill: Callable[[Cell], str] | None = None,
    label: Callable[[Cell], str] | None = None,
) -> list[dict]:
    """Shapes for a square board; ``fill`` and ``label`` map a cell to its colour/text."""
    return [
        _styled(cell_id((r, c)), square_polygon((r, c)), (r, c), fill, label)
        for r in range(rows)
        for c in range(cols)
    ]


def hex_shapes(
    cells: Iterable[Hex],
    *,
    fill: Callable[[Hex], str] | None = None,
    label: Callable[[Hex], str] | None = None,
) -> list[dict]:
    """Shapes for the given axial hexes."""
    return [_styled(cell_id(h), hex_polygon(h), h, fill, label) for h in sorted(cells)]


def octagon_shapes(
    rows: int,
    cols: int,
    *,
    fill: Callable[[Cell], str] | None = None,
    label: Callable[[Cell], str] | None = None,
    socket_fill: Callable[[Cell], str] | None = None,
    socket_label: Callable[[Cell], str] | None = None,
) -> list[dict]:
    """Shapes for an octagon board: octagons ``"r,c"`` then sockets ``"s:r,c"``."""
    octagons = [
        _styled(cell_id((r, c)), octagon_polygon((r, c)), (r, c), fill, label)
        for r in range(rows)
        for c in range(cols)
    ]
    diamonds = [
        _styled(cell_id(s, prefix="s"), socket_polygon(s), s, socket_fill, socket_label)
        for s in sockets(rows, cols)
    ]
    return octagons + diamonds


def path_mark(
    points: Iterable[Point], *, stroke: str = "#c0392b", width: float = 0.12, dash: str = ""
) -> dict:
    """A line through ``points``; ``dash`` is an SVG dash pattern in drawing units ("0.2 0.1")."""
    mark = {"kind": "path", "points": [[x, y] for x, y in points], "stroke": stroke}
    mark["width"] = width
    if dash:
        mark["dash"] = dash
    return mark


def circle_mark(
    at: Point,
    *,
    r: float = 0.3,
    fill: str = "#2c3e50",
    stroke: str = "none",
    width: float = 0.04,
) -> dict:
    """A disc (``fill="none"`` for a ring)."""
    return {
        "kind": "circle",
        "at": [at[0], at[1]],
        "r": r,
        "fill": fill,
        "stroke": stroke,
        "width": width,
    }


def text_mark(
    at: Point,
    text: str,
    *,
    fill: str = "#000000",
    size: float | None = None,
    bold: bool = True,
    anchor: str = "middle",
) -> dict:
    """Text on ``at``: ``anchor`` "middle" centres it, "start"/"end" put it right/left of
    ``at``; ``size`` is its height in drawing units (default: a little above the label size)."""
    mark = {
        "kind": "text",
        "at": [at[0], at[1]],
        "text": text,
        "fill": fill,
        "bold": bold,
        "anchor": anchor,
    }
    if size is not None:
        mark["size"] = size
    return mark


def line_marks(
    lines: Sequence[Sequence[Any]],
    centre: Callable[[Any], Point],
    *,
    colours: Sequence[str] = ("#c0392b", "#2980b9", "#8e44ad", "#d35400", "#16a085"),
    width: float = 0.1,
    spread: float = 0.0,
) -> list[dict]:
    """Lines drawn through cell centres, one colour each (cycled), a dot where each starts.

    ``spread`` shifts line ``k`` by ``spread * (k - 1)`` on both axes, so lines that
    share cells stay apart.

    >>> from workbench.grids.square import square_center
    >>> [m["kind"] for m in line_marks([[(0, 0), (0, 1)]], square_center)]
    ['path', 'circle']
    """
    marks = []
    for k, line in enumerate(lines):
        shift = spread * (k - 1)
        points = [(x + shift, y + shift) for x, y in (centre(c) for c in line)]
        colour = colours[k % len(colours)]
        marks.append(path_mark(points, stroke=colour, width=width))
        marks.append(circle_mark(points[0], r=1.2 * width, fill=colour))
    return marks


@dataclasses.dataclass(frozen=True)
class Key:
    """One legend entry: a swatch of ``fill`` (with ``symbol`` on it) and what it means."""

    text: str
    fill: str = "#ffffff"
    symbol: str = ""


@dataclasses.dataclass(frozen=True)
class Picture:
    """Shapes, marks on top, a legend, a title, and the size of one cell.

    Attributes
    ----------
    shapes : tuple of dict
        Polygons from :func:`shape`, drawn in order.
    marks : tuple of dict
        Drawn over the shapes and never clickable: from :func:`path_mark`,
        :func:`circle_mark` or :func:`text_mark`.
    legend : tuple of Key
        What the colours and symbols mean (print sheets and figures show it).
    title : str
        A name for the picture.
    cell : float
        The size of one cell in drawing units (a square's side, a hex across its
        flats, a card's width): print sheets scale it to ``--cell-mm``.
    label_size : float
        Height of shape labels in drawing units (renderers that know the scale use it).
    """

    shapes: tuple[dict, ...]
    marks: tuple[dict, ...] = ()
    legend: tuple[Key, ...] = ()
    title: str = ""
    cell: float = 1.0
    label_size: float = 0.3

    def __post_init__(self) -> None:
        for name in ("shapes", "marks", "legend"):
            object.__setattr__(self, name, tuple(getattr(self, name)))

    @property
    def outline(self) -> float:
        """Width of shape outlines that do not set their own ``width``, in drawing units."""
        return 0.015 * self.cell

    def bounds(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` around every shape and mark."""
        xs, ys = [], []
        for s in self.shapes:
            xs += [p[0] for p in s["points"]]
            ys += [p[1] for p in s["points"]]
        for m in self.marks:
            if m["kind"] == "path":
                xs += [p[0] for p in m["points"]]
                ys += [p[1] for p in m["points"]]
            else:
                r = m.get("r", 0.0)
                xs += [m["at"][0] - r, m["at"][0] + r]
                ys += [m["at"][1] - r, m["at"][1] + r]
        if not xs:
            return (0.0, 0.0, 1.0, 1.0)
        return (float(min(xs)), float(min(ys)), float(max(xs)), float(max(ys)))

    def replace(self, **changes: Any) -> Picture:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)
