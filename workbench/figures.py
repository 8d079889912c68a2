"""The house style of every notebook figure: size, resolution, fonts and colour maps, set once.

Every plotting module makes its figures with :func:`new_figure` (a figure pyplot does
not manage, the cell's value) or :func:`new_axes` (a pyplot figure, for functions
that take ``ax=None``), and draws inside :func:`house_style` (or the
:func:`styled` decorator), so no notebook sets ``rcParams`` or a size of its own.
Figures are at most :data:`COLUMN_INCHES` wide, so at :data:`DPI` they fit a 900 px
notebook column unscaled and their text keeps its size in points.

>>> figure = new_figure(12, 3)
>>> figure.get_size_inches().tolist(), figure.dpi >= 100
([8.5, 3.0], True)
>>> with house_style():
...     axes = figure.subplots()
...     label = axes.set_xlabel("turn")
>>> label.get_fontsize() == HOUSE_STYLE["axes.labelsize"]
True
>>> texts_outside(figure)
[]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Literal, ParamSpec, TypeVar

import matplotlib as mpl
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

__all__ = [
    "COLUMN_INCHES",
    "DIVERGING",
    "DPI",
    "HOUSE_STYLE",
    "SEQUENTIAL",
    "house_style",
    "new_axes",
    "new_figure",
    "new_panels",
    "styled",
    "texts_outside",
]

#: Screen resolution of every figure (dots per inch); printed copies use ``savefig.dpi``.
DPI = 100
#: Widest figure, in inches: 850 px at :data:`DPI`, inside a 900 px notebook column.
COLUMN_INCHES = 8.5
#: Colour map for amounts (more is darker), and for differences around a centre.
SEQUENTIAL, DIVERGING = "viridis", "RdBu_r"
#: The matplotlib settings of the house style (applied by :func:`house_style`).
HOUSE_STYLE: dict[str, Any] = {
    "figure.dpi": DPI,
    "savefig.dpi": 150,
    "figure.facecolor": "white",
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "xtick.labelsize": 9,
    "ytick.labelsize": 9,
    "legend.fontsize": 9,
    "legend.title_fontsize": 9,
    "figure.titlesize": 12,
    "axes.titlelocation": "center",
    "image.cmap": SEQUENTIAL,
}

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def house_style() -> Iterator[None]:
    """Draw in the house style: text and ticks made inside keep its sizes."""
    with mpl.rc_context(HOUSE_STYLE):
        yield


def styled(function: Callable[P, R]) -> Callable[P, R]:
    """Run a figure function inside :func:`house_style`.

    >>> @styled
    ... def size():
    ...     return mpl.rcParams["axes.titlesize"]
    >>> size() == HOUSE_STYLE["axes.titlesize"]
    True
    """

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with house_style():
            return function(*args, **kwargs)

    return wrapper


def _size(width: float, height: float) -> tuple[float, float]:
    if width <= 0 or height <= 0:
        raise ValueError(f"a figure needs a positive size, got {width} x {height} inches")
    return (min(width, COLUMN_INCHES), height)


def new_figure(
    width: float = COLUMN_INCHES,
    height: float = 4.0,
    *,
    layout: Literal["constrained"] | None = "constrained",
) -> Figure:
    """A figure pyplot does not manage, in the house style, at most :data:`COLUMN_INCHES`
    wide. ``layout="constrained"`` (the default) makes room for every label, title and
    legend; ``None`` leaves the axes where the caller puts them (board pictures, whose
    text is sized to the cells at drawing time)."""
    with house_style():
        return Figure(figsize=_size(width, height), layout=layout)


def new_axes(width: float = 6.0, height: float = 3.5) -> Axes:
    """One axes on a new pyplot figure in the house style (for ``ax=None`` functions:
    a notebook shows pyplot figures at the end of the cell)."""
    import matplotlib.pyplot as plt

    with house_style():
        _, axes = plt.subplots(figsize=_size(width, height), layout="constrained")
    return axes


def new_panels(
    rows: int,
    columns: int,
    *,
    width: float = COLUMN_INCHES,
    height: float = 4.0,
    layout: Literal["constrained"] | None = None,
) -> tuple[Figure, Any]:
    """A grid of axes (a 2-d array) on a new pyplot figure in the house style, for
    figures a notebook cell shows at its end beside a table (pyplot figures are shown
    when the cell ends; a returned :class:`~matplotlib.figure.Figure` only as its value).

    >>> figure, axes = new_panels(2, 3, width=9, height=5)
    >>> axes.shape, figure.get_size_inches().tolist()
    ((2, 3), [8.5, 5.0])
    """
    import matplotlib.pyplot as plt

    with house_style():
        return plt.subplots(rows, columns, figsize=_size(width, height), squeeze=False,
                            layout=layout)  # fmt: skip


def texts_outside(figure: Figure, *, slack: float = 1.0) -> list[str]:
    """What reaches beyond the edges of ``figure`` once drawn (cut labels): each axes
    with its ticks, labels, title and legend, each legend and text of the figure
    itself, as ``"name (x0, y0, x1, y1)"`` in pixels; ``slack`` pixels are forgiven.

    >>> figure = new_figure(3, 2)
    >>> _ = figure.text(0.9, 0.5, "a label too long to fit")
    >>> [found.split(" (")[0] for found in texts_outside(figure)]
    ['text a label too long to fit']
    """
    canvas = figure.canvas
    if not isinstance(canvas, FigureCanvasAgg):
        canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    parts: list[tuple[str, Any]] = [
        (f"axes {ax.get_title() or ax.get_label()!r}", ax.get_tightbbox(renderer))
        for ax in figure.axes
        if ax.get_visible()
    ]
    parts += [(f"legend {i}", legend.get_window_extent(renderer))
              for i, legend in enumerate(figure.legends)]  # fmt: skip
    parts += [(f"text {t.get_text()}", t.get_window_extent(renderer))
              for t in figure.texts if t.get_visible() and t.get_text().strip()]  # fmt: skip
    width, height = figure.bbox.width, figure.bbox.height
    return [
        f"{name} ({box.x0:.0f}, {box.y0:.0f}, {box.x1:.0f}, {box.y1:.0f})"
        for name, box in parts
        if box is not None
        and (
            box.x0 < -slack or box.y0 < -slack or box.x1 > width + slack or box.y1 > height + slack
        )
    ]
