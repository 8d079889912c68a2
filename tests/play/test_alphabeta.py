"""Alpha-beta and paranoid search against plain, unpruned minimax."""

import pytest

from tests.play.reference import MANY_PLAYER, TWO_PLAYER, plain_paranoid, positions
from workbench.play.alphabeta import AlphaBetaAgent, ParanoidAgent
from workbench.play.toy_games import Nim, NimState, Pursuit, TicTacToe


@pytest.mark.parametrize(
    "game", TWO_PLAYER + MANY_PLAYER, ids=lambda g: f"{g.info.name}-{g.info.num_players}"
)
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_pruned_search_equals_plain_minimax(game, depth):
    agent_class = AlphaBetaAgent if game.info.num_players == 2 else ParanoidAgent
    for state in positions(game, 4, seed=depth):
        seat = state.current_player()
        result = agent_class(game, seed=depth).search(state, depth=depth)
        assert result.value == pytest.approx(plain_paranoid(game, state, depth, seat))
        chosen = plain_paranoid(game, state.apply(result.action), result.depth - 1, seat)
        assert chosen == pytest.approx(result.value)


def test_alpha_beta_solves_tic_tac_toe_with_fewer_nodes_than_minimax():
    game = TicTacToe()
    result = AlphaBetaAgent(game, depth=9, seed=0).search(game.initial_state())
    assert result.exact and result.value == 0.0
    assert result.nodes < 549_945 / 20  # the full game tree has 549,946 nodes


def test_alpha_beta_stops_deepening_once_exact():
    game = Nim((1, 2))
    result = AlphaBetaAgent(game, depth=50, seed=0).search(game.initial_state())
    assert result.exact and result.depth <= 3 and result.value == 1.0


def test_time_budget_gives_a_legal_move():
    game = Pursuit(rows=6, cols=6)
    state = game.initial_state()
    result = AlphaBetaAgent(game, seconds=0.05, seed=0).search(state)
    assert result.action in state.legal_actions() and result.depth >= 1


def test_alpha_beta_refuses_more_than_two_players():
    with pytest.raises(ValueError, match="use ParanoidAgent or MaxNAgent"):
        AlphaBetaAgent(Nim(players=3))


@pytest.mark.parametrize("agent", [AlphaBetaAgent, ParanoidAgent])
def test_search_agents_break_ties_by_seed(agent):
    game = Nim((2, 2))  # no heuristic: at depth 1 every move is worth 0
    chosen = {agent(game, depth=1, seed=s).act(game.initial_state()) for s in range(20)}
    assert len(chosen) > 1


def test_a_search_cut_at_the_horizon_is_not_exact():
    game = TicTacToe()
    result = AlphaBetaAgent(game, depth=2, seed=0).search(game.initial_state())
    assert (result.depth, result.exact) == (2, False)
    assert result.value == pytest.approx(plain_paranoid(game, game.initial_state(), 2, 0))


def test_no_decision_to_make_is_refused():
    game = Nim((1,))
    with pytest.raises(ValueError, match="no decision"):
        ParanoidAgent(game).search(NimState((0,), 1))
