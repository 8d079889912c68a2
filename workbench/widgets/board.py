"""One clickable board view for every game: square, hex and octagon boards as SVG.

The view knows nothing about games. It draws *shapes* (polygons with an id, a
fill and an optional label) and *marks* (paths, circles and text on top, e.g. a
witness path), highlights some shapes, and reports pointer events on shapes to
Python callbacks. Editors build the shapes from ``workbench.grids`` with
:func:`square_shapes`, :func:`hex_shapes` or :func:`octagon_shapes`, and turn
clicks back into cells with :func:`parse_cell_id`.

Every shape's SVG element carries ``data-cell="<id>"`` and the CSS class
``wb-cell``, which browser tests use to click it.

>>> view = BoardView(shapes=square_shapes(2, 2))
>>> clicks = []
>>> view.on_cell_event(lambda cell, kind: clicks.append((cell, kind)))
>>> view._handle_custom_msg({"event": "click", "cell": "1,0"}, [])
>>> clicks
[('1,0', 'click')]
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Iterable

import anywidget
import traitlets

from workbench.grids.hexagonal import Hex, hex_polygon
from workbench.grids.octagonal import octagon_polygon, socket_polygon, sockets
from workbench.grids.square import Cell, square_polygon

__all__ = [
    "BoardView",
    "cell_id",
    "hex_shapes",
    "octagon_shapes",
    "parse_cell_id",
    "shape",
    "square_shapes",
]

CellEventHandler = Callable[[str, str], None]
Point = tuple[float, float]

_EVENTS = ("click", "drag")


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


def shape(
    ident: str,
    points: Iterable[Point],
    *,
    fill: str = "#f4f1e8",
    stroke: str = "#555555",
    label: str = "",
    title: str = "",
) -> dict:
    """One drawable polygon as the JSON-able dict the view expects."""
    return {
        "id": ident,
        "points": [[round(x, 4), round(y, 4)] for x, y in points],
        "fill": fill,
        "stroke": stroke,
        "label": label,
        "title": title,
    }


def _styled(ident: str, points: list[Point], cell, fill, label) -> dict:
    return shape(
        ident,
        points,
        fill=fill(cell) if fill else "#f4f1e8",
        label=label(cell) if label else "",
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


class BoardView(anywidget.AnyWidget):
    """An SVG board: shapes to click, marks drawn on top, highlighted shape ids.

    Attributes
    ----------
    shapes : list of dict
        Polygons from :func:`shape` (``id``, ``points``, ``fill``, ``stroke``,
        ``label``, ``title``), drawn in order.
    marks : list of dict
        Drawn over the shapes and never clickable: ``{"kind": "path", "points":
        [[x, y], ...], "stroke": colour, "width": w}``, ``{"kind": "circle", "at":
        [x, y], "r": radius, "fill": colour}`` or ``{"kind": "text", "at": [x, y],
        "text": str}``.
    highlighted : list of str
        Ids of shapes drawn with a thick outline (e.g. legal targets).
    width_px : int
        Width of the drawing on screen, in pixels.
    """

    _esm = pathlib.Path(__file__).parent / "static" / "board.js"
    _css = pathlib.Path(__file__).parent / "static" / "board.css"

    shapes = traitlets.List(traitlets.Dict()).tag(sync=True)
    marks = traitlets.List(traitlets.Dict()).tag(sync=True)
    highlighted = traitlets.List(traitlets.Unicode()).tag(sync=True)
    width_px = traitlets.Int(480).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._cell_handlers: list[CellEventHandler] = []
        self.on_msg(self._dispatch)

    def on_cell_event(self, handler: CellEventHandler, *, remove: bool = False) -> None:
        """Call ``handler(shape_id, kind)`` when a shape is clicked or dragged over.

        ``kind`` is ``"click"`` (pointer pressed on the shape) or ``"drag"`` (pointer
        moved onto the shape with the button held: painting).
        """
        if remove:
            self._cell_handlers.remove(handler)
        else:
            self._cell_handlers.append(handler)

    def _dispatch(self, _widget, content, _buffers) -> None:
        kind, ident = content.get("event"), content.get("cell")
        if kind not in _EVENTS or not isinstance(ident, str):
            return
        if ident not in {s["id"] for s in self.shapes}:
            return
        for handler in list(self._cell_handlers):
            handler(ident, kind)
