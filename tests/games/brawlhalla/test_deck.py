"""Card list and exact draw odds, checked by brute force and by scipy's hypergeometric law."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pandas as pd
import pytest
from scipy.stats import hypergeom

from workbench.errors import DataError
from workbench.games.brawlhalla.deck import (
    draw_deck,
    draw_odds,
    hold_probability,
    holding_odds,
    load_cards,
    with_counts,
)
from workbench.games.brawlhalla.rules import Rules


def test_card_list_matches_the_rule_text():
    cards = load_cards()
    counts = cards.groupby("family")["count"].sum().to_dict()
    assert counts == {"artifact": 7, "basic": 56, "ruin": 18, "face-down": 16}
    assert len(cards) == 43
    assert cards.set_index("name").loc["Tomb pillager", "cost"] == 4
    assert cards.set_index("name").loc["Wandering warrior", "count"] == 5
    assert int(draw_deck(cards)["count"].sum()) == 90


@pytest.mark.parametrize(
    "deck_size,copies,seen,at_least", [(6, 2, 3, 1), (7, 3, 4, 2), (5, 0, 2, 1)]
)
def test_hold_probability_matches_enumeration(deck_size, copies, seen, at_least):
    deck = [i < copies for i in range(deck_size)]
    hands = list(combinations(deck, seen))
    want = Fraction(sum(sum(hand) >= at_least for hand in hands), len(hands))
    assert hold_probability(deck_size, copies, seen, at_least=at_least) == want


def test_odds_match_scipy_on_the_real_deck():
    cards = load_cards()
    for turn in (0, 3, 10):
        got = holding_odds(cards, "Thor's blessing", turn=turn)
        assert float(got) == pytest.approx(hypergeom(90, 4, 5 + turn).sf(0))


def test_limits_cap_what_can_be_held():
    cards = load_cards()
    assert holding_odds(cards, "basic", turn=20, at_least=11) == 0
    assert holding_odds(cards, "basic", turn=20, at_least=10) > 0
    small = Rules(hand_limit=3, face_up_limit=2)
    assert holding_odds(cards, "basic", turn=20, at_least=6, rules=small) == 0
    assert holding_odds(cards, "basic", turn=20, at_least=5, rules=small) > 0


@pytest.mark.parametrize(
    "rules",
    [Rules(opening_hand=7), Rules(draws_per_turn=2), Rules(opening_hand=0, draws_per_turn=3)],
)
def test_the_card_rules_set_how_many_cards_are_seen(rules):
    cards = load_cards()
    for turn in (0, 1, 6):
        seen = rules.opening_hand + turn * rules.draws_per_turn
        got = holding_odds(cards, "Thor's blessing", turn=turn, at_least=1, rules=rules)
        assert float(got) == pytest.approx(hypergeom(90, 4, seen).sf(0))
    table = draw_odds(cards, ["ruin"], turns=[0, 3], at_least=2, rules=rules)
    assert table.loc["ruin", 3] == holding_odds(cards, "ruin", turn=3, at_least=2, rules=rules)


def test_table_responds_to_edited_counts():
    cards = load_cards()
    before = draw_odds(cards, ["Lucky finding", "ruin"], turns=[0, 5])
    after = draw_odds(
        with_counts(cards, {"Lucky finding": 3}), ["Lucky finding", "ruin"], turns=[0, 5]
    )
    assert isinstance(before.loc["Lucky finding", 0], Fraction)
    assert after.loc["Lucky finding", 5] > before.loc["Lucky finding", 5]
    assert after.loc["ruin", 5] < before.loc["ruin", 5]  # a bigger deck dilutes the others
    assert before.loc["Lucky finding", 0] == Fraction(5, 90)
    with pytest.raises(ValueError, match="unknown card"):
        with_counts(cards, {"Excalibur": 1})
    with pytest.raises(ValueError, match="neither a drawn card nor a family"):
        holding_odds(cards, "Mjolnir", turn=0)


def test_bad_card_files(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("name,family,count,cost,effect\nA,basic,x,0,e\nA,joker,1,-1,e\n")
    with pytest.raises(DataError) as caught:
        load_cards(path)
    text = "\n".join(caught.value.problems)
    assert "line 2, count: expected a whole number from 0 to 99, got 'x'" in text
    assert "line 3, family: 'joker'" in text
    assert "line 3, name: 'A' listed twice" in text
    assert "line 3, cost: expected a whole number from 0 to 99, got '-1'" in text
    assert str(caught.value).startswith(f"{path}: line 2, count") and "(and 3 more" in str(
        caught.value
    )
    path.write_text("name,family\nA,basic\n")
    with pytest.raises(DataError, match="missing column"):
        load_cards(path)
    assert isinstance(load_cards(), pd.DataFrame)
