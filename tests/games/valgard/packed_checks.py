"""The check shared by the packed move generator's tests: a batch of positions expanded
at once has, position by position, what the plain protocol gives."""

import collections

import numpy as np

from workbench.play import TERMINAL


def assert_packed_moves_are_the_protocol_moves(game, states):
    """The packed expansion of ``states`` has, position by position, the moves, the player
    and the terminal return the protocol gives (codes folded with mirror images when
    the game folds them)."""
    codes = np.array([game.packed_code(state) for state in states], dtype=np.uint64)
    for code, state in zip(codes, states, strict=True):  # the state, or its mirror image
        back = game.packed_state(code)
        assert back == state if not game.fold_mirror else game.packed_code(back) == code
    expansion = game.packed_successors(codes)
    children = collections.defaultdict(list)
    for parent, child in zip(expansion.parents.tolist(), expansion.children.tolist(), strict=True):
        children[parent].append(child)
    for number, state in enumerate(states):
        want = sorted(game.packed_code(state.apply(a)) for a in state.legal_actions())
        assert sorted(children[number]) == want, state.render()
        assert expansion.player[number] == state.current_player()
        terminal_value = state.returns()[0] if state.current_player() == TERMINAL else 0.0
        assert expansion.value[number] == terminal_value
