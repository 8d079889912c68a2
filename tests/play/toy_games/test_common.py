"""What the toy games share: zero-sum win returns, the illegal-move error, grid text."""

import pytest

from workbench.errors import IllegalMoveError
from workbench.play.toy_games import DiceRace
from workbench.play.toy_games.common import grid_text, illegal_move, win_returns


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_win_returns_pay_the_winner_and_sum_to_zero(players):
    for winner in range(players):
        returns = win_returns(winner, players)
        assert len(returns) == players and returns[winner] == 1.0
        assert sum(returns) == pytest.approx(0.0)
        assert {r for seat, r in enumerate(returns) if seat != winner} == {-1 / (players - 1)}


def test_illegal_move_names_the_action_and_the_position():
    state = DiceRace().initial_state()
    error = illegal_move("pass", state)
    assert isinstance(error, IllegalMoveError)
    assert str(error) == f"action 'pass' is not legal in DiceRaceState {state.key()}"


def test_grid_text_cuts_rows_of_the_given_width():
    cells = [str(n) for n in range(6)]
    assert grid_text(cells, cols=3) == "0 1 2\n3 4 5"
    assert grid_text(cells, cols=2).splitlines() == ["0 1", "2 3", "4 5"]
    assert grid_text(cells, cols=6) == " ".join(cells)
