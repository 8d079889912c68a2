"""Confidence intervals against closed forms and published values."""

import math

import numpy as np
import pytest
from scipy import stats

from workbench.play.stats import bootstrap_interval, mean_interval, wilson_interval


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


@pytest.mark.parametrize(("hits", "trials"), [(0, 3), (3, 3), (0, 1), (1, 1), (7, 1000)])
def test_wilson_matches_scipy_and_is_never_of_zero_width(hits, trials):
    found = stats.binomtest(hits, trials).proportion_ci(method="wilson")
    low, high = wilson_interval(hits, trials)
    assert (low, high) == pytest.approx((found.low, found.high), abs=1e-4)
    assert low <= hits / trials <= high and high - low > 0


def test_wilson_takes_a_share_with_ties_split():
    low, high = wilson_interval(2.5, 5)
    assert 0 < low < 0.5 < high < 1 and (low + high) / 2 == pytest.approx(0.5, abs=1e-4)


@pytest.mark.parametrize(
    ("values", "expected"),
    [([], (math.nan,) * 3), ([2.0], (2.0, math.nan, math.nan)), ([3, 3, 3], (3, 3, 3))],
)
def test_mean_interval_edge_cases(values, expected):
    assert mean_interval(values) == pytest.approx(expected, nan_ok=True)


def test_mean_interval_ignores_missing_values_and_stays_inside_the_values():
    assert mean_interval([1.0, np.nan, 3.0])[0] == 2.0
    _, low, high = mean_interval([0.0] * 19 + [1.0])
    assert 0.0 <= low < 0.05 < high <= 1.0


def test_bootstrap_agrees_with_student_t_for_a_large_normal_sample_and_is_seeded():
    data = np.random.default_rng(1).normal(10, 2, size=400)
    scale = data.std(ddof=1) / np.sqrt(data.size)
    low, high = stats.t.interval(0.95, data.size - 1, loc=data.mean(), scale=scale)
    boot = bootstrap_interval(data, lambda s: s.mean(axis=-1), seed=4)
    assert boot == pytest.approx((low, high), abs=0.05)
    assert boot == bootstrap_interval(data, lambda s: s.mean(axis=-1), seed=4)
