"""The Brawlhalla board editor, headless: painting, features, moving, live checks, files."""

from __future__ import annotations

import ast
from pathlib import Path

from workbench.games.brawlhalla.board import Board, default_board, load_board
from workbench.games.brawlhalla.drawing import board_picture
from workbench.widgets import board_editor
from workbench.widgets.board_editor import BoardEditor


def click(editor, cell, kind="click"):
    editor.view._handle_custom_msg({"event": kind, "cell": f"{cell[0]},{cell[1]}"}, [])


def test_paint_terrain_updates_checks_and_view():
    editor = BoardEditor(default_board())
    assert editor.report.valid and "32 of 32" in editor.summary.value
    editor.select("terrain", "water")
    click(editor, (1, 9))
    click(editor, (1, 10), "drag")
    assert editor.board.terrain_at((1, 9)) == "water" and editor.board.region_at((1, 10)) == "water"
    assert "failing: north continent" in editor.summary.value
    shape = next(s for s in editor.view.shapes if s["id"] == "1,9")
    assert shape["fill"] == "#7fb3d5"
    assert "wb-fail" in editor.table.value
    editor.select("terrain", "earth")
    click(editor, (1, 9))
    click(editor, (1, 10))
    assert editor.board.region_at((1, 9)) == "north"
    assert editor.report.valid


def test_land_on_open_water_joins_its_neighbours_or_becomes_an_island():
    editor = BoardEditor(default_board())
    editor.select("terrain", "shore")
    click(editor, (4, 5))
    assert editor.board.region_at((4, 5)) == "north"
    sea = BoardEditor(Board(terrain=("~~~",) * 3, regions=("~~~",) * 3))
    sea.select("terrain", "shore")
    click(sea, (1, 1))
    assert sea.board.region_at((1, 1)) == "island"
    click(sea, (1, 2))
    assert sea.board.region_at((1, 2)) == "island"


def test_region_painting_and_drag_only_paints():
    editor = BoardEditor(default_board())
    editor.select("region", "east")
    click(editor, (1, 9))
    assert editor.board.region_at((1, 9)) == "east"
    editor.select("feature", "ruin:")
    click(editor, (2, 9), "drag")
    assert editor.board.feature_at((2, 9)) is None


def test_place_move_and_erase_features():
    editor = BoardEditor(default_board())
    capital = editor.board.capital("north")
    editor.select("move", "move")
    click(editor, capital)
    assert editor.view.highlighted == [f"{capital[0]},{capital[1]}"]
    click(editor, (2, 9))
    assert editor.board.capital("north") == (2, 9)
    assert "failing: capital north" in editor.summary.value
    editor.select("feature", "capital:north")
    click(editor, capital)
    assert editor.board.capital("north") == capital
    editor.select("erase", "erase")
    ruin = editor.board.ruins[0]
    click(editor, ruin)
    assert ruin not in editor.board.ruins and "ruins" in editor.summary.value
    labels = {s["id"]: s["label"] for s in editor.view.shapes}
    assert labels[f"{capital[0]},{capital[1]}"] == "★"


def test_save_and_load(tmp_path):
    editor = BoardEditor(default_board(), path=str(tmp_path / "mine.json"))
    editor.select("terrain", "mountain")
    click(editor, (1, 9))
    editor.save_button.click()
    assert "saved" in editor.status.value
    assert load_board(tmp_path / "mine.json").terrain_at((1, 9)) == "mountain"
    fresh = BoardEditor(default_board(), path=str(tmp_path / "mine.json"))
    fresh.load_button.click()
    assert fresh.board.terrain_at((1, 9)) == "mountain" and "loaded" in fresh.status.value
    (tmp_path / "bad.json").write_text("{")
    fresh.load(str(tmp_path / "bad.json"))
    assert fresh.status.value.startswith("not loaded:") and "invalid JSON" in fresh.status.value
    fresh.save(str(tmp_path / "mine.json" / "inside.json"))
    assert fresh.status.value.startswith("not saved")


def test_the_view_shows_the_board_picture():
    editor = BoardEditor(default_board())
    editor.select("terrain", "water")
    click(editor, (1, 9))
    picture = board_picture(editor.board)
    assert editor.view.shapes == list(picture.shapes)
    assert editor.view.marks == list(picture.marks)  # the region outlines follow the paint


def test_colours_come_from_the_drawing_module():
    tree = ast.parse(Path(board_editor.__file__).read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "workbench.games.brawlhalla.drawing" in modules
    assert not any("plots" in m or "matplotlib" in m for m in modules)


def test_a_save_that_cannot_be_done_names_the_users_file_not_a_temp(tmp_path):
    editor = BoardEditor(default_board())
    (tmp_path / "afile").write_text("mine")
    for path, problem in (
        (tmp_path / "missing" / "b.json", "does not exist (make it first)"),
        (tmp_path / "afile" / "b.json", "afile is a file, not a folder"),
    ):
        editor.save(str(path))
        assert editor.status.value.startswith(f"not saved: {path}: ")
        assert problem in editor.status.value and ".tmp" not in editor.status.value
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_a_key_below_the_board_names_every_terrain_colour():
    from workbench.games.brawlhalla.drawing import TERRAIN_COLOURS

    editor = BoardEditor()
    for terrain, colour in TERRAIN_COLOURS.items():
        assert f'background:{colour}"></span>{terrain}</span>' in editor.key.value
    assert [label for label, _ in editor.layer.options][:2] == ["Terrain", "Region"]
