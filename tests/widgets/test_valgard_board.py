"""The Valgard board widget, headless: drawing, play by clicks, the editor, undo."""

from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.picture import parse_position
from workbench.widgets.valgard_board import ValgardBoard, board_marks, board_shapes, targets_of

GAME = ValgardGame(Rules(rows=4, cols=4, reserve=6, muster=2))
MIDGAME = """
4 . d . .
   . . .
3 . . # #
   . . *
2 . l # #
   . . .
1 . . . .
light to move; reserves light 2, dark 3"""


class FirstMove:
    """A predictable stand-in for the computer: always the first legal action."""

    def __init__(self):
        self.seen = []

    def act(self, state):
        self.seen.append(state)
        return state.legal_actions()[0]


def board(**kwargs):
    return ValgardBoard(GAME, agent=FirstMove(), **kwargs)


def test_shapes_shade_dead_land_and_fill_rune_sockets():
    state = parse_position(GAME, MIDGAME)
    shapes = {s["id"]: s for s in board_shapes(state)}
    assert len(shapes) == 16 + 9
    assert shapes["1,2"]["fill"] != shapes["1,1"]["fill"]  # c3 dead, b3 alive
    assert shapes["s:1,2"]["fill"] != shapes["s:0,0"]["fill"]  # rune vs empty socket
    assert shapes["2,1"]["title"] == "b2"


def test_marks_draw_pieces_valkyries_runes_and_the_selection():
    state = parse_position(GAME, MIDGAME.replace("2 . l", "2 . L"))
    marks = board_marks(state, selected=(2, 1))
    texts = [m["text"] for m in marks if m["kind"] == "text"]
    assert texts == ["V", "ᚱ"]
    assert sum(m["kind"] == "circle" for m in marks) == 2 + 1 + 1  # d, L (ring), selection


def test_targets_of_a_piece_and_the_deploys():
    state = parse_position(GAME, MIDGAME)
    targets = targets_of(state, (2, 1))
    assert set(targets) == {"1,1", "3,1", "2,0", "s:1,0", "s:1,1", "s:2,0", "s:2,1"}
    assert GAME.action_text(state, targets["s:1,1"]) == "b2^ne"
    assert GAME.action_text(state, targets["1,1"]) == "b2-b3"
    deploys = targets_of(state, None)
    assert {GAME.action_text(state, a) for a in deploys.values()} == {"+a1", "+b1", "+c1", "+d1"}


def test_muster_by_clicks_and_the_computer_answers():
    widget = board()
    assert widget.view.highlighted == ["3,0", "3,1", "3,2", "3,3"]
    widget.click("3,1")
    assert widget.state.pieces() == {(3, 1): "l", (0, 0): "d"}
    assert widget.status.value.startswith("You (light) played +b1. Computer (dark) played +a4.")
    assert "4 d . . ." in widget.position_text.value


def test_select_a_piece_see_its_targets_then_move_and_get_a_reply():
    widget = board(state=parse_position(GAME, MIDGAME))
    widget.click("2,1")
    assert widget.selected == (2, 1)
    assert set(widget.view.highlighted) == {"1,1", "3,1", "2,0", "s:1,0", "s:1,1", "s:2,0", "s:2,1"}
    widget.click("1,1")
    assert widget.state.pieces()[(1, 1)] == "l"
    assert widget.state.mover == 0 and len(widget.history) == 2  # the computer replied
    assert widget.status.value.startswith("You (light) played b2-b3. Computer (dark) played")
    assert widget.view.marks[0]["kind"] == "path"  # the last move


def test_clicking_elsewhere_deselects_and_the_computer_side_is_locked():
    widget = board(state=parse_position(GAME, MIDGAME), computer="light")
    widget.click("2,1")
    assert widget.selected is None and widget.view.highlighted == []
    widget.play_computer()
    assert widget.state.mover == 1 and widget.agent.seen
    widget.click("0,1")
    assert widget.selected == (0, 1)
    widget.click("0,1")
    assert widget.selected is None


def test_an_empty_home_octagon_deploys_even_with_a_piece_selected():
    widget = board(state=parse_position(GAME, MIDGAME), computer="nobody")
    widget.click("2,1")
    widget.click("3,3")
    assert widget.state.pieces()[(3, 3)] == "l" and widget.state.reserves == (1, 3)
    assert widget.status.value.startswith("You (light) played +d1.")


def test_cast_a_rune_by_clicking_a_socket():
    widget = board(state=parse_position(GAME, MIDGAME), computer="nobody")
    widget.click("2,1")
    widget.click("s:2,0")
    assert widget.state.runes() == [(1, 2), (2, 0)] and (2, 1) not in widget.state.pieces()
    assert widget.status.value.startswith("You (light) played b2^sw. Dark to move")


def test_undo_takes_back_the_move_and_the_reply():
    widget = board(state=parse_position(GAME, MIDGAME))
    start = widget.state
    widget.click("2,1")
    widget.click("1,1")
    widget.undo.click()
    assert widget.state == start and widget.history == []


def test_game_over_is_announced():
    lost = MIDGAME.replace("2 . l", "2 . .").replace("reserves light 2", "reserves light 0")
    widget = board(state=parse_position(GAME, lost))
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
    widget = board(state=parse_position(GAME, MIDGAME))
    widget.new_game.click()
    assert widget.state == GAME.initial_state() and widget.mode.value == "play"
