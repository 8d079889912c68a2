"""Max^n search against a plain, unmemoised max^n and, for two seats, plain minimax."""

import pytest

from tests.play.reference import MANY_PLAYER, TWO_PLAYER, plain_paranoid, positions
from workbench.play import CHANCE, TERMINAL, evaluate
from workbench.play.maxn import MaxNAgent
from workbench.play.toy_games import Nim


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


def test_search_agents_break_ties_by_seed():
    game = Nim((2, 2))  # no heuristic: at depth 1 every move is worth 0
    chosen = {MaxNAgent(game, depth=1, seed=s).act(game.initial_state()) for s in range(20)}
    assert len(chosen) > 1


@pytest.mark.parametrize("game", MANY_PLAYER, ids=lambda g: f"{g.info.name}-{g.info.num_players}")
def test_the_move_played_is_one_best_for_the_mover(game):
    for state in positions(game, 3, seed=2):
        seat = state.current_player()
        child = state.apply(MaxNAgent(game, depth=2, seed=0).act(state))
        assert plain_maxn(game, child, 1)[seat] == pytest.approx(plain_maxn(game, state, 2)[seat])
