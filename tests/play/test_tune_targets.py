import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.errors import RulesError
from workbench.play.metrics import agent_scores, balance_report
from workbench.play.tune_targets import Target, known_metrics, metric


def _table(winners, plies, agents=("a", "b")):
    rows = []
    for i, (w, p) in enumerate(zip(winners, plies, strict=True)):
        seats = agents if i % 2 == 0 else agents[::-1]
        returns = [0.0, 0.0] if w < 0 else [1.0 if s == w else -1.0 for s in range(2)]
        rows.append(
            {
                "seat0": seats[0],
                "seat1": seats[1],
                "return0": returns[0],
                "return1": returns[1],
                "winner": w,
                "plies": p,
                "timed_out": p >= 30,
                "rounds": p // 2,
            }
        )
    return pd.DataFrame(rows)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from([-1, 0, 1]), st.integers(1, 30)), min_size=3, max_size=40)
)
def test_estimates_and_share_intervals_match_balance_report(games):
    table = _table([g[0] for g in games], [g[1] for g in games])
    report = balance_report(table).set_index("metric")
    for name in (
        "win rate seat 0",
        "win rate seat 1",
        "balance",
        "completion",
        "drawishness",
        "time-outs",
        "duration",
        "duration spread",
    ):
        assert metric(name, table).estimate(table) == pytest.approx(
            report.loc[name, "estimate"], abs=1e-4
        )
    for name in ("win rate seat 0", "completion", "drawishness", "time-outs"):
        found = metric(name, table)
        assert found.share
        assert found.interval(table, np.array([0.0])) == (
            report.loc[name, "low"],
            report.loc[name, "high"],
        )
    scores = agent_scores(table).set_index("agent")
    assert metric("top agent win rate", table).estimate(table) == pytest.approx(
        scores["win rate"].max(), abs=1e-4
    )
    assert metric("win rate b", table).estimate(table) == pytest.approx(
        scores.loc["b", "win rate"], abs=1e-4
    )


def test_summary_columns_and_functions():
    table = _table([0, 1, -1, 0], [4, 6, 8, 30])
    assert "rounds" in known_metrics(table)
    assert metric("rounds", table).estimate(table) == table["rounds"].mean()

    def per_game(t):
        return t["plies"] / 2

    def whole(t):
        return t["plies"].median()

    assert metric(per_game, table).estimate(table) == pytest.approx(table["plies"].mean() / 2)
    found = metric(whole, table)
    assert found.estimate(table) == 7.0
    samples = found.estimator(table)(np.array([[0, 0, 0, 0], [3, 3, 3, 3]]))
    assert samples.tolist() == [4.0, 30.0]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from([(1.0, 0, 0), (0, 1.0, 0), (0, 0, 1.0), (0.5, 0.5, 0)]), min_size=1)
)
def test_role_balance_is_one_minus_the_spread_of_the_role_win_shares(wins):
    table = _table([0] * len(wins), [4] * len(wins))
    roles = pd.DataFrame(wins, columns=["win_raider", "win_farmer", "win_jarl"])
    table = pd.concat([table, roles], axis=1)
    shares = roles.mean()
    assert metric("role balance", table).estimate(table) == pytest.approx(
        1 - (shares.max() - shares.min())
    )
    assert "role balance" not in known_metrics(_table([0], [3]))


def test_unknown_metric_lists_the_known_ones():
    with pytest.raises(
        RulesError, match="unknown metric; known: win rate seat 0, win rate seat 1, balance"
    ):
        metric("length", _table([0], [3]))


def test_losses():
    assert Target("duration", value=10, tolerance=2).loss(np.array([10.0, 14.0])).tolist() == [
        0.0,
        2.0,
    ]
    assert Target("drawishness", at_most=0.1, weight=3).loss(0.05) == 0.0
    assert Target("balance", at_least=0.5, scale=0.5).loss(0.25) == 0.5
    assert Target("duration", value=10, tolerance=2).met(11.5)
    assert not Target("balance", at_least=0.9).met(0.5)
    with pytest.raises(RulesError, match="give a value or bounds"):
        Target("balance")
    with pytest.raises(RulesError, match="weight and scale > 0"):
        Target("balance", value=1, weight=0)
