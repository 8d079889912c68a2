"""Result tables as CSV files: saving is atomic, loading checks the columns.

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
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from workbench.errors import DataError
from workbench.jsonio import atomic_write_text

__all__ = ["load_table", "save_table"]


def save_table(frame: pd.DataFrame, path: str | os.PathLike[str]) -> Path:
    """Write ``frame`` as CSV (no index), atomically; returns the path."""
    path = Path(path)
    atomic_write_text(path, frame.to_csv(index=False))
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
