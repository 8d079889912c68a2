"""What a table works out once: hand attributes, seats, challenge turns, open seats."""

import pickle
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.daggers_brink.deck import load_deck
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.table import HandAttributes, Table

from .scripted import SMALL

DECK = load_deck()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, len(DECK.types) - 1), max_size=7), st.integers(0, 3))
def test_hand_attributes_are_the_decks_sums(cards, base):
    attributes = HandAttributes(DECK.bonuses, base)
    counts = Counter(cards)
    expected = DECK.attributes(
        [counts[t] for t in range(len(DECK.types))], rules=Rules(base_attribute=base)
    )
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
