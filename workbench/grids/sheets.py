"""Print and play: a picture at true scale on paper pages, tiled when it does not fit.

:func:`print_sheet` scales a :class:`~workbench.grids.shapes.Picture` so that one
cell measures ``cell_mm`` millimetres, picks the page orientation that needs the
fewest pages and, when the picture is larger than a page, tiles it with overlapping
pages: every shape lies whole on at least one page, dashed lines and margin ticks
show where the next page overlaps, and each page carries a title line, the legend,
a scale bar and the cell size. Pages are written as SVG (one file a page, sizes in
millimetres) or as one multi-page PDF through matplotlib.

>>> from workbench.grids.shapes import Picture, square_shapes
>>> board = Picture(square_shapes(18, 12), title="board")  # 18 rows of 12 squares
>>> sheet = print_sheet(board, cell_mm=40)
>>> len(sheet.pages), sheet.grid, sheet.pages[0].landscape
(12, (4, 3), False)
>>> print_sheet(board, cell_mm=40, page="poster").describe()
'1 page(s) of poster portrait; one cell = 40 mm'

>>> sheet.mm_per_unit
40.0
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from pathlib import Path

from workbench.errors import RulesError
from workbench.grids.paper import (
    FOOTER_MM,
    HEADER_MM,
    MARGIN_MM,
    OVERLAP_MM,
    PAGE_SIZES,
    content_size_mm,
)
from workbench.grids.shapes import Key, Picture, path_mark, shape, text_mark
from workbench.grids.svg import svg_elements
from workbench.jsonio import atomic_write_text

__all__ = ["PAGE_SIZES", "Page", "Sheet", "content_size_mm", "print_sheet"]

_INK = "#333333"


@dataclasses.dataclass(frozen=True)
class Page:
    """One printed page: which part of which picture it shows, and where.

    ``region`` is ``(x0, y0, x1, y1)`` in drawing units; it fills the page's drawing
    area, whose top-left corner is ``(MARGIN_MM, MARGIN_MM + HEADER_MM)``.
    """

    number: int
    picture: int
    row: int
    col: int
    rows: int
    cols: int
    landscape: bool
    size_mm: tuple[float, float]
    region: tuple[float, float, float, float]


def _fits(intervals: Sequence[tuple[float, float]], start: float, step: float, span: float) -> bool:
    """Whether each interval lies whole in some window ``[start + k step, ... + span]``."""
    for low, high in intervals:
        k = math.floor((low - start) / step + 1e-9)
        if high > start + k * step + span + 1e-9:
            return False
    return True


def _axis(intervals, low: float, high: float, span: float, overlap: float):
    """``(start, step, count)`` of windows of ``span`` covering ``[low, high]``.

    One window is centred on the picture. More windows step by the largest amount,
    at most ``span - overlap``, that keeps every interval (a shape's extent) whole in
    some window; the steps tried end windows at shape edges, so a square board is cut
    between squares.
    """
    if high - low <= span:
        return low - (span - (high - low)) / 2, 0.0, 1
    intervals = sorted(set(intervals))
    most = span - overlap
    candidates = {most}
    for edge in {a for a, _ in intervals} | {b for _, b in intervals}:
        for k in range(1, math.ceil((high - low) / (0.5 * span)) + 2):
            for offset in (edge - low, edge - low - span):
                step = offset / k
                if 0.5 * span <= step <= most:
                    candidates.add(step)
    step = next(
        (c for c in sorted(candidates, reverse=True) if _fits(intervals, low, c, span)), most
    )
    count = 1 + math.ceil((high - low - span) / step - 1e-9)
    centred = low - (span + (count - 1) * step - (high - low)) / 2
    start = centred if _fits(intervals, centred, step, span) else low
    return start, step, count


def _layout(picture: Picture, index: int, page: str, scale: float, first: int) -> list[Page]:
    """The pages of one picture, in the orientation that needs fewer (portrait on a tie)."""
    x0, y0, x1, y1 = picture.bounds()
    extents = [
        (
            (min(p[0] for p in s["points"]), max(p[0] for p in s["points"])),
            (min(p[1] for p in s["points"]), max(p[1] for p in s["points"])),
        )
        for s in picture.shapes
    ]
    best: list[Page] = []
    for landscape in (False, True):
        width_mm, height_mm = content_size_mm(page, landscape=landscape)
        span_x, span_y = width_mm / scale, height_mm / scale
        overlap = OVERLAP_MM / scale
        start_x, step_x, cols = _axis([e[0] for e in extents], x0, x1, span_x, overlap)
        start_y, step_y, rows = _axis([e[1] for e in extents], y0, y1, span_y, overlap)
        size = PAGE_SIZES[page][::-1] if landscape else PAGE_SIZES[page]
        pages = [
            Page(
                number=first + r * cols + c,
                picture=index,
                row=r,
                col=c,
                rows=rows,
                cols=cols,
                landscape=landscape,
                size_mm=size,
                region=(
                    start_x + c * step_x,
                    start_y + r * step_y,
                    start_x + c * step_x + span_x,
                    start_y + r * step_y + span_y,
                ),
            )
            for r in range(rows)
            for c in range(cols)
        ]
        if not best or len(pages) < len(best):
            best = pages
    return best


@dataclasses.dataclass(frozen=True)
class Sheet:
    """Pictures laid out on pages at true scale (made by :func:`print_sheet`)."""

    pictures: tuple[Picture, ...]
    pages: tuple[Page, ...]
    cell_mm: float
    page: str

    @property
    def mm_per_unit(self) -> float:
        """Millimetres per drawing unit (the same for every picture of the sheet)."""
        return self.cell_mm / self.pictures[0].cell

    @property
    def grid(self) -> tuple[int, int]:
        """Rows and columns of pages of the first picture."""
        return (self.pages[0].rows, self.pages[0].cols)

    def neighbour(self, page: Page, d_row: int, d_col: int) -> Page | None:
        """The page of the same picture ``d_row`` rows and ``d_col`` columns away."""
        for other in self.pages:
            if (other.picture, other.row, other.col) == (
                page.picture,
                page.row + d_row,
                page.col + d_col,
            ):
                return other
        return None

    def decorations(self, page: Page) -> Picture:
        """Everything on a page but the picture, in millimetres from the page's corner:
        title line, crop marks, overlap marks, legend, scale bar."""
        picture = self.pictures[page.picture]
        width, height = page.size_mm
        box = (MARGIN_MM, MARGIN_MM + HEADER_MM, width - MARGIN_MM, height - MARGIN_MM - FOOTER_MM)
        left, top, right, bottom = box
        heading = _heading(picture, page, len(self.pages))
        marks = [text_mark((left, MARGIN_MM + 3), heading, size=3.6, anchor="start", fill=_INK)]
        for x, y, dx, dy in (
            (left, top, -1, -1),
            (right, top, 1, -1),
            (left, bottom, -1, 1),
            (right, bottom, 1, 1),
        ):
            marks.append(path_mark([(x + 2 * dx, y), (x + 6 * dx, y)], stroke=_INK, width=0.2))
            marks.append(path_mark([(x, y + 2 * dy), (x, y + 6 * dy)], stroke=_INK, width=0.2))
        marks += self._overlap_marks(page, box)
        shapes, keys = _legend(picture.legend, left, bottom + 4, right - 75)
        marks += keys + _scale_bar(right, bottom + 6, self.cell_mm)
        return Picture(tuple(shapes), marks=tuple(marks), cell=1.0, label_size=3.0)

    def _overlap_marks(self, page: Page, box) -> list[dict]:
        """Dashed lines (and ticks in the margin) where the neighbouring pages begin."""
        left, top, right, bottom = box
        x0, y0, _, _ = page.region
        scale = self.mm_per_unit
        marks = []
        for d_row, d_col in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            other = self.neighbour(page, d_row, d_col)
            if other is None:
                continue
            if d_col:
                edge = other.region[0] if d_col > 0 else other.region[2]
                x = left + (edge - x0) * scale
                ends = [(x, top), (x, bottom)]
                ticks = [[(x, top - 5), (x, top - 1)], [(x, bottom + 1), (x, bottom + 3)]]
            else:
                edge = other.region[1] if d_row > 0 else other.region[3]
                y = top + (edge - y0) * scale
                ends = [(left, y), (right, y)]
                ticks = [[(left - 5, y), (left - 1, y)], [(right + 1, y), (right + 5, y)]]
            marks.append(path_mark(ends, stroke="#888888", width=0.25, dash="2 1.5"))
            marks += [path_mark(t, stroke=_INK, width=0.3) for t in ticks]
        return marks

    def page_body(self, page: Page) -> str:
        """The SVG elements of one page, in millimetres (the picture nested at its scale)."""
        picture = self.pictures[page.picture]
        w, h = page.size_mm
        x0, y0, x1, y1 = page.region
        cw, ch = content_size_mm(self.page, landscape=page.landscape)
        tile = "\n".join(svg_elements(picture, inside=page.region))
        decor = "\n".join(svg_elements(self.decorations(page)))
        return (
            f'<rect width="{w:g}" height="{h:g}" fill="#ffffff"/>\n'
            f'<svg class="wb-tile" x="{MARGIN_MM:g}" y="{MARGIN_MM + HEADER_MM:g}"'
            f' width="{cw:g}" height="{ch:g}" viewBox="{x0:.7g} {y0:.7g} {x1 - x0:.7g}'
            f' {y1 - y0:.7g}" preserveAspectRatio="none" overflow="hidden">\n{tile}\n</svg>\n'
            f"{decor}\n"
        )

    def page_svg(self, page: Page) -> str:
        """One page as an SVG document sized in millimetres (print it at 100%)."""
        w, h = page.size_mm
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm"'
            f' viewBox="0 0 {w:g} {h:g}" data-page="{page.number}"'
            f' data-cell-mm="{self.cell_mm:g}">\n{self.page_body(page)}</svg>\n'
        )

    def preview(self, *, width_px: int = 360) -> str:
        """The first picture's pages side by side as they assemble, ``width_px`` wide."""
        gap = 8.0
        first = [p for p in self.pages if p.picture == 0]
        w, h = first[0].size_mm
        cols, rows = first[0].cols, first[0].rows
        total_w, total_h = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
        inner = "".join(
            f'<svg x="{p.col * (w + gap):g}" y="{p.row * (h + gap):g}" width="{w:g}"'
            f' height="{h:g}" viewBox="0 0 {w:g} {h:g}">\n{self.page_body(p)}</svg>\n'
            for p in first
        )
        height_px = round(width_px * total_h / total_w)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px}" height="{height_px}"'
            f' viewBox="0 0 {total_w:g} {total_h:g}">'
            f'\n<rect width="{total_w:g}" height="{total_h:g}" fill="#d9d9d9"/>\n{inner}</svg>\n'
        )

    def _repr_svg_(self) -> str:
        return self.preview()

    def __repr__(self) -> str:
        return f"<Sheet: {self.describe()}>"

    def save(self, out: str | Path) -> list[Path]:
        """Write the pages: ``.svg`` one file a page (``NAME-2.svg``... when there are
        several), ``.pdf`` one document; returns the files written."""
        out = Path(out)
        suffix = out.suffix.lower()
        if suffix == ".pdf":
            from workbench.grids.sheet_pdf import write_pdf

            write_pdf(self, out)
            return [out]
        if suffix != ".svg":
            raise RulesError(f"{out}: expected a file name ending in .svg or .pdf")
        if len(self.pages) == 1:
            paths = [out]
        else:
            paths = [out.with_name(f"{out.stem}-{p.number}{out.suffix}") for p in self.pages]
        for path, page in zip(paths, self.pages, strict=True):
            atomic_write_text(path, self.page_svg(page))
        return paths

    def describe(self) -> str:
        """One line: pages, paper, orientation, tiling and scale."""
        first = self.pages[0]
        paper = f"{self.page} {'landscape' if first.landscape else 'portrait'}"
        tiled = first.rows * first.cols > 1
        tiling = f", {first.rows}x{first.cols} tiles that overlap" if tiled else ""
        return f"{len(self.pages)} page(s) of {paper}{tiling}; one cell = {self.cell_mm:g} mm"


