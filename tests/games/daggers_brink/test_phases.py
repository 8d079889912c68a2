"""The transitions, rule by rule, on scripted decks and fixed dice."""

import pytest

from workbench.errors import IllegalMoveError
from workbench.games.daggers_brink.actions import CHALLENGE, DECK, DISCARD_PILE, PASS, Attack

from .scripted import A1, A3, D1, H1, S1, SMALL, W, deal_order, keep_hands, rolls, scripted_game

# seat 0: speed 4, health 2, defend 4, attack 2 (holds a wildcard)
# seat 1: speed 2, health 1, defend 1, attack 9
# seat 2: speed 1, health 5, defend 2, attack 1
HANDS = {0: [S1, S1, D1, D1, W], 1: [A3, A3, A1, A1, S1], 2: [H1, H1, H1, H1, D1]}
TOP = A1


def _to_combat(faces=(), *, hands=HANDS, **rules):
    """Deal ``hands``, keep them through two laps (seat 1 challenges), reach combat."""
    decks = [deal_order(hands, TOP), list(SMALL.cards())]
    state = scripted_game(decks, faces, **rules)
    state = keep_hands(state, 3)  # lap one: seats 1, 2, 0
    assert state.player == 1 and CHALLENGE in state.legal_actions()
    state = state.apply(CHALLENGE)
    return keep_hands(state, 2)  # seats 2 and 0 draw once more


def test_deal_goes_round_the_table_from_the_dealers_left_and_turns_a_card_up():
    state = scripted_game([deal_order(HANDS, TOP)])
    assert [state.attributes(s) for s in range(3)] == [(4, 2, 4, 2), (2, 1, 1, 9), (1, 5, 2, 1)]
    assert state.hands[1] == tuple(sorted(HANDS[1]))
    assert state.discard == (TOP,)
    assert len(state.deck) - state.deck_pos == 20 - 16
    assert (state.round, state.dealer, state.player, state.decision) == (1, 0, 1, "source")


def test_the_first_dealer_rolls_4d6_and_tied_highest_roll_again():
    faces = rolls([1, 2, 3, 4], [6, 6, 6, 6], [6, 6, 6, 6], [1, 1, 1, 1], [2, 2, 2, 2])
    order = deal_order(HANDS, TOP, dealer=2)
    state = scripted_game([order], faces, first_dealer="roll")
    assert state.dealer == 2 and state.player == 0
    assert state.dice == 20


def test_drawing_from_either_pile_then_discarding():
    state = scripted_game([deal_order(HANDS, TOP, rest=[W])])
    assert state.legal_actions() == [DECK, DISCARD_PILE]  # no challenge on the first lap
    drawn = state.apply(DECK)
    assert drawn.decision == "discard" and drawn.drawn == W and W in drawn.hands[1]
    after = drawn.apply(S1)
    assert after.discard == (TOP, S1) and after.player == 2 and after.decision == "source"
    taken = after.apply(DISCARD_PILE)
    assert taken.discard == (TOP,) and S1 in taken.hands[2]


def test_a_challenge_only_after_everyone_drew_and_combat_when_play_returns():
    state = scripted_game([deal_order(HANDS, TOP)])
    state = keep_hands(state, 2)
    assert state.player == 0 and CHALLENGE not in state.legal_actions()  # dealer, lap one
    state = keep_hands(state, 1)
    assert state.player == 1 and CHALLENGE in state.legal_actions()
    state = state.apply(CHALLENGE)
    assert state.player == 2 and CHALLENGE not in state.legal_actions()
    state = keep_hands(state, 2)
    assert state.decision == "attack" and state.order == (0, 1, 2)


def test_combat_order_is_by_speed_and_ties_roll_off():
    hands = {0: [S1, S1, D1, D1, W], 1: [A3, A3, A1, A1, H1], 2: [H1, H1, H1, D1, D1]}
    state = _to_combat([1, 1, 1, 1, 6, 6, 6, 6], hands=hands)
    assert state.order == (0, 2, 1)  # seats 1 and 2 tie on Speed 1; seat 2 rolls 24 to 4
    state = _to_combat(hands=hands, speed_tie_break="seat order")
    assert state.order == (0, 1, 2)


def test_a_wound_costs_a_token_and_the_wounded_sit_out():
    fight = rolls([6, 5], [4])  # seat 0: 2 hits; seat 1: 1 block; 1 left >= health 1
    answer = rolls([6], [1, 1, 1, 1])  # seat 2: 1 hit; seat 0 blocks nothing; 1 < health 2
    state = _to_combat(fight + answer)
    assert state.player == 0
    assert set(state.legal_actions()) == {PASS, Attack(1), Attack(2), Attack(1, (W,))} | {
        Attack(2, (W,))
    }
    state = state.apply(Attack(1))
    assert state.tokens == (3, 2, 3) and state.is_wounded(1)
    assert state.player == 2  # seat 1 is wounded: it cannot attack
    assert state.legal_actions() == [PASS, Attack(0)]  # nor be attacked
    state = state.apply(Attack(0))
    assert (state.decision, state.player) == ("wildcards", 0)  # seat 0 may answer with W
    state = state.apply(())
    first, second = state.fights()
    assert (first.remaining_hits, first.wounded, first.attacker_rank) == (1, True, 0)
    assert (second.attack, second.defend, second.health, second.wounded) == (1, 4, 2, False)
    assert second.defender_had_acted and not first.defender_had_acted
    assert (state.round, state.dealer, state.player) == (2, 1, 2)  # the deal passes left


