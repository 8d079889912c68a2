"""Sorted clashes without modifiers: brute force, icepool, RISK, invariants."""

from fractions import Fraction

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.dice import clash, clash_counts, clash_summary, clash_table, sorted_tops, top_weights
from workbench.dice.sorted_dp import clash_weights

from .dice_oracles import brute_clash_counts, icepool_sorted_pairs, raw_rolls

SMALL = [(a, d) for a in range(1, 8) for d in range(1, 8) if a + d <= 8]


@pytest.mark.parametrize(("a", "d"), SMALL)
def test_every_raw_roll_d6(a, d):
    assert clash_weights(cap=7)[a, d, : min(a, d) + 1].tolist() == brute_clash_counts(a, d)


@pytest.mark.parametrize("faces", [2, 4, 8, 20])
@pytest.mark.parametrize("ties", ["defender", "attacker"])
def test_every_raw_roll_other_dice_and_ties(faces, ties):
    cap = 3 if faces < 20 else 2
    weights = clash_weights(faces=faces, cap=cap, ties=ties)
    for a in range(1, cap + 1):
        for d in range(1, cap + 1):
            expected = brute_clash_counts(a, d, faces, ties)
            assert weights[a, d, : min(a, d) + 1].tolist() == expected, (a, d)


def test_all_49_tables_match_icepool_with_the_right_idiom():
    weights = clash_weights(cap=7)
    for a in range(1, 8):
        for d in range(1, 8):
            assert weights[a, d, : min(a, d) + 1].tolist() == icepool_sorted_pairs(a, d), (a, d)


def test_the_documented_icepool_idiom_is_wrong_when_the_attacker_has_fewer_dice():
    pool = icepool.d6.pool
    wrong = pool(1).sort_pair(">", pool(3)).size()
    assert [wrong.quantity(k) for k in range(2)] != icepool_sorted_pairs(1, 3)
    assert [wrong.quantity(k) for k in range(2)] != clash_weights(cap=3)[1, 3, :2].tolist()


def test_risk_three_against_two():
    assert clash_weights(cap=3)[3, 2].tolist() == [2275, 2611, 2890, 0]
    risk = clash(3, 2)
    assert risk.probabilities == {
        0: Fraction(2275, 7776),
        1: Fraction(2611, 7776),
        2: Fraction(2890, 7776),
    }


def test_bigger_cap_and_dice_sizes_are_exact_python_ints():
    weights = clash_weights(faces=20, cap=9)
    assert weights.dtype == object
    assert all(int(weights[a, d].sum()) == 20 ** (a + d) for a in range(10) for d in range(10))


def test_table_and_summary():
    table = clash_table(cap=7)
    assert len(table) == sum(min(a, d) + 1 for a in range(1, 8) for d in range(1, 8))
    assert (table.groupby(["attacker_dice", "defender_dice"])["probability"].sum() == 1).all()
    assert (table["attacker_losses"] + table["defender_losses"]).equals(
        table[["attacker_dice", "defender_dice"]].min(axis=1)
    )
    summary = clash_summary(table).set_index(["attacker_dice", "defender_dice"])
    risk = summary.loc[(3, 2)]
    assert risk["p_sweep"] == Fraction(2890, 7776)
    assert risk["p_repelled"] == Fraction(2275, 7776)
    assert risk["expected_defender_losses"] == Fraction(2611 + 2 * 2890, 7776)
    assert risk["expected_attacker_losses"] == 2 - risk["expected_defender_losses"]
    assert risk["p_defender_loses_at_least_1"] == Fraction(2611 + 2890, 7776)
    assert risk["p_defender_loses_at_least_3"] == 0


def test_top_weights_match_raw_rolls():
    for faces, keep, dice in [(6, 2, 4), (4, 3, 3), (5, 1, 5), (6, 3, 5)]:
        tops = -np.sort(-raw_rolls(dice, faces), axis=1)[:, :keep]
        index = {tuple(t): i for i, t in enumerate(sorted_tops(faces, keep).tolist())}
        counts = [0] * len(index)
        for row in tops.tolist():
            counts[index[tuple(row)]] += 1
        assert top_weights(faces, keep, dice).tolist() == counts


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: clash(0, 2), "attacker dice must be at least 1, got 0"),
        (lambda: clash(2, -1), "defender dice must be at least 1, got -1"),
        (lambda: clash(2.5, 1), "attacker dice must be a whole number"),
        (lambda: clash(2, 2, faces=1), "faces must be at least 2, got 1"),
        (lambda: clash_counts(faces=1), "faces must be at least 2, got 1"),
        (lambda: clash_weights(cap=0), "dice cap must be at least 1"),
        (lambda: clash_weights(ties="nobody"), "ties must go to"),
    ],
)
def test_bad_input(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@settings(max_examples=40, deadline=None)
@given(
    faces=st.integers(2, 12), cap=st.integers(1, 6), ties=st.sampled_from(["defender", "attacker"])
)
def test_each_table_sums_to_every_roll(faces, cap, ties):
    weights = clash_weights(faces=faces, cap=cap, ties=ties)
    for a in range(cap + 1):
        for d in range(cap + 1):
            assert int(weights[a, d].sum()) == faces ** (a + d)
            assert not weights[a, d, min(a, d) + 1 :].any()


@settings(max_examples=40, deadline=None)
@given(
    faces=st.integers(2, 12), cap=st.integers(2, 6), ties=st.sampled_from(["defender", "attacker"])
)
def test_another_attacker_die_never_lowers_the_damage(faces, cap, ties):
    """P(defender loses >= k) never decreases when the attacker adds a die."""
    weights = clash_weights(faces=faces, cap=cap, ties=ties)
    for a in range(1, cap):
        for d in range(1, cap + 1):
            for k in range(1, cap + 1):
                fewer = Fraction(int(weights[a, d, k:].sum()), faces ** (a + d))
                more = Fraction(int(weights[a + 1, d, k:].sum()), faces ** (a + 1 + d))
                assert more >= fewer, (a, d, k)
