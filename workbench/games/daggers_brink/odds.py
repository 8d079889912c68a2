"""Exact odds of one Daggers Brink attack: remaining hits and the chance of a wound.

The attacker rolls ``attack`` dice, the defender ``defend`` dice; a die succeeds
on the rules' ``hit_threshold`` or more (a hit, or a block). Each block cancels one
hit, and the defender is wounded when the remaining hits reach its ``health``. Hits
and blocks are independent success counts (:func:`workbench.dice.successes`), so the
remaining hits are ``max(0, hits - blocks)``, exact with integer weights.

Every function takes the ``rules`` (default: the standard rules: a d6 hitting on 4+);
``threshold=`` asks for another hit threshold on the same die.

>>> remaining_hits(1, 1)
{0: Fraction(3, 4), 1: Fraction(1, 4)}
>>> wound_probability(3, 1, 2)
Fraction(5, 16)
>>> wound_probability(3, 1, 2, threshold=5), wound_probability(3, 1, 2, rules=Rules(die_sides=8))
(Fraction(5, 27), Fraction(1675, 4096))
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
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules

__all__ = [
    "remaining_hits",
    "remaining_hits_distribution",
    "remaining_hits_table",
    "wound_chance",
    "wound_chances",
    "wound_probability",
    "wound_table",
]

#: The dice of a roll: (hit threshold, sides of the die).
Dice = tuple[int, int]


def _check(name: str, value: int, low: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise RulesError(f"{name}: expected an integer >= {low}, got {value!r}")


def _dice(rules: Rules | None, threshold: int | None) -> Dice:
    """The hit threshold (the rules', or ``threshold``) and the die's sides, checked."""
    rules = rules or DEFAULT_RULES
    sides = rules.die_sides
    threshold = rules.hit_threshold if threshold is None else threshold
    if not isinstance(threshold, int) or not 1 <= threshold <= sides:
        raise RulesError(f"threshold: expected an integer 1..{sides}, got {threshold!r}")
    return threshold, sides


@lru_cache(maxsize=1024)
def _successes(dice: int, threshold: int, sides: int) -> Distribution:
    return successes(dice, at_least=threshold, faces=sides)


def _left_over(hits: int, blocks: int) -> int:
    return hits - blocks if hits > blocks else 0


def _remaining(attack: int, defend: int, dice: Dice) -> Distribution:
    _check("attack", attack, 0)
    _check("defend", defend, 0)
    return _successes(attack, *dice).combine(_successes(defend, *dice), _left_over)


def remaining_hits_distribution(
    attack: int, defend: int, *, rules: Rules | None = None, threshold: int | None = None
) -> Distribution:
    """The hits left after blocks, as an exact :class:`~workbench.dice.Distribution`.

    >>> remaining_hits_distribution(3, 2).mean
    Fraction(23, 32)
    """
    return _remaining(attack, defend, _dice(rules, threshold))


def remaining_hits(
    attack: int, defend: int, *, rules: Rules | None = None, threshold: int | None = None
) -> dict[int, Fraction]:
    """Exact distribution of the hits left after blocks: ``{hits: probability}``.

    Outcomes that cannot happen are left out.

    >>> remaining_hits(2, 0, threshold=5)
    {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
    """
    dice = _dice(rules, threshold)
    return dict(_remaining(attack, defend, dice).probabilities)


def wound_probability(
    attack: int,
    defend: int,
    health: int,
    *,
    rules: Rules | None = None,
    threshold: int | None = None,
) -> Fraction:
    """Exact chance that remaining hits reach ``health`` (a wound).

    >>> wound_probability(4, 2, 2)
    Fraction(11, 32)
    """
    _check("health", health, 0)
    return _remaining(attack, defend, _dice(rules, threshold)).at_least(health)


def wound_chance(
    attack: int,
    defend: int,
    health: int,
    *,
    rules: Rules | None = None,
    threshold: int | None = None,
) -> float:
    """:func:`wound_probability` as a float, cached (for agents deciding in simulations)."""
    return _wound_chance(attack, defend, health, _dice(rules, threshold))


@cache
def _wound_chance(attack: int, defend: int, health: int, dice: Dice) -> float:
    _check("health", health, 0)
    return float(_remaining(attack, defend, dice).at_least(health))


def wound_chances(
    top: int, *, rules: Rules | None = None, threshold: int | None = None
) -> np.ndarray:
    """:func:`wound_chance` for every attack, defend and health 0..``top`` as one array
    ``[attack, defend, health]`` of floats (shared: do not change it).

    >>> float(wound_chances(6)[4, 2, 2]) == wound_chance(4, 2, 2)
    True
    """
    return _wound_chances(top, _dice(rules, threshold))


@cache
def _wound_chances(top: int, dice: Dice) -> np.ndarray:
    healths = range(top + 1)
    out = np.empty((top + 1,) * 3)
    for attack in healths:
        for defend in healths:
            out[attack, defend] = [
                float(p) for p in _tails(_remaining(attack, defend, dice), healths)
            ]
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
    rules: Rules | None = None,
    threshold: int | None = None,
) -> pd.DataFrame:
    """P(wound) for every (attack, defend, health), one row each (tidy).

    Sizes mean ``1..size``; ranges are used as given. Columns ``attack``,
    ``defend``, ``health``, ``p_wound`` (exact Fraction) and ``p_wound_float``.

    >>> table = wound_table(2, 2, 2)
    >>> len(table), table.loc[0, "p_wound"]
    (8, Fraction(1, 4))
    """
    dice, rows = _dice(rules, threshold), []
    healths = _grid("health", health)
    for a in _grid("attack", attack):
        for d in _grid("defend", defend):
            left = _remaining(a, d, dice)
            for h, p in zip(healths, _tails(left, healths), strict=True):
                rows.append((a, d, h, p, float(p)))
    return pd.DataFrame(rows, columns=["attack", "defend", "health", "p_wound", "p_wound_float"])


def remaining_hits_table(
    attack: int, defend: int, *, rules: Rules | None = None, threshold: int | None = None
) -> pd.DataFrame:
    """The remaining-hits distribution with P(at least r), for one attack.

    >>> remaining_hits_table(1, 1)["p_at_least"].tolist()
    [Fraction(1, 1), Fraction(1, 4)]
    """
    dist = remaining_hits(attack, defend, rules=rules, threshold=threshold)
    rows, tail = [], Fraction(1)
    for r, p in dist.items():
        rows.append((r, p, tail, float(p)))
        tail -= p
    return pd.DataFrame(rows, columns=["remaining_hits", "probability", "p_at_least", "float"])