def test_blocks_cancel_hits_one_for_one():
    state = _to_combat(rolls([6, 6], [5, 4]))  # seat 0 against seat 2: 2 hits, 2 blocks
    state = state.apply(Attack(2))
    assert state.fights()[0].remaining_hits == 0 and state.tokens == (3, 3, 3)
    state = _to_combat(rolls([6, 6], [5, 1]))
    assert state.apply(Attack(2)).fights()[0].remaining_hits == 1


def test_a_wildcard_strips_a_card_and_costs_its_plus_one():
    state = _to_combat(rolls([6], [1, 1]))
    state = state.apply(Attack(1, (W,)))
    assert state.decision == "strip" and state.player == 0
    assert state.legal_actions() == [S1, A1, A3]
    state = state.apply(A3)
    fight = state.fights()[0]
    assert (fight.attack, fight.defend, fight.health) == (1, 1, 1)  # seat 0 lost its W
    assert fight.wounded and fight.attacker_wildcards == 1
    assert state.round == 1 and state.hands[1] == (S1, A1, A1, A3)


def test_when_both_discard_wildcards_the_defender_strips_first():
    hands = {0: [S1, S1, D1, D1, W], 1: [A3, A3, A1, W, S1], 2: [H1, H1, H1, H1, D1]}
    state = _to_combat(rolls([1, 1], [1, 1]), hands=hands)
    state = state.apply(Attack(1, (W,)))
    assert state.decision == "wildcards" and state.player == 1
    assert state.legal_actions() == [(), (W,)]
    state = state.apply((W,))
    assert (state.decision, state.player) == ("strip", 1)
    state = state.apply(D1)
    assert (state.decision, state.player) == ("strip", 0)
    state = state.apply(A3)
    fight = state.fights()[0]
    assert (fight.attack, fight.defend, fight.health) == (1, 1, 1)
    assert (fight.attacker_wildcards, fight.defender_wildcards) == (1, 1)
    turned = _to_combat(rolls([1, 1], [1, 1]), hands=hands, defender_strips_first=False)
    turned = turned.apply(Attack(1, (W,))).apply((W,))
    assert turned.player == 0


def test_elimination_skips_the_eliminated_player():
    faces = rolls([6, 6], [1], [6], [1, 1, 1, 1])
    state = _to_combat(faces, starting_tokens=1)
    state = state.apply(Attack(1))
    assert state.tokens == (1, 0, 1) and not state.is_terminal()
    state = state.apply(Attack(0)).apply(())  # no wound
    assert state.round == 2 and state.dealer == 2  # seat 1 is out: the deal skips it
    assert state.player == 0 and state.hands[1] == ()


def test_the_last_player_standing_wins_at_once():
    hands = {0: [S1, S1, D1, D1, S1], 1: [A3, A3, A1, A1, S1], 2: [H1, H1, H1, H1, D1]}
    state = _to_combat(rolls([6], [1], [6], [1, 1, 1]), hands=hands, starting_tokens=1)
    assert state.order == (0, 1, 2) and state.attributes(0) == (4, 1, 3, 1)
    state = state.apply(Attack(1)).apply(Attack(0))
    assert state.is_terminal() and state.winner == 2 and state.tokens == (0, 0, 1)
    assert state.returns() == (0.0, 0.0, 1.0)


def test_reshuffle_keeps_the_discard_piles_top_card():
    first = deal_order(HANDS, TOP)
    left = first[16:]  # the four cards of the deck
    second = [left[1], TOP, left[0]]
    state = scripted_game([first, second])
    for _ in range(3):  # three draws from the deck, each discarding the card drawn
        state = state.apply(DECK)
        state = state.apply(state.drawn)
    assert state.discard == (TOP, *left[:3])
    state = state.apply(DECK)  # the last card: the deck is depleted and reshuffled at once
    assert state.deck == tuple(second) and state.deck_pos == 0
    assert state.discard == (left[2],)
    second = [left[2], TOP, left[0], left[1]]
    later = scripted_game([first, second], reshuffle="on next draw")
    for _ in range(4):
        later = later.apply(DECK)
        later = later.apply(later.drawn)
    assert later.deck_pos == len(later.deck)  # empty, not yet reshuffled
    later = later.apply(DECK)
    assert later.drawn == left[2] and later.discard == (left[3],)


def test_illegal_actions_are_refused_with_the_legal_ones_named():
    state = scripted_game([deal_order(HANDS, TOP)])
    with pytest.raises(IllegalMoveError, match=r"'challenge' is not legal for seat 1"):
        state.apply(CHALLENGE)
    with pytest.raises(IllegalMoveError, match="legal"):
        state.apply(DECK).apply(W)  # seat 1 holds no wildcard
    combat = _to_combat([6, 5, 4])
    with pytest.raises(IllegalMoveError):
        combat.apply(Attack(0))
    with pytest.raises(IllegalMoveError):
        combat.apply(Attack(1, (W, W)))


def test_apply_never_changes_the_state_it_is_called_on():
    state = scripted_game([deal_order(HANDS, TOP)])
    key = state.key()
    state.apply(DECK)
    assert state.key() == key and state.decision == "source"
