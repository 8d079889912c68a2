"""Print sheets: true scale read back from the SVG, every cell whole on some page, tiling."""

import pytest

from tests.grids.sheet_reading import cells_on_some_page, read_pages
from workbench.errors import RulesError
from workbench.grids.hexagonal import hex_disc
from workbench.grids.shapes import Key, Picture, hex_shapes, octagon_shapes, square_shapes
from workbench.grids.sheets import PAGE_SIZES, content_size_mm, print_sheet


def _board(rows=18, cols=12):
    return Picture(square_shapes(rows, cols), title="board", legend=[Key("earth", "#c9b27c")])


@pytest.mark.parametrize("page", list(PAGE_SIZES))
@pytest.mark.parametrize("cell_mm", [15, 40])
def test_squares_measure_the_cell_size_and_each_lands_whole_on_a_page(tmp_path, page, cell_mm):
    picture = _board()
    sheet = print_sheet(picture, cell_mm=cell_mm, page=page)
    pages = read_pages(sheet.save(tmp_path / "board.svg"))
    assert len(pages) == len(sheet.pages)
    for read in pages:
        assert read["mm_per_unit"] == pytest.approx(cell_mm)
        width, height = PAGE_SIZES[page]
        assert sorted(read["size"]) == pytest.approx(sorted((width, height)))
        for x0, y0, x1, y1 in read["cells"].values():
            assert x1 - x0 == pytest.approx(cell_mm) and y1 - y0 == pytest.approx(cell_mm)
            assert x0 >= 0 and y0 >= 0
            assert x1 <= read["size"][0] and y1 <= read["size"][1]
    assert cells_on_some_page(pages) == {s["id"] for s in picture.shapes}


@pytest.mark.parametrize(
    "picture",
    [
        Picture(hex_shapes(hex_disc((0, 0), 4)), cell=3**0.5, title="hexes"),
        Picture(octagon_shapes(6, 6), title="octagons"),
    ],
    ids=["hex mat", "octagon board"],
)
def test_other_geometries_land_whole_too(tmp_path, picture):
    sheet = print_sheet(picture, cell_mm=45)
    pages = read_pages(sheet.save(tmp_path / "sheet.svg"))
    assert len(pages) > 1  # the test is about tiling
    assert cells_on_some_page(pages) == {s["id"] for s in picture.shapes}


def test_a_small_picture_is_one_page_centred():
    sheet = print_sheet(_board(3, 3), cell_mm=20)
    (page,) = sheet.pages
    x0, y0, x1, y1 = page.region
    assert (x0 + x1) / 2 == pytest.approx(1.5) and (y0 + y1) / 2 == pytest.approx(1.5)
    width, height = content_size_mm("a4")
    assert (x1 - x0) * 20 == pytest.approx(width) and (y1 - y0) * 20 == pytest.approx(height)


def test_the_orientation_needing_fewer_pages_wins():
    wide = print_sheet(_board(4, 12), cell_mm=20)  # 240 x 80 mm: fits A4 landscape
    assert len(wide.pages) == 1 and wide.pages[0].landscape
    tall = print_sheet(_board(12, 4), cell_mm=20)
    assert len(tall.pages) == 1 and not tall.pages[0].landscape


def test_tiles_overlap_and_step_by_about_whole_cells_on_a_square_board():
    sheet = print_sheet(_board(), cell_mm=40)
    first, right = sheet.pages[0], sheet.neighbour(sheet.pages[0], 0, 1)
    assert (right.region[0] - first.region[0]) % 1 == pytest.approx(0, abs=0.01)
    overlap_mm = (first.region[2] - right.region[0]) * 40
    assert overlap_mm >= 10
    assert sheet.neighbour(first, 0, -1) is None


def test_decorations_carry_title_legend_scale_bar_and_overlap_marks():
    sheet = print_sheet(_board(), cell_mm=40)
    decor = sheet.decorations(sheet.pages[0])
    texts = [m["text"] for m in decor.marks if m["kind"] == "text"]
    assert texts[0].startswith("board: page 1 of 12 (row 1/4, column 1/3)")
    assert "earth" in texts and "6 cm" in texts and "one cell = 40 mm" in texts
    dashed = [m for m in decor.marks if m.get("dash")]
    assert len(dashed) == 2  # where the page to the right and the page below begin
    scale_bar = [m for m in decor.marks if m["kind"] == "path" and m["width"] == 1.6]
    assert sum(m["points"][1][0] - m["points"][0][0] for m in scale_bar) == pytest.approx(60)


def test_a_list_of_pictures_starts_each_on_a_new_page():
    sheet = print_sheet([_board(2, 2), _board(3, 3)], cell_mm=30)
    assert [(p.number, p.picture) for p in sheet.pages] == [(1, 0), (2, 1)]


def test_the_preview_is_small_svg_of_the_assembled_pages():
    sheet = print_sheet(_board(), cell_mm=40)
    preview = sheet._repr_svg_()
    assert preview.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="360"')
    assert preview.count("<svg ") == 1 + 2 * 12  # each page, and the tile on it


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cell_mm": 0}, "cell_mm: expected a size from 1 to 400 mm"),
        ({"cell_mm": 40, "page": "a3"}, "page: expected one of a4, letter, poster"),
    ],
)
def test_bad_settings_are_rules_errors(kwargs, message):
    with pytest.raises(RulesError, match=message):
        print_sheet(_board(), **kwargs)


def test_other_file_kinds_are_refused(tmp_path):
    with pytest.raises(RulesError, match=r"expected a file name ending in \.svg or \.pdf"):
        print_sheet(_board(2, 2), cell_mm=20).save(tmp_path / "board.png")
