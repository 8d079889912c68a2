"""PDF sheets: one page a page, paper size in points, the same bytes for the same sheet."""

import re

import pytest

from workbench.grids.shapes import Picture, square_shapes
from workbench.grids.sheet_pdf import pdf_bytes
from workbench.grids.sheets import print_sheet


def _media_boxes(data: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    return [(float(w), float(h)) for w, h in boxes]


def test_pages_have_the_paper_size_and_count(tmp_path):
    sheet = print_sheet(Picture(square_shapes(18, 12), title="board"), cell_mm=40)
    path = tmp_path / "board.pdf"
    assert sheet.save(path) == [path]
    data = path.read_bytes()
    boxes = _media_boxes(data)
    assert len(boxes) == len(sheet.pages) == 12
    for width, height in boxes:
        assert width == pytest.approx(210 / 25.4 * 72, abs=0.5)
        assert height == pytest.approx(297 / 25.4 * 72, abs=0.5)


def test_the_same_sheet_gives_the_same_bytes():
    sheet = print_sheet(Picture(square_shapes(2, 2)), cell_mm=30)
    assert pdf_bytes(sheet) == pdf_bytes(sheet)
