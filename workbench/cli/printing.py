"""``<game> print``: true-scale print-and-play sheets, the same options for every game.

``add_print_options(parser, cell_mm=40)`` adds ``--out FILE.svg|FILE.pdf``,
``--cell-mm N`` and ``--page a4|letter|poster``; :func:`write_sheet` lays the
game's picture out (:func:`workbench.grids.sheets.print_sheet`), writes it and
says what it wrote.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from workbench.errors import RulesError
from workbench.grids.shapes import Picture
from workbench.grids.sheets import PAGE_SIZES, print_sheet
from workbench.jsonio import check_output

__all__ = ["add_print_options", "write_sheet"]


def _millimetres(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a size in millimetres, got {text!r}") from None
    if not 1 <= value <= 400:
        raise argparse.ArgumentTypeError(f"expected a size from 1 to 400 mm, got {text!r}")
    return value


def add_print_options(parser: argparse.ArgumentParser, *, cell_mm: float) -> None:
    """Add ``--out``, ``--cell-mm`` (default ``cell_mm``) and ``--page``."""
    parser.add_argument(
        "--out",
        required=True,
        metavar="FILE.svg|FILE.pdf",
        help="where to write (SVG: one file a page; PDF: one document)",
    )
    parser.add_argument(
        "--cell-mm",
        type=_millimetres,
        default=cell_mm,
        metavar="N",
        help=f"size of one cell on paper, in millimetres (default {cell_mm:g})",
    )
    parser.add_argument(
        "--page",
        choices=tuple(PAGE_SIZES),
        default="a4",
        help="paper: a4, letter or poster (A1); default a4",
    )


def write_sheet(picture: Picture | Sequence[Picture], args: argparse.Namespace) -> int:
    """Print ``picture`` as the options say; one line on stdout names the files."""
    if not args.out.lower().endswith((".svg", ".pdf")):
        raise RulesError(f"--out {args.out}: expected a file name ending in .svg or .pdf")
    check_output(args.out)
    sheet = print_sheet(picture, cell_mm=args.cell_mm, page=args.page)
    paths = sheet.save(args.out)
    shown = ", ".join(str(p) for p in paths[:3]) + (" ..." if len(paths) > 3 else "")
    print(f"{sheet.describe()}: wrote {shown}")
    return 0
