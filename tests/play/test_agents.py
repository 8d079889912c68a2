"""Random and greedy agents: legal, seeded, never mutating, and greedy where it should be."""

import itertools
from functools import partial, reduce
from operator import xor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.play import CHANCE, GreedyAgent, MCTSAgent, RandomAgent, evaluate, margin
from workbench.play.toy_games import DiceRace, Nim, NimState, Pursuit, TicTacToe

AGENTS = [RandomAgent, GreedyAgent, partial(MCTSAgent, simulations=30)]
GAMES = [
    Nim((2, 3)),
    TicTacToe(rows=3, cols=3, k=3, players=3),
    DiceRace(),
    Pursuit(rows=4, cols=4),
]


def _walk(game, steps, seed):
    """A random position reached by ``steps`` random actions (chance included)."""
    rng = np.random.default_rng(seed)
    state = game.initial_state()
    for _ in range(steps):
        player = state.current_player()
        if player < 0 and player != CHANCE:
            break
        options = (
            [o for o, _ in state.chance_outcomes()] if player == CHANCE else state.legal_actions()
        )
        candidate = state.apply(options[rng.integers(len(options))])
        if candidate.is_terminal():
            break
        state = candidate
    while state.current_player() == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


@settings(max_examples=25, deadline=None)
@given(
    agent=st.sampled_from(AGENTS),
    game=st.sampled_from(GAMES),
    steps=st.integers(0, 6),
    seed=st.integers(0, 2**32),
)
def test_agents_play_legal_actions_without_changing_the_state(agent, game, steps, seed):
    state = _walk(game, steps, seed)
    key, rendering = state.key(), state.render()
    action = agent(game, seed=seed).act(state)
    assert action in state.legal_actions()
    assert (state.key(), state.render()) == (key, rendering)


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize(
    "seed", [lambda: 7, lambda: np.random.default_rng(7), lambda: np.random.SeedSequence(7)]
)
def test_same_seed_same_choices(agent, seed):
    game = DiceRace(turns=4)
    state = game.initial_state()
    first, again = agent(game, seed=7), agent(game, seed=seed())
    assert [first.act(state) for _ in range(8)] == [again.act(state) for _ in range(8)]
    assert agent(game, seed=None).act(state) in state.legal_actions()


def test_random_agent_spreads_over_all_actions():
    game = TicTacToe()
    agent = RandomAgent(game, seed=0)
    seen = {agent.act(game.initial_state()) for _ in range(200)}
    assert seen == set(range(9))


def test_greedy_takes_a_win_and_otherwise_follows_the_heuristic():
    game = TicTacToe()
    state = game.initial_state()
    for cell in (0, 3, 1, 4):
        state = state.apply(cell)
    assert GreedyAgent(game, seed=0).act(state) == 2
    # first move: the centre opens the most lines, so the heuristic prefers it
    assert {GreedyAgent(game, seed=s).act(game.initial_state()) for s in range(10)} == {4}


def test_greedy_without_heuristic_takes_immediate_wins_only():
    game = Nim((3,))
    assert GreedyAgent(game, seed=0).act(game.initial_state()) == (0, 3)
    state = NimState((2, 2), 0)  # no immediate win: any move, chosen at random
    assert len({GreedyAgent(game, seed=s).act(state) for s in range(30)}) == 4


def test_greedy_weighs_chance_by_probability():
    game = DiceRace(turns=1, sides=3)
    state = game.initial_state()  # rolling gains 5/3 on average, holding 1
    assert GreedyAgent(game, seed=0).act(state) == "roll"
    assert evaluate(game, state.apply("roll")) == pytest.approx((5 / 9, -5 / 9))


@pytest.mark.parametrize(
    ("values", "seat", "expected"),
    [((1, -1), 0, 1.0), ((1, -0.5, -0.5), 2, -0.5), ((3, 3, 3), 1, 0.0), ((4, 0, 2), 0, 2.0)],
)
def test_margin_is_value_minus_mean(values, seat, expected):
    assert margin(values, seat) == pytest.approx(expected)


@pytest.mark.parametrize(
    "heaps", [h for h in itertools.product(range(4), repeat=3) if reduce(xor, h)]
)
def test_mcts_finds_the_winning_nim_move(heaps):
    """Independent check: a winning Nim move leaves heaps whose xor is 0 (Bouton's theorem)."""
    state = NimState(heaps, 0)
    action = MCTSAgent(Nim(heaps), simulations=1000, seed=1).act(state)
    assert reduce(xor, state.apply(action).heaps) == 0
