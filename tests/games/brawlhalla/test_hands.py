"""The card hook of a Brawlhalla turn: nothing without cards; with them, the deck of the
card list shuffled from the seed, opening hands, draws per turn and per ruin, the hand limit."""

from collections import Counter

from workbench.games.brawlhalla.deck import draw_deck, load_cards
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules

from .small_boards import duel_game


def deck_counts():
    cards = draw_deck(load_cards())
    return Counter(dict(zip(cards["name"], cards["count"], strict=True)))


def test_without_cards_nothing_is_dealt_or_drawn():
    state = Brawlhalla().initial_state(seed=1)
    assert state.hands == ((), ()) and state.deck == ()
    after = duel_game().position(turn=2, to_move=1).apply(("end",))
    assert after.hands == ((), ()) and after.deck == ()


def test_the_deck_is_the_card_list_shuffled_from_the_seed():
    game = Brawlhalla(rules=Rules(cards=True))
    state = game.initial_state(seed=1)
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert Counter(state.hands[0] + state.hands[1] + state.deck) == deck_counts()
    again = game.initial_state(seed=1)
    assert (again.hands, again.deck) == (state.hands, state.deck)
    other = game.initial_state(seed=2)
    assert (other.hands, other.deck) != (state.hands, state.deck)
    small = Brawlhalla(rules=Rules(cards=True, opening_hand=2)).initial_state(seed=1)
    assert [len(hand) for hand in small.hands] == [2, 2]


def cards_position(hand, **knobs):
    game = duel_game(cards=True, **knobs)
    state = game.position(turn=2, to_move=1).copy()
    state.hands, state.deck = (hand, ()), tuple(f"card {i}" for i in range(10))
    return state


def test_a_side_draws_at_the_start_of_its_turn_with_one_more_per_ruin():
    state = cards_position(("a",))
    drawn = state.apply(("end",))
    assert drawn.hands[0] == ("a", "card 0") and len(drawn.deck) == 9
    state.cards_due = (2, 0)
    drawn = state.apply(("end",))
    assert drawn.hands[0] == ("a", "card 0", "card 1", "card 2") and drawn.cards_due == (0, 0)
    two = cards_position((), draws_per_turn=2).apply(("end",))
    assert two.hands[0] == ("card 0", "card 1")


def test_a_card_drawn_into_a_full_hand_must_be_discarded_by_choice():
    full = tuple("abcde")
    drawn = cards_position(full).apply(("end",))
    assert drawn.hands[0] == (*full, "card 0") and len(drawn.deck) == 9
    assert drawn.discarding == 0
    assert set(drawn.legal_actions()) == {("discard", c) for c in (*full, "card 0")}
    kept = drawn.apply(("discard", "c"))
    assert kept.hands[0] == ("a", "b", "d", "e", "card 0") and kept.discarding is None
    roomy = cards_position(full, hand_limit=6).apply(("end",))
    assert roomy.hands[0] == (*full, "card 0")
