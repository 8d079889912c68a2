"""The toy games keep the protocol and have the properties their docstrings promise."""

from fractions import Fraction

import pytest

from workbench.errors import IllegalMoveError, RulesError
from workbench.play import CHANCE, TERMINAL, GameInfo, check_game
from workbench.play.toy_games import DiceRace, Nim, NimState, Pursuit, TicTacToe

GAMES = [
    Nim(),
    Nim((2, 3), players=3),
    TicTacToe(),
    TicTacToe(rows=4, cols=4, k=3, players=3),
    DiceRace(),
    Pursuit(),
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.info.name}-{g.info.num_players}")
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


@pytest.mark.parametrize(
    ("state", "action"),
    [
        (Nim((1, 2)).initial_state(), (1, 3)),
        (Nim((1, 2)).initial_state(), (2, 1)),
        (TicTacToe().initial_state().apply(4), 4),
        (DiceRace().initial_state(), "pass"),
        (DiceRace().initial_state().apply("roll"), 7),
        (Pursuit(rows=3, cols=3).initial_state(), 0),
    ],
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


def test_pursuit_runner_cannot_step_onto_the_hunter_and_wins_at_an_exit():
    state = Pursuit(rows=3, cols=3, hunter=(1, 1), runner=(0, 1)).initial_state().apply(4)
    assert 4 not in state.legal_actions()
    assert state.apply(0).returns() == (-1.0, 1.0)


@pytest.mark.parametrize(
    "build",
    [
        lambda: Nim(players=1),
        lambda: Nim(()),
        lambda: TicTacToe(k=4),
        lambda: Pursuit(hunter=(0, 2), runner=(0, 2)).initial_state(),
    ],
)
def test_bad_settings_are_refused(build):
    with pytest.raises(RulesError):
        build()


def test_check_game_reports_breaches():
    class NotZeroSum(Nim):
        @property
        def info(self):
            return GameInfo(name="broken", num_players=2, zero_sum=True)

        def initial_state(self, *, seed=None):
            return _Lopsided((1,), 0)

    class BadSummary(Nim):
        def summary(self, state):
            return [1, 2]

    assert any("do not sum to 0" in p for p in check_game(NotZeroSum((1,)), games=1))
    assert any("summary()" in p for p in check_game(BadSummary((1,)), games=1))
    assert check_game(Nim((1,)), games=1) == []


class _Lopsided(NimState):
    def apply(self, action):
        done = super().apply(action)
        return _Lopsided(done.heaps, done.player, done.players)

    def returns(self):
        return (1.0, 1.0)
