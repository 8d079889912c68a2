"""The Brawlhalla rules object: every knob documented, validated, round-tripped."""

import dataclasses

import pytest

from workbench.errors import RulesError
from workbench.games.brawlhalla import Rules

COMBAT_KNOBS = {
    "faces", "dice_cap", "ties", "value_above_cap", "barracks_bonus", "nursery_bonus",
    "harbor_bonus", "capital_bonus", "boat_bonus", "dragon_mountain_bonus",
    "assassin_of_kings_bonus", "guerilla_coins_per_point", "powerless_stack",
    "empty_building", "empty_boat", "guardian_dice", "modifier_order", "modified_dice",
    "blood_lord_sacrifice", "action_points_per_turn", "actions_per_unit_per_turn",
}  # fmt: skip


def test_every_combat_knob_is_documented():
    fields = {f.name: f for f in dataclasses.fields(Rules)}
    assert set(fields) >= COMBAT_KNOBS
    for name in COMBAT_KNOBS:
        assert fields[name].metadata["knob"]["says"], name
        assert f"{name} : " in Rules.__doc__
    table = Rules(ties="attacker").describe()
    assert table.loc[0, "field"] == "ties" and bool(table.loc[0, "changed"])


CARD_KNOBS = {"opening_hand": 5, "draws_per_turn": 1, "hand_limit": 5, "face_up_limit": 5}


def test_card_knobs_quote_the_text():
    fields = {f.name: f for f in dataclasses.fields(Rules)}
    rules = Rules()
    for name, default in CARD_KNOBS.items():
        assert getattr(rules, name) == default
        assert fields[name].metadata["knob"]["says"], name
    says = " ".join(fields[name].metadata["knob"]["says"] for name in CARD_KNOBS)
    assert "starts with 5 basic cards" in says and "draw 1 card per turn" in says
    assert "5 cards in his hand" in says and "5 cards face up" in says
    assert rules.most_cards_held == 10
    assert Rules(hand_limit=7, face_up_limit=0).most_cards_held == 7
    with pytest.raises(RulesError, match=r"Rules\.opening_hand: expected an integer >= 0"):
        Rules(opening_hand=-1)
    assert Rules().with_settings(["draws_per_turn=2"]).draws_per_turn == 2


def test_json_round_trip():
    rules = Rules(faces=8, guardian_dice=(6, 5, 4), modifier_order="defender first")
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict()["guardian_dice"] == [6, 5, 4]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"faces": 1}, r"Rules\.faces: expected an integer >= 2"),
        ({"dice_cap": 0}, r"Rules\.dice_cap: expected an integer >= 1"),
        ({"ties": "reroll"}, r"Rules\.ties: expected one of 'defender', 'attacker'"),
        ({"guardian_dice": (5, 4, 7)}, r"Rules\.guardian_dice: expected faces between 1 and 6"),
        ({"guardian_dice": ()}, r"Rules\.guardian_dice: expected faces"),
        ({"capital_bonus": -1}, r"Rules\.capital_bonus: expected an integer >= 0"),
    ],
)
def test_bad_values(changes, message):
    with pytest.raises(RulesError, match=message):
        Rules(**changes)
