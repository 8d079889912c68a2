"""The compiled batch move generator against the plain protocol on the full 4x4 board:
positions met in random games under every rule variant, in batches big enough that the
kernel grows its move arrays (the small boards, every position, are in ``test_packed``)."""

import collections

import numpy as np
import pytest

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
    codes = np.array([game.packed_code(state) for state in states], dtype=np.uint64)
    expansion = game.packed_successors(codes)
    children = collections.defaultdict(list)
    for parent, child in zip(expansion.parents.tolist(), expansion.children.tolist(), strict=True):
        children[parent].append(child)
    assert len(busiest.legal_actions()) > 16 or variant == "no charge"  # growth tested
    for number, state in enumerate(states):
        want = sorted(game.packed_code(state.apply(a)) for a in state.legal_actions())
        assert sorted(children[number]) == want, state.render()
        assert expansion.player[number] == state.current_player()
        terminal_value = state.returns()[0] if state.current_player() == TERMINAL else 0.0
        assert expansion.value[number] == terminal_value
