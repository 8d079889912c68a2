"""Hints against a fresh search: on random positions, each move's value from the solved
table is the value a retrograde solve from the position it leads to finds, through the
plain protocol enumeration; the perfect player only plays moves the solver rates best."""

import random

import pytest

from workbench.games.valgard.exact import VARIANTS, small_board_rules
from workbench.games.valgard.hints import MoveValue, TablePlayer, best_moves, move_values
from workbench.games.valgard.solved import SolvedTable
from workbench.play import solve
from workbench.play.retrograde import DRAW, retrograde
from workbench.play.statespace import state_graph

CASES = [("3x3", {}), ("3x3", VARIANTS["hardcore"]), ("2x2", VARIANTS["no deploy"])]


def _table(board, knobs):
    rows, cols = map(int, board.split("x"))
    return SolvedTable.solve(small_board_rules(rows, cols, reserve=2, **knobs))


def _random_positions(game, count, seed):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(1, 30)):
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
    return found


def _fresh_value(state, seat):
    """The value for ``seat`` of ``state``, solved from it alone (no packed codes)."""
    graph = state_graph(state.game, state=state, max_states=100_000)
    winner, plies = retrograde(graph)
    outcome = "draw" if winner[0] == DRAW else "win" if winner[0] == seat else "loss"
    return MoveValue(outcome, None if plies[0] < 0 else int(plies[0]) + 1)


@pytest.mark.parametrize(("board", "knobs"), CASES, ids=["3x3", "3x3-hardcore", "2x2-no-deploy"])
def test_hint_values_are_those_of_a_fresh_search(board, knobs):
    table = _table(board, knobs)
    for state in _random_positions(table.game, 12, seed=len(board) + len(knobs)):
        values = move_values(table, state)
        assert list(values) == state.legal_actions()
        for action, value in values.items():
            assert value == _fresh_value(state.apply(action), state.mover), state.render()


def test_some_positions_have_decisive_moves():
    table = _table("2x2", VARIANTS["hardcore"])
    outcomes = {
        value.outcome
        for state in _random_positions(table.game, 30, seed=1)
        for value in move_values(table, state).values()
    }
    assert outcomes == {"win", "draw", "loss"}


def test_the_perfect_player_plays_the_solvers_best_moves():
    table = _table("2x2", VARIANTS["hardcore"])
    solution = solve(table.game)
    player = TablePlayer(table, seed=0)
    for state in _random_positions(table.game, 30, seed=2):
        assert set(best_moves(table, state)) == set(solution.best_actions(state))
        assert player.act(state) in solution.best_actions(state)
