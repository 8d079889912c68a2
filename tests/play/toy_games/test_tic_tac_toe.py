"""Tic-tac-toe (the m,n,k-game) keeps the protocol, finds its lines and detects wins."""

import itertools

import pytest

from workbench.errors import IllegalMoveError, RulesError
from workbench.play import TERMINAL, check_game
from workbench.play.toy_games import TicTacToe


@pytest.mark.parametrize("game", [TicTacToe(), TicTacToe(rows=4, cols=4, k=3, players=3)], ids=str)
def test_random_games_keep_the_protocol(game):
    assert check_game(game, games=30, seed=1) == []


def test_tic_tac_toe_has_eight_lines_and_detects_a_win():
    game = TicTacToe()
    assert len(game.lines) == 8
    state = game.initial_state()
    for cell in (0, 3, 1, 4, 2):
        state = state.apply(cell)
    assert state.current_player() == TERMINAL
    assert state.returns() == (1.0, -1.0)


def test_three_player_win_shares_the_loss():
    game = TicTacToe(rows=1, cols=5, k=1, players=3)
    state = game.initial_state().apply(2)
    assert state.returns() == (1.0, -0.5, -0.5)


def test_illegal_actions_are_refused():
    with pytest.raises(IllegalMoveError, match="not legal"):
        TicTacToe().initial_state().apply(4).apply(4)


def test_bad_settings_are_refused():
    with pytest.raises(RulesError):
        TicTacToe(k=4)


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 3, 3), (4, 4, 3), (3, 5, 2), (2, 6, 4)])
def test_lines_are_every_straight_run_of_k_cells(rows, cols, k):
    """Independent count: sets of k cells in a row, column or diagonal, found by brute
    force over all k-subsets, and the closed form for the number of runs."""
    game = TicTacToe(rows=rows, cols=cols, k=k)

    def straight(cells):
        points = sorted(divmod(c, cols) for c in cells)
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(points)}
        return len(steps) == 1 and steps.pop() in {(0, 1), (1, 0), (1, 1), (1, -1)}

    runs = {frozenset(c) for c in itertools.combinations(range(rows * cols), k) if straight(c)}
    assert {frozenset(line) for line in game.lines} == runs
    diagonals = 2 * max(0, rows - k + 1) * max(0, cols - k + 1)
    closed_form = rows * max(0, cols - k + 1) + cols * max(0, rows - k + 1) + diagonals
    assert len(game.lines) == len(runs) == closed_form
    assert all(cell in line for cell in range(rows * cols) for line in game.lines_through[cell])


def test_a_full_board_without_a_line_draws():
    state = TicTacToe().initial_state()
    for cell in (0, 1, 2, 4, 3, 5, 7, 6, 8):  # X O X / X O O / O X X
        state = state.apply(cell)
    assert state.is_terminal() and state.winner == -1 and state.returns() == (0.0, 0.0)


def test_heuristic_is_centred_and_prefers_the_centre():
    game = TicTacToe()
    values = {cell: game.heuristic(game.initial_state().apply(cell)) for cell in range(9)}
    assert all(sum(v) == pytest.approx(0.0) for v in values.values())
    assert max(values, key=lambda cell: values[cell][0]) == 4
