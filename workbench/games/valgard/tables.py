"""Saving and loading Valgard's result tables (CSV under ``data/valgard/``).

Saving is atomic; loading checks the columns and names the file and what is missing.

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

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from workbench.errors import DataError
from workbench.jsonio import atomic_write_text

__all__ = ["DATA_DIR", "load_table", "save_table"]

#: Where the committed Valgard results live (schema in ``SCHEMA.md`` there).
DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "valgard"


def save_table(frame: pd.DataFrame, path: str | Path) -> Path:
    """Write ``frame`` as CSV (no index), atomically; a bare name goes to :data:`DATA_DIR`."""
    path = Path(path)
    if not path.parent.name:
        path = DATA_DIR / path
    atomic_write_text(path, frame.to_csv(index=False))
    return path


def load_table(
    path: str | Path, columns: Sequence[str], *, dtypes: dict | None = None
) -> pd.DataFrame:
    """Read a CSV written by :func:`save_table` and check it has ``columns``.

    A bare name is looked up in :data:`DATA_DIR`. Raises DataError naming the file.
    """
    path = Path(path)
    if not path.parent.name:
        path = DATA_DIR / path
    try:
        frame = pd.read_csv(path, dtype=dtypes)
    except (OSError, ValueError) as error:
        raise DataError(str(path), f"cannot read the CSV table: {error}") from None
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise DataError(str(path), f"header: missing column(s) {', '.join(missing)}")
    return frame
