"""The rules-object mechanism: validation, JSON round trip, docs, pickling."""

import dataclasses
import pickle
from fractions import Fraction

import pytest

from workbench.errors import RulesError
from workbench.rules import describe_rules, knob, knob_label, knob_records, plain_words, rules_class


@rules_class
class Toy:
    """Toy rules."""

    faces: int = knob(6, says="d6.", alternatives="d4 to d20.", minimum=2, maximum=20)
    ties: str = knob(
        "defender", says="Ties to defender.", choices=("defender", "attacker"), label="Ties go to"
    )
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


@rules_class
class Loose:
    """Rules with an optional number and a float."""

    limit: int | None = knob(None, says="No limit.", minimum=1)
    share: float = knob(0.5, says="Half.", minimum=0, maximum=1)


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        (["faces=8"], {"faces": 8}),
        (["ties=attacker", "optional=yes"], {"ties": "attacker", "optional": True}),
        (["optional=False"], {"optional": False}),
        (["bonus=2/3"], {"bonus": Fraction(2, 3)}),
        (["caps=4,3,2"], {"caps": (4, 3, 2)}),
        (["caps=[1, 2]"], {"caps": (1, 2)}),
        (["caps="], {"caps": ()}),
        ([" faces = 10 "], {"faces": 10}),
    ],
)
def test_settings_are_read_by_the_knobs_type(settings, expected):
    assert Toy().with_settings(settings) == Toy(**expected)


def test_optional_and_float_knobs_read_none_and_numbers():
    assert Loose().with_settings(["limit=3", "share=0.25"]) == Loose(limit=3, share=0.25)
    assert Loose(limit=3).with_settings(["limit=none"]).limit is None


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("faces", r"--rule faces: expected KNOB=VALUE"),
        ("=3", r"--rule =3: expected KNOB=VALUE"),
        ("colour=red", r"--rule colour=red: unknown knob; known: bonus, caps, faces"),
        ("faces=six", r"--rule faces=six: Toy\.faces: expected an integer >= 2 <= 20, got 'six'"),
        ("faces=1", r"--rule faces=1: Toy\.faces: expected an integer >= 2 <= 20, got 1"),
        ("optional=maybe", r"Toy\.optional: expected true or false, got 'maybe'"),
        ("bonus=1/0", r"Toy\.bonus: expected Fraction, got '1/0'"),
        ("ties=draw", r"Toy\.ties: expected one of 'defender', 'attacker', got 'draw'"),
        ("caps=1,x", r"Toy\.caps: expected tuple"),
    ],
)
def test_bad_settings_name_the_setting_and_the_expectation(setting, message):
    with pytest.raises(RulesError, match=message):
        Toy().with_settings([setting])


def test_a_dict_can_change_a_base_and_keeps_the_rest():
    base = Toy(faces=8)
    assert Toy.from_dict({"ties": "attacker"}, base=base) == Toy(faces=8, ties="attacker")
    with pytest.raises(RulesError, match=r"my\.json: Toy\.faces: expected an integer"):
        Toy.from_dict({"faces": 0}, source="my.json", base=base)


def test_knob_records_are_json_ready():
    import json

    records = {r["knob"]: r for r in knob_records(Toy(caps=(1,)))}
    assert records["caps"]["value"] == [1] and records["caps"]["default"] == [3, 2]
    assert records["bonus"]["value"] == "1/2" and records["faces"]["maximum"] == 20
    assert records["ties"]["choices"] == ["defender", "attacker"]
    json.dumps(list(records.values()))


def test_field_types_are_resolved_once_per_class(monkeypatch):
    import typing

    Toy()  # resolved here at the latest
    calls = []
    real = typing.get_type_hints
    monkeypatch.setattr(typing, "get_type_hints", lambda *a, **k: calls.append(a) or real(*a, **k))
    Toy(faces=8).with_settings(["ties=attacker"])
    Toy.from_dict({"faces": 4})
    assert calls == []


def test_a_knob_label_is_its_own_or_the_name_in_words():
    assert knob_label(Toy, "ties") == knob_label(Toy(), "ties") == "Ties go to"
    assert knob_label(Toy, "optional") == "Optional"
    assert {r["knob"]: r["label"] for r in knob_records(Toy())}["ties"] == "Ties go to"
    with pytest.raises(RulesError, match="Toy has no knob 'dice'"):
        knob_label(Toy(), "dice")


@pytest.mark.parametrize(
    ("name", "words"),
    [("dwarven_shield", "Dwarven shield"), ("potion_of_vitality", "Potion of vitality"),
     ("archer start", "Archer start"), ("x", "X"), ("", "")],
)  # fmt: skip
def test_plain_words(name, words):
    assert plain_words(name) == words


def _game_rules():
    import importlib

    games = ("brawlhalla", "valgard", "valhalla", "viking_raid", "daggers_brink")
    return [importlib.import_module(f"workbench.games.{game}.rules").Rules for game in games]


@pytest.mark.parametrize("rules", _game_rules(), ids=lambda r: r.__module__.split(".")[2])
def test_every_game_knob_has_a_short_plain_label(rules):
    for f in dataclasses.fields(rules):
        label = knob_label(rules, f.name)
        assert "_" not in label and label[0].isupper() and len(label) <= 32, (f.name, label)
