"""``workbench brawlhalla check|fairness``: JSON shape, exit codes, bad files."""

from __future__ import annotations

import json

from workbench.cli import main
from workbench.games.brawlhalla.board import default_board, save_board


def test_check_json_shape(capsys):
    assert main(["brawlhalla", "check", "data/brawlhalla/board.json", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"valid", "checks"} and data["valid"] is True
    assert all(set(c) == {"name", "ok", "measured", "expected"} for c in data["checks"])
    assert all(isinstance(c["ok"], bool) for c in data["checks"])


def test_check_fails_with_exit_1_on_a_broken_board(tmp_path, capsys):
    path = tmp_path / "b.json"
    board = default_board()
    save_board(board.with_terrain((0, 0), "water").with_region((0, 0), "water"), path)
    assert main(["brawlhalla", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "north continent" in out


def test_fairness_table_and_json(capsys):
    assert main(["brawlhalla", "fairness", "data/brawlhalla/board.json"]) == 0
    out = capsys.readouterr().out
    assert "favoured" in out or "Balanced" in out
    assert main(["brawlhalla", "fairness", "data/brawlhalla/board.json", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"verdict", "measures"}


def test_bad_files_give_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"terrain": ["x"], "regions": ["n"], "features": []}')
    for command in ("check", "fairness"):
        assert main(["brawlhalla", command, str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "row 0, column 0" in err
    assert main(["brawlhalla", "check", str(tmp_path / "none.json")]) == 2
    assert "cannot read file" in capsys.readouterr().err
