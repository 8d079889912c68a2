"""The Valgard engine as a play-protocol game: immutability, keys, returns, playouts,
and random games checked position by position against a plain second implementation
of the rules (``reference.py``) and against invariants."""

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.valgard import Rules, ValgardGame
from workbench.play import check_game, state_graph
from workbench.play.protocol import TERMINAL, Game, HasHeuristic, HasSuccessorKeys, State

from .reference import reference_actions, reference_apply

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


# -- against the reference implementation ----------------------------------------

VARIANTS = [
    {},
    {"hardcore": True},
    {"charge_captures": True},
    {"charge": False},
    {"rally": False, "valkyrie_capture": "anyone"},
    {"valkyrie_capture": "never", "deploy": False},
    {"runes": False, "first_player": "dark", "no_move": "draw"},
]
BOARDS = [(3, 3, 4, 1), (3, 4, 5, 2), (4, 4, 6, 2), (6, 6, 12, 3), (5, 2, 3, 2)]


def _random_game(game, seed, max_plies=120):
    rng = random.Random(seed)
    state = game.initial_state()
    yield state
    for _ in range(max_plies):
        if state.is_terminal():
            return
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


def _check_invariants(state, total_pieces):
    light, dark, tall, runes, *_ = state.position
    geometry = state.game.geometry
    assert light & dark == 0
    assert tall & ~(light | dark) == 0
    assert (light | dark) & geometry.dead_land(runes) == 0
    assert runes & ~geometry.sockets == 0
    on_board = (light | dark).bit_count() + tall.bit_count()
    spent = runes.bit_count()
    held = sum(state.reserves)
    if state.game.rules.hardcore:
        assert on_board + held + spent <= total_pieces
    else:
        assert on_board + held + spent == total_pieces


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v) or "default")
@pytest.mark.parametrize("rows,cols,reserve,muster", BOARDS)
def test_engine_matches_reference_in_random_games(variant, rows, cols, reserve, muster):
    rules = Rules(rows=rows, cols=cols, reserve=reserve, muster=muster, **variant)
    game = ValgardGame(rules)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state()
        for _ in range(120):
            texts = [game.action_text(state, a) for a in state.legal_actions()]
            assert len(texts) == len(set(texts))
            assert set(texts) == reference_actions(state), state.render()
            _check_invariants(state, 2 * reserve)
            assert game.parse_position(state.render()) == state
            assert game.state_from_key(state.key()) == state
            if not texts:
                break
            text = rng.choice(texts)
            expected = reference_apply(state, text)
            state = state.apply(game.parse_action(state, text))
            found = (state.pieces(), state.runes(), state.reserves, state.mover)
            assert (*found, state.muster_left) == expected, text


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(VARIANTS))
def test_keys_identify_positions(seed, variant):
    """Equal keys if and only if equal positions, along random games."""
    game = ValgardGame(Rules(rows=4, cols=4, reserve=5, muster=2, **variant))
    seen = {}
    for state in _random_game(game, seed, max_plies=60):
        known = seen.setdefault(state.key(), state)
        assert known == state
        assert hash(known) == hash(state)
