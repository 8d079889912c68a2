"""Exact odds of one Daggers Brink attack: remaining hits and the chance of a wound.

The attacker rolls ``attack`` dice, the defender ``defend`` dice; a die succeeds
on ``threshold`` or more (a hit, or a block). Each block cancels one hit, and the
defender is wounded when the remaining hits reach its ``health``. Hits and blocks
are independent success counts (:func:`workbench.dice.successes`), so the
remaining hits are ``max(0, hits - blocks)``, exact with integer weights.

>>> remaining_hits(1, 1)
{0: Fraction(3, 4), 1: Fraction(1, 4)}
>>> wound_probability(3, 1, 2)
Fraction(5, 16)
>>> round(wound_chance(12, 1, 1), 4)
0.9983
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache

import numpy as np
import pandas as pd

from workbench.dice import Distribution, successes
from workbench.errors import RulesError

__all__ = [
    "remaining_hits",
    "remaining_hits_distribution",
    "remaining_hits_table",
    "wound_chance",
    "wound_chances",
    "wound_probability",
    "wound_table",
]

_FACES = 6


def _check(name: str, value: int, low: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise RulesError(f"{name}: expected an integer >= {low}, got {value!r}")


def _validate(attack: int, defend: int, threshold: int) -> None:
    _check("attack", attack, 0)
    _check("defend", defend, 0)
    if not isinstance(threshold, int) or not 1 <= threshold <= _FACES:
        raise RulesError(f"threshold: expected an integer 1..{_FACES}, got {threshold!r}")


@lru_cache(maxsize=1024)
def _successes(dice: int, threshold: int) -> Distribution:
    return successes(dice, at_least=threshold, faces=_FACES)


def _left_over(hits: int, blocks: int) -> int:
    return hits - blocks if hits > blocks else 0


def remaining_hits_distribution(attack: int, defend: int, *, threshold: int = 4) -> Distribution:
    """The hits left after blocks, as an exact :class:`~workbench.dice.Distribution`.

    >>> remaining_hits_distribution(3, 2).mean
    Fraction(23, 32)
    """
    _validate(attack, defend, threshold)
    return _successes(attack, threshold).combine(_successes(defend, threshold), _left_over)


def remaining_hits(attack: int, defend: int, *, threshold: int = 4) -> dict[int, Fraction]:
    """Exact distribution of the hits left after blocks: ``{hits: probability}``.

    Outcomes that cannot happen are left out.

    >>> remaining_hits(2, 0, threshold=5)
    {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
    """
    return dict(remaining_hits_distribution(attack, defend, threshold=threshold).probabilities)


def wound_probability(attack: int, defend: int, health: int, *, threshold: int = 4) -> Fraction:
    """Exact chance that remaining hits reach ``health`` (a wound).

    >>> wound_probability(4, 2, 2)
    Fraction(11, 32)
    """
    _check("health", health, 0)
    return remaining_hits_distribution(attack, defend, threshold=threshold).at_least(health)


@cache
def wound_chance(attack: int, defend: int, health: int, threshold: int = 4) -> float:
    """:func:`wound_probability` as a float, cached (for agents deciding in simulations)."""
    return float(wound_probability(attack, defend, health, threshold=threshold))


@cache
def wound_chances(top: int, threshold: int = 4) -> np.ndarray:
    """:func:`wound_chance` for every attack, defend and health 0..``top`` as one array
    ``[attack, defend, health]`` of floats (shared: do not change it).

    >>> float(wound_chances(6)[4, 2, 2]) == wound_chance(4, 2, 2)
    True
    """
    healths = range(top + 1)
    out = np.empty((top + 1,) * 3)
    for attack in healths:
        for defend in healths:
            left = remaining_hits_distribution(attack, defend, threshold=threshold)
            out[attack, defend] = [float(p) for p in _tails(left, healths)]
    return out


def _tails(left: Distribution, healths: range) -> list[Fraction]:
    """P(left >= h) for each h of ``healths`` (ascending), in one pass over the outcomes."""
    outcomes, weights = left.outcomes, left.weights
    above = [0] * (len(outcomes) + 1)
    for i in range(len(outcomes) - 1, -1, -1):
        above[i] = above[i + 1] + weights[i]
    out, i = [], 0
    for h in healths:
        while i < len(outcomes) and outcomes[i] < h:
            i += 1
        out.append(Fraction(above[i], left.total))
    return out


def _grid(name: str, values: range | int) -> range:
    grid = range(1, values + 1) if isinstance(values, int) else values
    if not grid or grid[0] < 0 or grid.step < 0:
        raise RulesError(f"{name}: expected a positive size or an ascending range of values >= 0")
    return grid


def wound_table(
    attack: range | int = 12,
    defend: range | int = 12,
    health: range | int = 12,
    *,
    threshold: int = 4,
) -> pd.DataFrame:
    """P(wound) for every (attack, defend, health), one row each (tidy).

    Sizes mean ``1..size``; ranges are used as given. Columns ``attack``,
    ``defend``, ``health``, ``p_wound`` (exact Fraction) and ``p_wound_float``.

    >>> table = wound_table(2, 2, 2)
    >>> len(table), table.loc[0, "p_wound"]
    (8, Fraction(1, 4))
    """
    rows = []
    healths = _grid("health", health)
    for a in _grid("attack", attack):
        for d in _grid("defend", defend):
            left = remaining_hits_distribution(a, d, threshold=threshold)
            for h, p in zip(healths, _tails(left, healths), strict=True):
                rows.append((a, d, h, p, float(p)))
    return pd.DataFrame(rows, columns=["attack", "defend", "health", "p_wound", "p_wound_float"])


def remaining_hits_table(attack: int, defend: int, *, threshold: int = 4) -> pd.DataFrame:
    """The remaining-hits distribution with P(at least r), for one attack.

    >>> remaining_hits_table(1, 1)["p_at_least"].tolist()
    [Fraction(1, 1), Fraction(1, 4)]
    """
    dist = remaining_hits(attack, defend, threshold=threshold)
    rows, tail = [], Fraction(1)
    for r, p in dist.items():
        rows.append((r, p, tail, float(p)))
        tail -= p
    return pd.DataFrame(rows, columns=["remaining_hits", "probability", "p_at_least", "float"])
