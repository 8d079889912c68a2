"""The Valgard board widget, headless: its picture, play by clicks, the editor, undo.

The shapes and marks themselves are tested with the game's drawing module
(``tests/games/valgard/test_drawing.py``)."""

import pytest

from tests.games.valgard.positions import GAME, MIDGAME
from workbench.errors import RulesError
from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.drawing import (
    LAST_MOVE,
    PREVIOUS_MOVE,
    coordinate_marks,
    position_picture,
)
from workbench.games.valgard.hints import move_values
from workbench.games.valgard.solved import SolvedTable
from workbench.widgets.valgard_board import ValgardBoard, targets_of

SMALL = ValgardGame(Rules(rows=3, cols=3, reserve=2, muster=1))


class FirstMove:
    """A predictable stand-in for the computer: always the first legal action."""

    def __init__(self):
        self.seen = []

    def act(self, state):
        self.seen.append(state)
        return state.legal_actions()[0]


def board(**kwargs):
    return ValgardBoard(GAME, agent=FirstMove(), **kwargs)


def test_targets_of_a_piece_and_the_deploys():
    state = GAME.parse_position(MIDGAME)
    targets = targets_of(state, (2, 1))
    assert set(targets) == {"1,1", "3,1", "2,0", "s:1,0", "s:1,1", "s:2,0", "s:2,1"}
    assert GAME.action_text(state, targets["s:1,1"]) == "b2^ne"
    assert GAME.action_text(state, targets["1,1"]) == "b2-b3"
    deploys = targets_of(state, None)
    assert {GAME.action_text(state, a) for a in deploys.values()} == {"+a1", "+b1", "+c1", "+d1"}


def test_the_view_shows_the_drawing_modules_picture():
    widget = board(state=GAME.parse_position(MIDGAME), computer="nobody")
    widget.click("2,1")
    picture = position_picture(widget.state, selected=(2, 1))
    assert widget.view.shapes == list(picture.shapes)
    assert widget.view.marks == [*picture.marks, *coordinate_marks(GAME.geometry)]


def test_muster_by_clicks_and_the_computer_answers():
    widget = board()
    assert widget.view.highlighted == ["3,0", "3,1", "3,2", "3,3"]
    widget.click("3,1")
    assert widget.state.pieces() == {(3, 1): "l", (0, 0): "d"}
    assert widget.status.value.startswith("You (light) played +b1. Computer (dark) played +a4.")
    assert "4 d . . ." in widget.position_text.value


def test_select_a_piece_see_its_targets_then_move_and_get_a_reply():
    widget = board(state=GAME.parse_position(MIDGAME))
    widget.click("2,1")
    assert widget.selected == (2, 1)
    assert set(widget.view.highlighted) == {"1,1", "3,1", "2,0", "s:1,0", "s:1,1", "s:2,0", "s:2,1"}
    widget.click("1,1")
    assert widget.state.pieces()[(1, 1)] == "l"
    assert widget.state.mover == 0 and len(widget.history) == 2  # the computer replied
    assert widget.status.value.startswith("You (light) played b2-b3. Computer (dark) played")
    assert widget.view.marks[0]["kind"] == "path"  # the last move


def test_clicking_elsewhere_deselects_and_the_computer_side_is_locked():
    widget = board(state=GAME.parse_position(MIDGAME), computer="light")
    widget.click("2,1")
    assert widget.selected is None and widget.view.highlighted == []
    widget.play_computer()
    assert widget.state.mover == 1 and widget.agent.seen
    widget.click("0,1")
    assert widget.selected == (0, 1)
    widget.click("0,1")
    assert widget.selected is None


def test_an_empty_home_octagon_deploys_even_with_a_piece_selected():
    widget = board(state=GAME.parse_position(MIDGAME), computer="nobody")
    widget.click("2,1")
    widget.click("3,3")
    assert widget.state.pieces()[(3, 3)] == "l" and widget.state.reserves == (1, 3)
    assert widget.status.value.startswith("You (light) played +d1.")


def test_cast_a_rune_by_clicking_a_socket():
    widget = board(state=GAME.parse_position(MIDGAME), computer="nobody")
    widget.click("2,1")
    widget.click("s:2,0")
    assert widget.state.runes() == [(1, 2), (2, 0)] and (2, 1) not in widget.state.pieces()
    assert widget.status.value.startswith("You (light) played b2^sw. Dark to move")


def test_undo_takes_back_the_move_and_the_reply():
    widget = board(state=GAME.parse_position(MIDGAME))
    start = widget.state
    widget.click("2,1")
    widget.click("1,1")
    widget.undo.click()
    assert widget.state == start and widget.history == []


def test_game_over_is_announced():
    lost = MIDGAME.replace("2 . l", "2 . .").replace("reserves light 2", "reserves light 0")
    widget = board(state=GAME.parse_position(lost))
    assert widget.status.value == "Light cannot move: dark wins."
    widget.click("3,0")
    assert widget.history == []


