"""The skill figures: the ladder and the steps against a fixed opponent, per condition."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from workbench.errors import RulesError
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.skill_study import skill_figures

GAME = Brawlhalla(rules=Rules(cards=True))


def test_games_too_short_to_win_score_exactly_the_fair_share():
    """Nobody can win in one turn each (the capitals are far apart): every game of a
    two-turn limit is drawn, so every step scores 1/2 and wins nothing."""
    table = skill_figures(GAME, budgets=(2, 4), rounds=(1, 2), turn_limit=2, opponent="random")
    assert table[["cards", "strong", "weak", "games"]].values.tolist() == [
        [True, 4, 2, 4],
        [True, 2, "random", 2],
        [True, 4, "random", 4],
        [False, 4, 2, 4],
        [False, 2, "random", 2],
        [False, 4, "random", 4],
    ]
    assert (table["score"] == 0.5).all() and (table["win rate"] == 0).all()
    assert (table["turn_limit"] == 2).all()
    assert ((table["win low"] >= 0) & (table["win high"] <= 1)).all()


def test_one_condition_and_the_game_turn_limit_by_default():
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=3))
    table = skill_figures(game, budgets=(2, 4), rounds=1, cards=[False], opponent="random")
    assert table["cards"].tolist() == [False] * 3 and (table["turn_limit"] == 3).all()


def test_serial_and_parallel_runs_give_the_same_table():
    kwargs = {"budgets": (2, 3), "rounds": 1, "turn_limit": 4, "cards": [True], "seed": 5}
    serial = skill_figures(GAME, **kwargs)
    with ProcessPoolExecutor(2) as pool:
        parallel = skill_figures(GAME, executor=pool, **kwargs)
    pd.testing.assert_frame_equal(serial, parallel)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agent": "greedy"}, "'mcts' or 'dmcts'"),
        ({"budgets": (2, 4), "rounds": (1, 1, 1)}, "one number per budget"),
    ],
)
def test_bad_requests_name_the_problem(kwargs, message):
    with pytest.raises(RulesError, match=message):
        skill_figures(GAME, **kwargs)
