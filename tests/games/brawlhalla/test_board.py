"""Board files: validation naming every problem, round trips, atomic saving, other sizes."""

from __future__ import annotations

import json

import pytest

from workbench.errors import DataError
from workbench.games.brawlhalla.board import (
    Board,
    Feature,
    board_from_dict,
    board_to_dict,
    board_to_json_text,
    default_board,
    load_board,
    save_board,
)


def test_default_board_round_trips(tmp_path):
    board = default_board()
    assert (board.rows, board.cols) == (18, 12)
    path = tmp_path / "copy.json"
    save_board(board, path)
    again = load_board(path)
    assert again == board and again.description == board.description
    assert board_from_dict(json.loads(board_to_json_text(board))) == board
    assert board_from_dict(board_to_dict(board)) == board


def test_file_is_diff_friendly(tmp_path):
    text = board_to_json_text(default_board())
    lines = text.splitlines()
    board = default_board()
    stripped = [line.strip().rstrip(",") for line in lines]
    for row in (*board.terrain, *board.regions):
        assert f'"{row}"' in stripped
    assert sum('"kind"' in line for line in lines) == len(board.features)


def test_every_problem_is_reported_with_row_and_column():
    with pytest.raises(DataError) as caught:
        board_from_dict(
            {
                "terrain": ["..x", ".."],
                "regions": ["nnq", "nnn"],
                "features": [],
                "colour": "red",
            },
            source="bad.json",
        )
    problems = caught.value.problems
    assert "unknown key 'colour'" in problems[0]
    assert "terrain row 0, column 2: unknown terrain 'x'" in problems[1]
    assert "terrain row 1: 2 squares, expected 3" in problems[2]
    assert "regions row 0, column 2: unknown region 'q'" in problems[3]
    assert str(caught.value).startswith("bad.json: ")


def test_feature_problems():
    with pytest.raises(DataError) as caught:
        board_from_dict(
            {
                "terrain": ["...", "..."],
                "regions": ["nnn", "nnn"],
                "features": [
                    {"kind": "capital", "side": "north", "cell": [0, 0]},
                    {"kind": "capital", "side": "north", "cell": [0, 1]},
                    {"kind": "ruin", "cell": [0, 0]},
                    {"kind": "ruin", "cell": [5, 0]},
                    {"kind": "castle", "cell": [1, 1]},
                    {"kind": "sanctuary", "side": "north", "cell": [1, 1]},
                    {"kind": "ruin", "cell": "1,1"},
                ],
            }
        )
    text = "\n".join(caught.value.problems)
    assert "features[1]: a second north capital" in text
    assert "features[2]: row 0, column 0 already holds the north capital" in text
    assert "features[3].cell: row 5, column 0 is off the 2x3 board" in text
    assert "features[4].kind: 'castle'" in text
    assert "features[5].side: 'north' for a sanctuary" in text
    assert "features[6].cell: '1,1', expected [row, column]" in text


def test_other_sizes_load():
    board = board_from_dict({"terrain": ["~" * 20] * 7, "regions": ["~" * 20] * 7, "features": []})
    assert (board.rows, board.cols) == (7, 20)


def test_edits_return_new_boards():
    board = Board(terrain=("..",), regions=("nn",))
    painted = board.with_terrain((0, 1), "mountain").with_region((0, 1), "island")
    assert board.terrain == ("..",) and painted.terrain == (".^",) and painted.regions == ("ni",)
    placed = painted.with_feature(Feature("capital", "north", (0, 0)))
    moved = placed.with_feature(Feature("capital", "north", (0, 1)))
    assert moved.features == (Feature("capital", "north", (0, 1)),)
    assert moved.without_feature((0, 1)).features == ()


def test_saving_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "board.json"
    save_board(default_board(), path)
    before = path.read_text()

    def explode(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", explode)
    with pytest.raises(OSError):
        save_board(Board(terrain=(".",), regions=("n",)), path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["board.json"]


def test_unreadable_files(tmp_path):
    with pytest.raises(DataError, match="cannot read file"):
        load_board(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope")
    with pytest.raises(DataError, match="invalid JSON at line 1"):
        load_board(bad)
    with pytest.raises(DataError, match="expected a JSON object"):
        board_from_dict([1, 2])
