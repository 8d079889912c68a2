"""Confidence intervals used by the metrics: Wilson for proportions, t for means, bootstrap."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

__all__ = ["bootstrap_interval", "t_interval", "wilson_interval"]


def _round(value: float) -> float:
    return round(float(value), 4)


def wilson_interval(
    successes: int, trials: int, *, confidence: float = 0.95
) -> tuple[float, float]:
    """Wilson score interval for a proportion (rounded to 4 decimals; NaN without trials).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and 1.

    >>> wilson_interval(5, 10)  # the textbook example
    (0.2366, 0.7634)
    """
    if trials == 0:
        return (float("nan"), float("nan"))
    from scipy import stats  # imported on use: scipy.stats takes seconds to import

    found = stats.binomtest(int(successes), int(trials)).proportion_ci(
        confidence_level=confidence, method="wilson"
    )
    return (_round(found.low), _round(found.high))


def t_interval(values: Sequence[float], *, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean and Student-t interval for the mean: ``(mean, low, high)`` (NaN where undefined).

    >>> t_interval([1.0, 2.0, 3.0])
    (2.0, -0.4841, 4.4841)
    """
    data = np.asarray(values, dtype=float)
    data = data[~np.isnan(data)]
    if data.size == 0:
        return (float("nan"),) * 3
    mean = float(data.mean())
    if data.size < 2:
        return (_round(mean), float("nan"), float("nan"))
    scale = float(data.std(ddof=1)) / np.sqrt(data.size)
    if scale == 0:
        return (_round(mean), _round(mean), _round(mean))
    from scipy import stats

    low, high = stats.t.interval(confidence, data.size - 1, loc=mean, scale=scale)
    return (_round(mean), _round(low), _round(high))


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
