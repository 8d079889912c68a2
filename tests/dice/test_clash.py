"""Clashes without modifiers: RISK, tables and summaries, bad input."""

from fractions import Fraction

import pytest

from workbench.dice import clash, clash_counts, clash_summary, clash_table
from workbench.dice.sorted_dp import clash_weights
from workbench.errors import RulesError


def test_risk_three_against_two():
    assert clash_weights(cap=3)[3, 2].tolist() == [2275, 2611, 2890, 0]
    risk = clash(3, 2)
    assert risk.probabilities == {
        0: Fraction(2275, 7776),
        1: Fraction(2611, 7776),
        2: Fraction(2890, 7776),
    }


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
    with pytest.raises(RulesError, match=message):
        call()
