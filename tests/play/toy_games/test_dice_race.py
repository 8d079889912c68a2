"""The dice race keeps the protocol, scores its die, and has the value worked out by hand."""

from fractions import Fraction

import pytest

from workbench.errors import IllegalMoveError
from workbench.play import CHANCE, check_game, solve
from workbench.play.toy_games import DiceRace


def test_random_games_keep_the_protocol():
    assert check_game(DiceRace(), games=30, seed=1) == []


@pytest.mark.parametrize(
    ("state", "action"),
    [(DiceRace().initial_state(), "pass"), (DiceRace().initial_state().apply("roll"), 7)],
)
def test_illegal_actions_are_refused(state, action):
    with pytest.raises(IllegalMoveError, match="not legal"):
        state.apply(action)


def test_dice_race_scores_nothing_on_a_one():
    state = DiceRace(turns=1).initial_state().apply("roll")
    assert state.current_player() == CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == Fraction(1)
    assert state.apply(1).scores == (0, 0)
    assert state.apply(3).scores == (3, 0)
    assert state.apply(3).apply("hold").returns() == (1.0, -1.0)


def test_one_round_with_a_three_sided_die_is_worth_minus_one_ninth_to_the_first_seat():
    """By hand: seat 1 answers seat 0's score s with its best reply, worth -1, -1/3, 0, 2/3
    to seat 0 for s = 0, 1, 2, 3; holding gives s = 1 (-1/3), rolling the mean of s = 0,
    2, 3 ((-1 + 0 + 2/3) / 3 = -1/9), so seat 0 rolls."""
    solution = solve(DiceRace(turns=1, sides=3))
    assert solution.value() == Fraction(-1, 9)
    assert solution.best_actions(solution.start) == ["roll"]


def test_rounds_end_after_both_seats_moved():
    state = DiceRace(turns=2).initial_state()
    for action in ("hold", "hold", "hold"):
        state = state.apply(action)
    assert (state.done, state.player, state.scores) == (1, 1, (2, 1))
    assert state.apply("hold").is_terminal() and state.apply("hold").returns() == (0.0, 0.0)
