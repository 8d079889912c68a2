"""The kernel's loop: ply limits, and pausing for more dice and shuffles changes nothing."""

import numpy as np

from workbench.games.daggers_brink.compiled import _position, _shared_arrays
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.kernel import layout, run
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.strategies import BalancedAgent

GAME = DaggersBrink(6, rules=Rules(starting_tokens=10))  # long games: many dice, shuffles


def _start(seed, *, blocks=0):
    """A game's first position, its chance source (``blocks`` more blocks drawn) and the
    kernel's tables for six balanced agents."""
    state = GAME.initial_state(seed=seed)
    for _ in range(blocks):
        state._c.draw_more(faces=True, shuffles=True)
    arrays = _shared_arrays(state.table)
    seated = arrays.seated([BalancedAgent(GAME)] * 6)
    return state._c, seated, arrays, _position(state, 4096)


def test_a_ply_limit_stops_the_loop_there():
    chance, seated, arrays, position = _start(0, blocks=2)
    run(arrays.tables(seated, *chance.arrays()), position, 25)
    g = position[0]
    assert g[layout.STATUS] == layout.OK and g[layout.PLIES] == 25 and g[layout.DECISION]
    run(arrays.tables(seated, *chance.arrays()), position, 40)
    assert g[layout.PLIES] == 40


def test_pausing_for_more_dice_and_shuffles_ends_where_one_run_ends():
    chance, seated, arrays, paused = _start(1)
    pauses, g = 0, paused[0]
    while True:
        faces, orders = chance.arrays()
        run(arrays.tables(seated, faces, orders), paused, -1)
        if g[layout.STATUS] != layout.PAUSED:
            break
        pauses += 1
        g[layout.STATUS] = layout.OK
        chance.draw_more(
            faces=len(faces) - g[layout.DICE] < layout.FACE_RESERVE,
            shuffles=len(orders) - g[layout.SHUFFLES] < layout.SHUFFLE_RESERVE,
        )
    assert g[layout.STATUS] == layout.OK and not g[layout.DECISION] and pauses >= 2
    chance, seated, arrays, once = _start(1, blocks=8)
    run(arrays.tables(seated, *chance.arrays()), once, -1)
    assert once[0][layout.STATUS] == layout.OK
    for got, expected in zip(paused[:11], once[:11], strict=True):  # all but scratch space
        np.testing.assert_array_equal(got, expected)
