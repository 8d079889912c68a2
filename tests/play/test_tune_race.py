import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from workbench.play.agents import RandomAgent
from workbench.play.toy_games.handicap_dice import HandicapDice, Rules
from workbench.play.tune_race import Arena, drop_worse, race, resolve_metrics, score
from workbench.play.tune_space import Space
from workbench.play.tune_targets import Target


def _interval_of_difference(samples, c, best):
    """The 2.5% point of the paired differences, by sorting (no numpy percentile)."""
    diffs = sorted(samples[c] - samples[best])
    position = 0.025 * (len(diffs) - 1)
    low, frac = int(position), position - int(position)
    return diffs[low] + frac * (diffs[min(low + 1, len(diffs) - 1)] - diffs[low])


@settings(max_examples=60, deadline=None)
@given(arrays(float, (4, 50), elements=st.floats(0, 3)))
def test_a_candidate_falls_only_when_its_paired_interval_is_above_the_best(samples):
    points = samples.mean(axis=1)
    dropped = drop_worse(points, samples)
    best = int(np.argmin(points))
    assert not dropped[best]
    for c in range(4):
        assert dropped[c] == (_interval_of_difference(samples, c, best) > 1e-12)


def test_overlapping_candidates_are_kept_in_a_constructed_race():
    rng = np.random.default_rng(0)
    base = rng.random(200)
    samples = np.stack([base, base + rng.normal(0, 0.01, 200), base + 0.5])
    assert drop_worse(samples.mean(axis=1), samples).tolist() == [False, False, True]


def _same_game(rules, label):
    return HandicapDice(rules)


def test_twins_never_fall_and_a_bad_candidate_does():
    space = Space.from_rules(Rules(rounds=1), {"handicap": [0, 5]}, data={"label": ("a", "b")})
    arena = Arena(_same_game, {"random": RandomAgent})
    candidates = space.grid()  # (0, a), (0, b), (5, a), (5, b)
    targets = [Target("balance", value=1)]
    probe = arena.play(
        space, candidates[0], passes=1, seed=np.random.SeedSequence(0), executor=None
    )
    entries, history, spent = race(
        space,
        arena,
        targets,
        candidates,
        games=800,
        seed=np.random.SeedSequence(4),
        executor=None,
        metrics=resolve_metrics(targets, probe),
        passes_unit=1,
    )
    fell = [e.fell for e in entries]
    assert fell[0] is None and fell[1] is None
    assert fell[2] is not None and fell[2] == fell[3]
    assert spent == sum(len(e.table) for e in entries) <= 800
    twins = history[history["candidate"].isin([0, 1])]
    assert (twins.groupby("round")["score"].nunique() == 1).all()
    same = [e.table.drop(columns="seconds") for e in entries[:2]]
    pd.testing.assert_frame_equal(*same)


def test_score_points_match_the_losses_of_the_metrics():
    tables = [
        pd.DataFrame(
            {"winner": [0, 1, 0, 1], "plies": [p, p, 6, 6], "return0": 0.0, "return1": 0.0}
        )
        for p in (4, 10)
    ]
    targets = [Target("duration", value=5), Target("win rate seat 0", at_most=0.25, weight=2)]
    found = score(
        tables, targets, resolve_metrics(targets, tables[0]), seed=np.random.SeedSequence(1)
    )
    assert found.points.tolist() == [0.0 + 0.5, 3.0 + 0.5]
    assert found.samples.shape == (2, 400)
    low, high = found.interval(0)
    assert low <= found.points[0] <= high


def test_nobody_falls_before_min_games():
    space = Space.from_rules(Rules(rounds=1), {"handicap": [0, 6]})
    arena = Arena(HandicapDice, {"random": RandomAgent})
    targets = [Target("balance", value=1)]
    probe = arena.play(space, (0,), passes=1, seed=np.random.SeedSequence(0), executor=None)
    common = {
        "games": 60,
        "executor": None,
        "metrics": resolve_metrics(targets, probe),
        "passes_unit": 1,
    }
    entries, history, _ = race(
        space, arena, targets, space.grid(), seed=np.random.SeedSequence(1), min_games=61, **common
    )
    assert all(e.fell is None for e in entries) and not history["dropped"].any()
    entries, _, _ = race(
        space, arena, targets, space.grid(), seed=np.random.SeedSequence(1), min_games=10, **common
    )
    assert entries[1].fell is not None


def _dice_race(handicaps, games, **options):
    """A race of handicap-dice candidates toward balance, rounds planned as 3, no
    interval drops (``min_games`` out of reach)."""
    space = Space.from_rules(Rules(rounds=1), {"handicap": handicaps})
    arena = Arena(HandicapDice, {"random": RandomAgent})
    targets = [Target("balance", value=1)]
    probe = arena.play(space, (0,), passes=1, seed=np.random.SeedSequence(0), executor=None)
    return race(
        space,
        arena,
        targets,
        space.grid(),
        games=games,
        seed=np.random.SeedSequence(2),
        executor=None,
        metrics=resolve_metrics(targets, probe),
        passes_unit=1,
        rounds=3,
        min_games=10**6,
        **options,
    )


def test_planned_rounds_split_the_budget_equally():
    _, history, spent = _dice_race([0, 1], 120)
    assert history.groupby("round")["games"].max().tolist() == [20, 40, 60]
    assert spent == 120


def test_halving_keeps_the_better_half_each_round_but_the_last():
    entries, history, spent = _dice_race([-3, -2, -1, 0, 1, 2, 3, 4], 8 * 10 * 3, halving=True)
    assert history.groupby("round").size().tolist() == [8, 4, 2]
    assert history.groupby("round")["games"].max().tolist() == [10, 30, 70]
    assert sum(e.fell is None for e in entries) == 2 and spent == 240
    for round_, rows in history.groupby("round"):
        kept = rows[~rows["dropped"]]
        if round_ < 2:
            assert kept["score"].max() <= rows[rows["dropped"]]["score"].min()
