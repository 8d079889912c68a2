"""The Viking Raid map editor, headless: painting, starts, rocks, the mat, files."""

import pytest

from workbench.games.viking_raid import default_map, load_map
from workbench.widgets.raid_map_editor import TOOLS, RaidMapEditor


def click(editor, h, kind="click"):
    editor.view._handle_custom_msg({"event": kind, "cell": f"{h[0]},{h[1]}"}, [])


def test_painting_gold_by_click_and_drag_updates_the_total():
    editor = RaidMapEditor()
    editor.tools.value = "gold 2"
    click(editor, (1, 0))
    click(editor, (2, -1), "drag")
    assert editor.total.value == "Treasure: 28 gold on 12 hexes"
    editor.tools.value = "clear"
    click(editor, (0, 0))
    assert editor.total.value == "Treasure: 25 gold on 11 hexes"
    shape = next(s for s in editor.view.shapes if s["id"] == "1,0")
    assert shape["label"] == "2"


def test_starts_move_and_never_collide():
    editor = RaidMapEditor()
    editor.tools.value = "archer start"
    click(editor, (0, 0))  # the centre's gold goes: a start carries none
    assert editor.draft().start("archer") == (0, 0) and editor.draft().gold_at((0, 0)) == 0
    assert editor.view.marks[0]["at"] == pytest.approx([0.0, 0.0])
    editor.tools.value = "huscarl start"
    click(editor, (0, 0))
    assert "already another role's start" in editor.status.value
    editor.tools.value = "rock"
    click(editor, (0, 0))
    assert "is a start hex" in editor.status.value


def test_rocks_and_the_mat_itself_can_be_painted():
    editor = RaidMapEditor()
    editor.tools.value = "rock"
    click(editor, (0, -2))  # a treasure hex becomes a rock
    assert (0, -2) in editor.draft().blocked and editor.draft().gold_at((0, -2)) == 0
    editor.tools.value = "gold 4"
    click(editor, (5, 0))
    assert "off the map" in editor.status.value
    editor.tools.value = "add hex"
    click(editor, (5, 0))
    editor.tools.value = "gold 4"
    click(editor, (5, 0))
    assert editor.draft().gold_at((5, 0)) == 4
    assert any(s["id"] == "6,0" for s in editor.view.shapes)  # the frame grew
    editor.tools.value = "remove hex"
    click(editor, (5, 0))
    assert (5, 0) not in editor.draft().hexes


def test_summary_shows_roles_or_the_problems():
    editor = RaidMapEditor()
    assert "berserker" in editor.summary.value and "to centre" in editor.summary.value
    editor.tools.value = "clear"
    for h, _ in default_map().treasure:
        click(editor, h)
    assert "Not a valid map yet" in editor.summary.value
    assert "at least one treasure hex" in editor.summary.value


def test_save_and_load_round_trip_and_report_errors(tmp_path):
    editor = RaidMapEditor(path=tmp_path / "mine.json")
    editor.name.value = "mine"
    editor.tools.value = "gold 5"
    click(editor, (1, 0))
    editor.save_button.click()
    assert editor.status.value == f"saved {tmp_path / 'mine.json'}"
    saved = load_map(tmp_path / "mine.json")
    assert saved.name == "mine" and saved.total_treasure == 29
    other = RaidMapEditor()
    other.path.value = str(tmp_path / "mine.json")
    other.load_button.click()
    assert other.to_map() == saved
    assert not other.load(tmp_path / "missing.json")
    assert other.status.value.startswith("not loaded:") and other.to_map() == saved
    other.name.value = ""
    assert not other.save(tmp_path / "bad.json") and "name" in other.status.value
    assert not (tmp_path / "bad.json").exists()


def test_unknown_tool_is_refused():
    with pytest.raises(ValueError, match="unknown tool 'paint'"):
        RaidMapEditor().paint((0, 0), "paint")
    assert len(TOOLS) == 12


def test_a_save_into_a_missing_folder_is_refused_naming_the_users_file(tmp_path):
    editor = RaidMapEditor()
    path = tmp_path / "missing" / "mine.json"
    assert not editor.save(path)
    assert editor.status.value.startswith(f"not saved: {path}: the folder")
    assert not path.parent.exists()


def test_messages_name_hexes_as_the_board_hover_text_does():
    editor = RaidMapEditor()
    start = editor.draft().start("archer")
    editor.tools.value = "rock"
    click(editor, start)
    title = next(s["title"] for s in editor.view.shapes if s["id"] == f"{start[0]},{start[1]}")
    assert editor.status.value == f"{title} is a start hex: move the start first"
    assert editor.paint((9, 9)) == "hex 9,9 is off the map: add it first"


def test_tools_are_named_in_plain_words_and_the_key_explains_the_board():
    editor = RaidMapEditor()
    assert dict(editor.tools.options)["Berserker start"] == "berserker start"
    assert [value for _, value in editor.tools.options] == list(TOOLS)
    for text in ("gold: put", "off the map", "the Archer's start", "the Berserker's start"):
        assert text in editor.key.value
