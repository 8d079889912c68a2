"""A Python state as the kernel's arrays, and Python actions in the kernel's encoding."""

from workbench.games.daggers_brink.actions import CHALLENGE, DECK, DISCARD_PILE, PASS, STAND
from workbench.games.daggers_brink.compiled import _position, _shared_arrays
from workbench.games.daggers_brink.kernel import layout as k

_SOURCES = {DECK: k.DECK, DISCARD_PILE: k.DISCARD_PILE, CHALLENGE: k.CHALLENGE, STAND: k.STAND}


def encode(decision, action):
    """``action`` at ``decision`` as the kernel's two integers (see ``kernel.agents.choose``)."""
    if decision == "source":
        return _SOURCES[action], 0
    if decision == "attack":
        return (k.PASS, 0) if action == PASS else (action[0], len(action[1]))
    if decision == "wildcards":
        return len(action), 0
    return action, 0


def kernel_arrays(state, agents):
    """The kernel's ``T`` (for hand ``agents``) and ``S`` for ``state``, with dice and
    shuffles enough for one decision."""
    chance = state._c
    faces, orders = chance.arrays()
    while len(faces) - state.dice < k.FACE_RESERVE or len(orders) - state.shuffles < 3:
        chance.draw_more(faces=True, shuffles=True)
        faces, orders = chance.arrays()
    arrays = _shared_arrays(state.table)
    return arrays.tables(arrays.seated(agents), faces, orders), _position(state, 4)


def decisions(state, players, most):
    """The decisions of a game played in Python from ``state`` (at most ``most``): each
    state with the action of the seat to move, then the state that action leads to."""
    for _ in range(most):
        if state.is_terminal():
            return
        action = players[state.player].act(state)
        after = state.apply(action)
        yield state, action, after
        state = after
