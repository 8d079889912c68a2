"""Metrics on synthetic trial logs whose answers are known."""

import math

import numpy as np
import pandas as pd
import pytest

from workbench.play.game_features import game_features
from workbench.play.metrics import agent_scores, balance_report, compare_reports
from workbench.play.skill import skill_trace
from workbench.play.stats import wilson_interval
from workbench.play.toy_games import Nim


def synthetic(outcomes, plies, *, seats=2, timed_out=None, **columns):
    """A trial log: ``outcomes`` lists the outright winner per game, -1 for level games."""
    rows = []
    for game, (winner, length) in enumerate(zip(outcomes, plies, strict=True)):
        row = {"game": game, "winner": winner, "plies": length}
        for s in range(seats):
            row[f"seat{s}"] = "a" if s == game % seats else "b"
            row[f"return{s}"] = 0.0 if winner < 0 else (1.0 if s == winner else -1 / (seats - 1))
        row["timed_out"] = bool(timed_out[game]) if timed_out is not None else False
        rows.append(row)
    log = pd.DataFrame(rows)
    for name, values in columns.items():
        log[name] = values
    return log


def test_two_seat_outcomes_give_known_rates_balance_and_duration():
    outcomes = [0] * 60 + [1] * 30 + [-1] * 10
    plies = list(range(100))
    report = balance_report(synthetic(outcomes, plies)).set_index("metric")
    assert report.loc["win rate seat 0", "estimate"] == 0.6
    assert tuple(report.loc["win rate seat 0", ["low", "high"]]) == wilson_interval(60, 100)
    assert report.loc["win rate seat 1", "estimate"] == 0.3
    assert report.loc["balance", "estimate"] == pytest.approx(0.7)
    assert report.loc["balance", "low"] < 0.7 < report.loc["balance", "high"]
    assert report.loc["completion", "estimate"] == 0.9
    assert report.loc["drawishness", "estimate"] == 0.1
    assert report.loc["time-outs", "estimate"] == 0.0
    assert report.loc["duration", "estimate"] == 49.5
    assert report.loc["duration spread", "estimate"] == pytest.approx(
        np.std(plies, ddof=1), abs=1e-4
    )
    assert set(report["interval"]) == {"Wilson", "bootstrap", "t"}
    assert "drama" not in report.index  # no recorded log


def test_time_outs_are_not_draws():
    log = synthetic([-1, -1, 0, 1], [5, 5, 5, 5], timed_out=[True, False, False, False])
    report = balance_report(log).set_index("metric")["estimate"]
    assert (report["time-outs"], report["drawishness"], report["completion"]) == (0.25, 0.25, 0.5)


def test_even_three_seats_are_perfectly_balanced():
    log = synthetic([0, 1, 2] * 10, [9] * 30, seats=3)
    report = balance_report(log).set_index("metric")
    assert report.loc["balance", "estimate"] == 1.0
    assert [report.loc[f"win rate seat {s}", "estimate"] for s in range(3)] == [0.3333] * 3
    assert report.loc["duration", ["estimate", "low", "high"]].tolist() == [9.0, 9.0, 9.0]


def test_recorded_figures_are_averaged_over_games_with_them():
    log = synthetic(
        [0, 1, -1, 0],
        [4, 4, 4, 4],
        branching=[2.0, 4.0, 6.0, 8.0],
        decision_moves=[1.0, 1.0, 0.5, 0.5],
        lead_changes=[0.0, 0.5, 0.25, 0.25],
        drama=[0.1, 0.3, math.nan, 0.2],
    )
    report = balance_report(log).set_index("metric")
    assert report.loc["branching factor", "estimate"] == 5.0
    assert report.loc["decision moves", "estimate"] == 0.75
    assert report.loc["lead changes", "estimate"] == 0.25
    assert tuple(report.loc["drama", ["estimate", "games"]]) == (0.2, 3)


def test_agent_scores_share_ties_and_sum_to_one_per_game():
    log = pd.DataFrame(
        {
            "seat0": ["a", "b", "c"],
            "seat1": ["b", "c", "a"],
            "seat2": ["c", "a", "b"],
            "return0": [1.0, 0.5, 0.0],
            "return1": [-0.5, 0.5, 0.0],
            "return2": [-0.5, -1.0, 0.0],
            "winner": [0, -1, -1],
        }
    )
    scores = agent_scores(log).set_index("agent")
    # a: win (1) + loss (0) + level (1/3); b: loss + half + 1/3; c: loss + half + 1/3
    assert scores["score"].to_dict() == pytest.approx(
        {"a": 4 / 9, "b": 5 / 18, "c": 5 / 18}, abs=1e-4
    )
    assert scores["wins"].to_dict() == {"a": 1, "b": 0, "c": 0}
    assert scores["seats"].sum() == 9


def test_compare_reports_formats_intervals():
    report = pd.DataFrame(
        [
            {"metric": "balance", "estimate": 0.91234, "low": 0.8, "high": 0.95},
            {"metric": "duration", "estimate": 12.0, "low": math.nan, "high": math.nan},
        ]
    )
    table = compare_reports({"default": report})
    assert table["default"].tolist() == ["0.91 [0.8, 0.95]", "12"]


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


def test_skill_trace_shows_thinking_wins_at_nim():
    trace = skill_trace(Nim((2, 3, 4)), budgets=(1, 200), rounds=8, executor=None, progress=False)
    assert trace.loc[0, "games"] == 16
    assert trace.loc[0, "score low"] > trace.loc[0, "fair"]


def test_skill_trace_needs_increasing_budgets():
    with pytest.raises(ValueError, match="increasing"):
        skill_trace(Nim(), budgets=(10, 10))
