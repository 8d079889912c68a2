import json
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd
import pytest

from workbench.errors import RulesError
from workbench.play.agents import RandomAgent
from workbench.play.stats import bootstrap_interval
from workbench.play.tournament import tournament
from workbench.play.toy_games.handicap_dice import HandicapDice, Rules, exact_win_shares
from workbench.play.tune import Arena, Space, Target, plot_race, tune

ARENA = Arena(HandicapDice, {"random": RandomAgent})


def _exact_best(target_share):
    losses = {
        h: abs(float(exact_win_shares(Rules(handicap=h))[0]) - target_share) for h in range(-6, 7)
    }
    return min(losses, key=losses.get), losses


def test_finds_the_handicap_the_exact_shares_call_for():
    share = float(exact_win_shares(Rules(handicap=1))[0])  # 0.336
    best, losses = _exact_best(share)
    space = Space.from_rules(Rules(), {"handicap": None})
    found = tune(
        space,
        ARENA,
        [Target("win rate seat 0", value=share)],
        games=3000,
        seed=3,
        executor=None,
        progress=False,
    )
    assert found.rules.handicap == best == 1
    assert found.games_played <= 3000 + 13
    chosen = found.table.iloc[0]
    assert chosen["chosen"] and chosen["confirmed"]
    assert chosen["win rate seat 0 low"] <= share <= chosen["win rate seat 0 high"]
    # every candidate that fell is truly worse than the chosen one
    fell = found.table[found.table["fell"] >= 0]["handicap"]
    assert all(losses[h] > losses[best] for h in fell)


def test_finds_the_length_and_a_share_together():
    space = Space.from_rules(Rules(), {"rounds": None, "handicap": (-1, 1)})
    targets = [Target("duration", value=8, tolerance=2), Target("balance", at_least=0.95)]
    found = tune(space, ARENA, targets, games=2500, seed=5, executor=None, progress=False)
    assert (found.rules.rounds, found.rules.handicap) == (4, 0)  # 2 plies a round, symmetric


def test_large_space_goes_through_proposals():
    space = Space.from_rules(Rules(), ["rounds", "sides", "handicap"])
    assert space.size > 32
    targets = [Target("duration", value=6), Target("balance", value=1, weight=2)]
    found = tune(space, ARENA, targets, games=3000, seed=2, executor=None, progress=False)
    assert found.rules.rounds == 3 and abs(found.rules.handicap) <= 1
    assert len(found.table) == 8


def _seat0_wins(game, games, seed):
    table = tournament(
        game, {"random": RandomAgent}, rounds=games, seed=seed, executor=None, progress=False
    )
    return (table["winner"] == 0).to_numpy(float)


def _width_of_difference(first, second):
    low, high = bootstrap_interval(
        np.stack([first, second], axis=1), lambda s: s[..., 0].mean(-1) - s[..., 1].mean(-1)
    )
    return high - low


def _paired_and_unpaired_widths(games, seed):
    """The same budget (games per candidate) on the same seeds and on other seeds."""
    a, b = HandicapDice(Rules(handicap=0)), HandicapDice(Rules(handicap=1))
    x = _seat0_wins(a, games, seed)
    same, other = _seat0_wins(b, games, seed), _seat0_wins(b, games, seed + 1000)
    return _width_of_difference(x, same), _width_of_difference(x, other)


@pytest.mark.parametrize("seed", [0, 1])
def test_paired_seeds_give_narrower_intervals_of_differences(seed):
    paired, unpaired = _paired_and_unpaired_widths(400, seed)
    assert paired < 0.6 * unpaired


def _run(executor):
    space = Space.from_rules(Rules(rounds=1), {"handicap": (-2, 2)})
    return tune(
        space,
        ARENA,
        [Target("balance", value=1)],
        games=500,
        seed=7,
        executor=executor,
        progress=False,
    )


def test_serial_process_pool_and_dask_agree():
    serial = _run(None)
    with ProcessPoolExecutor(2) as pool:
        pooled = _run(pool)
    runs = [pooled, _run("processes")]
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        runs.append(_run(client.get_executor()))
    for other in runs:
        pd.testing.assert_frame_equal(serial.table, other.table)
        pd.testing.assert_frame_equal(serial.history, other.history)
        assert serial.rules == other.rules and serial.games_played == other.games_played


def test_output_json_and_plot():
    found = _run(None)
    data = json.loads(json.dumps(found.to_json()))
    assert data["best"]["rules"] == found.rules.to_dict()
    assert set(data["best"]["metrics"]["balance"]) == {"value", "ci"}
    assert data["games_played"] == found.games_played
    assert len(data["candidates"]) == len(found.table) == 5
    assert len(plot_race(found.history).lines) >= 5


def test_unknown_metric_is_refused_before_the_race():
    space = Space.from_rules(Rules(), {"handicap": (0, 1)})
    with pytest.raises(RulesError, match="unknown metric"):
        tune(space, ARENA, [Target("length", value=3)], games=100, executor=None, progress=False)


def test_min_games_and_the_round_hook_reach_the_race():
    space = Space.from_rules(Rules(rounds=1), {"handicap": [0, 6]})
    heard = []
    found = tune(
        space,
        ARENA,
        [Target("balance", value=1)],
        games=300,
        seed=1,
        executor=None,
        progress=False,
        min_games=10**6,
        on_round=heard.append,
    )
    assert (found.table["fell"] == -1).all()
    assert heard and len(heard[-1]) == len(found.history)
    pd.testing.assert_frame_equal(heard[-1], found.history)


def test_proposals_are_the_same_on_a_process_pool():
    space = Space.from_rules(Rules(), ["rounds", "sides", "handicap"])
    targets = [Target("duration", value=6), Target("balance", value=1)]
    serial = tune(space, ARENA, targets, games=500, seed=4, executor=None, progress=False)
    with ProcessPoolExecutor(2) as pool:
        pooled = tune(space, ARENA, targets, games=500, seed=4, executor=pool, progress=False)
    pd.testing.assert_frame_equal(serial.table, pooled.table)
    assert serial.rules == pooled.rules


def test_a_time_budget_stops_the_race_after_its_first_round():
    space = Space.from_rules(Rules(rounds=1), {"handicap": (-2, 2)})
    common = dict(games=2000, seed=2, executor=None, progress=False, min_games=10**6)
    targets = [Target("balance", value=1)]
    timed = tune(space, ARENA, targets, seconds=0, **common)
    assert timed.ended == "time" and timed.to_json()["ended"] == "time"
    assert set(timed.history["round"]) == {0}
    assert timed.games_played < 2000
    full = tune(space, ARENA, targets, **common)
    assert full.ended == "games" and full.history["round"].max() > 0
