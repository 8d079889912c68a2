"""The Valgard engine as a play-protocol game: immutability, keys, returns, heuristic,
playouts, notation and pictures."""

import pickle
import random

import pytest

from workbench.errors import RulesError
from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.picture import parse_position
from workbench.play import check_game, state_graph
from workbench.play.protocol import TERMINAL, Game, HasHeuristic, HasSuccessorKeys, State

SMALL = Rules(rows=3, cols=3, reserve=3, muster=1)


def test_the_game_speaks_the_play_protocol():
    game = ValgardGame()
    state = game.initial_state()
    assert isinstance(game, Game) and isinstance(game, HasHeuristic)
    assert isinstance(state, State)
    assert game.info.num_players == 2 and game.info.zero_sum and game.info.cycles
    assert not game.info.chance and game.info.max_plies == 300
    assert state.chance_outcomes() == [] and state.current_player() == 0


def test_states_are_immutable_and_apply_returns_a_new_state():
    state = ValgardGame(SMALL).initial_state()
    before = state.key()
    after = state.apply(state.legal_actions()[0])
    assert state.key() == before and after != state
    with pytest.raises(AttributeError, match="immutable"):
        state.position = None


def test_states_and_games_pickle_for_process_pools():
    game = ValgardGame(SMALL.replace(hardcore=True))
    state = game.initial_state()
    state = state.apply(state.legal_actions()[1])
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.game.rules.hardcore and copy.legal_actions()


def test_key_is_one_compact_int():
    game = ValgardGame()
    rng = random.Random(3)
    state = game.initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state.key(), int) and state.key().bit_length() <= 4 * 36 + 22


def test_same_position_same_key_whatever_the_move_order():
    game = ValgardGame(SMALL)
    one = game.initial_state()
    for text in ("+a1", "+a3", "a1-a2", "a3-b3", "a2-b2", "b3-c3"):
        one = one.apply(game.parse_action(one, text))
    two = game.initial_state()
    for text in ("+c1", "+c3", "c1-c2", "c3-b3", "c2-b2", "b3-c3"):
        two = two.apply(game.parse_action(two, text))
    assert one.key() == two.key() and one == two and hash(one) == hash(two)


def test_returns_and_current_player_at_the_end():
    game = ValgardGame(SMALL)
    state = game.position({"b2": "d"}, to_move="light", reserves=(0, 0))
    assert state.current_player() == TERMINAL and state.returns() == (-1.0, 1.0)
    assert "light cannot move" in state.render()
    assert game.heuristic(state) == (-1.0, 1.0)


def test_heuristic_favours_material_and_stays_inside_the_returns():
    game = ValgardGame(SMALL)
    even = game.position({"a1": "l", "a3": "d"}, reserves=(1, 1))
    up = game.position({"a1": "L", "a3": "d"}, reserves=(1, 1))
    assert game.heuristic(even) == (0.0, 0.0)
    light, dark = game.heuristic(up)
    assert 0 < light < 1 and dark == -light


def test_playout_agrees_with_stepping_through_states():
    game = ValgardGame(Rules(rows=4, cols=4, reserve=6, muster=2))
    for seed in range(5):
        rng = random.Random(seed)
        state, plies = game.initial_state(), 0
        while not state.is_terminal() and plies < game.rules.max_plies:
            actions = state.legal_actions()
            state = state.apply(actions[int(rng.random() * len(actions))])
            plies += 1
        winner = -1 if not state.is_terminal() else state.returns().index(1.0)
        assert game.playout(game.initial_state(), seed=seed) == (winner, plies)


def test_playout_hits_the_ply_cap_as_a_draw():
    game = ValgardGame(Rules(max_plies=5))
    assert game.playout(game.initial_state(), seed=0) == (-1, 5)


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
        parse_position(ValgardGame(SMALL), picture)


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


@pytest.mark.parametrize(
    "rules", [Rules(), SMALL, Rules(rows=4, cols=5, hardcore=True, no_move="draw", muster=2)]
)
def test_generic_protocol_checks_pass(rules):
    assert check_game(ValgardGame(rules), games=5, seed=1, max_plies=150) == []


class _ProtocolOnly:
    """The game seen through the plain protocol (its successor-keys hook hidden)."""

    def __init__(self, game):
        self.info, self._game = game.info, game

    def initial_state(self, *, seed=None):
        return self._game.initial_state()


@pytest.mark.parametrize(
    "rules",
    [SMALL.replace(reserve=2), SMALL.replace(rows=2, cols=2, reserve=2, hardcore=True)],
    ids=["3x3", "2x2 hardcore"],
)
def test_the_successor_keys_hook_enumerates_the_same_graph(rules):
    game = ValgardGame(rules)
    assert isinstance(game, HasSuccessorKeys)
    fast, plain = state_graph(game), state_graph(_ProtocolOnly(game))
    assert list(fast.index) == list(plain.index)
    assert fast.player.tolist() == plain.player.tolist()
    assert fast.offsets.tolist() == plain.offsets.tolist()
    assert fast.targets.tolist() == plain.targets.tolist()
    assert fast.returns == plain.returns and int((fast.player == TERMINAL).sum()) > 0


def test_successor_keys_follow_legal_actions_in_random_games():
    game = ValgardGame()
    rng = random.Random(5)
    for _ in range(3):
        state = game.initial_state()
        for _ in range(60):
            player, keys = game.successor_keys(state.key())
            assert player == state.current_player()
            assert keys == [state.apply(action).key() for action in state.legal_actions()]
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_actions()))
