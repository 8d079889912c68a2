"""What a table works out once (hand attributes, seats) and the seeded dice and shuffles."""

import pickle
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.daggers_brink.chance import SeededChance
from workbench.games.daggers_brink.deck import load_deck
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.table import HandAttributes, Table

from .scripted import SMALL

DECK = load_deck()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, len(DECK.types) - 1), max_size=7), st.integers(0, 3))
def test_hand_attributes_are_the_decks_sums(cards, base):
    attributes = HandAttributes(DECK.bonuses, base)
    counts = Counter(cards)
    expected = DECK.attributes([counts[t] for t in range(len(DECK.types))], base=base)
    assert attributes[tuple(sorted(cards))] == attributes.of(cards) == expected


def test_tables_of_one_deck_share_their_memo_but_not_with_other_tables():
    a, b = Table(4, Rules(), DECK), Table(5, Rules(hit_threshold=5), DECK)
    assert a.attributes is b.attributes
    assert Table(4, Rules(base_attribute=0), DECK).attributes is not a.attributes
    assert Table(3, Rules(), SMALL).attributes is not a.attributes


def test_a_pickled_table_leaves_its_memo_behind():
    table = Table(4, Rules(), DECK)
    table.attributes[(0, 1, 2)]
    copy = pickle.loads(pickle.dumps(table))
    assert (copy.n, copy.rules, copy.deck, copy.clockwise) == (4, Rules(), DECK, table.clockwise)
    assert len(pickle.dumps(table)) < 10_000
    assert copy.attributes[(0, 1, 2)] == table.attributes[(0, 1, 2)]


def test_seats_clockwise_and_challenge_turns():
    table = Table(3, Rules(challenge_after_laps=2, draw_lap_limit=5), DECK)
    assert table.clockwise == ((1, 2, 0), (2, 0, 1), (0, 1, 2))
    assert table.challenge_turns[3] == (6, 15) and table.challenge_turns[2] == (4, 10)
    assert Table(3, Rules(draw_lap_limit=0), DECK).challenge_turns[3][1] > 10**9


def _stable_shuffle(keys, cards):
    return tuple(cards[i] for i in np.argsort(keys[: len(cards)], kind="stable"))


def test_a_block_of_shuffles_is_each_rows_stable_argsort():
    chance = SeededChance(11, deck_size=86)
    cards = DECK.cards()
    for j in range(70):  # three blocks
        deck = chance.shuffled(j, cards)
        keys = chance._keys[j // 32][j % 32]
        assert deck == _stable_shuffle(keys, cards)
        assert chance.shuffled(j, cards[:40]) == _stable_shuffle(keys, cards[:40])


def test_tied_keys_keep_card_order_as_a_stable_sort_does():
    chance = SeededChance(3, deck_size=86)
    tied = np.floor(chance._keys[0] * 8) / 8  # multiples of 2**-3: many ties, still exact
    chance._keys[0] = tied
    cards = DECK.cards()
    for j in range(32):
        assert chance.shuffled(j, cards) == _stable_shuffle(tied[j], cards)


def test_the_same_seed_deals_the_same_decks_in_any_order_of_asking():
    cards = DECK.cards()
    forward, backward = SeededChance(5, deck_size=86), SeededChance(5, deck_size=86)
    decks = [forward.shuffled(j, cards) for j in range(40)]
    assert [backward.shuffled(j, cards) for j in reversed(range(40))] == decks[::-1]
    assert all(sorted(deck) == sorted(cards) for deck in decks)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=3, max_size=6),
    st.integers(0, 63),
    st.booleans(),
)
def test_open_seats_and_targets_are_their_definition(tokens, wounded, sit_out):
    game = DaggersBrink(len(tokens), rules=Rules(wounded_sit_out=sit_out))
    state = game.initial_state(seed=0)
    state.tokens, state.wounded = tuple(tokens), wounded
    for seat in range(len(tokens)):
        expected = [
            t
            for t, held in enumerate(tokens)
            if held and t != seat and not (sit_out and wounded >> t & 1)
        ]
        for _ in range(2):  # worked out, then remembered
            assert state.targets(seat) == expected
            assert state.has_target(seat) == bool(expected)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, len(SMALL.types) - 1), max_size=7), st.integers(0, 2))
def test_wildcard_choices_are_every_set_of_held_wildcards(hand, per_fight):
    game = DaggersBrink(3, rules=Rules(wildcards_per_fight=per_fight), deck=SMALL)
    state = game.initial_state(seed=0)
    state.hands = (tuple(sorted(hand)), (), ())
    held = [card for card in hand if SMALL.types[card].is_wildcard]
    expected = {
        tuple(sorted(held[i] for i in range(len(held)) if mask >> i & 1))
        for mask in range(1 << len(held))
        if bin(mask).count("1") <= per_fight
    }
    for _ in range(2):  # worked out, then remembered
        assert state.wildcard_choices(0) == sorted(expected)
