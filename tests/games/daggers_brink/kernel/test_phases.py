"""The kernel's transitions against the Python ones, decision by decision.

At every decision of games played in Python (random agents, so every kind of action
comes up, and hand agents), the kernel applies the same action to the same position,
and the state it reaches is the one ``DaggersState.apply`` reaches: every field, the
fight it may have resolved with every die.
"""

import pytest

from workbench.games.daggers_brink.compiled import _state
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.kernel import layout as k
from workbench.games.daggers_brink.kernel import transition
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.strategies import TankAgent, strategy
from workbench.play import RandomAgent

from ..scripted import SMALL
from ..test_engine import VARIANTS
from .positions import decisions, encode, kernel_arrays


def _same(kernel, python):
    assert kernel.key() == python.key()
    assert kernel.fights() == python.fights()
    assert (kernel.round, kernel.firsts, kernel.winner) == (
        python.round,
        python.firsts,
        python.winner,
    )
    assert (kernel.draw_turns, kernel.to_the_left) == (python.draw_turns, python.to_the_left)
    assert kernel.challenge_turns == python.challenge_turns


def _every_transition_is_the_pythons(game, players, seed, most=500):
    seated = [TankAgent(game)] * game.info.num_players  # only their tables: unused here
    seen = set()
    for state, action, after in decisions(game.initial_state(seed=seed), players, most):
        tables, position = kernel_arrays(state, seated)
        transition(tables, position, *encode(state.decision, action))
        assert position[0][k.STATUS] == k.OK
        _same(_state(state, position), after)
        seen.add(state.decision)
    return seen


@pytest.mark.parametrize("changes", VARIANTS)
def test_every_transition_is_the_pythons(changes):
    for n, seed in [(3, 0), (6, 1)]:
        game = DaggersBrink(n, rules=Rules(**changes))
        players = [RandomAgent(game, seed=seed * 10 + i) for i in range(n - 1)]
        players.append(strategy("focus")(game, seed=seed))
        _every_transition_is_the_pythons(game, players, seed)


def test_every_transition_is_the_pythons_with_many_wildcards():
    game = DaggersBrink(3, deck=SMALL.with_count("W", 6), rules=Rules(attack_optional=False))
    seen = set()
    for seed in range(4):
        players = [RandomAgent(game, seed=seed * 10 + i) for i in range(3)]
        seen |= _every_transition_is_the_pythons(game, players, seed)
    assert seen == {"source", "discard", "attack", "wildcards", "strip"}
