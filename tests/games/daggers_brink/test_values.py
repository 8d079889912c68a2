"""Card values, checked against a direct sum over every opponent hand."""

from fractions import Fraction
from functools import lru_cache
from math import comb

import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.deck import CardType, Deck, load_deck
from workbench.games.daggers_brink.hands import hand_multisets
from workbench.games.daggers_brink.odds import wound_probability
from workbench.games.daggers_brink.values import card_values, fight_chances

REDUCED = Deck(tuple(CardType(c.name, c.kind, c.bonus, 1) for c in load_deck().types))
wound = lru_cache(maxsize=None)(wound_probability)


def _direct(hand, deck):
    """Sum over opponent hand multisets, no marginals (an independent route)."""
    speed, health, defend, attack = hand
    total = comb(deck.size, 5)
    dealt = taken = first = Fraction(0)
    for multiset, ways in hand_multisets(deck.counts, 5):
        s, h, d, a = deck.attributes(multiset)
        p = Fraction(ways, total)
        dealt += p * wound(attack, d, h)
        taken += p * wound(a, defend, health)
        first += p * (1 if speed > s else Fraction(1, 2) if speed == s else 0)
    return {"dealt": dealt, "taken": taken, "first": first}


@pytest.mark.parametrize("hand", [(1, 1, 1, 1), (4, 4, 4, 4), (2, 3, 6, 9)])
def test_fight_chances_equal_a_direct_sum_over_opponent_hands(hand):
    assert fight_chances(hand, REDUCED) == _direct(hand, REDUCED)


def test_card_values_are_differences_of_fight_chances():
    table = card_values(REDUCED, (3, 3, 3, 3)).set_index("card")
    before = _direct((3, 3, 3, 3), REDUCED)
    after = _direct((4, 4, 4, 4), REDUCED)
    for key in ("dealt", "taken", "first"):
        assert table.loc["Wildcard", f"{key}_change"] == after[key] - before[key]
    # each attribute card moves only its own figure, in the right direction
    assert (table.filter(like="Attack", axis=0)["dealt_change"] > 0).all()
    assert (table.filter(like="Health", axis=0)["taken_change"] < 0).all()
    assert (table.filter(like="Defend", axis=0)["dealt_change"] == 0).all()
    assert (table.filter(like="Speed", axis=0)["first_change"] > 0).all()


def test_bad_hand():
    with pytest.raises(RulesError, match="hand: expected 4 attributes"):
        card_values(REDUCED, (1, 2, 3))
