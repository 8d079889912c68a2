"""Confidence intervals against closed forms and published values."""

import math

import numpy as np
import pytest

from workbench.play.stats import bootstrap_interval, t_interval, wilson_interval


@pytest.mark.parametrize(("hits", "trials"), [(0, 10), (5, 10), (10, 10), (37, 120), (1, 3)])
def test_wilson_matches_the_closed_form(hits, trials):
    z = 1.959963984540054
    p = hits / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    low, high = wilson_interval(hits, trials)
    assert low == pytest.approx(max(0.0, centre - half), abs=1e-4)
    assert high == pytest.approx(min(1.0, centre + half), abs=1e-4)


def test_wilson_without_trials_is_undefined():
    assert all(math.isnan(x) for x in wilson_interval(0, 0))


def test_t_interval_matches_a_hand_computation():
    # mean 4.5, sd 3.02765, t(0.975, 9) = 2.262157
    assert t_interval(range(10)) == pytest.approx((4.5, 2.3341, 6.6659), abs=1e-4)


@pytest.mark.parametrize(
    ("values", "expected"),
    [([], (math.nan,) * 3), ([2.0], (2.0, math.nan, math.nan)), ([3, 3, 3], (3, 3, 3))],
)
def test_t_interval_edge_cases(values, expected):
    assert t_interval(values) == pytest.approx(expected, nan_ok=True)


def test_t_interval_ignores_missing_values():
    assert t_interval([1.0, np.nan, 3.0])[0] == 2.0


def test_bootstrap_agrees_with_t_for_a_large_normal_sample_and_is_seeded():
    data = np.random.default_rng(1).normal(10, 2, size=400)
    _, low, high = t_interval(data)
    boot = bootstrap_interval(data, lambda s: s.mean(axis=-1), seed=4)
    assert boot == pytest.approx((low, high), abs=0.05)
    assert boot == bootstrap_interval(data, lambda s: s.mean(axis=-1), seed=4)
