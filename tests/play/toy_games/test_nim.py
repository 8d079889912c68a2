"""Nim keeps the protocol, refuses bad moves and settings, and shares a loss among the others."""

import itertools

import pytest

from workbench.errors import IllegalMoveError, RulesError
from workbench.play import check_game, state_graph
from workbench.play.toy_games import Nim, NimState


@pytest.mark.parametrize("game", [Nim(), Nim((2, 3), players=3)], ids=str)
def test_random_games_keep_the_protocol(game):
    assert check_game(game, games=30, seed=1) == []


@pytest.mark.parametrize("action", [(1, 3), (2, 1)])
def test_illegal_actions_are_refused(action):
    with pytest.raises(IllegalMoveError, match="not legal"):
        Nim((1, 2)).initial_state().apply(action)


@pytest.mark.parametrize("build", [lambda: Nim(players=1), lambda: Nim(())])
def test_bad_settings_are_refused(build):
    with pytest.raises(RulesError):
        build()


def test_the_last_taker_wins_and_the_others_share_the_loss():
    assert NimState((0, 1), 1, 3).apply((1, 1)).returns() == (-0.5, 1.0, -0.5)
    assert NimState((0, 1), 0, 3).returns() == (0.0, 0.0, 0.0)  # not over yet


@pytest.mark.parametrize("heaps", [(1, 2), (2, 2, 1), (3,), (1, 1, 1)])
def test_reachable_positions_follow_from_counting_moves(heaps):
    """Independent count: heaps ``p`` below the start take from ``d`` (heaps changed) to
    ``t`` (counters taken) moves to reach, any number in between; so both seats can be
    to move there when ``d < t``, else only the seat of parity ``d``."""
    expected = set()
    for position in itertools.product(*(range(h + 1) for h in heaps)):
        changed = sum(p != h for p, h in zip(position, heaps, strict=True))
        taken = sum(heaps) - sum(position)
        expected |= {(position, seat) for seat in (0, 1) if changed < taken or changed % 2 == seat}
    assert set(state_graph(Nim(heaps)).index) == expected


def test_a_move_takes_any_number_of_counters_from_one_heap():
    state = NimState((3, 0, 2), 0)
    assert state.legal_actions() == [(0, 1), (0, 2), (0, 3), (2, 1), (2, 2)]
    assert state.apply((0, 3)).heaps == (0, 0, 2) and state.apply((0, 3)).player == 1
