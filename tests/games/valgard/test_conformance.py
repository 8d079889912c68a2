"""Random games under many rule variants, checked position by position against a plain
second implementation of the rules (``reference.py``) and against invariants."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.picture import parse_position

from .reference import reference_actions, reference_apply

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
    board = state.game.board
    assert light & dark == 0
    assert tall & ~(light | dark) == 0
    assert (light | dark) & board.dead_land(runes) == 0
    assert runes & ~board.sockets == 0
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
            assert parse_position(game, state.render()) == state
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
