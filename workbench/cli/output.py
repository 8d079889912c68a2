"""Helpers shared by the command groups: JSON and tables on stdout.

>>> from fractions import Fraction
>>> print_json({"p": Fraction(5, 12)})
{
  "p": "5/12"
}
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from typing import Any

import pandas as pd

from workbench.jsonio import fraction_text

__all__ = ["print_json", "print_table"]


def _jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return fraction_text(value)
    if hasattr(value, "item"):  # numpy scalars
        return value.item()
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON; Fractions become ``"num/den"`` strings."""
    json.dump(data, sys.stdout, indent=2, default=_jsonable)
    sys.stdout.write("\n")


def print_table(frame: pd.DataFrame, *, title: str | None = None) -> None:
    """Write a DataFrame as a plain-text table (optionally under a title line)."""
    if title:
        print(title)
    print(frame.to_string(index=False))
