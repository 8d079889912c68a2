"""The rules-object mechanism: validation, JSON round trip, docs, pickling."""

import dataclasses
import pickle
from fractions import Fraction

import pytest

from workbench.errors import RulesError
from workbench.rules import describe_rules, knob, rules_class


@rules_class
class Toy:
    """Toy rules."""

    faces: int = knob(6, says="d6.", alternatives="d4 to d20.", minimum=2, maximum=20)
    ties: str = knob("defender", says="Ties to defender.", choices=("defender", "attacker"))
    bonus: Fraction = knob(Fraction(1, 2), says="Half a unit.")
    caps: tuple[int, ...] = knob((3, 2), says="Two caps.")
    optional: bool = knob(False, says="Off.")


def test_defaults_frozen_and_slotted():
    toy = Toy()
    with pytest.raises(dataclasses.FrozenInstanceError):
        toy.faces = 8
    assert not hasattr(toy, "__dict__")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"faces": 1}, r"Toy\.faces: expected an integer >= 2 <= 20, got 1"),
        ({"faces": True}, r"Toy\.faces: expected an integer"),
        ({"ties": "draw"}, r"Toy\.ties: expected one of 'defender', 'attacker', got 'draw'"),
        ({"optional": 1}, r"Toy\.optional: expected true or false, got 1"),
        ({"caps": [1]}, r"Toy\.caps: expected tuple"),
    ],
)
def test_bad_values_name_field_and_expectation(changes, message):
    with pytest.raises(RulesError, match=message):
        Toy(**changes)


def test_json_round_trip_restores_tuples_and_fractions():
    toy = Toy(caps=(1, 2, 3), bonus=Fraction(2, 3))
    data = toy.to_dict()
    assert data["caps"] == [1, 2, 3] and data["bonus"] == "2/3"
    assert Toy.from_dict(data) == toy


def test_unknown_fields_are_errors():
    with pytest.raises(RulesError, match=r"deck\.json: unknown rules field\(s\) colour"):
        Toy.from_dict({"colour": "red"}, source="deck.json")
    with pytest.raises(RulesError, match="unknown field"):
        Toy().replace(colour="red")


def test_docstring_and_table_come_from_knobs():
    assert "faces : int, default 6" in Toy.__doc__
    assert "Alternatives: d4 to d20." in Toy.__doc__
    table = describe_rules(Toy(faces=8))
    assert table.loc[0, "field"] == "faces" and bool(table.loc[0, "changed"])
    assert list(table.columns) == [
        "field",
        "value",
        "default",
        "changed",
        "rule text",
        "alternatives",
    ]


def test_pickles_for_process_pools():
    toy = Toy(faces=10)
    assert pickle.loads(pickle.dumps(toy)) == toy


def test_plain_fields_are_refused():
    with pytest.raises(TypeError, match="must be declared with knob"):

        @rules_class
        class Bad:
            x: int = 3


@rules_class
class Ranged:
    """Rules with a check across fields."""

    low: int = knob(1, says="Low end.")
    high: int = knob(2, says="High end.")

    def cross_check(self) -> None:
        if self.low > self.high:
            raise RulesError(f"Ranged.low: expected at most high ({self.high}), got {self.low}")


def test_cross_check_runs_after_field_checks():
    assert Ranged(low=2, high=2).high == 2
    with pytest.raises(RulesError, match=r"Ranged\.low: expected at most high \(2\), got 3"):
        Ranged(low=3)
    with pytest.raises(RulesError, match=r"Ranged\.low: expected at most high"):
        Ranged().replace(low=5)
    with pytest.raises(RulesError, match=r"Ranged\.high: expected an integer"):
        Ranged(high="x")
