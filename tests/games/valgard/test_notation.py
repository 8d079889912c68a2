"""Positions and actions as text: pictures both ways, hand-set positions, move notation."""

import random

import pytest

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.geometry import ValgardGeometry
from workbench.games.valgard.notation import (
    PIECE_CODES,
    action_text,
    parse_action,
    piece_map,
    position_from_pieces,
    read_position,
    render_position,
)

SMALL = Rules(rows=3, cols=3, reserve=3, muster=1)
GEOMETRY = ValgardGeometry.of(3, 3)


def test_a_hand_set_position_is_its_masks():
    position = position_from_pieces(
        GEOMETRY, SMALL, {"a1": "l", (0, 2): "D", "c1": "L"}, runes=[(0, 0)], to_move="dark"
    )
    light, dark, tall, runes, reserve_light, reserve_dark, mover, muster_left = position
    assert light == 1 << 6 | 1 << 8 and dark == 1 << 2 and tall == 1 << 2 | 1 << 8
    assert runes == 1 << 0 and (reserve_light, reserve_dark) == (3, 3)
    assert (mover, muster_left) == (1, 0)
    assert piece_map(GEOMETRY, position) == {(2, 0): "l", (2, 2): "L", (0, 2): "D"}
    assert set(piece_map(GEOMETRY, position).values()) <= set(PIECE_CODES)


def test_the_picture_of_a_position_written_by_hand():
    position = position_from_pieces(
        GEOMETRY, SMALL, {"a1": "l", "c3": "D"}, runes=[(0, 0)], reserves=(2, 1), muster_left=1
    )
    assert render_position(GEOMETRY, position) == (
        "  a b c\n"
        "3 # # D\n"
        "   * .\n"
        "2 # # .\n"
        "   . .\n"
        "1 l . .\n"
        "light to move; reserves light 2, dark 1; muster placements left 1"
    )
    assert render_position(GEOMETRY, position, stuck=True).endswith(
        "light cannot move; reserves light 2, dark 1; muster placements left 1"
    )
    assert read_position(GEOMETRY, SMALL, render_position(GEOMETRY, position)) == position


def test_pictures_round_trip_along_random_games():
    game = ValgardGame(Rules(rows=4, cols=5, reserve=5, muster=2))
    rng = random.Random(11)
    state = game.initial_state()
    for _ in range(80):
        text = render_position(game.geometry, state.position, stuck=state.is_terminal())
        assert text == state.render()
        assert read_position(game.geometry, game.rules, text) == state.position
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))


def test_every_kind_of_action_is_written_as_the_rule_text_names_it():
    game = ValgardGame(Rules(rows=4, cols=4, reserve=6, muster=2))
    state = game.parse_position("""
4 . . . .
   . . .
3 . d . .
   . . .
2 . l l .
   . . .
1 . . . .
light to move; reserves light 2, dark 3""")
    written = {action_text(game.geometry, state.position, a) for a in state.legal_actions()}
    assert {"+a1", "b2-a2", "c2-c4", "b2xb3", "b2&c2", "b2^sw", "c2^se"} <= written
    assert not {"b2-c2", "b2-b4", "b2^nw"} & written  # a rally, a blocked charge, b3 occupied


def test_notation_round_trips_every_legal_action():
    game = ValgardGame()
    rng = random.Random(7)
    state = game.initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        for action in state.legal_actions():
            assert game.parse_action(state, game.action_text(state, action)) == action
        state = state.apply(rng.choice(state.legal_actions()))


def test_an_action_not_legal_here_is_refused_with_the_legal_ones():
    game = ValgardGame(SMALL)
    state = game.initial_state()
    with pytest.raises(IllegalMoveError, match=r"'a2-a3' is not a legal action here; legal: "
                                               r"\+a1, \+b1, \+c1"):  # fmt: skip
        parse_action(game.geometry, state.position, state.legal_actions(), "a2-a3")
    with pytest.raises(IllegalMoveError, match="legal: none"):
        parse_action(game.geometry, state.position, [], "+a1")


@pytest.mark.parametrize(
    ("picture", "message"),
    [
        ("  a b c\n3 . . .\n2 . . .\n1 . . .\nlight to move; reserves light 1, dark 1",
         r"expected 3 rank lines with socket lines between \(5 lines\), got 3"),
        ("3 . . .\n   . .\n2 . x .\n   . .\n1 . . .\nlight to move; reserves light 1, dark 1",
         r"line 3 '2 \. x \.': expected 3 of"),
        ("3 . . .\n   . .\n2 . # .\n   . .\n1 . . .\nlight to move; reserves light 1, dark 1",
         r"octagon b2 is marked '#' but no rune kills it"),
        ("3 . . .\n   * .\n2 . . .\n   . .\n1 . . .\nlight to move; reserves light 1, dark 1",
         r"octagon a3 is dead land: mark it '#'"),
        ("3 . . .\n   . .\n2 . . .\n   . .\n1 . . .\nblue to move",
         r"the last line should read like"),
    ],
)  # fmt: skip
def test_bad_pictures_say_what_is_wrong(picture, message):
    with pytest.raises(RulesError, match=message):
        ValgardGame(SMALL).parse_position(picture)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pieces": {(3, 0): "l"}}, r"octagon \(3, 0\): not on a 3x3 board"),
        ({"pieces": {"a1": "x"}}, r"octagon a1: expected one of l, L, d, D, got 'x'"),
        ({"runes": [(2, 0)]}, r"socket \(2, 0\): not on a 3x3 board"),
        ({"to_move": "red"}, r"to_move: expected 'light' or 'dark', got 'red'"),
        ({"reserves": (-1, 2)}, r"reserves: expected two counts from 0 to 255"),
        ({"muster_left": 3}, r"muster_left: expected 0 to 2, got 3"),
    ],
)
def test_bad_hand_set_positions_name_the_place(kwargs, message):
    with pytest.raises(RulesError, match=message):
        ValgardGame(SMALL).position(**kwargs)
