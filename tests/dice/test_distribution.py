"""Distribution against brute force over every roll, plus invariants."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.dice import Distribution, binomial, die, successes
from workbench.errors import RulesError


def brute(counter: Counter) -> Distribution:
    return Distribution.from_weights(dict(counter))


@pytest.mark.parametrize(("count", "faces"), [(1, 6), (2, 6), (3, 4), (4, 6), (3, 10)])
def test_sum_of_dice_matches_every_roll(count, faces):
    rolls = itertools.product(range(1, faces + 1), repeat=count)
    expected = brute(Counter(sum(r) for r in rolls))
    assert die(faces).sum_of(count).equals(expected)
    assert sum([die(faces)] * count).equals(expected)


@pytest.mark.parametrize(
    ("dice", "at_least", "faces"), [(3, 4, 6), (5, 5, 6), (4, 2, 8), (2, 7, 6)]
)
def test_successes_match_every_roll(dice, at_least, faces):
    rolls = itertools.product(range(1, faces + 1), repeat=dice)
    expected = brute(Counter(sum(x >= at_least for x in r) for r in rolls))
    assert successes(dice, at_least=at_least, faces=faces).equals(expected)


@pytest.mark.parametrize(("attack", "defence"), [(1, 1), (3, 2), (3, 3), (2, 4)])
def test_hits_left_after_blocks_match_every_roll(attack, defence):
    """Daggers Brink's shape: hits on 4+, blocks on 4+, remaining = max(0, hits - blocks)."""
    counts = Counter()
    for roll in itertools.product(range(1, 7), repeat=attack + defence):
        hits = sum(x >= 4 for x in roll[:attack])
        blocks = sum(x >= 4 for x in roll[attack:])
        counts[max(0, hits - blocks)] += 1
    left = (successes(attack, at_least=4) - successes(defence, at_least=4)).clip(lower=0)
    assert left.equals(brute(counts))


def test_combine_and_map_match_brute_force():
    rolls = list(itertools.product(range(1, 7), range(1, 5)))
    assert die(6).combine(die(4), max).equals(brute(Counter(max(a, b) for a, b in rolls)))
    assert (die(6) - die(4)).equals(brute(Counter(a - b for a, b in rolls)))
    assert die(6).map(lambda x: x % 3).equals(brute(Counter(x % 3 for x in range(1, 7))))


def test_sparse_outcomes_sum_without_dense_arrays():
    far = Distribution.from_weights({0: 1, 10**9: 1})
    assert (far + far).probabilities == {
        0: Fraction(1, 4),
        10**9: Fraction(1, 2),
        2 * 10**9: Fraction(1, 4),
    }


def test_questions_and_frame():
    d = die(6)
    assert d.at_least(5) == Fraction(1, 3)
    assert d.at_most(2) == Fraction(1, 3)
    assert d.probability(7) == 0
    frame = d.to_frame()
    assert list(frame.columns) == ["outcome", "weight", "probability", "p"]
    assert frame["probability"].sum() == 1
    assert frame["p"].sum() == pytest.approx(1.0)
    assert (3 - d).equals(d.map(lambda x: 3 - x))


def test_immutable_and_equality_by_value_only_through_equals():
    d = die(6)
    with pytest.raises(AttributeError, match="immutable"):
        d.total = 3
    assert d.equals(die(6)) and not d.equals(die(5)) and not d.equals("d6")
    assert (d + 0) is not d


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Distribution.from_weights({}), "at least one outcome"),
        (lambda: Distribution.from_weights({1: -1}), "weight of outcome 1 must be >= 0"),
        (lambda: Distribution.from_weights({1.5: 1}), "outcomes must be integers"),
        (lambda: die(0), "at least 1 face"),
        (lambda: binomial(2, Fraction(3, 2)), "p must lie between 0 and 1"),
        (lambda: binomial(-1, Fraction(1, 2)), "trials must be >= 0"),
        (lambda: die(6).sum_of(-1), "count must be >= 0"),
    ],
)
def test_bad_input_is_a_rules_error(call, message):
    with pytest.raises(RulesError, match=message):
        call()


weights = st.dictionaries(st.integers(-5, 5), st.integers(0, 9), min_size=1).filter(
    lambda w: any(w.values())
)


@given(weights, weights)
def test_sum_is_commutative_and_means_add(first, second):
    a, b = Distribution.from_weights(first), Distribution.from_weights(second)
    assert (a + b).equals(b + a)
    assert (a + b).mean == a.mean + b.mean
    assert (a + b).variance == a.variance + b.variance
    assert sum((a + b).probabilities.values()) == 1


@given(st.integers(0, 12), st.fractions(0, 1, max_denominator=12))
def test_binomial_mean_and_total(trials, p):
    dist = binomial(trials, p)
    assert dist.mean == trials * p
    assert sum(dist.probabilities.values()) == 1
