"""The rules object: every decision of the issue is a documented knob with its default."""

from fractions import Fraction

import pytest

from workbench.errors import RulesError
from workbench.games.valhalla.rules import Rules


def test_defaults_are_the_readings_stated_for_the_workbench():
    rules = Rules()
    assert rules.attack_floor == 1
    assert rules.attack_loss == "before_content"
    assert rules.line_rule == "no_edge_twice"
    assert rules.loki_counts == "steps"
    assert rules.counters_stack is True
    assert rules.charges_stack is False
    assert rules.final_strike == "optional"
    assert rules.win_share == Fraction(1, 2)
    assert rules.all_but_one == "exactly"
    assert rules.strong_killer == "starting_attack"
    assert rules.shield_zero_damage == "kept"
    assert rules.trickster_cunning == "always"


def test_every_knob_is_documented_with_text_and_alternatives():
    table = Rules().describe()
    assert len(table) == 15
    assert table["rule text"].str.len().min() > 20
    assert (table["alternatives"].str.len() > 0).all()
    assert "Alternatives:" in Rules.__doc__


def test_json_round_trip_keeps_fractions():
    rules = Rules(win_share=Fraction(2, 3), loki_counts="fights")
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict()["win_share"] == "2/3"


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [("loki_counts", "turns", "one of 'steps', 'fights'"), ("win_share", 2, "<= 1")],
)
def test_bad_values_name_the_field(field, value, expected):
    with pytest.raises(RulesError, match=f"Rules.{field}: expected .*{expected}"):
        Rules(**{field: value})
