"""Every interval the workbench reports stays inside its metric's range, contains its
estimate, and a share's interval is never of zero width: checked with hypothesis on
results tables of every shape, 0 and 1 shares and single games included."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.brawlhalla.play_balance import first_player_advantage, simulation_summary
from workbench.games.daggers_brink.balance import game_length as daggers_length
from workbench.games.daggers_brink.balance import win_rates
from workbench.games.viking_raid.balance import ROLES, balance_table
from workbench.play.stats import mean_interval, wilson_interval

FAST = settings(max_examples=60, deadline=None)


def _share_ok(estimate, low, high):
    assert 0.0 <= low <= estimate + 1e-4 and estimate - 1e-4 <= high <= 1.0
    assert high > low


def _mean_ok(estimate, low, high, values):
    if len(values) < 2:
        assert math.isnan(low) and math.isnan(high)
        return
    assert min(values) - 1e-4 <= low <= estimate + 1e-4
    assert estimate - 1e-4 <= high <= max(values) + 1e-4


@FAST
@given(st.integers(1, 400), st.data())
def test_wilson_on_any_share_including_ties_split(trials, data):
    successes = data.draw(st.floats(0, trials))
    _share_ok(successes / trials, *wilson_interval(successes, trials))


@FAST
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=50))
def test_mean_intervals_stay_inside_the_values(values):
    mean, low, high = mean_interval(values)
    _mean_ok(mean, low, high, values)


@st.composite
def raid_results(draw):
    games = draw(st.integers(1, 12))
    winners = draw(st.lists(st.integers(-1, 2), min_size=games, max_size=games))
    frame = {"rounds": draw(st.lists(st.integers(1, 60), min_size=games, max_size=games))}
    for seat, role in enumerate(ROLES):
        frame[f"win_{role}"] = [1.0 if w == seat else (1 / 3 if w < 0 else 0.0) for w in winners]
        for figure in ("gold", "given", "taken"):
            frame[f"{figure}_{role}"] = draw(
                st.lists(st.integers(0, 30), min_size=games, max_size=games)
            )
    return pd.DataFrame(frame)


@FAST
@given(raid_results())
def test_viking_raid_balance_table(results):
    table = balance_table(results)
    for _, row in table.iterrows():
        _share_ok(row["win share"], row["win share lo"], row["win share hi"])
        for figure, column in (("gold", "gold"), ("tribute given", "given")):
            values = results[f"{column}_{row['role']}"]
            _mean_ok(row[figure], row[f"{figure} lo"], row[f"{figure} hi"], list(values))


@st.composite
def daggers_results(draw):
    games = draw(st.integers(1, 12))
    seats = draw(st.integers(3, 4))
    frame = {
        f"seat{s}": draw(st.lists(st.sampled_from("ab"), min_size=games, max_size=games))
        for s in range(seats)
    }
    frame["winner"] = draw(st.lists(st.integers(0, seats - 1), min_size=games, max_size=games))
    for name in ("rounds", "draw_turns", "fights"):
        frame[name] = draw(st.lists(st.integers(0, 40), min_size=games, max_size=games))
    return pd.DataFrame(frame)


@FAST
@given(daggers_results())
def test_daggers_brink_rates_and_lengths(results):
    for by in ("strategy", "seat"):
        for _, row in win_rates(results, by=by).iterrows():
            _share_ok(row["rate"], row["low"], row["high"])
    for _, row in daggers_length(results).iterrows():
        _mean_ok(row["mean"], row["low"], row["high"], list(results[row["figure"]]))


@FAST
@given(
    st.lists(st.sampled_from(["north", "south", "draw"]), min_size=1, max_size=30),
    st.randoms(use_true_random=False),
)
def test_brawlhalla_simulation_shares(winners, rng):
    table = pd.DataFrame(
        {
            "winning_side": winners,
            "victory": ["war" if w != "draw" else "turn_limit" for w in winners],
            "first": [rng.choice(["north", "south"]) for _ in winners],
            "turns": np.arange(len(winners)) + 1,
        }
    )
    summary = simulation_summary(table)
    for side in ("north", "south"):
        _share_ok(summary[side]["win_share"], *summary[side]["win_share_ci"])
    first = first_player_advantage(table)
    if first["decided"]:
        _share_ok(first["win_share"], *first["win_share_ci"])
