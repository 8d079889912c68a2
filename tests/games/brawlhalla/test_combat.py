"""Brawlhalla clashes under the rules object: modifiers by name, bonuses, casualties."""

import itertools
from fractions import Fraction

import pytest

from workbench.dice import clash
from workbench.errors import RulesError
from workbench.games.brawlhalla import Rules, clash_odds, clash_tables, parse_modifier, power_bonus
from workbench.games.brawlhalla.combat import dice_for, sacrificed_units, units_after


def brute_one_die_each(attacker_bonus=0, defender_bonus=0):
    wins = sum(
        a + attacker_bonus > d - defender_bonus for a, d in itertools.product(range(1, 7), repeat=2)
    )
    return Fraction(wins, 36)


def test_one_die_each_with_cards_match_brute_force():
    def win(**mods):
        odds = clash_odds(1, 1, **mods)
        return odds.loc[odds["defender_losses"] == 1, "probability"].sum()

    assert win() == brute_one_die_each() == Fraction(5, 12)
    assert win(attacker_mods=["thor"]) == brute_one_die_each(attacker_bonus=1)
    assert win(attacker_mods=["norn"]) == brute_one_die_each(defender_bonus=1)
    assert win(attacker_mods=["blood_lord:2"]) == brute_one_die_each(attacker_bonus=2)
    assert win(defender_mods=["thor"]) == brute_one_die_each(attacker_bonus=-1)


def test_losses_always_total_the_pairs_and_probabilities_sum_to_one():
    table = clash_tables(attacker_mods=["thor"], defender_mods=["norn"])
    pairs = table[["attacker_dice", "defender_dice"]].min(axis=1)
    assert (table["attacker_losses"] + table["defender_losses"] == pairs).all()
    assert (table.groupby(["attacker_dice", "defender_dice"])["probability"].sum() == 1).all()


def test_blood_lord_sacrifice_counts_only_when_taken_from_the_stack():
    rules = Rules(blood_lord_sacrifice="fighting stack")
    free = clash_odds(3, 2, attacker_mods=["blood_lord:2"])
    paid = clash_odds(3, 2, attacker_mods=["blood_lord:2"], rules=rules)
    assert (paid["attacker_losses"] == free["attacker_losses"] + 2).all()
    assert list(paid["probability"]) == list(free["probability"])
    assert sacrificed_units(["thor", "blood_lord:3", "blood_lord:1"]) == 4


def test_rules_reach_the_engine():
    d8 = clash_odds(2, 2, rules=Rules(faces=8, ties="attacker")).set_index("defender_losses")
    engine = clash(2, 2, faces=8, ties="attacker")
    assert d8["probability"].to_dict() == engine.probabilities
    capped = clash_odds(1, 1, rules=Rules(modified_dice="within faces"), attacker_mods=["thor"])
    wins = sum(min(a + 1, 6) > d for a, d in itertools.product(range(1, 7), repeat=2))
    assert capped.loc[capped["defender_losses"] == 1, "probability"].item() == Fraction(wins, 36)


def test_excess_value_and_bonuses():
    rules = Rules()
    assert units_after(9, 4, rules) == 3  # the rule text's example
    assert units_after(9, 4, Rules(value_above_cap="kept")) == 5
    assert units_after(2, 3, rules) == 0
    assert dice_for(9, 0, rules) == 7 and dice_for(3, 2, rules) == 5
    assert (
        dice_for(1, -1, rules) == 0 and dice_for(1, -1, Rules(powerless_stack="rolls one die")) == 1
    )
    assert power_bonus(building="capital", boat=False) == 2
    assert power_bonus(boat=True, dragon_on_mountain=True, assassin_of_kings=True) == 4
    assert power_bonus(guerilla_coins=7) == -3
    assert power_bonus(guerilla_coins=7, rules=Rules(guerilla_coins_per_point=1)) == -7


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: clash_odds(0, 2), r"attacker dice must be between 1 and 7, got 0"),
        (lambda: clash_odds(2, 8), r"defender dice must be between 1 and 7, got 8"),
        (lambda: clash_odds(2, 2, attacker_mods=["odin"]), r"unknown die modifier 'odin'"),
        (lambda: parse_modifier("blood_lord"), r"blood_lord needs the number of units"),
        (lambda: parse_modifier("blood_lord:0"), r"blood_lord needs the number of units"),
        (lambda: power_bonus(building="tower"), r"unknown building 'tower'"),
        (lambda: power_bonus(guerilla_coins=-1), r"guerilla_coins must be >= 0"),
    ],
)
def test_bad_input_is_a_rules_error(call, message):
    with pytest.raises(RulesError, match=message):
        call()
