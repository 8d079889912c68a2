"""The Valhalla level editor, headless: palette, clicks, enemy edits, resize, files, Solve."""

import json
import re

from workbench.games.valhalla.drawing import line_point
from workbench.games.valhalla.level import ITEM_KINDS, Level
from workbench.grids.shapes import cell_id
from workbench.widgets import level_editor
from workbench.widgets.level_editor import TOOLS, LevelEditor

START = Level.from_dict({
    "name": "Editor test", "width": 3, "height": 3, "start": [0, 0],
    "hero": {"health": 5, "attack": 4, "ability": "none"},
    "enemies": [{"at": [2, 2], "attack": 9, "health": 20}],
})  # fmt: skip


def fill(editor, cell):
    return next(s["fill"] for s in editor.board.shapes if s["id"] == f"{cell[0]},{cell[1]}")


def test_palette_has_every_tool():
    assert set(TOOLS) == {"wall", "enemy", "start", "eraser", *ITEM_KINDS}
    options = LevelEditor(START).tool.options
    assert tuple(value for _, value in options) == TOOLS


def test_tools_and_abilities_are_named_in_plain_words_and_the_key_names_the_items():
    editor = LevelEditor(START)
    names = dict(editor.tool.options)
    assert names["Dwarven Shield"] == "dwarven_shield" and names["Wall"] == "wall"
    assert dict(editor.ability.options)["To Valhalla"] == "to_valhalla"
    assert all("_" not in label for label, _ in (*editor.tool.options, *editor.ability.options))
    assert "Potion of Vitality" not in editor.key.value
    editor.tool.value = "potion_of_vitality"
    editor.click((1, 1))
    assert "Potion of Vitality<" in editor.key.value and "enemy (Attack/Health)" in (
        editor.key.value
    )


def test_board_clicks_place_things_and_solve_finds_the_new_win():
    editor = LevelEditor(START)
    editor.solve_button.click()
    assert editor.result.value == "Not winnable."
    editor.tool.value = "enemy"
    editor.enemy_attack.value, editor.enemy_health.value = 1, 1
    editor.board._handle_custom_msg({"event": "click", "cell": "0,2"}, [])
    assert editor.level().enemies[0].at == (0, 2)
    assert editor.result.value == "Press Solve."  # edits forget the old answer
    editor.solve_button.click()
    assert editor.result.value.startswith("Winnable: best 3 stars")
    paths = [m for m in editor.board.marks if m["kind"] == "path"]
    assert len(paths) == len(editor.solution.solution) >= 1
    assert paths[0]["points"][0] == list(line_point((0, 0), 0))  # drawn from the start cell
    assert "achievable" in editor.stars.value


def test_the_status_says_solving_while_the_solver_works_then_how_long_it_took(monkeypatch):
    editor = LevelEditor(START)
    seen = []

    def solving(level, rules):
        seen.append(editor.status.value)
        return real(level, rules)

    real = level_editor.solve
    monkeypatch.setattr(level_editor, "solve", solving)
    editor.solve_button.click()
    assert seen == ["solving..."]
    assert re.fullmatch(r"solved in \d+\.\d s of CPU", editor.status.value)


def test_walls_paint_by_dragging_but_enemies_need_a_click():
    editor = LevelEditor(START)
    editor.tool.value = "wall"
    for cell in ("1,0", "1,1"):
        editor.board._handle_custom_msg({"event": "drag", "cell": cell}, [])
    assert editor.level().walls == ((1, 0), (1, 1))
    assert fill(editor, (1, 1)) != fill(editor, (0, 1))
    editor.tool.value = "enemy"
    editor.board._handle_custom_msg({"event": "drag", "cell": "0,1"}, [])
    assert len(editor.level().enemies) == 1
    editor.tool.value = "eraser"
    editor.click((1, 0))
    assert editor.level().walls == ((1, 1),)


def test_selecting_an_enemy_edits_its_attack_and_health():
    editor = LevelEditor(START)
    editor.tool.value = "enemy"
    editor.click((2, 2))
    assert (editor.enemy_attack.value, editor.enemy_health.value) == (9, 20)
    assert editor.board.highlighted == ["2,2"]
    editor.enemy_health.value = 7
    assert editor.level().enemies[0].health == 7


def test_items_carry_turns_and_the_start_moves():
    editor = LevelEditor(START)
    editor.tool.value, editor.turns.value = "thors_chariot", 4
    editor.click((0, 1))
    editor.tool.value = "start"
    editor.click((1, 1))
    level = editor.level()
    assert level.items[0].kind == "thors_chariot" and level.items[0].turns == 4
    assert level.start == (1, 1)
    editor.tool.value = "wall"
    editor.click((1, 1))
    assert "start cell stays empty" in editor.status.value and not editor.level().walls


def test_resize_drops_what_falls_outside():
    editor = LevelEditor(START)
    editor.tool.value = "wall"
    editor.click((2, 0))
    editor.tool.value = "enemy"
    editor.click((0, 1))
    editor.width_field.value, editor.height_field.value = 2, 2
    editor.resize_button.click()
    level = editor.level()
    assert (level.width, level.height) == (2, 2) and level.walls == ()
    assert [e.at for e in level.enemies] == [(0, 1)]
    assert len(editor.board.shapes) == 4


