"""Static pictures: shapes and marks drawn with matplotlib, as the board widget draws them.

Every notebook figure of a board goes through :func:`plot_shapes`, so a figure
looks like the live board view and like the printed sheet.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from workbench.grids.shapes import Key, Picture, square_shapes, text_mark
>>> picture = Picture(square_shapes(2, 2), marks=[text_mark((0.5, 0.5), "A")],
...                   legend=[Key("open", "#f4f1e8")], title="tiny")
>>> ax = plot_shapes(picture)
>>> len(ax.patches), ax.get_title()
(4, 'tiny')
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch, Polygon
from matplotlib.patheffects import withStroke

from workbench.figures import HOUSE_STYLE, new_axes, styled
from workbench.grids.shapes import Key, Picture

__all__ = ["key_handles", "plot_shapes", "points_per_unit"]

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def points_per_unit(ax: Axes, frame: tuple[float, float, float, float]) -> float:
    """Typographic points per drawing unit when ``frame`` (x0, y0, x1, y1) fills ``ax``
    at equal aspect."""
    box = ax.get_position()
    width_in, height_in = ax.figure.get_size_inches()
    width = max(frame[2] - frame[0], 1e-9)
    height = max(frame[3] - frame[1], 1e-9)
    return min(box.width * width_in * 72 / width, box.height * height_in * 72 / height)


def key_handles(keys: Sequence[Key]) -> list[Patch]:
    """Legend handles of a picture's keys: a swatch of each fill, the symbol and text.

    >>> [h.get_label() for h in key_handles([Key("open", "#f4f1e8"), Key("gold", "#f1c40f", "3")])]
    ['open', '3 gold']
    """
    return [
        Patch(facecolor=k.fill, edgecolor="#555555", label=f"{k.symbol} {k.text}".strip())
        for k in keys
    ]


def _new_axes(picture: Picture, legend: bool) -> Axes:
    """Axes sized so a cell is 0.35 to 0.7 inch and the drawing at most 6 inches, with
    room beside it for the legend's longest line and below the title."""
    bounds = picture.bounds()
    dx, dy = max(bounds[2] - bounds[0], 1e-9), max(bounds[3] - bounds[1], 1e-9)
    inch = min(6.0 / dx, 6.0 / dy, 0.7 / picture.cell)
    inch = max(inch, min(0.35 / picture.cell, 8.0 / dx))
    keys = picture.legend if legend else ()
    size = HOUSE_STYLE["legend.fontsize"] / 72
    longest = max((len(f"{k.symbol} {k.text}".strip()) for k in keys), default=0)
    side = (0.55 + 0.58 * size * longest) if keys else 0.15
    width, height = dx * inch + side + 0.15, max(dy * inch, 1.3 * size * len(keys)) + 0.55
    ax = new_axes(width, height)
    ax.figure.set_layout_engine("none")
    w, h = ax.figure.get_size_inches()
    ax.set_position([0.1 / w, 0.1 / h, dx * inch / w, dy * inch / h])
    return ax


def _as_picture(picture: Picture | Sequence[dict], marks: Sequence[dict]) -> Picture:
    if isinstance(picture, Picture):
        return picture.replace(marks=(*picture.marks, *marks)) if marks else picture
    return Picture(tuple(picture), marks=tuple(marks))


