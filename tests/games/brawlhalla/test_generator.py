"""The board generator: a solved board passes every check; OR-Tools missing is a clear error."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from workbench.errors import WorkbenchError
from workbench.games.brawlhalla.checker import check
from workbench.games.brawlhalla.generator import Layout, generate_board
from workbench.games.brawlhalla.instructions import Instructions

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "brawlhalla_default_board.py"


def _template():
    spec = importlib.util.spec_from_file_location("brawlhalla_default_board", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.template()


def test_generated_board_passes_every_check():
    pytest.importorskip("ortools")
    board = generate_board(layout=Layout(keep=_template(), mirror=False, time_limit_s=240))
    report = check(board)
    assert report.valid, report.summary()


def test_impossible_instructions_are_reported():
    pytest.importorskip("ortools")
    spec = Instructions(north_land=60)  # more land than four rows can hold
    with pytest.raises(WorkbenchError, match="no board meets these instructions"):
        generate_board(spec, layout=Layout(keep=None, mirror=False, time_limit_s=60))


def test_missing_ortools_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "ortools.sat.python", None)
    with pytest.raises(WorkbenchError, match="pip install"):
        generate_board()
