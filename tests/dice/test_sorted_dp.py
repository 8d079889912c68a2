"""The sorted-dice dynamic program: every raw roll, icepool, exact big numbers, invariants."""

from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.dice.sorted_dp import clash_weights

from .dice_oracles import brute_clash_counts, icepool_sorted_pairs

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


def test_bigger_cap_and_dice_sizes_are_exact_python_ints():
    weights = clash_weights(faces=20, cap=9)
    assert weights.dtype == object
    assert all(int(weights[a, d].sum()) == 20 ** (a + d) for a in range(10) for d in range(10))


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
