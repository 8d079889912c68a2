"""The symbolic odds: p = 1/2, 1/3, 2/3 reproduce the exact tables of every threshold."""

import pytest
import sympy

from workbench.errors import RulesError
from workbench.games.daggers_brink.odds import wound_probability, wound_table
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.symbolic import (
    P,
    threshold_chance,
    threshold_comparison,
    wound_polynomial,
    wound_polynomials,
)


def test_p_one_half_reproduces_the_exact_table():
    grid = range(1, 7)
    polys = wound_polynomials(grid, grid, grid)
    exact = wound_table(6, 6, 6)
    half = sympy.Rational(1, 2)
    values = [poly.eval(half) for poly in polys.values()]
    assert [sympy.Rational(p.numerator, p.denominator) for p in exact["p_wound"]] == values


@pytest.mark.parametrize("threshold", [3, 5, 6])
def test_other_thresholds_are_other_values_of_p(threshold):
    fights = [(a, d, h) for a in (1, 4, 9) for d in (0, 3, 8) for h in (1, 2, 5)]
    table = threshold_comparison(fights, thresholds=(threshold,))
    for row in table.itertuples(index=False):
        assert row[3] == wound_probability(row[0], row[1], row[2], threshold=threshold)


def test_polynomials_have_the_expected_shape():
    poly = sympy.Poly(wound_polynomial(5, 3, 2), P)
    assert poly.degree() <= 8
    assert poly.eval(0) == 0 and poly.eval(1) == 1  # never hit / always hit, never block
    assert wound_polynomial(2, 3, 3) == 0  # health above the attack dice
    assert threshold_chance(4) == sympy.Rational(1, 2)


def test_bad_input():
    with pytest.raises(RulesError, match="attack: expected an integer >= 0"):
        wound_polynomial(-1, 0, 1)
    with pytest.raises(RulesError, match=r"threshold: expected 1\.\.6"):
        threshold_comparison([(1, 1, 1)], thresholds=(7,))


def test_other_dice_are_other_values_of_p():
    rules = Rules(die_sides=8, hit_threshold=6)
    assert threshold_chance(6, rules=rules) == sympy.Rational(3, 8)
    fights = [(3, 1, 2), (4, 2, 1), (2, 2, 2)]
    table = threshold_comparison(fights, thresholds=(5, 6, 8), rules=rules)
    for row in table.itertuples(index=False):
        for column, t in zip(row[3:], (5, 6, 8), strict=True):
            assert column == wound_probability(row[0], row[1], row[2], rules=rules, threshold=t)
    with pytest.raises(RulesError, match=r"threshold: expected 1\.\.8"):
        threshold_chance(9, rules=rules)
