"""The kernel's position helpers against the Python they mirror."""

from types import SimpleNamespace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.daggers_brink import phases
from workbench.games.daggers_brink.deck import load_deck
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.kernel import layout
from workbench.games.daggers_brink.kernel.position import (
    add_card,
    copies,
    hand_attributes,
    has_target,
    left_of,
    living_from_dealers_left,
    remove_card,
)
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.table import HandAttributes

DECK = load_deck()
TYPES = len(DECK.types)
HANDS = st.lists(st.integers(0, TYPES - 1), max_size=7).map(sorted).map(tuple)


def _arrays(hand, width=9):
    hands = np.zeros((2, width), dtype=np.int64)
    hands[1, : len(hand)] = hand
    return np.zeros(len(layout.G_FIELDS), np.int64), hands, np.array([0, len(hand)])


@settings(max_examples=60, deadline=None)
@given(HANDS, st.integers(0, 3))
def test_hand_attributes_are_the_tables(hand, base):
    _, hands, hand_len = _arrays(hand)
    bonus = np.array(DECK.bonuses, dtype=np.int64)
    assert (
        hand_attributes(bonus, base, hands, hand_len, 1) == HandAttributes(DECK.bonuses, base)[hand]
    )


@settings(max_examples=60, deadline=None)
@given(HANDS, st.integers(0, TYPES - 1))
def test_cards_go_in_and_out_as_in_python(hand, card):
    g, hands, hand_len = _arrays(hand)
    python = SimpleNamespace(hands=((), hand))
    add_card(g, hands, hand_len, 1, card)
    phases._add_card(python, 1, card)
    assert tuple(hands[1, : hand_len[1]].tolist()) == python.hands[1]
    assert copies(hands, hand_len, 1, card) == python.hands[1].count(card)
    remove_card(g, hands, hand_len, 1, hand[0] if hand else card)
    phases._remove_card(python, 1, hand[0] if hand else card)
    assert tuple(hands[1, : hand_len[1]].tolist()) == python.hands[1]
    assert g[layout.STATUS] == layout.OK
    remove_card(g, hands, hand_len, 0, card)  # seat 0 holds nothing: the kernel declines
    assert g[layout.STATUS] == layout.DECLINE


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 2), min_size=3, max_size=6),
    st.integers(0, 5),
    st.integers(0, 63),
    st.booleans(),
)
def test_seats_and_targets_are_the_pythons(tokens, dealer, wounded, sit_out):
    n, dealer = len(tokens), dealer % len(tokens)
    state = DaggersBrink(n, rules=Rules(wounded_sit_out=sit_out)).initial_state(seed=0)
    state.tokens, state.wounded, state.dealer = tuple(tokens), wounded, dealer
    g = np.zeros(len(layout.G_FIELDS), np.int64)
    g[layout.WOUNDED], g[layout.DEALER] = wounded, dealer
    cfg, array = np.zeros(len(layout.CFG_FIELDS), np.int64), np.array(tokens)
    cfg[layout.SIT_OUT] = sit_out
    seats = np.zeros(n, np.int64)
    living = living_from_dealers_left(g, array, seats)
    assert seats[:living].tolist() == phases._seats_from_left_of_dealer(state)
    for seat in range(n):
        assert left_of(seat, array) == phases.left_of(seat, state.tokens)
        assert has_target(cfg, g, array, seat) == state.has_target(seat)
