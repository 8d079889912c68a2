"""Planning a tuning run: how many games a question needs, and what pairing saves.

:func:`games_to_tell` answers "how many games to tell 0.50 from 0.53 with 95%
confidence?" by the normal approximation (for a share its standard deviation comes
from the shares themselves; for a mean give ``sd``); :func:`paired_saving` measures,
on two candidates that played the same seeds, how much smaller the variance of
their per-game differences is than that of independent games: the factor of games
paired seeds save on the game in hand.

>>> games_to_tell(0.50, 0.53)
2178
>>> games_to_tell(0.50, 0.53, power=0.5)  # only the 95% interval's half-width
1068
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pandas as pd

from workbench.errors import RulesError
from workbench.play.tune_targets import metric

__all__ = ["games_to_tell", "paired_saving"]


def games_to_tell(
    a: float, b: float, *, confidence: float = 0.95, power: float = 0.8, sd: float | None = None
) -> int:
    """Games for a 2-sided test at ``confidence`` to tell a true ``b`` from ``a`` with
    probability ``power``: ``((z_c sd_a + z_p sd_b) / |a - b|)^2`` rounded up, where
    for shares ``sd_x = sqrt(x (1 - x))`` and for means ``sd_a = sd_b = sd``.

    >>> games_to_tell(10.0, 11.0, sd=4.0, power=0.5)
    62
    """
    if a == b:
        raise RulesError(f"games_to_tell: the two values must differ, got {a} twice")
    if sd is None and not (0 <= a <= 1 and 0 <= b <= 1):
        raise RulesError(f"games_to_tell: shares must lie in [0, 1], got {a} and {b}; give sd")
    normal = NormalDist()
    z_c = normal.inv_cdf(0.5 + confidence / 2)
    z_p = normal.inv_cdf(power)
    sd_a = sd if sd is not None else math.sqrt(a * (1 - a))
    sd_b = sd if sd is not None else math.sqrt(b * (1 - b))
    return math.ceil(((z_c * sd_a + z_p * sd_b) / abs(a - b)) ** 2)


def paired_saving(first: pd.DataFrame, second: pd.DataFrame, name: str) -> dict[str, float]:
    """On two tables of the same seeds, the per-game variance of the difference in
    metric ``name`` when paired, and when independent (the sum of the two variances),
    and their ratio: how many times more games unpaired candidates would need.

    >>> import pandas as pd
    >>> one = pd.DataFrame({"winner": [0, 1, 0, 1], "plies": [4, 6, 8, 10]})
    >>> paired_saving(one, one.assign(plies=[5, 7, 9, 11]), "duration")["ratio"]
    inf
    """
    if len(first) != len(second):
        raise RulesError("paired_saving: the two tables must hold the same games")
    found = metric(name, first)
    x, y = found.table(first)[:, 0], found.table(second)[:, 0]
    paired = float(np.var(x - y, ddof=1))
    unpaired = float(np.var(x, ddof=1) + np.var(y, ddof=1))
    ratio = unpaired / paired if paired > 0 else math.inf
    return {
        "games": len(x),
        "paired": round(paired, 6),
        "unpaired": round(unpaired, 6),
        "ratio": round(ratio, 3) if math.isfinite(ratio) else ratio,
    }
