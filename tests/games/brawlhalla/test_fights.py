"""Fights: published values, a linear-algebra solve of the same chain, bounded attacks."""

import itertools
from fractions import Fraction

import numpy as np
import pytest
import sympy

from workbench.dice import clash
from workbench.errors import RulesError
from workbench.games.brawlhalla import Rules, assault, fight, fight_table
from workbench.games.brawlhalla.combat import dice_for, units_after


def chain_by_linear_algebra(max_a, max_d, rules, bonus_a=0, bonus_d=0):
    """P(attacker wins) from every start, solving (I - Q) x = r with sympy (exact)."""
    states = [(a, d) for a in range(1, max_a + 1) for d in range(1, max_d + 1)]
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    q, r = sympy.zeros(n, n), sympy.zeros(n, 1)
    for (a, d), i in index.items():
        da, dd = dice_for(a, bonus_a, rules), dice_for(d, bonus_d, rules)
        if da == 0:
            continue
        if dd == 0:
            r[i] += 1
            continue
        won = clash(da, dd, faces=rules.faces, ties=rules.ties)
        m = min(da, dd)
        for k, p in won.probabilities.items():
            nxt = (units_after(a, m - k, rules), units_after(d, k, rules))
            if nxt[1] == 0:
                r[i] += sympy.Rational(p.numerator, p.denominator)
            elif nxt[0] > 0:
                q[i, index[nxt]] += sympy.Rational(p.numerator, p.denominator)
    x = (sympy.eye(n) - q).LUsolve(r)
    return {s: Fraction(int(x[i].p), int(x[i].q)) for s, i in index.items()}


def test_published_values():
    assert fight(1, 1).p_attacker_wins == Fraction(5, 12)
    assert fight(2, 2).p_attacker_wins == Fraction(235, 648)


@pytest.mark.parametrize(
    ("rules", "bonus_d"),
    [(Rules(), 0), (Rules(value_above_cap="kept", dice_cap=3), 1), (Rules(ties="attacker"), -1)],
)
def test_table_matches_a_linear_solve_of_the_chain(rules, bonus_d):
    expected = chain_by_linear_algebra(5, 5, rules, bonus_d=bonus_d)
    table = fight_table(5, 5, rules=rules, defender_bonus=bonus_d)
    got = {
        (a, d): p
        for a, d, p in table[["attacker_units", "defender_units", "p_attacker_wins"]].itertuples(
            index=False
        )
    }
    assert got == expected
    floats = fight_table(5, 5, rules=rules, defender_bonus=bonus_d, exact=False)
    assert np.allclose(floats["p_attacker_wins"], [float(p) for p in table["p_attacker_wins"]])


def test_forward_and_backward_agree():
    rules = Rules(value_above_cap="kept")
    table = fight_table(12, 12, rules=rules).set_index(["attacker_units", "defender_units"])
    for start in [(12, 12), (7, 9), (3, 11)]:
        odds = fight(*start, rules=rules)
        assert odds.p_attacker_wins == table.loc[start, "p_attacker_wins"]
        assert odds.expected_clashes == table.loc[start, "expected_clashes"]
        assert sum(odds.outcomes["probability"]) == 1
        assert odds.attacker_left.probability(0) + odds.p_attacker_wins == 1


def test_within_k_attacks_grows_to_the_full_odds():
    full = fight(4, 3).p_attacker_wins
    bounded = [fight(4, 3, max_attacks=k).p_attacker_wins for k in range(6)]
    assert bounded[0] == 0
    assert all(x <= y for x, y in itertools.pairwise(bounded))
    assert bounded[-1] == full  # 4 + 3 units can last at most 6 clashes
    odds = fight(4, 3, max_attacks=2)
    assert set(odds.outcomes["result"]) <= {"attacker wins", "defender holds", "undecided"}
    assert Rules().attacks_per_turn == 2
    assert Rules(actions_per_unit_per_turn=3, action_points_per_turn=4).attacks_per_turn == 3


def test_assaults():
    assert assault(1, 0, building="barracks").p_attacker_wins == 1
    assert assault(1, 0, boat=True).p_attacker_wins == 1
    guarded = Rules(empty_building="defends with its bonus")
    assert (
        assault(3, 0, building="capital", rules=guarded).p_attacker_wins
        == fight(3, 2).p_attacker_wins
    )
    on_capital = assault(3, 2, building="capital").p_attacker_wins
    assert on_capital == fight(3, 2, defender_bonus=2).p_attacker_wins < fight(3, 2).p_attacker_wins
    with pytest.raises(RulesError, match="either on a building or aboard a boat"):
        assault(3, 2, building="harbor", boat=True)


def test_powerless_stacks():
    assert fight(2, 3, defender_bonus=-3).p_attacker_wins == 1  # rolls no dice: falls
    assert fight(2, 3, attacker_bonus=-2).p_attacker_wins == 0  # cannot attack
    one_die = Rules(powerless_stack="rolls one die")
    assert 0 < fight(2, 3, attacker_bonus=-2, rules=one_die).p_attacker_wins < 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: fight(0, 2), "attacker units must be >= 1, got 0"),
        (lambda: fight(2, -1), "defender units must be >= 0, got -1"),
        (lambda: fight(2, 2, max_attacks=-1), "max_attacks must be >= 0"),
        (lambda: fight_table(0, 3), "max_attacker must be >= 1"),
    ],
)
def test_bad_input(call, message):
    with pytest.raises(RulesError, match=message):
        call()
