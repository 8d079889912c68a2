"""Hand attributes, checked against enumeration of actual hands and of actual draw orders."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.errors import RulesError
from workbench.games.daggers_brink.deck import CardType, Deck, load_deck
from workbench.games.daggers_brink.hands import (
    attribute_marginals,
    attribute_means,
    card_ranking,
    hand_attribute_distribution,
    hand_multisets,
    kept_after_draws,
)
from workbench.games.daggers_brink.rules import Rules


def _reduced(deck, per_type):
    return Deck(tuple(CardType(c.name, c.kind, c.bonus, per_type) for c in deck.types))


def _by_enumerating_hands(deck, hand_size, base):
    cards = deck.cards()
    counts = Counter()
    for hand in itertools.combinations(range(len(cards)), hand_size):
        types = [0] * len(deck.types)
        for i in hand:
            types[cards[i]] += 1
        counts[deck.attributes(types, rules=Rules(base_attribute=base))] += 1
    total = sum(counts.values())
    return {key: Fraction(n, total) for key, n in counts.items()}


@pytest.mark.parametrize(("per_type", "hand_size", "base"), [(2, 5, 1), (1, 4, 0), (3, 3, 2)])
def test_dealt_hands_match_enumeration_of_actual_hands(per_type, hand_size, base):
    deck = _reduced(load_deck(), per_type)
    rules = Rules(hand_size=hand_size, base_attribute=base)
    exact = hand_attribute_distribution(deck, rules=rules)
    assert exact == _by_enumerating_hands(deck, hand_size, base)


def _by_playing_every_draw_order(deck, hand_size, draws, ranking):
    """Deal, then draw one card at a time and discard the lowest-ranked card, for every order."""
    position = {t: r for r, t in enumerate(ranking)}
    cards = deck.cards()
    counts = Counter()
    for order in itertools.permutations(range(len(cards)), hand_size + draws):
        hand = [cards[i] for i in order[:hand_size]]
        for i in order[hand_size:]:
            hand.append(cards[i])
            hand.remove(max(hand, key=position.__getitem__))
        types = [hand.count(t) for t in range(len(deck.types))]
        counts[deck.attributes(types)] += 1
    total = sum(counts.values())
    return {key: Fraction(n, total) for key, n in counts.items()}


@pytest.mark.parametrize("weights", [(0, 0, 0, 1), (0, 1, 1, 0), (1, 1, 1, 1)])
def test_keep_the_best_after_draws_matches_playing_every_draw_order(weights):
    small = Deck(
        (
            CardType("A+1", "bonus", (0, 0, 0, 1), 2),
            CardType("A+3", "bonus", (0, 0, 0, 3), 1),
            CardType("H+2", "bonus", (0, 2, 0, 0), 2),
            CardType("D+1", "bonus", (0, 0, 1, 0), 1),
            CardType("W", "wildcard", (1, 1, 1, 1), 1),
        )
    )
    ranking = card_ranking(small, weights)
    exact = hand_attribute_distribution(small, rules=Rules(hand_size=2), draws=2, ranking=ranking)
    assert exact == _by_playing_every_draw_order(small, 2, 2, ranking)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=5), st.integers(0, 6))
def test_multiset_weights_count_every_hand_once(counts, size):
    from math import comb

    total = sum(w for _, w in hand_multisets(counts, size))
    assert total == comb(sum(counts), size)
    for multiset, _ in hand_multisets(counts, size):
        assert sum(multiset) == size
        assert all(0 <= k <= c for k, c in zip(multiset, counts, strict=True))


def test_drawing_with_a_focus_raises_that_attribute_and_marginals_sum_to_one():
    deck = load_deck()
    dealt = hand_attribute_distribution(deck)
    focused = hand_attribute_distribution(deck, draws=1, ranking=card_ranking(deck, (0, 1, 0, 0)))
    assert attribute_means(focused)["health"] > attribute_means(dealt)["health"]
    assert all(sum(column) == 1 for _, column in attribute_marginals(focused).items())
    # five cards carry 5 to 15 bonus points; every attribute starts at 1
    assert attribute_means(dealt)["attack"] == 1 + Fraction(5 * (21 * 2 + 2), 86) / 1


def test_kept_hand_prefers_the_ranking():
    assert kept_after_draws((1, 1, 1), ranking=(2, 1, 0), hand_size=2) == (0, 1, 1)


def test_bad_arguments_are_named():
    deck = load_deck()
    with pytest.raises(RulesError, match="ranking: required"):
        hand_attribute_distribution(deck, draws=1)
    with pytest.raises(RulesError, match="weights: expected 4 numbers"):
        card_ranking(deck, (1, 2))
    with pytest.raises(RulesError, match="exceeds the deck"):
        hand_attribute_distribution(
            _reduced(deck, 1).with_count("Wildcard", 0), rules=Rules(hand_size=13)
        )
