"""The layout race: mutations keep the budget, the tuner's race drops only the layouts its
paired intervals call worse, the confirmation plays fresh games."""

from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.errors import RulesError
from workbench.games.viking_raid import RaidGame, Rules, default_map
from workbench.games.viking_raid.balance import simulate
from workbench.games.viking_raid.optimise import mutate_layout, optimise_layout, spread_ci

MAP = default_map()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 8))
def test_mutations_keep_total_count_and_validity(seed, steps):
    rng = np.random.default_rng(seed)
    layout = MAP
    for _ in range(steps):
        layout = mutate_layout(layout, rng, min_gold=1, max_gold=5)
    assert layout.total_treasure == MAP.total_treasure
    assert len(layout.treasure) == len(MAP.treasure)
    assert all(1 <= gold <= 5 for _, gold in layout.treasure)
    assert not set(dict(layout.treasure)) & (set(layout.starts) | layout.blocked)
    assert (layout.starts, layout.blocked) == (MAP.starts, MAP.blocked)


def test_spread_interval_against_direct_resampling():
    rng = np.random.default_rng(1)
    winners = rng.choice(3, size=600, p=[0.5, 0.3, 0.2])
    frame = pd.DataFrame({f"return{s}": (winners == s).astype(float) for s in range(3)})
    spread, lo, hi = spread_ci(frame)
    shares = np.bincount(winners, minlength=3) / 600
    assert spread == pytest.approx(shares.max() - shares.min())
    assert lo < spread < hi and hi - lo < 0.2


def test_the_tuners_race_shares_its_budget_and_confirms_with_fresh_games():
    result = optimise_layout(
        MAP, candidates=4, games=6, rungs=2, confirm_games=20, generations=2, seed=3, progress=False
    )
    ladder = result.ladder
    for _, race in ladder.groupby("generation"):
        first = race[race["rung"] == 0]
        assert len(first) == 4 and (first["games"] == 6).all()
        assert len(race[race["rung"] == 1]) <= 2  # the better half, or fewer
        assert race.groupby("candidate")["games"].max().sum() <= 4 * 6 * 2
        fell = race[race["dropped"]]
        later = race.merge(fell[["candidate", "rung"]], on="candidate", suffixes=("", " fell"))
        assert (later["rung"] <= later["rung fell"]).all()  # a fallen layout plays no more
    assert result.best.total_treasure == MAP.total_treasure
    assert set(result.confirmation["map"]) == {"best", "original"}
    assert (result.spreads["games"] == 20).all()
    named = result.best_map("trial")
    assert named.name == "trial" and named.treasure == result.best.treasure
    assert "greedy self-play, rules 0.21" in named.notes[0] and "2 race(s)" in named.notes[1]
    with pytest.raises(RulesError, match="generations must be at least 1"):
        optimise_layout(MAP, generations=0)


def test_the_same_seed_gives_the_same_race_on_a_process_pool():
    options = dict(candidates=3, games=8, rungs=2, confirm_games=10, seed=6, progress=False)
    serial = optimise_layout(MAP, **options)
    with ProcessPoolExecutor(2) as pool:
        parallel = optimise_layout(MAP, executor=pool, **options)
    pd.testing.assert_frame_equal(serial.ladder, parallel.ladder)
    assert serial.best == parallel.best


def test_with_drawn_roles_the_race_ranks_the_roles_not_the_players():
    rules = Rules(role_draw=True)
    result = optimise_layout(
        MAP, rules, candidates=2, games=30, rungs=1, confirm_games=30, seed=4, progress=False
    )
    shares = result.ladder[["archer share", "huscarl share", "berserker share"]]
    assert shares.sum(axis=1).round(9).eq(1).all()
    played = simulate(
        RaidGame(MAP, rules), "greedy", games=30, seed=1, progress=False, executor=None
    )
    roles = [f"win_{role}" for role in ("archer", "huscarl", "berserker")]
    means = played[roles].mean()
    assert spread_ci(played, columns=roles)[0] == pytest.approx(means.max() - means.min())
    assert "rules 0.21 with role_draw=True" in result.best_map("x").notes[0]