def test_editor_places_pieces_toggles_runes_and_chooses_who_moves():
    widget = board()
    widget.mode.value = "edit"
    assert widget.editor.layout.display == ""
    widget.palette.value = "dark Valkyrie"
    widget.click("1,1")
    widget.palette.value = "light warrior"
    widget.click("3,3")
    widget.click("s:0,2")
    widget.to_move.value = "dark"
    widget.reserves[0].value = 4
    state = widget.state
    assert state.pieces() == {(1, 1): "D", (3, 3): "l"} and state.runes() == [(0, 2)]
    assert state.mover == 1 and state.reserves == (4, 6) and state.muster_left == 0
    widget.click("s:0,0")  # would kill the Valkyrie's octagon
    assert widget.status.value.startswith("Not allowed: octagon b3 is dead land")
    assert widget.state.runes() == [(0, 2)]
    widget.click("s:0,2")
    assert widget.state.runes() == []
    widget.palette.value = "empty"
    widget.click("3,3")
    assert widget.state.pieces() == {(1, 1): "D"}
    widget.mode.value = "play"
    assert widget.editor.layout.display == "none"
    assert widget.status.value == "Dark to move: the computer's turn (press Computer move)."
    assert widget.view.highlighted == []


def test_new_game_resets():
    widget = board(state=GAME.parse_position(MIDGAME))
    widget.new_game.click()
    assert widget.state == GAME.initial_state() and widget.mode.value == "play"


@pytest.fixture(scope="module")
def table():
    return SolvedTable.solve(SMALL.rules)


def test_hints_show_each_targets_value_from_the_table(table):
    widget = ValgardBoard(SMALL, table=table, computer="nobody")
    assert widget.hint_texts() == {}
    widget.hints.value = True
    texts = widget.hint_texts()
    values = move_values(table, widget.state)
    assert set(texts) == set(widget.view.highlighted) == {"2,0", "2,1", "2,2"}
    assert {text for _, text in texts.values()} == {v.short for v in values.values()} == {"D"}
    shown = [m["text"] for m in widget.view.marks if m["kind"] == "text"]
    assert shown.count("D") == 3


def test_the_perfect_opponent_plays_a_best_move(table):
    widget = ValgardBoard(SMALL, table=table, agent=FirstMove())
    widget.opponent.value = "perfect"
    widget.click("2,1")
    assert widget.agent.seen == []  # the table answered, not the standard agent
    assert len(widget.history) == 2


def test_a_position_the_table_does_not_know_has_no_hints_and_the_standard_opponent(table):
    agent = FirstMove()
    state = SMALL.position({"a1": "L", "c3": "d"}, reserves=(2, 2))
    widget = ValgardBoard(SMALL, table=table, agent=agent, state=state)
    widget.hints.value = True
    widget.opponent.value = "perfect"
    assert widget.view.highlighted and widget.hint_texts() == {}
    widget.click("2,0")
    widget.click("1,0")
    assert len(agent.seen) == 1


def test_without_a_table_hints_are_off_and_the_opponent_is_standard():
    widget = board()
    assert widget.hints.disabled and widget.opponent.options == ("standard",)
    with pytest.raises(RulesError, match="other rules"):
        ValgardBoard(GAME, agent=FirstMove(), table=SolvedTable.solve(SMALL.rules))


def test_both_last_moves_are_marked():
    widget = board()
    widget.click("3,1")  # two deploys: a ring round each
    rings = {m["stroke"]: m["at"] for m in widget.view.marks if m.get("fill") == "none"}
    assert rings == {LAST_MOVE: [0.5, 0.5], PREVIOUS_MOVE: [1.5, 3.5]}
    widget = board(state=GAME.parse_position(MIDGAME))
    widget.click("2,1")
    widget.click("1,1")  # a march (a line), and the reply: a deploy (a ring)
    assert [m["stroke"] for m in widget.view.marks if m["kind"] == "path"] == [PREVIOUS_MOVE]
    assert LAST_MOVE in {m["stroke"] for m in widget.view.marks if m.get("fill") == "none"}


def test_a_refused_click_says_why():
    widget = board(state=GAME.parse_position(MIDGAME), computer="nobody")
    widget.click("1,2")
    assert widget.status.value == "Not allowed: c3 is dead land: no piece may enter it."
    widget.click("0,1")
    assert widget.status.value == "Not allowed: b4 holds a dark piece: click one of yours."
    widget.click("2,1")
    assert widget.status.value == "b2 chosen: click a highlighted target."
    widget.click("0,0")
    assert widget.status.value == "Not allowed: b2 cannot reach a4: see the highlighted targets."
    widget.click("1,0")
    assert widget.status.value.startswith("Not allowed: deploys go on an empty octagon")


def test_reserves_muster_and_the_end_banner_are_shown():
    widget = board()
    assert widget.counts.value == "Reserves: light 6, dark 6; muster: 4 placement(s) left."
    assert widget.banner.value == ""
    lost = MIDGAME.replace("2 . l", "2 . .").replace("reserves light 2", "reserves light 0")
    widget = board(state=GAME.parse_position(lost))
    assert "Game over: light cannot move, dark wins." in widget.banner.value
    assert widget.counts.value == "Reserves: light 0, dark 3; muster over."
    widget.click("3,0")
    assert widget.status.value.startswith("Not allowed: the game is over")


def test_the_position_box_has_a_row_for_every_line():
    board = ValgardBoard(ValgardGame(Rules(rows=4, cols=4, reserve=4, muster=1)), agent=FirstMove())
    lines = board.position_text.value.split("\n")
    assert "reserves light 4" in lines[-1] and len(lines[-1]) > 34  # wraps onto two rows
    assert board.position_text.rows == len(lines) + 1
