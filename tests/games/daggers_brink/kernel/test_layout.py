"""The kernel's layout: every knob reaches the kernel, each in its slot, encoded."""

import dataclasses

import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.actions import Fight
from workbench.games.daggers_brink.deck import load_deck
from workbench.games.daggers_brink.kernel import layout
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.table import Table
from workbench.rules import knob, rules_class


def test_every_knob_reaches_the_kernel_in_exactly_one_way():
    assert layout.unmapped_knobs(Rules) == []
    slots, elsewhere = set(layout.CFG_KNOBS), set(layout.KNOBS_ELSEWHERE)
    assert not slots & elsewhere
    assert slots | elsewhere == {f.name for f in dataclasses.fields(Rules)}


def _with_a_new_knob():
    """``Rules`` and one knob more (as a designer adding a rule would write it)."""
    namespace = {"__annotations__": {}, "__doc__": "Rules and a new knob."}
    for f in dataclasses.fields(Rules):
        meta = f.metadata["knob"]
        namespace["__annotations__"][f.name] = f.type
        options = {key: meta[key] for key in ("choices", "minimum", "maximum") if meta[key]}
        namespace[f.name] = knob(f.default, says=meta["says"], **options)
    namespace["__annotations__"]["dummy"] = "int"
    namespace["dummy"] = knob(0, says="A rule the kernel was never told about.")
    return rules_class(type("Rules", (), namespace))


def test_a_knob_without_a_mapping_is_found_and_refused():
    extended = _with_a_new_knob()
    assert layout.unmapped_knobs(extended) == ["dummy"]
    with pytest.raises(RulesError, match="does not know the knob"):
        layout.pack_rules(Table(3, extended(), load_deck()))


def test_each_knob_is_packed_in_its_slot():
    rules = Rules(
        hand_size=6, base_attribute=0, hit_threshold=5, roll_off_dice=3,
        pass_after_challenge=True, discard_drawn_card=False, reshuffle="on next draw",
        speed_tie_break="seat order", wounded_sit_out=False, wildcards_per_fight=1,
        defender_strips_first=False, max_rounds=7,
    )  # fmt: skip
    expected = {
        "hand_size": 6, "base_attribute": 0, "hit_threshold": 5, "roll_off_dice": 3,
        "pass_after_challenge": 1, "discard_drawn_card": 0, "reshuffle": 0,
        "speed_tie_break": 0, "wounded_sit_out": 0, "wildcards_per_fight": 1,
        "defender_strips_first": 0, "max_rounds": 7, "wildcard": 12,
    }  # fmt: skip
    cfg = layout.pack_rules(Table(3, rules, load_deck()))
    assert dict(zip(layout.CFG_FIELDS, cfg.tolist(), strict=True)) == expected
    defaults = layout.pack_rules(Table(3, Rules(), load_deck()))
    assert defaults[layout.RESHUFFLE_DEPLETED] == 1 and defaults[layout.SPEED_ROLL] == 1


def test_the_slot_names_are_their_knobs():
    named = {
        "HAND_SIZE": "hand_size", "BASE": "base_attribute", "THRESHOLD": "hit_threshold",
        "ROLL_OFF_DICE": "roll_off_dice", "PASS_AFTER": "pass_after_challenge",
        "DISCARD_DRAWN": "discard_drawn_card", "RESHUFFLE_DEPLETED": "reshuffle",
        "SPEED_ROLL": "speed_tie_break", "SIT_OUT": "wounded_sit_out",
        "WILD_PER_FIGHT": "wildcards_per_fight", "DEFENDER_FIRST": "defender_strips_first",
        "MAX_ROUNDS": "max_rounds", "WILD": "wildcard",
    }  # fmt: skip
    assert {layout.CFG_FIELDS[getattr(layout, c)]: c for c in named} == {
        v: c for c, v in named.items()
    }
    assert len(named) == len(layout.CFG_FIELDS)


def test_the_field_names_match_their_indices():
    assert [layout.G_FIELDS[i] for i in (layout.DICE, layout.F_DW, layout.PLIES)] == [
        "dice",
        "fight_defender_wild",
        "plies",
    ]
    assert len(layout.G_FIELDS) == layout.PLIES + 1
    assert (
        layout.CFG_FIELDS[layout.WILD] == "wildcard" and len(layout.CFG_FIELDS) == layout.WILD + 1
    )
    renamed = {
        "attack_faces": "first_die",
        "remaining_hits": "remaining",
        "attacker_wildcards": "attacker_wild",
        "defender_wildcards": "defender_wild",
    }
    expected = [renamed.get(f, f) for f in Fight._fields if f != "defend_faces"]
    assert list(layout.LOG_FIELDS) == expected
