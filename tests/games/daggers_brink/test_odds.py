"""Attack odds checked against brute force over every roll, and their invariants."""

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.errors import RulesError
from workbench.games.daggers_brink.odds import (
    remaining_hits,
    remaining_hits_table,
    wound_chance,
    wound_probability,
    wound_table,
)
from workbench.games.daggers_brink.rules import Rules


def _brute_force(attack, defend, threshold, sides=6):
    counts = {}
    for roll in itertools.product(range(1, sides + 1), repeat=attack + defend):
        hits = sum(f >= threshold for f in roll[:attack])
        blocks = sum(f >= threshold for f in roll[attack:])
        left = max(0, hits - blocks)
        counts[left] = counts.get(left, 0) + 1
    total = sides ** (attack + defend)
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


SMALL = [(a, d) for a in range(1, 5) for d in range(0, 4) if a + d <= 5]


@pytest.mark.parametrize(("attack", "defend"), SMALL)
@pytest.mark.parametrize("threshold", [3, 4, 5])
def test_remaining_hits_equal_brute_force_over_every_roll(attack, defend, threshold):
    exact = remaining_hits(attack, defend, threshold=threshold)
    assert exact == _brute_force(attack, defend, threshold)
    for health in range(1, attack + 2):
        tail = sum((p for k, p in exact.items() if k >= health), Fraction(0))
        assert wound_probability(attack, defend, health, threshold=threshold) == tail


def test_the_table_agrees_with_single_odds_and_has_every_row():
    table = wound_table(12, 12, 12)
    assert len(table) == 12**3
    for row in table.sample(60, random_state=1).itertuples():
        assert row.p_wound == wound_probability(row.attack, row.defend, row.health)
        assert row.p_wound_float == pytest.approx(float(row.p_wound))
    small = wound_table(range(1, 4), range(0, 3), range(1, 5), threshold=5)
    for row in small.itertuples():
        expected = sum(
            (p for k, p in _brute_force(row.attack, row.defend, 5).items() if k >= row.health),
            Fraction(0),
        )
        assert row.p_wound == expected


def test_known_values():
    # one die against one die on 4+: a hit and no block
    assert wound_probability(1, 1, 1) == Fraction(1, 4)
    # health above the attack dice: no wound is possible
    assert wound_probability(3, 0, 4) == 0
    # no defence, health 1: anything but all misses
    assert wound_probability(5, 0, 1) == 1 - Fraction(1, 2**5)
    assert wound_chance(5, 0, 1) == pytest.approx(31 / 32)


@given(st.integers(1, 10), st.integers(0, 10), st.integers(1, 10), st.sampled_from([2, 4, 6]))
def test_more_attack_helps_more_defence_and_health_hurt(attack, defend, health, threshold):
    p = wound_probability(attack, defend, health, threshold=threshold)
    assert wound_probability(attack + 1, defend, health, threshold=threshold) >= p
    assert wound_probability(attack, defend + 1, health, threshold=threshold) <= p
    assert wound_probability(attack, defend, health + 1, threshold=threshold) <= p
    assert sum(remaining_hits(attack, defend, threshold=threshold).values()) == 1


def test_remaining_hits_table_tails():
    table = remaining_hits_table(3, 1)
    assert table["probability"].sum() == 1
    assert list(table["p_at_least"]) == [wound_probability(3, 1, h) for h in range(0, 4)]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: wound_probability(-1, 1, 1), r"attack: expected an integer >= 0, got -1"),
        (lambda: wound_probability(1, 1, 1, threshold=7), r"threshold: expected an integer 1\.\.6"),
        (lambda: wound_probability(1, 1.5, 1), r"defend: expected an integer"),
        (lambda: wound_table(range(3, 0, -1)), r"attack: expected a positive size or an ascending"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises(RulesError, match=message):
        call()


@pytest.mark.parametrize("threshold", [3, 4, 5])
def test_the_array_of_wound_chances_is_wound_chance_entry_by_entry(threshold):
    from workbench.games.daggers_brink.odds import wound_chance, wound_chances

    table = wound_chances(7, threshold=threshold)
    assert table.shape == (8, 8, 8)
    for (attack, defend, health), value in np.ndenumerate(table):
        assert value == wound_chance(attack, defend, health, threshold=threshold)


@pytest.mark.parametrize(("sides", "threshold"), [(4, 3), (8, 6), (10, 7)])
def test_other_dice_equal_brute_force_over_every_roll(sides, threshold):
    rules = Rules(die_sides=sides, hit_threshold=threshold)
    for attack, defend in [(1, 1), (2, 1), (3, 0), (2, 2)]:
        exact = _brute_force(attack, defend, threshold, sides)
        assert remaining_hits(attack, defend, rules=rules) == exact
        for health in range(0, attack + 2):
            tail = sum((p for k, p in exact.items() if k >= health), Fraction(0))
            assert wound_probability(attack, defend, health, rules=rules) == tail
            assert wound_chance(attack, defend, health, rules=rules) == pytest.approx(float(tail))
    table = wound_table(2, 2, 2, rules=rules)
    assert list(table["p_wound"]) == [
        wound_probability(a, d, h, rules=rules) for a in (1, 2) for d in (1, 2) for h in (1, 2)
    ]
    with pytest.raises(RulesError, match=rf"threshold: expected an integer 1\.\.{sides}"):
        wound_probability(1, 1, 1, rules=rules, threshold=sides + 1)


def test_rules_give_the_default_threshold_and_threshold_overrides_it():
    assert wound_probability(3, 1, 2, rules=Rules(hit_threshold=5)) == wound_probability(
        3, 1, 2, threshold=5
    )
    assert wound_probability(3, 1, 2, rules=Rules(hit_threshold=5), threshold=4) == (
        wound_probability(3, 1, 2)
    )
