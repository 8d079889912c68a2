"""CSV files: result tables (saving is atomic, loading checks the columns) and the rows
of hand-edited data files (decks, card lists), read with every check a hostile file needs.

Studies that take minutes (exact results, balance trials, skill traces) are saved
under ``data/<game>/`` and loaded by notebooks; a missing column or an unreadable
file is a :class:`~workbench.errors.DataError` naming the file.

>>> import pandas as pd, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
>>> _ = save_table(pd.DataFrame({"a": [1, 2]}), path)
>>> load_table(path, ("a",)).to_dict("list")
{'a': [1, 2]}
>>> load_table(path, ("a", "b"))
Traceback (most recent call last):
...
workbench.errors.DataError: ...t.csv: header: missing column(s) b

:func:`csv_rows` reads a data file's rows by its header, each problem at its line and
column; :func:`integer_cell` reads a whole number in a range:

>>> rows = csv_rows("name,count\\nAxe,2\\n", "deck.csv", ("name", "count"))
>>> rows
[(2, {'name': 'Axe', 'count': '2'})]
>>> csv_rows("name,count\\n=SUM(1),2\\n", "deck.csv", ("name", "count"))
Traceback (most recent call last):
...
workbench.errors.DataError: deck.csv: line 2, column name: '=SUM(1)' starts like a formula (...)
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from workbench.errors import DataError, shown
from workbench.jsonio import atomic_write_text
from workbench.problems import Problems

__all__ = [
    "FORMULA_STARTS",
    "MAX_CELL_CHARS",
    "csv_rows",
    "formula_risk",
    "integer_cell",
    "load_table",
    "save_table",
]

#: The longest cell a data file's row may hold (names and effect keys are short).
MAX_CELL_CHARS = 200
#: What a text cell may not start with: a spreadsheet opening the file runs such a cell as a
#: formula (``=``, ``+``, ``-``, ``@``, and a tab or carriage return before one).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def formula_risk(text: str) -> bool:
    """Whether a text cell starts like a spreadsheet formula.

    >>> formula_risk("=1+1"), formula_risk("Axe +1")
    (True, False)
    """
    return text.startswith(FORMULA_STARTS)


def integer_cell(text: str, place: str, problems: Problems, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` written in plain digits (not ``1_000``, not
    ``1e3``); a problem at ``place`` and 0 otherwise.

    >>> problems = Problems("deck.csv")
    >>> integer_cell(" 7 ", "line 2, count", problems, 0, 99)
    7
    >>> integer_cell("1_000", "line 3, count", problems, 0, 99)
    0
    >>> problems.messages
    ["line 3, count: expected a whole number from 0 to 99, got '1_000'"]
    """
    stripped = text.strip()
    if _WHOLE_NUMBER.fullmatch(stripped) and low <= int(stripped) <= high:
        return int(stripped)
    problems.add(place, f"expected a whole number from {low} to {high}, got {shown(text)}")
    return 0


def _physical_lines(text: str, problems: Problems) -> None:
    """Problems no CSV parse should see: binary data, cells far too long for any field."""
    for number, line in enumerate(text.split("\n"), start=1):
        if "\0" in line:
            problems.add(f"line {number}", "holds a NUL byte: binary data, not CSV text")
            return
        if len(line) > MAX_CELL_CHARS:
            cells = line.split(",")
            column, cell = max(enumerate(cells, start=1), key=lambda found: len(found[1]))
            if len(cell) > MAX_CELL_CHARS:
                problems.add(
                    f"line {number}, column {column}",
                    f"a cell of {len(cell):,} characters (at most {MAX_CELL_CHARS})",
                )
                return


def _header(row: list[str], columns: Sequence[str], problems: Problems) -> None:
    header = [cell.strip() for cell in row]
    missing = [c for c in columns if c not in header]
    extra = [shown(c) for c in header if c not in columns]
    if missing:
        problems.add("line 1", f"missing column(s) {', '.join(missing)}")
    if extra:
        problems.add("line 1", f"unknown column(s) {', '.join(extra)}")
    if not (missing or extra) and tuple(header) != tuple(columns):
        problems.add("line 1", f"columns {','.join(header)!r}, expected {','.join(columns)!r}")


def _row(line: int, row: list[str], columns: Sequence[str], problems: Problems) -> dict | None:
    if len(row) != len(columns):
        fewer = " (is the file cut short?)" if len(row) < len(columns) else ""
        problems.add(f"line {line}", f"{len(row)} fields, expected {len(columns)}{fewer}")
        return None
    cells = dict(zip(columns, row, strict=True))
    for column, cell in cells.items():
        if len(cell) > MAX_CELL_CHARS:
            problems.add(
                f"line {line}, column {column}",
                f"a cell of {len(cell):,} characters (at most {MAX_CELL_CHARS})",
            )
        elif formula_risk(cell.strip()) and not _WHOLE_NUMBER.fullmatch(cell.strip()):
            problems.add(
                f"line {line}, column {column}",
                f"{shown(cell)} starts like a formula (a spreadsheet would run it)",
            )
    return cells


def csv_rows(text: str, source: str, columns: Sequence[str]) -> list[tuple[int, dict[str, str]]]:
    """The rows of a data file's CSV ``text`` as ``(line, {column: cell})``, blank rows
    skipped; a :class:`DataError` naming ``source`` and each problem's line (and column):
    no rows, a header other than ``columns``, binary data, a row of too few or too many
    fields, a quote left open, a cell over :data:`MAX_CELL_CHARS` or one that starts
    like a formula (:func:`formula_risk`; signed numbers are fine)."""
    problems = Problems(source)
    if not text.strip():
        problems.add("", f"the file is empty (expected the header {','.join(columns)!r} and rows)")
    else:
        _physical_lines(text, problems)
    problems.raise_if_any()
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[tuple[int, dict[str, str]]] = []
    try:
        _header(next(reader), columns, problems)
        problems.raise_if_any()
        for row in reader:
            if any(cell.strip() for cell in row):
                cells = _row(reader.line_num, row, columns, problems)
                rows.append((reader.line_num, cells or {}))
    except csv.Error as exc:
        problems.add(f"line {reader.line_num}", f"not valid CSV ({exc})")
    if not rows and not problems:
        problems.add("", "a header and no rows")
    problems.raise_if_any()
    return rows


def save_table(frame: pd.DataFrame, path: str | os.PathLike[str]) -> Path:
    """Write ``frame`` as CSV (no index), atomically, making its folder; returns the path."""
    path = Path(path)
    atomic_write_text(path, frame.to_csv(index=False), make_folder=True)
    return path


def load_table(
    path: str | os.PathLike[str], columns: Sequence[str] = (), *, dtypes: dict | None = None
) -> pd.DataFrame:
    """Read a CSV table and check that it has ``columns``."""
    path = Path(path)
    try:
        frame = pd.read_csv(path, dtype=dtypes)
    except (OSError, ValueError) as error:
        raise DataError(str(path), f"cannot read the CSV table: {error}") from None
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise DataError(str(path), f"header: missing column(s) {', '.join(missing)}")
    return frame
