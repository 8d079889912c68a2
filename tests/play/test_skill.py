"""Skill trace: more thinking wins more where skill matters; steps and seats as promised."""

import pytest

from workbench.play import RandomAgent
from workbench.play.skill import skill_trace
from workbench.play.toy_games import Nim


def test_skill_trace_shows_thinking_wins_at_nim():
    trace = skill_trace(Nim((2, 3, 4)), budgets=(1, 200), rounds=8, executor=None, progress=False)
    assert trace.loc[0, "games"] == 16
    assert trace.loc[0, "score low"] > trace.loc[0, "fair"]


def test_skill_trace_needs_increasing_budgets():
    with pytest.raises(ValueError, match="increasing"):
        skill_trace(Nim(), budgets=(10, 10))


def test_every_seat_of_a_three_player_game_holds_the_stronger_agent_in_turn():
    trace = skill_trace(
        Nim((1, 2), players=3), budgets=(1, 4, 8), rounds=2, executor=None, progress=False
    )
    assert trace[["strong", "weak"]].values.tolist() == [[4, 1], [8, 4]]
    assert trace["games"].tolist() == [6, 6] and (trace["fair"] == 0.3333).all()
    assert ((trace["score low"] <= trace["score"]) & (trace["score"] <= trace["score high"])).all()


def test_equal_agents_score_about_the_fair_share():
    """A budget parameter the agent ignores makes both sides random players; with seeded
    seats their mean score over many games lies near one half."""
    trace = skill_trace(
        Nim((2, 3)),
        budgets=(1, 2),
        rounds=40,
        agent=_Random,
        parameter="budget",
        executor=None,
        progress=False,
    )
    row = trace.iloc[0]
    assert row["games"] == 80 and row["score low"] < 0.5 < row["score high"]


class _Random(RandomAgent):
    def __init__(self, game, *, seed=None, budget=0):
        super().__init__(game, seed=seed)


def test_against_an_opponent_every_budget_plays_it_with_its_own_rounds():
    trace = skill_trace(
        Nim((2, 3, 4)),
        budgets=(1, 200),
        rounds=(2, 8),
        opponent=RandomAgent,
        opponent_name="random",
        executor=None,
        progress=False,
    )
    assert trace[["strong", "weak", "games"]].values.tolist() == [
        [1, "random", 4],
        [200, "random", 16],
    ]
    assert trace.loc[1, "score low"] > trace.loc[1, "fair"]  # perfect play beats random at Nim


def test_rounds_give_one_number_per_step():
    with pytest.raises(ValueError, match="one number per step"):
        skill_trace(Nim(), budgets=(1, 2, 4), rounds=(2, 2, 2), executor=None, progress=False)
