"""Print sheets as one PDF, drawn by matplotlib's PDF backend (no other dependency).

Each page is a figure of the paper's size: one axes covers the page in millimetres
for the decorations, another covers the drawing area and shows the page's region
of the picture at exactly the sheet's scale.

>>> import io
>>> from workbench.grids.shapes import Picture, square_shapes
>>> from workbench.grids.sheets import print_sheet
>>> data = pdf_bytes(print_sheet(Picture(square_shapes(2, 2)), cell_mm=30))
>>> data[:5], data.count(b"/Type /Page\\n") + data.count(b"/Type /Page ")
(b'%PDF-', 1)
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure

from workbench.grids.paper import HEADER_MM, MARGIN_MM, content_size_mm
from workbench.grids.plot import plot_shapes
from workbench.jsonio import atomic_write_bytes

if TYPE_CHECKING:
    from workbench.grids.sheets import Sheet

__all__ = ["pdf_bytes", "write_pdf"]

_PT_PER_MM = 72 / 25.4


def pdf_bytes(sheet: Sheet) -> bytes:
    """The whole sheet as PDF bytes, one page a page (no dates: the same sheet gives the
    same bytes)."""
    buffer = io.BytesIO()
    with PdfPages(buffer, metadata={"CreationDate": None, "Creator": "workbench"}) as pdf:
        for page in sheet.pages:
            w, h = page.size_mm
            figure = Figure(figsize=(w / 25.4, h / 25.4))
            cw, ch = content_size_mm(sheet.page, landscape=page.landscape)
            top = MARGIN_MM + HEADER_MM
            tile = figure.add_axes((MARGIN_MM / w, 1 - (top + ch) / h, cw / w, ch / h))
            plot_shapes(
                sheet.pictures[page.picture],
                ax=tile,
                title="",
                legend=False,
                frame=page.region,
                unit_pt=sheet.mm_per_unit * _PT_PER_MM,
            )
            decor = figure.add_axes((0, 0, 1, 1))
            decor.patch.set_alpha(0)
            plot_shapes(
                sheet.decorations(page),
                ax=decor,
                title="",
                legend=False,
                frame=(0, 0, w, h),
                unit_pt=_PT_PER_MM,
            )
            pdf.savefig(figure)
    return buffer.getvalue()


def write_pdf(sheet: Sheet, out: str | Path) -> None:
    """Write the sheet as a PDF file (atomically)."""
    atomic_write_bytes(out, pdf_bytes(sheet))
