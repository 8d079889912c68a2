"""What the checker returns: one :class:`Check` per rule, gathered in a :class:`CheckReport`.

>>> report = CheckReport((Check("ruins", True, "14 ruins", "14 ruins"),))
>>> report.valid, report.to_dict()["checks"][0]["measured"]
(True, '14 ruins')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from workbench.grids.square import Cell

__all__ = ["Check", "CheckReport", "cells_text"]


@dataclass(frozen=True, slots=True)
class Check:
    """One instruction or rule: whether the board meets it, what was measured, what is wanted."""

    name: str
    ok: bool
    measured: str
    expected: str


@dataclass(frozen=True, slots=True)
class CheckReport:
    """All checks of one board, in instruction order."""

    checks: tuple[Check, ...]

    @property
    def valid(self) -> bool:
        """Whether every check passes."""
        return all(c.ok for c in self.checks)

    @property
    def failures(self) -> list[Check]:
        """The checks that fail."""
        return [c for c in self.checks if not c.ok]

    def get(self, name: str) -> Check:
        """The check of that name."""
        return next(c for c in self.checks if c.name == name)

    def summary(self) -> str:
        """One line: how many checks pass.

        >>> CheckReport((Check("a", True, "1", "1"), Check("b", False, "0", "1"))).summary()
        '1 of 2 checks pass; failing: b'
        """
        line = f"{len(self.checks) - len(self.failures)} of {len(self.checks)} checks pass"
        return line + (
            "; failing: " + ", ".join(c.name for c in self.failures) if self.failures else ""
        )

    def to_dict(self) -> dict[str, Any]:
        """``{"valid": bool, "checks": [{"name", "ok", "measured", "expected"}, ...]}``."""
        return {
            "valid": self.valid,
            "checks": [
                {"name": c.name, "ok": c.ok, "measured": c.measured, "expected": c.expected}
                for c in self.checks
            ],
        }

    def to_frame(self) -> pd.DataFrame:
        """The checks as a table (one row each)."""
        return pd.DataFrame(
            self.to_dict()["checks"], columns=["name", "ok", "measured", "expected"]
        )


def cells_text(cells: Iterable[Cell], limit: int = 4) -> str:
    """Cells as ``(r,c), (r,c)``, at most ``limit`` of them.

    >>> cells_text([(0, 1), (2, 3)])
    '(0,1), (2,3)'
    """
    cells = list(cells)
    text = ", ".join(f"({r},{c})" for r, c in cells[:limit])
    return text + (f" and {len(cells) - limit} more" if len(cells) > limit else "")
