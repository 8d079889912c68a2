"""The level pack shipped in ``data/valhalla_calling/levels`` (schema in ``SCHEMA.md`` there).

Files are read in name order (``01_...json`` first): tutorial levels first, hard last.

>>> levels = load_pack()
>>> len(levels) >= 12
True
"""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd

from workbench.games.valhalla.level import Level, load_level
from workbench.games.valhalla.rules import Rules
from workbench.games.valhalla.solver import solve

__all__ = ["PACK_DIR", "load_pack", "pack_table"]

#: Where the level pack lives in a checkout.
PACK_DIR = Path(__file__).resolve().parents[3] / "data" / "valhalla_calling" / "levels"


def load_pack(folder: str | os.PathLike[str] = PACK_DIR) -> list[Level]:
    """Every level file of a folder, validated, in file-name order."""
    return [load_level(path) for path in sorted(Path(folder).glob("*.json"))]


def pack_table(levels: list[Level], rules: Rules | None = None) -> pd.DataFrame:
    """Solve every level; one row each (:meth:`Solution.summary`)."""
    return pd.DataFrame([solve(level, rules).summary() for level in levels])
