"""Per-game figures of a step log: a known log by hand, and recorded games counted directly."""

import math

import pandas as pd
import pytest

from workbench.play import RandomAgent, play_game
from workbench.play.game_features import FEATURES, game_features
from workbench.play.toy_games import Nim, TicTacToe


def test_game_features_of_a_known_log():
    log = pd.DataFrame(
        {
            "player": [0, -1, 1, 0, 1],  # one chance step
            "branching": [3, 6, 1, 2, 1],
            "value0": [0.0, 0.2, 0.2, -0.4, 0.1],
            "value1": [0.0, -0.2, -0.2, 0.4, -0.1],
        }
    )
    figures = game_features(log, (-1.0, 1.0))
    assert figures["branching"] == 7 / 4  # chance steps are not decisions
    assert figures["decision_moves"] == 2 / 4
    # leaders: {0,1} -> {0} -> {0} -> {1} -> {0}: 3 changes over 4 plies
    assert figures["lead_changes"] == 3 / 4
    # seat 1 won; gaps to the leader: 0, .4, .4, 0, .2
    assert figures["drama"] == pytest.approx(1.0 / 5)
    assert math.isnan(game_features(log, (0.0, 0.0))["drama"])  # nobody won
    no_values = game_features(log[["player", "branching"]], (1.0, -1.0))
    assert math.isnan(no_values["lead_changes"]) and no_values["branching"] == 7 / 4


@pytest.mark.parametrize("seed", range(5))
def test_tic_tac_toe_branching_is_the_empty_cells_at_each_ply(seed):
    """Independent: at ply p of tic-tac-toe 9 - p cells are empty."""
    game = TicTacToe()
    agents = [RandomAgent(game, seed=seed), RandomAgent(game, seed=seed + 1)]
    record = play_game(game, agents, seed=seed, record=True)
    figures = game_features(record.log, record.returns)
    choices = [9 - ply for ply in range(record.plies)]
    assert figures["branching"] == pytest.approx(sum(choices) / record.plies)
    assert figures["decision_moves"] == pytest.approx(sum(c > 1 for c in choices) / record.plies)
    assert list(figures) == list(FEATURES)


def test_without_a_heuristic_only_the_branching_figures_are_known():
    game = Nim((1, 1))  # two plies, two choices then one
    record = play_game(game, [RandomAgent(game, seed=0), RandomAgent(game, seed=1)], record=True)
    figures = game_features(record.log, record.returns)
    assert (figures["branching"], figures["decision_moves"]) == (1.5, 0.5)
    assert math.isnan(figures["lead_changes"]) and math.isnan(figures["drama"])
