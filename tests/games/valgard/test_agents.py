"""Valgard's agents: the material heuristic (checked against counting by hand) and MCTS."""

import math
import random

from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.agents import ROLLOUT_PLIES, material_heuristic, mcts_agent
from workbench.play import MCTSAgent

SMALL = Rules(rows=3, cols=3, reserve=3, muster=1)


def test_heuristic_favours_material_and_stays_inside_the_returns():
    game = ValgardGame(SMALL)
    even = game.position({"a1": "l", "a3": "d"}, reserves=(1, 1))
    up = game.position({"a1": "L", "a3": "d"}, reserves=(1, 1))
    assert game.heuristic(even) == (0.0, 0.0)
    light, dark = game.heuristic(up)
    assert 0 < light < 1 and dark == -light


def _counted(state):
    """The heuristic's score counted from the piece letters: 1 a warrior, 2.5 a Valkyrie,
    0.5 a reserve piece, light minus dark."""
    worth = {"l": 1.0, "L": 2.5, "d": -1.0, "D": -2.5}
    score = sum(worth[code] for code in state.pieces().values())
    score += 0.5 * (state.reserves[0] - state.reserves[1])
    return math.tanh(score / 4)


def test_heuristic_is_the_material_count_along_random_games():
    game = ValgardGame(Rules(rows=4, cols=4, reserve=6, muster=2))
    rng = random.Random(2)
    state = game.initial_state()
    for _ in range(100):
        if state.is_terminal():
            assert game.heuristic(state) == state.returns()
            break
        light, dark = material_heuristic(state.position)
        assert abs(light - _counted(state)) < 1e-12 and dark == -light
        assert game.heuristic(state) == (light, dark)
        state = state.apply(rng.choice(state.legal_actions()))


def test_mcts_agent_cuts_playouts_and_plays_legal_moves():
    factory = mcts_agent(20)
    assert factory.func is MCTSAgent
    assert factory.keywords == {"simulations": 20, "rollout_plies": ROLLOUT_PLIES}
    game = ValgardGame(SMALL)
    state = game.initial_state()
    first = factory(game, seed=0).act(state)
    assert first in state.legal_actions()
    assert factory(game, seed=0).act(state) == first
