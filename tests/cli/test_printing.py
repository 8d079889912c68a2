"""The print options every game shares: sizes, paper, file kinds, one line of output."""

import argparse

import pytest

from tests.grids.sheet_reading import cells_on_some_page, read_pages
from workbench.cli.printing import add_print_options, write_sheet
from workbench.errors import RulesError
from workbench.grids.shapes import Picture, square_shapes


def _parser(cell_mm=30):
    parser = argparse.ArgumentParser(exit_on_error=False)
    add_print_options(parser, cell_mm=cell_mm)
    return parser


def test_defaults_and_choices():
    args = _parser(40).parse_args(["--out", "x.svg"])
    assert (args.cell_mm, args.page) == (40, "a4")
    assert _parser().parse_args(["--out", "x.pdf", "--cell-mm", "12.5"]).cell_mm == 12.5


@pytest.mark.parametrize("size", ["0", "401", "big"])
def test_bad_sizes_are_refused(size, capsys):
    parser = argparse.ArgumentParser()
    add_print_options(parser, cell_mm=30)
    with pytest.raises(SystemExit):
        parser.parse_args(["--out", "x.svg", "--cell-mm", size])
    assert "--cell-mm: expected a size" in capsys.readouterr().err


def test_writes_pages_and_says_so(tmp_path, capsys):
    picture = Picture(square_shapes(6, 6), title="six")
    args = _parser().parse_args(["--out", str(tmp_path / "n.svg")])
    assert write_sheet(picture, args) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("1 page(s) of a4 portrait; one cell = 30 mm: wrote ")
    pages = read_pages([tmp_path / "n.svg"])
    assert pages[0]["mm_per_unit"] == pytest.approx(30)
    assert cells_on_some_page(pages) == {s["id"] for s in picture.shapes}


def test_other_extensions_are_a_rules_error(tmp_path):
    args = _parser().parse_args(["--out", str(tmp_path / "n.png")])
    with pytest.raises(RulesError, match=r"expected a file name ending in \.svg or \.pdf"):
        write_sheet(Picture(square_shapes(1, 1)), args)
