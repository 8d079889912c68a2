"""Determinized search beats random play, cannot peek (a plain search can, and is caught
by the same test), is reproducible, and refuses games without hidden information."""

import pickle
from dataclasses import replace

import pytest

from workbench.play import (
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    play_game,
    wilson_interval,
)
from workbench.play.determinized import DeterminizedMCTSAgent, ObservingAgent, observing
from workbench.play.toy_games import TicTacToe, Tricks

GAME = Tricks()


def twins(seed):
    """A start and the same start with one card of seat 1 swapped for a face-down one:
    seat 0 cannot tell them apart."""
    state = GAME.initial_state(seed=seed)
    (hidden, *others), (down, *rest) = state.hands[1], state.face_down
    other = replace(
        state,
        hands=(state.hands[0], tuple(sorted((down, *others)))),
        face_down=tuple(sorted((hidden, *rest))),
    )
    assert GAME.observation(state, 0) == GAME.observation(other, 0) and state != other
    return state, other


def test_no_peeking_states_seat_0_cannot_tell_apart_get_the_same_action():
    pairs = [twins(seed) for seed in range(20)]
    for seed, (state, other) in enumerate(pairs):
        first = DeterminizedMCTSAgent(GAME, simulations=120, worlds=4, seed=seed).act(state)
        second = DeterminizedMCTSAgent(GAME, simulations=120, worlds=4, seed=seed).act(other)
        assert first == second
        first = ObservingAgent(GAME, agent=MCTSAgent, seed=seed).act(state)
        assert first == ObservingAgent(GAME, agent=MCTSAgent, seed=seed).act(other)
    # the same test catches an agent that peeks: a plain search reads the hidden hand
    peeks = [
        MCTSAgent(GAME, simulations=300, seed=seed).act(state)
        != MCTSAgent(GAME, simulations=300, seed=seed).act(other)
        for seed, (state, other) in enumerate(pairs)
    ]
    assert any(peeks)


def test_determinized_search_beats_random_play():
    game, wins = Tricks(cards=10, hand=5), 0
    for seed in range(100):
        agents = [DeterminizedMCTSAgent(game, simulations=200, seed=seed), RandomAgent(seed=seed)]
        if seed % 2:
            agents.reverse()
        wins += play_game(game, agents, seed=seed).returns[seed % 2] > 0
    low, _ = wilson_interval(wins, 100)
    assert low > 0.5, wins  # random play against itself wins about 48% (a draw is 0)


def test_the_same_seed_plays_the_same_game():
    def game_with(seed):
        agents = [DeterminizedMCTSAgent(GAME, simulations=60, worlds=3, seed=seed), None]
        agents[1] = observing(GreedyAgent)(GAME, seed=seed + 1)
        return play_game(GAME, agents, seed=4, record=True).log["action"].tolist()

    assert game_with(1) == game_with(1)
    assert pickle.loads(pickle.dumps(observing(GreedyAgent))).keywords == {"agent": GreedyAgent}


def test_games_without_hidden_information_and_bad_budgets_are_refused():
    with pytest.raises(ValueError, match="no observation and determinize"):
        DeterminizedMCTSAgent(TicTacToe(), simulations=10)
    with pytest.raises(ValueError, match="no observation and determinize"):
        ObservingAgent(TicTacToe())
    with pytest.raises(ValueError, match="worlds <= simulations"):
        DeterminizedMCTSAgent(GAME, simulations=3, worlds=4)
