"""Die modifiers placed optimally: every table against brute force over every placement."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.dice import ORDERS, DieModifier, clash, clash_counts, fixed_clash_weights
from workbench.dice.modifiers import modified_clash_counts
from workbench.errors import RulesError

from .dice_oracles import IcepoolOptimal, brute_modified_counts

PLUS = DieModifier(1, on="own", name="thor")
MINUS = DieModifier(1, on="enemy", name="norn")
PLUS_TWO = DieModifier(2, on="own", name="blood lord 2")
SMALL = [(a, d) for a in range(1, 8) for d in range(1, 8) if a + d <= 8]

D6_GAMES = {
    "attacker +1": {"attacker": (PLUS,)},
    "attacker -1": {"attacker": (MINUS,)},
    "defender +1": {"defender": (PLUS,)},
    "defender -1": {"defender": (MINUS,)},
    "attacker +2": {"attacker": (PLUS_TWO,)},
    "+1 against -1": {"attacker": (PLUS,), "defender": (MINUS,)},
    "+1 against -1, defender first": {
        "attacker": (PLUS,),
        "defender": (MINUS,),
        "order": "defender first",
    },
}


@pytest.mark.parametrize("game", D6_GAMES.values(), ids=D6_GAMES.keys())
def test_all_d6_tables_up_to_eight_dice_match_brute_force(game):
    weights = clash_counts(cap=7, **game)
    for a, d in SMALL:
        expected = brute_modified_counts(a, d, **game)
        assert weights[a, d, : min(a, d) + 1].tolist() == expected, (a, d)


@pytest.mark.parametrize("lowers_enemy", [False, True], ids=["+1 own", "-1 enemy"])
def test_all_49_tables_with_one_card_match_an_icepool_evaluator(lowers_enemy):
    card = DieModifier(1, on="enemy" if lowers_enemy else "own")
    weights = clash_counts(cap=7, attacker=(card,))
    oracle = IcepoolOptimal(lowers_enemy)
    for a in range(1, 8):
        for d in range(1, 8):
            assert weights[a, d, : min(a, d) + 1].tolist() == oracle.counts(a, d), (a, d)


SMALL_GAMES = {
    "two +1 against two -1": {"attacker": (PLUS, PLUS), "defender": (MINUS, MINUS)},
    "+1 and -1 against +1": {"attacker": (PLUS, MINUS), "defender": (PLUS,)},
    "+3 against +1, ties to attacker": {
        "attacker": (DieModifier(3),),
        "defender": (PLUS,),
        "ties": "attacker",
    },
    "-1 each, clamped to the faces": {
        "attacker": (MINUS,),
        "defender": (MINUS,),
        "bounds": (1, 4),
    },
    "+1 and +2 clamped": {"attacker": (PLUS, PLUS_TWO), "bounds": (1, 4)},
}


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("game", SMALL_GAMES.values(), ids=SMALL_GAMES.keys())
def test_several_modifiers_on_d4_match_brute_force(game, order):
    for a in range(1, 5):
        for d in range(1, 5):
            if a + d <= 6:
                counts = modified_clash_counts(a, d, faces=4, order=order, **game)
                expected = brute_modified_counts(a, d, 4, order=order, **game)
                assert counts.tolist() == expected, (a, d)


def test_one_die_each_with_thor():
    """With +1 the attacker also wins its ties: 21 of 36 rolls."""
    assert clash(1, 1, attacker=(PLUS,)).probability(1) == Fraction(21, 36)


def test_guardian_reference_values():
    assert Fraction(int(fixed_clash_weights(3, (5, 4, 3))[3]), 6**3) == Fraction(2, 27)
    assert Fraction(int(fixed_clash_weights(7, (5, 4, 3))[3]), 6**7) == Fraction(26305, 46656)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: DieModifier(0), "amount must be an integer >= 1, got 0"),
        (lambda: DieModifier(1, on="self"), "acts on 'own' or 'enemy'"),
        (lambda: clash(2, 2, attacker=("thor",)), "expected DieModifier objects"),
        (lambda: clash(2, 2, attacker=(PLUS,), order="both"), "order of play must be one of"),
    ],
)
def test_bad_modifiers(make, message):
    with pytest.raises(RulesError, match=message):
        make()


def tail(counts, k, total):
    return Fraction(int(sum(counts[k:])), total)


@settings(max_examples=25, deadline=None)
@given(
    a=st.integers(1, 4),
    d=st.integers(1, 4),
    faces=st.integers(2, 8),
    first=st.lists(st.sampled_from([PLUS, MINUS, PLUS_TWO]), max_size=2),
    second=st.lists(st.sampled_from([PLUS, MINUS]), max_size=1),
    order=st.sampled_from(ORDERS),
)
def test_an_extra_plus_one_never_hurts_its_owner(a, d, faces, first, second, order):
    total = faces ** (a + d)
    base = modified_clash_counts(
        a, d, faces=faces, attacker=tuple(first), defender=tuple(second), order=order
    )
    assert int(base.sum()) == total
    for owner in ("attacker", "defender"):
        mods = {"attacker": tuple(first), "defender": tuple(second)}
        mods[owner] += (PLUS,)
        more = modified_clash_counts(a, d, faces=faces, order=order, **mods)
        assert int(more.sum()) == total
        for k in range(1, min(a, d) + 1):
            if owner == "attacker":
                assert tail(more, k, total) >= tail(base, k, total)
            else:
                assert tail(more, k, total) <= tail(base, k, total)


@settings(max_examples=15, deadline=None)
@given(
    faces=st.integers(2, 6),
    mods=st.lists(st.sampled_from([PLUS, MINUS]), max_size=2),
)
def test_another_attacker_die_never_lowers_the_damage_with_modifiers(faces, mods):
    weights = clash_counts(faces=faces, cap=4, attacker=tuple(mods))
    for a in range(1, 4):
        for d in range(1, 5):
            for k in range(1, 5):
                fewer = tail(weights[a, d], k, faces ** (a + d))
                more = tail(weights[a + 1, d], k, faces ** (a + 1 + d))
                assert more >= fewer