def test_save_and_load_round_trip_and_bad_files_show_a_message(tmp_path):
    editor = LevelEditor(START, path=tmp_path / "mine.json")
    editor.save_button.click()
    assert json.loads((tmp_path / "mine.json").read_text())["name"] == "Editor test"
    other = LevelEditor()
    other.path.value = str(tmp_path / "mine.json")
    other.load_button.click()
    assert other.level() == START
    (tmp_path / "bad.json").write_text('{"name": 3}')
    other.load(tmp_path / "bad.json")
    assert other.status.value.startswith(f"{tmp_path / 'bad.json'}: $")
    assert other.level() == START
    other.tool.value = "eraser"
    other.click((2, 2))
    other.save(tmp_path / "empty.json")
    assert "at least one enemy" in other.status.value
    assert not (tmp_path / "empty.json").exists()


M1 = Level.from_dict({"name": "m1", "width": 3, "height": 3, "start": [2, 0],
                      "hero": {"health": 6, "attack": 1, "ability": "to_valhalla"},
                      "enemies": [{"at": [1, 0], "attack": 1, "health": 7}]})  # fmt: skip


def playing(level):
    editor = LevelEditor(level)
    editor.step_delay = 0
    editor.mode.value = "Play"
    return editor


def gesture(editor, cells):
    """What the browser sends for a press on ``cells[0]``, a drag through the rest, a release."""
    editor.board._handle_custom_msg({"event": "click", "cell": cell_id(cells[0])}, [])
    for cell in cells[1:]:
        editor.board._handle_custom_msg({"event": "drag", "cell": cell_id(cell)}, [])
    editor.board._handle_custom_msg({"event": "release"}, [])


def shown(part):
    return part.layout.display != "none"


def test_play_mode_swaps_the_tools_for_the_play_controls_and_back():
    editor = LevelEditor(M1)
    assert shown(editor._edit_parts[1]) and not shown(editor._play_panel)
    editor.mode.value = "Play"
    assert not any(shown(p) for p in editor._edit_parts) and shown(editor._play_panel)
    assert editor.board.highlighted == ["2,0"]  # the hero's square
    assert editor.hero_label.value == "Hero start: at [2, 0], Attack 1, Health 6"
    editor.mode.value = "Edit"
    assert editor.session is None and all(shown(p) for p in editor._edit_parts)
    editor.tool.value = "wall"
    editor.board._handle_custom_msg({"event": "click", "cell": "0,0"}, [])
    assert editor.level().walls == ((0, 0),)  # Edit mode keeps its tools


def test_a_drawn_line_is_walked_and_the_stars_compared_with_the_best():
    editor = playing(M1)
    gesture(editor, [(2, 0), (2, 1)])
    assert editor.session.lines == [[(2, 0), (2, 1)]]
    assert editor.hero_label.value == "Hero line 1, step 1: at [2, 1], Attack 1, Health 6"
    assert editor.outcome.value == "Line 2: draw it from the hero."
    assert editor.status.value == "walked 1 step"
    gesture(editor, [(2, 1), (2, 0), (1, 0)])
    assert editor.outcome.value == (
        "You won with 1 star (strong killer); 2 stars were possible: show how."
    )
    assert "hero strikes 1: enemy Health 7 -&gt; 6" in editor.play_log.value
    assert editor.play_log.value.count("valhalla-step") == 2  # the last line's steps
    assert editor.board.highlighted == []  # over: no hero square to press
    editor.show_button.click()
    assert editor.session.lines == [[(2, 0), (1, 0)]]
    assert editor.outcome.value.startswith("You won with 2 stars (one line, strong killer)")


def test_presses_off_the_hero_say_where_to_start_and_draw_nothing():
    editor = playing(M1)
    gesture(editor, [(0, 0), (0, 1)])
    assert editor.session.lines == [] and "hero's square [2, 0]" in editor.status.value
    editor.board._handle_custom_msg({"event": "click", "cell": "2,0"}, [])
    editor.board._handle_custom_msg({"event": "drag", "cell": "2,1"}, [])
    dashed = [m for m in editor.board.marks if m.get("dash")]
    assert len(dashed) == 1  # the line drawn as you go
    assert dashed[0]["points"][-1] == list(line_point((2, 1), 0))


def test_undo_and_restart_in_play_mode():
    editor = playing(M1)
    gesture(editor, [(2, 0), (2, 1)])
    gesture(editor, [(2, 1), (2, 2)])
    editor.undo_button.click()
    assert editor.session.lines == [[(2, 0), (2, 1)]]
    assert editor.hero_label.value.startswith("Hero line 1, step 1: at [2, 1]")
    editor.restart_button.click()
    assert editor.session.lines == [] and editor.play_log.value == ""
    assert editor.hero_label.value.startswith("Hero start")


def test_an_invalid_level_stays_in_edit_mode_with_the_problem_shown():
    editor = LevelEditor(M1)
    editor.tool.value = "eraser"
    editor.click((1, 0))  # no enemy left
    editor.mode.value = "Play"
    assert editor.mode.value == "Edit" and editor.session is None
    assert "enemies" in editor.status.value
