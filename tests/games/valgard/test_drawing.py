"""Valgard's pictures: shapes and marks of a position, the printable board, and the
same picture through the static and SVG renderers."""

import warnings

import matplotlib

from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.drawing import (
    BOARD_KEYS,
    POSITION_KEYS,
    board_marks,
    board_picture,
    board_shapes,
    move_line,
    position_picture,
)
from workbench.grids import octagon_center, socket_center
from workbench.grids.plot import plot_shapes
from workbench.grids.svg import picture_svg

from .positions import GAME, MIDGAME

matplotlib.use("Agg")


def test_shapes_shade_dead_land_and_fill_rune_sockets():
    state = GAME.parse_position(MIDGAME)
    shapes = {s["id"]: s for s in board_shapes(state)}
    assert len(shapes) == 16 + 9
    assert shapes["1,2"]["fill"] != shapes["1,1"]["fill"]  # c3 dead, b3 alive
    assert shapes["s:1,2"]["fill"] != shapes["s:0,0"]["fill"]  # rune vs empty socket
    assert shapes["2,1"]["title"] == "b2"


def test_marks_draw_pieces_valkyries_runes_and_the_selection():
    state = GAME.parse_position(MIDGAME.replace("2 . l", "2 . L"))
    marks = board_marks(state, selected=(2, 1))
    texts = [m["text"] for m in marks if m["kind"] == "text"]
    assert texts == ["V"]
    # d, L (disc and ring), the rune's stone, the selection
    assert sum(m["kind"] == "circle" for m in marks) == 1 + 2 + 1 + 1
    rune = list(socket_center((1, 2)))
    stone = next(m for m in marks if m["kind"] == "circle" and m["at"] == rune)
    assert stone["r"] < 0.2  # inside its socket, so clicks around it reach the octagons


def test_home_rows_are_tinted_on_both_sides():
    shapes = {s["id"]: s["fill"] for s in board_shapes(GAME.initial_state())}
    home = {shapes[f"{r},{c}"] for r in (0, 3) for c in range(4)}
    middle = {shapes[f"{r},{c}"] for r in (1, 2) for c in range(4)}
    assert len(home) == 1 and len(middle) == 1 and home != middle


def test_the_last_move_is_a_line_to_the_octagon_or_the_socket():
    state = GAME.parse_position(MIDGAME)
    march = GAME.parse_action(state, "b2-b3")
    cast = GAME.parse_action(state, "b2^sw")
    assert move_line(GAME.geometry, march) == [octagon_center((2, 1)), octagon_center((1, 1))]
    assert move_line(GAME.geometry, cast) == [octagon_center((2, 1)), socket_center((2, 0))]
    after = state.apply(march)
    marks = board_marks(after, last=march)
    assert marks[0]["kind"] == "path" and marks[0]["points"] == [[1.5, 2.5], [1.5, 1.5]]


def test_position_picture_has_the_legend_and_says_who_moves():
    state = GAME.parse_position(MIDGAME)
    picture = position_picture(state, selected=(2, 1))
    assert picture.shapes == tuple(board_shapes(state))
    assert picture.marks == tuple(board_marks(state, selected=(2, 1)))
    assert picture.legend == POSITION_KEYS and picture.cell == 1.0
    assert picture.title == "Valgard 4x4: light to move; reserves light 2, dark 3"


def test_the_printable_board_is_empty_with_named_home_rows():
    picture = board_picture(Rules(rows=5, cols=7))
    ids = [s["id"] for s in picture.shapes]
    assert len(ids) == 5 * 7 + 4 * 6 and sum(i.startswith("s:") for i in ids) == 4 * 6
    assert [m["text"] for m in picture.marks] == ["dark's home row", "light's home row"]
    assert picture.legend == BOARD_KEYS
    start = ValgardGame(Rules(rows=5, cols=7)).initial_state()
    assert list(picture.shapes) == board_shapes(start)  # the game starts on the empty board


def test_every_renderer_draws_a_position_without_missing_glyphs():
    state = GAME.parse_position(MIDGAME.replace("2 . l", "2 . L"))
    picture = position_picture(state, last=None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ax = plot_shapes(picture)
        ax.figure.canvas.draw()
    assert len(ax.patches) >= 16 + 9
    assert picture_svg(picture).count("<polygon") == 16 + 9
