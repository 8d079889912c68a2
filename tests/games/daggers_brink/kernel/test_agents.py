"""The kernel's hand agents against the Python ones, decision by decision."""

import numpy as np
import pytest

from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.kernel import choice
from workbench.games.daggers_brink.kernel import layout as k
from workbench.games.daggers_brink.rules import Rules

from ..scripted import SMALL
from ..test_compiled import POOL
from ..test_engine import VARIANTS
from .positions import decisions, encode, kernel_arrays


def _every_choice_is_the_python_agents(game, seed, most=600):
    n = game.info.num_players
    rng = np.random.default_rng([n, seed])
    agents = [POOL[i](game, seed=s) for s, i in enumerate(rng.choice(len(POOL), size=n))]
    seen = set()
    for state, action, _ in decisions(game.initial_state(seed=seed), agents, most):
        tables, position = kernel_arrays(state, agents)
        chosen = tuple(int(v) for v in choice(tables, position))
        assert position[0][k.STATUS] == k.OK
        assert chosen == encode(state.decision, action), (state.decision, state.render())
        seen.add(state.decision)
    return seen


@pytest.mark.parametrize("changes", VARIANTS)
def test_every_choice_is_the_python_agents(changes):
    seen = set()
    for players, seed in [(3, 0), (5, 1)]:
        seen |= _every_choice_is_the_python_agents(
            DaggersBrink(players, rules=Rules(**changes)), seed
        )
    assert {"source", "discard", "attack"} <= seen


def test_every_choice_is_the_python_agents_with_many_wildcards():
    game = DaggersBrink(3, deck=SMALL.with_count("W", 6))
    seen = set().union(*(_every_choice_is_the_python_agents(game, seed) for seed in range(3)))
    assert seen == {"source", "discard", "attack", "wildcards", "strip"}