def _heading(picture: Picture, page: Page, total: int) -> str:
    text = f"{picture.title or 'sheet'}: page {page.number} of {total}"
    if page.rows * page.cols > 1:  # dashed lines: where the next pages begin
        text += f" (row {page.row + 1}/{page.rows}, column {page.col + 1}/{page.cols})"
    return text


def _legend(keys: Sequence[Key], left: float, top: float, right: float):
    """Swatches with their meaning, in rows, from ``(left, top)`` to ``right``."""
    shapes, marks = [], []
    x, y = left, top
    for k, key in enumerate(keys):
        width = 8 + 1.7 * len(key.text)
        if x + width > right and x > left:
            x, y = left, y + 6
        square = [(x, y), (x + 4, y), (x + 4, y + 4), (x, y + 4)]
        swatch = shape(f"key:{k}", square, fill=key.fill, stroke=_INK, label=key.symbol)
        shapes.append({**swatch, "width": 0.2})
        marks.append(
            text_mark((x + 5.5, y + 2), key.text, size=3.0, anchor="start", bold=False, fill=_INK)
        )
        x += width
    return shapes, marks


def _scale_bar(right: float, top: float, cell_mm: float) -> list[dict]:
    """Six centimetres in alternating centimetres, and what one cell measures."""
    left = right - 60
    marks = [
        path_mark(
            [(left + 10 * k, top), (left + 10 * (k + 1), top)],
            stroke=_INK if k % 2 == 0 else "#bbbbbb",
            width=1.6,
        )
        for k in range(6)
    ]
    small = {"size": 2.8, "bold": False, "fill": _INK}
    marks.append(text_mark((left, top + 4), "0", **small))
    marks.append(text_mark((right, top + 4), "6 cm", **small))
    marks.append(text_mark((right, top + 9), f"one cell = {cell_mm:g} mm", anchor="end", **small))
    return marks


def print_sheet(
    picture: Picture | Sequence[Picture],
    *,
    cell_mm: float,
    page: str = "a4",
) -> Sheet:
    """Lay pictures out at true scale on pages of ``page`` paper (a4, letter, poster).

    A sequence of pictures starts each on new pages (a deck printed page by page);
    all share the scale of the first one's cell.
    """
    pictures = (picture,) if isinstance(picture, Picture) else tuple(picture)
    if not pictures:
        raise RulesError("print_sheet: nothing to print")
    if not (isinstance(cell_mm, int | float) and 1 <= cell_mm <= 400):
        raise RulesError(f"cell_mm: expected a size from 1 to 400 mm, got {cell_mm!r}")
    content_size_mm(page)  # checks the name
    scale = cell_mm / pictures[0].cell
    pages: list[Page] = []
    for index, item in enumerate(pictures):
        pages += _layout(item, index, page, scale, len(pages) + 1)
    return Sheet(pictures, tuple(pages), float(cell_mm), page)
