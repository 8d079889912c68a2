"""Pursuit keeps the protocol, steps to neighbours only, and ends by a catch or an escape."""

import itertools

import pytest

from workbench.errors import IllegalMoveError, RulesError
from workbench.play import check_game
from workbench.play.toy_games import Pursuit


def test_random_games_keep_the_protocol():
    assert check_game(Pursuit(), games=30, seed=1) == []


def test_illegal_actions_are_refused():
    with pytest.raises(IllegalMoveError, match="not legal"):
        Pursuit(rows=3, cols=3).initial_state().apply(0)


def test_bad_settings_are_refused():
    with pytest.raises(RulesError):
        Pursuit(hunter=(0, 2), runner=(0, 2)).initial_state()


def test_pursuit_runner_cannot_step_onto_the_hunter_and_wins_at_an_exit():
    state = Pursuit(rows=3, cols=3, hunter=(1, 1), runner=(0, 1)).initial_state().apply(4)
    assert 4 not in state.legal_actions()
    assert state.apply(0).returns() == (-1.0, 1.0)


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (3, 3), (4, 5)])
def test_steps_are_the_cells_at_most_one_apart(rows, cols):
    """Independent check: a cell's steps are itself first, then every cell at Manhattan
    distance 1."""
    game = Pursuit(rows=rows, cols=cols)
    for (r, c), cell in zip(itertools.product(range(rows), range(cols)), itertools.count()):
        near = {
            rr * cols + cc
            for rr, cc in itertools.product(range(rows), range(cols))
            if abs(rr - r) + abs(cc - c) == 1
        }
        assert game.neighbours[cell][0] == cell
        assert sorted(game.neighbours[cell][1:]) == sorted(near)


def test_the_hunter_wins_by_stepping_onto_the_runner():
    state = Pursuit(rows=3, cols=3, exits=(), hunter=(1, 1), runner=(1, 2)).initial_state()
    caught = state.apply(5)
    assert caught.is_terminal() and caught.returns() == (1.0, -1.0)
    assert caught.render().splitlines()[1] == ". . X"


def test_heuristic_favours_a_runner_near_an_exit_and_far_from_the_hunter():
    game = Pursuit(rows=5, cols=5, exits=((0, 0),), hunter=(4, 4), runner=(0, 1))
    near_exit = game.heuristic(game.initial_state())
    far = Pursuit(rows=5, cols=5, exits=((0, 0),), hunter=(0, 3), runner=(4, 4))
    assert near_exit[1] > 0 > far.heuristic(far.initial_state())[1]
    assert sum(near_exit) == 0.0
