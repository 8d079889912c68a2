"""The checker's report: pass/fail bookkeeping, the summary line, JSON and table views."""

from __future__ import annotations

import json

import pytest

from workbench.games.brawlhalla.check_report import Check, CheckReport, cells_text

REPORT = CheckReport(
    (
        Check("board size", True, "12 columns x 18 rows", "12 columns x 18 rows"),
        Check("ruins", False, "13 ruins", "14 ruins"),
        Check("wreckages", False, "misplaced: north", "one at each eastern point"),
    )
)


def test_valid_only_when_every_check_passes():
    assert not REPORT.valid
    assert [c.name for c in REPORT.failures] == ["ruins", "wreckages"]
    assert CheckReport(REPORT.checks[:1]).valid
    assert CheckReport(()).valid and CheckReport(()).summary() == "0 of 0 checks pass"


def test_summary_names_the_failures_in_order():
    assert REPORT.summary() == "1 of 3 checks pass; failing: ruins, wreckages"


def test_get_and_the_views_agree():
    assert REPORT.get("ruins").measured == "13 ruins"
    with pytest.raises(StopIteration):
        REPORT.get("no such check")
    data = json.loads(json.dumps(REPORT.to_dict()))
    assert data["valid"] is False
    frame = REPORT.to_frame()
    assert list(frame.columns) == ["name", "ok", "measured", "expected"]
    assert frame.to_dict("records") == data["checks"]


def test_cells_text_shows_at_most_the_limit():
    cells = [(r, r + 1) for r in range(6)]
    assert cells_text(cells) == "(0,1), (1,2), (2,3), (3,4) and 2 more"
    assert cells_text(cells, limit=6) == ", ".join(f"({r},{r + 1})" for r in range(6))
    assert cells_text([]) == ""
