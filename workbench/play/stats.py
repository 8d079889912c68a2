"""Confidence intervals used by the metrics: Wilson for shares, the bootstrap for means."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist

import numpy as np

__all__ = ["bootstrap_interval", "mean_interval", "wilson_interval"]


def _round(value: float) -> float:
    return round(float(value), 4)


def wilson_interval(
    successes: float, trials: int, *, confidence: float = 0.95
) -> tuple[float, float]:
    """Wilson score interval for a share (rounded to 4 decimals; NaN without trials).

    Unlike the normal approximation it stays inside [0, 1], contains the share and is
    never of zero width, at 0 and 1 too. ``successes`` may be fractional: a win share
    with ties split (1/k for a k-way tie) is a share of ``trials`` games.

    >>> wilson_interval(5, 10)  # the textbook example
    (0.2366, 0.7634)
    >>> wilson_interval(0, 3)
    (0.0, 0.5615)
    """
    if trials == 0:
        return (float("nan"), float("nan"))
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    share, z2 = successes / trials, z * z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials))
    half /= 1 + z2 / trials
    return (_round(max(0.0, centre - half)), _round(min(1.0, centre + half)))


def mean_interval(
    values: Sequence[float], *, confidence: float = 0.95, resamples: int = 2000, seed: int = 0
) -> tuple[float, float, float]:
    """Mean and percentile bootstrap interval: ``(mean, low, high)``, missing values
    ignored (NaN interval with fewer than 2 values). The interval stays inside the
    values' range, so inside the metric's.

    >>> mean_interval([0.0, 1.0, 1.0, 1.0])
    (0.75, 0.25, 1.0)
    """
    data = np.asarray(values, dtype=float)
    data = data[~np.isnan(data)]
    if data.size == 0:
        return (float("nan"),) * 3
    mean = _round(data.mean())
    if data.size < 2:
        return (mean, float("nan"), float("nan"))
    low, high = bootstrap_interval(
        data, lambda s: s.mean(axis=-1), resamples=resamples, confidence=confidence, seed=seed
    )
    return (mean, low, high)


def bootstrap_interval(
    data: np.ndarray,
    statistic: Callable[[np.ndarray], np.ndarray],
    *,
    resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``statistic`` over the rows of ``data``.

    ``statistic`` receives a stack of resamples, shape ``(resamples, n, ...)``, and
    returns one value per resample (vectorised). Seeded, so reproducible.

    >>> data = np.array([0, 1, 1, 0, 1, 1, 1, 0])
    >>> low, high = bootstrap_interval(data, lambda s: s.mean(axis=1))
    >>> bool(low < data.mean() < high)
    True
    """
    data = np.asarray(data)
    if len(data) == 0:
        return (float("nan"), float("nan"))
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(data), size=(resamples, len(data)))
    values = np.asarray(statistic(data[picks]), dtype=float)
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(values, [tail, 100 - tail])
    return (_round(low), _round(high))