@styled
def plot_shapes(
    picture: Picture | Sequence[dict],
    marks: Sequence[dict] = (),
    *,
    ax: Axes | None = None,
    title: str | None = None,
    legend: bool = True,
    frame: tuple[float, float, float, float] | None = None,
    unit_pt: float | None = None,
    figsize: tuple[float, float] | None = None,
) -> Axes:
    """Draw a :class:`~workbench.grids.shapes.Picture` (or bare shapes and marks) on ``ax``.

    Parameters
    ----------
    picture : Picture or list of shape dicts
        What to draw; ``marks`` are drawn on top of the picture's own.
    ax : Axes, optional
        Where to draw (default: a new pyplot figure sized to the picture).
    title : str, optional
        Default: the picture's title.
    legend : bool
        Show the picture's legend beside the drawing.
    frame : (x0, y0, x1, y1), optional
        The region shown, in drawing units (default: the picture's bounds); given,
        the axes' limits are exactly the frame (print pages use this).
    unit_pt : float, optional
        Points per drawing unit, which sizes text and lines (default: measured
        from the axes, so text keeps its size relative to a cell).
    """
    picture = _as_picture(picture, marks)
    bounds = picture.bounds()
    if ax is None:
        ax = _new_axes(picture, legend)
        if figsize is not None:
            ax.figure.set_size_inches(figsize)
    shown = frame or bounds
    pt = unit_pt or points_per_unit(ax, shown)
    outline = picture.outline
    for s in picture.shapes:
        ax.add_patch(
            Polygon(
                s["points"],
                closed=True,
                facecolor=s["fill"],
                edgecolor=s["stroke"],
                linewidth=s.get("width", outline) * pt,
                joinstyle="round",
            )
        )
        if s["label"]:
            ax.text(
                *s["at"],
                s["label"],
                ha="center",
                va="center_baseline",
                fontsize=picture.label_size * pt,
                color=s.get("label_fill", "#000000"),
                clip_on=frame is not None,
                zorder=5,  # over the marks: a line drawn through a cell leaves its label readable
                path_effects=[
                    withStroke(linewidth=0.12 * picture.label_size * pt, foreground=s["fill"])
                ],
            )
    for m in picture.marks:
        _draw_mark(ax, m, pt, picture.label_size, clip=frame is not None)
    if frame is None:
        pad = 0.02 * max(bounds[2] - bounds[0], bounds[3] - bounds[1])
        ax.set_xlim(bounds[0] - pad, bounds[2] + pad)
        ax.set_ylim(bounds[3] + pad, bounds[1] - pad)
        ax.set_aspect("equal")
    else:
        ax.set_xlim(frame[0], frame[2])
        ax.set_ylim(frame[3], frame[1])
    ax.set_axis_off()
    title = picture.title if title is None else title
    if title:
        ax.set_title(title)
    if legend and picture.legend:
        ax.legend(
            handles=key_handles(picture.legend),
            loc="upper left",
            bbox_to_anchor=(1.0, 1.0),
            frameon=False,
        )
    return ax


def _draw_mark(ax: Axes, m: dict, pt: float, label_size: float, *, clip: bool) -> None:
    """One mark; ``clip`` keeps text inside the axes, as a print page's frame wants."""
    if m["kind"] == "path":
        xs, ys = zip(*m["points"], strict=True)
        dash = m.get("dash")
        style = (0, [float(v) / m["width"] for v in dash.split()]) if dash else "-"  # in widths
        ax.add_line(
            Line2D(
                xs,
                ys,
                color=m["stroke"],
                linewidth=m["width"] * pt,
                linestyle=style,
                solid_capstyle="round",
                solid_joinstyle="round",
                zorder=3,
            )
        )
    elif m["kind"] == "circle":
        fill = m.get("fill", "#2c3e50")
        stroke = m.get("stroke", "none")
        ax.add_patch(
            Circle(
                m["at"],
                m.get("r", 0.3),
                facecolor="none" if fill == "none" else fill,
                edgecolor="none" if stroke == "none" else stroke,
                linewidth=m.get("width", 0.04) * pt,
                zorder=3,
            )
        )
    elif m["kind"] == "text":
        ax.text(
            *m["at"],
            m["text"],
            ha=_ALIGN[m.get("anchor", "middle")],
            va="center_baseline",
            fontsize=m.get("size", 1.15 * label_size) * pt,
            color=m.get("fill", "#000000"),
            zorder=4,
            fontweight="bold" if m.get("bold") else "normal",
            clip_on=clip,
        )
