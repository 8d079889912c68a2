"""Balance studies: the same table whatever runs it, and statistics checked by hand."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.balance import (
    decisive_attributes,
    draw_phase_hands,
    first_mover,
    game_length,
    play_games,
    rotations,
    tokens_study,
    win_rates,
)

STRATEGIES = {"focus": "focus", "tank": "tank:leader", "aggressive": "aggressive"}


@pytest.fixture(scope="module")
def serial():
    return play_games(STRATEGIES, players=3, rounds=2, seed=4, progress=False)


def test_executor_results_equal_serial_results(serial):
    with ThreadPoolExecutor(2) as pool:
        threaded = play_games(
            STRATEGIES, players=3, rounds=2, seed=4, executor=pool, progress=False
        )
    processes = play_games(
        STRATEGIES, players=3, rounds=2, seed=4, executor="processes", workers=2, progress=False
    )
    for other in (threaded, processes):
        pd.testing.assert_frame_equal(serial.drop(columns="seconds"), other.drop(columns="seconds"))


def test_rotations_seat_every_strategy_everywhere_equally():
    lineups = rotations(["a", "b", "c"], 4)
    for seat in range(4):
        assert sorted(lineup[seat] for lineup in lineups) == ["a", "b", "c"]


def test_the_table_has_the_game_figures(serial):
    assert len(serial) == 6
    assert {"rounds", "draw_turns", "fights", "wounds", "decided_by_attack"} <= set(serial.columns)
    assert (serial["wounds"] <= serial["fights"]).all()
    # one winner is left: the two others lost their 3 tokens each
    assert (serial["wounds"] >= 6).all() and (serial["winner"] >= 0).all()


def test_win_rates_count_seat_games_and_wilson_intervals():
    table = pd.DataFrame(
        {"seat0": ["a", "b", "a", "b"], "seat1": ["b", "a", "b", "a"], "winner": [0, 0, 1, -1]}
    )
    rates = win_rates(table).set_index("strategy")
    assert rates.loc["a", "games"] == 4 and rates.loc["a", "wins"] == 1  # game 0 only
    assert rates.loc["b", "wins"] == 2 and rates.loc["b", "rate"] == 0.5
    assert rates.loc["b", "low"] < 0.5 < rates.loc["b", "high"]
    seats = win_rates(table, by="seat").set_index("seat")
    assert list(seats["wins"]) == [2, 1] and (seats["fair"] == 0.5).all()
    with pytest.raises(RulesError, match="by: expected"):
        win_rates(table, by="colour")


def test_length_decisions_and_first_mover_tables(serial):
    length = game_length(serial).set_index("figure")
    assert length.loc["rounds", "mean"] == pytest.approx(serial["rounds"].mean(), abs=1e-4)
    assert (
        length.loc["rounds", "low"] <= length.loc["rounds", "mean"] <= length.loc["rounds", "high"]
    )
    decided = decisive_attributes(serial).set_index("figure")
    assert decided.loc["attack", "of"] == serial["fights"].sum()
    assert decided.loc["wound", "count"] == serial["wounds"].sum()
    first = first_mover(serial)
    assert ((first["low"] <= first["share"]) & (first["share"] <= first["high"])).all()


def test_more_tokens_longer_games():
    table = tokens_study({"aggressive": "aggressive"}, [1, 3], players=3, rounds=4, progress=False)
    rounds = table[table["figure"] == "rounds"].set_index("starting_tokens")["mean"]
    assert rounds[3] > rounds[1]


def test_drawing_builds_the_focused_attribute():
    hands = draw_phase_hands("focus", players=3, games=20, seed=1)
    assert len(hands) == 60
    # a dealt hand averages 3.56 in each attribute; an Attack focus draws towards Attack
    assert hands["attack"].mean() > 4.5 > hands["speed"].mean()
    assert np.all(hands.to_numpy() >= 1)


def test_first_mover_fair_shares_follow_each_games_table_size(serial):
    four = play_games({"focus": "focus"}, players=4, rounds=2, seed=1, progress=False)
    both = pd.concat([serial, four], ignore_index=True)
    fair = first_mover(both).set_index("figure")["fair"]
    assert fair["games won by the seat most often first"] == pytest.approx((6 / 3 + 2 / 4) / 8)
    expected = (serial["wounds"].sum() / 3 + four["wounds"].sum() / 4) / both["wounds"].sum()
    assert fair["wounds taken by the first player"] == pytest.approx(expected)
