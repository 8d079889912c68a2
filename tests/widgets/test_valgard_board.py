"""The Valgard board widget, headless: its picture, play by clicks, the editor, undo.

The shapes and marks themselves are tested with the game's drawing module
(``tests/games/valgard/test_drawing.py``)."""

from tests.games.valgard.positions import GAME, MIDGAME
from workbench.games.valgard.drawing import position_picture
from workbench.widgets.valgard_board import ValgardBoard, targets_of


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
    assert widget.view.marks == list(picture.marks)


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
