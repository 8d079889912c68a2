"""The Valgard rules object: the issue's defaults, every knob documented, validation."""

import dataclasses

import pytest

from workbench.errors import RulesError
from workbench.games.valgard import Rules


def test_defaults_are_the_rule_text():
    rules = Rules()
    assert (rules.rows, rules.cols, rules.reserve, rules.muster) == (6, 6, 12, 3)
    assert rules.first_player == "light"
    assert rules.deploy and rules.charge and rules.rally and rules.runes
    assert not rules.charge_captures and not rules.hardcore
    assert rules.valkyrie_capture == "valkyrie" and rules.no_move == "loss"
    assert rules.max_plies == 300


def test_every_knob_says_what_the_text_says_and_the_alternatives():
    for field in dataclasses.fields(Rules):
        meta = field.metadata["knob"]
        assert meta["says"] and meta["alternatives"], field.name
    table = Rules(hardcore=True).describe()
    assert len(table) == len(dataclasses.fields(Rules))
    assert table.iloc[0]["field"] == "hardcore"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rows": 1}, r"Rules\.rows: expected an integer >= 2 <= 12, got 1"),
        ({"cols": 13}, r"Rules\.cols: expected an integer >= 2 <= 12, got 13"),
        ({"reserve": 0}, r"Rules\.reserve: expected an integer >= 1"),
        ({"muster": 7}, r"Rules\.muster: expected at most cols \(6\), the home row, got 7"),
        ({"reserve": 2}, r"Rules\.muster: expected at most reserve \(2\), got 3"),
        ({"valkyrie_capture": "warrior"}, r"Rules\.valkyrie_capture: expected one of"),
        ({"first_player": "red"}, r"Rules\.first_player: expected one of 'light', 'dark'"),
    ],
)
def test_bad_rules_name_the_field(changes, message):
    with pytest.raises(RulesError, match=message):
        Rules(**changes)


def test_json_round_trip():
    rules = Rules(rows=3, cols=4, reserve=4, muster=1, hardcore=True, charge=False)
    assert Rules.from_dict(rules.to_dict()) == rules
