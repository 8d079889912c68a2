"""One clickable board view for every game: the live renderer of :mod:`workbench.grids.shapes`.

The view knows nothing about games. It draws a picture's *shapes* (polygons with
an id, a fill and an optional label) and *marks* (paths, circles and text on top,
e.g. a witness path), highlights some shapes, and reports pointer events on
shapes to Python callbacks (press and drag over shapes with
:meth:`BoardView.on_cell_event`, the end of a press-and-drag gesture with
:meth:`BoardView.on_release`). A game's ``drawing`` module makes the picture; clicks
come back as shape ids, which :func:`workbench.grids.shapes.parse_cell_id` turns
into cells.

Every shape's SVG element carries ``data-cell="<id>"`` and the CSS class
``wb-cell``, which browser tests use to click it.

>>> from workbench.grids.shapes import Picture, square_shapes
>>> view = BoardView.of(Picture(square_shapes(2, 2)))
>>> clicks = []
>>> view.on_cell_event(lambda cell, kind: clicks.append((cell, kind)))
>>> view._handle_custom_msg({"event": "click", "cell": "1,0"}, [])
>>> clicks
[('1,0', 'click')]
>>> view.on_release(lambda: clicks.append("released"))
>>> view._handle_custom_msg({"event": "release"}, [])
>>> clicks
[('1,0', 'click'), 'released']
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable

import anywidget
import traitlets

from workbench.grids.shapes import Picture

__all__ = ["BoardView"]

CellEventHandler = Callable[[str, str], None]
ReleaseHandler = Callable[[], None]

_EVENTS = ("click", "drag")


class BoardView(anywidget.AnyWidget):
    """An SVG board: shapes to click, marks drawn on top, highlighted shape ids.

    Attributes
    ----------
    shapes : list of dict
        Polygons from :func:`workbench.grids.shapes.shape`, drawn in order.
    marks : list of dict
        Drawn over the shapes and never clickable (path, circle and text marks of
        :mod:`workbench.grids.shapes`).
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
        self._release_handlers: list[ReleaseHandler] = []
        self.on_msg(self._dispatch)

    @classmethod
    def of(cls, picture: Picture, **kwargs) -> BoardView:
        """A view drawing ``picture`` (its shapes and marks)."""
        view = cls(**kwargs)
        view.show(picture)
        return view

    def show(self, picture: Picture) -> None:
        """Draw ``picture`` instead of what is shown (highlights are kept)."""
        with self.hold_sync():
            self.shapes = list(picture.shapes)
            self.marks = list(picture.marks)

    def on_cell_event(self, handler: CellEventHandler, *, remove: bool = False) -> None:
        """Call ``handler(shape_id, kind)`` when a shape is clicked or dragged over.

        ``kind`` is ``"click"`` (pointer pressed on the shape) or ``"drag"`` (pointer
        moved onto the shape with the button held, or a finger moved onto it: painting).
        """
        if remove:
            self._cell_handlers.remove(handler)
        else:
            self._cell_handlers.append(handler)

    def on_release(self, handler: ReleaseHandler, *, remove: bool = False) -> None:
        """Call ``handler()`` when the pointer is released after a press on a shape
        (wherever it is released): the end of a drawn line. Cell handlers never see it."""
        if remove:
            self._release_handlers.remove(handler)
        else:
            self._release_handlers.append(handler)

    def _dispatch(self, _widget, content, _buffers) -> None:
        kind, ident = content.get("event"), content.get("cell")
        if kind == "release":
            for handler in list(self._release_handlers):
                handler()
            return
        if kind not in _EVENTS or not isinstance(ident, str):
            return
        if ident not in {s["id"] for s in self.shapes}:
            return
        for handler in list(self._cell_handlers):
            handler(ident, kind)
