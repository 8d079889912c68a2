"""Pictures as SVG text: the renderer behind print-and-play sheets and notebook previews.

Elements are written in drawing units; the caller sets the scale with the outer
``<svg>``'s ``viewBox`` and size. Every shape's polygon carries ``data-cell`` (its
id) and the class ``wb-cell``, like the live board view, so tests can find cells.

>>> from workbench.grids.shapes import Picture, square_shapes
>>> text = picture_svg(Picture(square_shapes(1, 2), title="two"), width_px=100)
>>> text.count("<polygon"), 'width="100"' in text
(2, True)
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from workbench.grids.shapes import Picture

__all__ = ["picture_svg", "svg_elements"]

#: Coordinates keep the precision of the print tiles' viewBox, so a shape that ends on a
#: page edge stays whole on that page (4 digits moved hex edges by up to 0.05 units).
_NUMBER = "{:.7g}"


def _n(value: float) -> str:
    return _NUMBER.format(value)


def _points(points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fill: str,
    bold: bool,
    anchor: str,
    extra: str = "",
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-family="sans-serif"'
        f' text-anchor="{anchor}" dominant-baseline="central" fill={quoteattr(fill)}'
        f"{weight}{extra}>{escape(text)}</text>"
    )


def svg_elements(picture: Picture, *, inside: tuple[float, float, float, float] | None = None):
    """The SVG elements of a picture, in drawing units, one string each.

    ``inside`` (x0, y0, x1, y1) keeps only shapes and marks that reach into that
    region (a print page leaves out what it cannot show).
    """

    def reaches(xs, ys) -> bool:
        if inside is None:
            return True
        return not (
            max(xs) < inside[0] or min(xs) > inside[2] or max(ys) < inside[1] or min(ys) > inside[3]
        )

    out = []
    outline = picture.outline
    for s in picture.shapes:
        xs, ys = zip(*s["points"], strict=True)
        if not reaches(xs, ys):
            continue
        title = f"<title>{escape(s['title'])}</title>" if s.get("title") else ""
        width = _n(s.get("width", outline))
        out.append(
            f'<polygon class="wb-cell" data-cell={quoteattr(s["id"])}'
            f' points="{_points(s["points"])}" fill={quoteattr(s["fill"])}'
            f' stroke={quoteattr(s["stroke"])} stroke-width="{width}" stroke-linejoin="round">'
            f"{title}</polygon>"
        )
        if s["label"]:
            x, y = s["at"]
            out.append(
                _text(
                    x,
                    y,
                    s["label"],
                    size=picture.label_size,
                    bold=False,
                    fill=s.get("label_fill", "#000000"),
                    anchor="middle",
                    extra=f" data-label={quoteattr(s['id'])}",
                )
            )
    for m in picture.marks:
        if m["kind"] == "path":
            xs, ys = zip(*m["points"], strict=True)
            if not reaches(xs, ys):
                continue
            dash = f' stroke-dasharray="{m["dash"]}"' if m.get("dash") else ""
            out.append(
                f'<polyline points="{_points(m["points"])}" fill="none"'
                f' stroke={quoteattr(m["stroke"])} stroke-width="{_n(m["width"])}"'
                f' stroke-linecap="round" stroke-linejoin="round"{dash}/>'
            )
            continue
        (x, y), r = m["at"], m.get("r", 0.0)
        if not reaches((x - r, x + r), (y - r, y + r)):
            continue
        if m["kind"] == "circle":
            out.append(
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(m.get("r", 0.3))}"'
                f" fill={quoteattr(m.get('fill', '#2c3e50'))}"
                f" stroke={quoteattr(m.get('stroke', 'none'))}"
                f' stroke-width="{_n(m.get("width", 0.04))}"/>'
            )
        elif m["kind"] == "text":
            out.append(
                _text(
                    x,
                    y,
                    m["text"],
                    size=m.get("size", 1.15 * picture.label_size),
                    fill=m.get("fill", "#000000"),
                    bold=m.get("bold", False),
                    anchor=m.get("anchor", "middle"),
                )
            )
    return out


def picture_svg(picture: Picture, *, width_px: int = 480, pad: float = 0.04) -> str:
    """A standalone SVG document of the picture, ``width_px`` wide (a notebook preview)."""
    x0, y0, x1, y1 = picture.bounds()
    margin = pad * max(x1 - x0, y1 - y0)
    x0, y0, x1, y1 = x0 - margin, y0 - margin, x1 + margin, y1 + margin
    height_px = round(width_px * (y1 - y0) / (x1 - x0))
    body = "\n".join(svg_elements(picture))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px}" height="{height_px}"'
        f' viewBox="{_n(x0)} {_n(y0)} {_n(x1 - x0)} {_n(y1 - y0)}">\n{body}\n</svg>\n'
    )
