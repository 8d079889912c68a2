"""Metrics on synthetic trial logs whose answers are known."""

import math

import numpy as np
import pandas as pd
import pytest

from workbench.play.metrics import agent_scores, balance_report, compare_reports
from workbench.play.stats import bootstrap_interval, wilson_interval


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
    assert set(report["interval"]) == {"Wilson", "bootstrap"}
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


#: Natural range and documented interval of every metric (see the workbench.play.metrics table).
METRICS = {
    "win rate seat 0": ((0, 1), "Wilson"),
    "win rate seat 1": ((0, 1), "Wilson"),
    "balance": ((0, 1), "bootstrap"),
    "completion": ((0, 1), "Wilson"),
    "drawishness": ((0, 1), "Wilson"),
    "time-outs": ((0, 1), "Wilson"),
    "duration": ((0, 300), "bootstrap"),
    "duration spread": ((0, math.inf), "bootstrap"),
    "branching factor": ((1, math.inf), "bootstrap"),
    "decision moves": ((0, 1), "bootstrap"),
    "lead changes": ((0, 1), "bootstrap"),
    "drama": ((0, math.inf), "bootstrap"),
}


def t_interval(values):
    """The Student t interval the metrics once used: ``(mean, low, high)``."""
    from scipy import stats

    data = np.asarray(values, dtype=float)
    scale = data.std(ddof=1) / np.sqrt(data.size)
    return (data.mean(), *stats.t.interval(0.95, data.size - 1, loc=data.mean(), scale=scale))


def test_intervals_at_the_bounds_stay_inside_each_metrics_range():
    """A log where Student t intervals would leave the range: shares near 1, drama and
    lead changes near 0, durations at the ply cap; every interval must stay inside."""
    games = 24
    near_one = [1.0] * (games - 1) + [0.5]
    near_zero = [0.0] * (games - 1) + [0.5]
    plies = [300] * (games - 1) + [20]
    log = synthetic(
        [0] * (games - 1) + [1],
        plies,
        timed_out=[False] * games,
        branching=[1.0] * (games - 1) + [4.0],
        decision_moves=near_one,
        lead_changes=near_zero,
        drama=near_zero,
    )
    for values in (near_one, plies):
        assert t_interval(values)[2] > max(values)  # what the old intervals did
    for values in (near_zero, log["branching"]):
        assert t_interval(values)[1] < min(values)
    report = balance_report(log).set_index("metric")
    assert set(report.index) == set(METRICS)
    for metric, ((lowest, highest), interval) in METRICS.items():
        estimate, low, high = report.loc[metric, ["estimate", "low", "high"]]
        assert lowest <= low <= estimate <= high <= highest, metric
        assert report.loc[metric, "interval"] == interval, metric
    assert report.loc["time-outs", "low"] == 0.0 and report.loc["completion", "high"] == 1.0


def test_mean_intervals_follow_the_bootstrap_of_the_per_game_values():
    values = np.linspace(0.0, 1.0, 40) ** 3
    log = synthetic([0, 1] * 20, [10] * 40, decision_moves=values)
    row = balance_report(log, seed=3).set_index("metric").loc["decision moves"]
    low, high = bootstrap_interval(values, lambda s: s.mean(axis=-1), seed=3)
    assert (row["estimate"], row["low"], row["high"]) == (round(values.mean(), 4), low, high)
    one_game = balance_report(log.head(1)).set_index("metric").loc["decision moves"]
    assert one_game["games"] == 1 and math.isnan(one_game["low"])


def test_agent_scores_at_the_bound_stay_inside_zero_one():
    wins = 23
    log = synthetic([0] * wins + [1], [9] * 24)
    log["seat0"], log["seat1"] = "strong", "weak"
    scores = agent_scores(log).set_index("agent")
    assert t_interval([1.0] * wins + [0.0])[2] > 1  # what the old interval did
    assert scores.loc["strong", "score"] == round(wins / 24, 4)
    assert 0 <= scores.loc["weak", "score low"] <= scores.loc["weak", "score high"] <= 1
    assert scores.loc["strong", "score low"] < wins / 24 < scores.loc["strong", "score high"] <= 1


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
