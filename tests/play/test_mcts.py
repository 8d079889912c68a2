"""MCTS: n players, chance nodes, budgets, and play that beats chance."""

import pytest

from workbench.play import MCTSAgent, RandomAgent, play_game
from workbench.play.toy_games import DiceRace, Nim, NimState, TicTacToe


def test_blocks_an_immediate_threat():
    game = TicTacToe()
    state = game.initial_state()
    for cell in (0, 4, 1):
        state = state.apply(cell)
    assert MCTSAgent(game, simulations=400, seed=2).act(state) == 2


def test_three_players_each_take_a_win_in_one():
    game = Nim((1, 1, 1), players=3)
    state = NimState((0, 0, 1), 2, 3)  # seat 2 takes the last counter
    assert MCTSAgent(game, simulations=50, seed=0).act(state) == (2, 1)


def test_chance_nodes_are_averaged_not_trusted():
    """Last decision of a 1-round race, seat 1 behind by 1: holding only draws, rolling
    wins with probability 2/3 (faces 2 and 3), so MCTS must roll."""
    game = DiceRace(turns=1, sides=3)
    state = game.initial_state().apply("hold")
    assert MCTSAgent(game, simulations=300, seed=0).act(state) == "roll"
    # and seat 0, first to act, knows rolling beats holding on average
    table = MCTSAgent(game, simulations=2000, seed=0).analyse(game.initial_state())
    assert table.iloc[0]["action"] == "roll"
    assert table["visits"].sum() == 2000  # every simulation passes through one root child


def test_seconds_budget_runs_at_least_one_simulation():
    game = TicTacToe()
    table = MCTSAgent(game, seconds=0.0, seed=0).analyse(game.initial_state())
    assert table["visits"].sum() >= 1


def test_single_legal_action_is_played_without_search():
    game = Nim((1,))
    assert MCTSAgent(game, seed=0).act(game.initial_state()) == (0, 1)


@pytest.mark.parametrize("bad", [0, -5])
def test_budget_must_be_positive(bad):
    with pytest.raises(ValueError, match="simulations"):
        MCTSAgent(TicTacToe(), simulations=bad)


def test_no_decision_to_make_is_refused():
    game = DiceRace(turns=1)
    with pytest.raises(ValueError, match="no decision"):
        MCTSAgent(game, seed=0).analyse(game.initial_state().apply("roll"))


def test_rollout_cap_uses_the_heuristic():
    game = TicTacToe()
    agent = MCTSAgent(game, simulations=200, rollout_plies=0, seed=0)
    assert agent.act(game.initial_state()) == 4  # the heuristic alone prefers the centre


def test_beats_random_play_at_tic_tac_toe():
    game = TicTacToe()
    results = []
    for seed in range(10):
        agents = [MCTSAgent(game, simulations=200, seed=seed), RandomAgent(game, seed=seed)]
        if seed % 2:
            agents.reverse()
        record = play_game(game, agents, seed=seed)
        results.append(record.returns[seed % 2])
    assert min(results) >= 0  # never loses
    assert sum(r > 0 for r in results) >= 7
