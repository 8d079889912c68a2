"""Attack odds as polynomials in ``p``, the chance that one die succeeds.

Hits needing 4+ on a d6 is ``p = 1/2``; 5+ is ``p = 1/3``; 3+ is ``p = 2/3``
(:func:`threshold_chance`). With
``k`` hits out of ``A`` dice and ``b`` blocks out of ``D``, the chance of a wound
against health ``H`` is

    sum over k - b >= H of  C(A, k) C(D, b) p**(k + b) (1 - p)**(A + D - k - b),

a polynomial of degree at most ``A + D``: one formula for every hit threshold,
and for any other die (a d8 hitting on 6+ is ``p = 3/8``).

>>> wound_polynomial(1, 1, 1)
-p**2 + p
>>> wound_polynomial(3, 1, 2).subs(P, sympy.Rational(1, 2))
5/16
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

import pandas as pd
import sympy

from workbench.errors import RulesError
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules

__all__ = ["P", "threshold_chance", "threshold_comparison", "wound_polynomial", "wound_polynomials"]

#: The symbol for the chance that one die succeeds.
P = sympy.Symbol("p")


def threshold_chance(threshold: int, *, rules: Rules | None = None) -> sympy.Rational:
    """The chance ``p`` that one die of the rules' ``die_sides`` shows ``threshold`` or more.

    >>> threshold_chance(4), threshold_chance(6, rules=Rules(die_sides=8))
    (1/2, 3/8)
    """
    sides = (rules or DEFAULT_RULES).die_sides
    if not isinstance(threshold, int) or not 1 <= threshold <= sides:
        raise RulesError(f"threshold: expected 1..{sides}, got {threshold!r}")
    return sympy.Rational(sides + 1 - threshold, sides)


@lru_cache(maxsize=64)
def _binomial_terms(n: int) -> tuple[sympy.Poly, ...]:
    """``C(n, k) p**k (1 - p)**(n - k)`` for k = 0..n, as polynomials in p."""
    p = sympy.Poly(P, P, domain="QQ")
    q = sympy.Poly(1 - P, P, domain="QQ")
    return tuple(comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))


def _check(**values: int) -> None:
    for name, value in values.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RulesError(f"{name}: expected an integer >= 0, got {value!r}")


@lru_cache(maxsize=256)
def _wound_tails(attack: int, defend: int) -> tuple[sympy.Poly, ...]:
    """P(remaining hits >= h) for h = 0..attack + 1, as polynomials in p."""
    hits, blocks = _binomial_terms(attack), _binomial_terms(defend)
    zero = sympy.Poly(0, P, domain="QQ")
    exactly = [zero] * (attack + 2)
    for k in range(1, attack + 1):
        for b in range(0, min(k - 1, defend) + 1):
            exactly[k - b] += hits[k] * blocks[b]
    tails = [zero] * (attack + 2)  # P(hits - blocks >= j), summed down from the top
    for j in range(attack, 0, -1):
        tails[j] = tails[j + 1] + exactly[j]
    tails[0] = sympy.Poly(1, P, domain="QQ")
    return tuple(tails)


def _wound_poly(attack: int, defend: int, health: int) -> sympy.Poly:
    tails = _wound_tails(attack, defend)
    return tails[min(health, attack + 1)]


def wound_polynomial(attack: int, defend: int, health: int) -> sympy.Expr:
    """P(wound) as an expanded polynomial in :data:`P`.

    >>> wound_polynomial(2, 0, 2)
    p**2
    """
    _check(attack=attack, defend=defend, health=health)
    return _wound_poly(attack, defend, health).as_expr()


def wound_polynomials(
    attack: Sequence[int], defend: Sequence[int], health: Sequence[int]
) -> dict[tuple[int, int, int], sympy.Poly]:
    """P(wound) for every (attack, defend, health), as a ``sympy.Poly`` in ``p``.

    Building sympy expressions is the slow part, so these stay ``Poly`` objects
    (``.as_expr()`` gives the expression, ``.eval(x)`` a value).

    >>> polys = wound_polynomials([1], [0, 1], [1])
    >>> [poly.as_expr() for poly in polys.values()]
    [p, -p**2 + p]
    """
    for name, values in (("attack", attack), ("defend", defend), ("health", health)):
        for value in values:
            _check(**{name: value})
    return {(a, d, h): _wound_poly(a, d, h) for a in attack for d in defend for h in health}


def threshold_comparison(
    fights: Sequence[tuple[int, int, int]],
    thresholds: Sequence[int] = (3, 4, 5),
    *,
    rules: Rules | None = None,
) -> pd.DataFrame:
    """Exact P(wound) of each (attack, defend, health) fight for each hit threshold on the
    rules' die.

    >>> threshold_comparison([(3, 1, 2)])["4+"].tolist()
    [Fraction(5, 16)]
    """
    chances = {t: threshold_chance(t, rules=rules) for t in thresholds}
    rows = []
    for attack, defend, health in fights:
        poly = _wound_poly(attack, defend, health)
        row = {"attack": attack, "defend": defend, "health": health}
        for t, chance in chances.items():
            value = poly.eval(chance)
            row[f"{t}+"] = Fraction(int(value.p), int(value.q))
        rows.append(row)
    return pd.DataFrame(rows)
