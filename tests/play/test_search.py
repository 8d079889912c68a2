"""Alpha-beta, paranoid and max^n search against plain, unpruned recursions."""

import numpy as np
import pytest

from workbench.play import CHANCE, TERMINAL, evaluate, margin
from workbench.play.alphabeta import AlphaBetaAgent, ParanoidAgent
from workbench.play.maxn import MaxNAgent
from workbench.play.toy_games import DiceRace, Nim, Pursuit, TicTacToe


def plain_paranoid(game, state, depth, seat):
    """Unpruned minimax: ``seat`` maximises its margin, every other seat minimises it."""
    player = state.current_player()
    if player == TERMINAL or depth == 0:
        return margin(evaluate(game, state), seat)
    if player == CHANCE:
        return sum(
            float(p) * plain_paranoid(game, state.apply(o), depth - 1, seat)
            for o, p in state.chance_outcomes()
        )
    values = [plain_paranoid(game, state.apply(a), depth - 1, seat) for a in state.legal_actions()]
    return max(values) if player == seat else min(values)


def plain_maxn(game, state, depth):
    """Unmemoised max^n; the first of equally good moves wins, as in MaxNAgent."""
    player = state.current_player()
    if player == TERMINAL or depth == 0:
        values = evaluate(game, state)
        return tuple(v - sum(values) / len(values) for v in values)
    if player == CHANCE:
        outcomes = [
            (float(p), plain_maxn(game, state.apply(o), depth - 1))
            for o, p in state.chance_outcomes()
        ]
        return tuple(sum(p * v[s] for p, v in outcomes) for s in range(game.info.num_players))
    best = None
    for action in state.legal_actions():
        values = plain_maxn(game, state.apply(action), depth - 1)
        if best is None or values[player] > best[player]:
            best = values
    return best


def positions(game, count, seed):
    """Decision positions reached by random play from the start."""
    rng = np.random.default_rng(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(int(rng.integers(0, 6))):
            player = state.current_player()
            if player == TERMINAL:
                break
            options = (
                [o for o, _ in state.chance_outcomes()]
                if player == CHANCE
                else state.legal_actions()
            )
            state = state.apply(options[rng.integers(len(options))])
        if state.current_player() >= 0:
            found.append(state)
    return found


TWO_PLAYER = [TicTacToe(), Nim((2, 3, 1)), DiceRace(turns=2), Pursuit(rows=4, cols=4)]
MANY_PLAYER = [TicTacToe(rows=3, cols=4, k=3, players=3), Nim((2, 2, 1), players=3)]


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


@pytest.mark.parametrize(
    "game", TWO_PLAYER + MANY_PLAYER, ids=lambda g: f"{g.info.name}-{g.info.num_players}"
)
def test_maxn_equals_plain_maxn(game):
    for depth, state in enumerate(positions(game, 3, seed=5), start=1):
        assert MaxNAgent(game, depth=depth).values(state) == pytest.approx(
            plain_maxn(game, state, depth)
        )


@pytest.mark.parametrize("game", TWO_PLAYER, ids=lambda g: g.info.name)
def test_maxn_is_minimax_for_two_player_zero_sum(game):
    for state in positions(game, 3, seed=9):
        seat = state.current_player()
        values = MaxNAgent(game, depth=3).values(state)
        assert values[seat] == pytest.approx(plain_paranoid(game, state, 3, seat))


def test_alpha_beta_refuses_more_than_two_players():
    with pytest.raises(ValueError, match="use ParanoidAgent or MaxNAgent"):
        AlphaBetaAgent(Nim(players=3))


@pytest.mark.parametrize("agent", [AlphaBetaAgent, ParanoidAgent, MaxNAgent])
def test_search_agents_break_ties_by_seed(agent):
    game = Nim((2, 2))  # no heuristic: at depth 1 every move is worth 0
    chosen = {agent(game, depth=1, seed=s).act(game.initial_state()) for s in range(20)}
    assert len(chosen) > 1
