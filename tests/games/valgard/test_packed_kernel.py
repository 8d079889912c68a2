"""The compiled batch move generator against the plain protocol on the full 4x4 board:
positions met in random games under every rule variant, in batches big enough that the
kernel grows its move arrays (the small boards, every position, are in ``test_packed``)."""

import numpy as np
import pytest

from tests.games.valgard.packed_checks import assert_packed_moves_are_the_protocol_moves
from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.exact import VARIANTS
from workbench.play import TERMINAL

KNOBS = {**VARIANTS, "no move draws": {"no_move": "draw"}}


def _positions_of_random_games(game, games=12, seed=0):
    rng, states = np.random.default_rng(seed), []
    for _ in range(games):
        state = game.initial_state()
        for _ in range(60):
            states.append(state)
            if state.current_player() == TERMINAL:
                break
            actions = state.legal_actions()
            state = state.apply(actions[rng.integers(len(actions))])
    return states


@pytest.mark.parametrize("variant", list(KNOBS))
def test_a_big_batch_has_the_protocol_moves_position_by_position(variant):
    game = ValgardGame(Rules(rows=4, cols=4, reserve=4, muster=3, **KNOBS[variant]))
    states = _positions_of_random_games(game)
    busiest = max(states, key=lambda state: len(state.legal_actions()))
    states += [busiest] * 200  # more than 16 moves a position: the arrays grow
    assert len(busiest.legal_actions()) > 16 or variant == "no charge"  # growth tested
    assert_packed_moves_are_the_protocol_moves(game, states)
