"""The trick game keeps the protocol, scores its tricks by hand, hides what it should,
and deals worlds that keep what a seat sees."""

from dataclasses import replace

import pytest

from workbench.errors import IllegalMoveError, RulesError
from workbench.play import TERMINAL, check_game, python_random
from workbench.play.toy_games import Tricks, TricksState


def test_random_games_keep_the_protocol_and_the_hidden_information_rules():
    assert check_game(Tricks(), games=30, seed=1) == []
    assert check_game(Tricks(cards=10, hand=5), games=10, seed=2) == []


def test_the_deal_is_a_shuffle_of_every_card():
    state = Tricks(cards=9, hand=4).initial_state(seed=5)
    assert sorted(state.hands[0] + state.hands[1] + state.face_down) == list(range(1, 10))
    assert [len(hand) for hand in state.hands] == [4, 4]
    assert Tricks().initial_state(seed=5) == Tricks().initial_state(seed=5)


def test_the_higher_card_takes_the_trick_and_leads_the_next():
    state = TricksState(((2, 6), (3, 5)), (1, 4), None, (), 0, (0, 0))
    state = state.apply(2)
    assert (state.current_player(), state.legal_actions()) == (1, [3, 5])
    state = state.apply(3)
    assert (state.tricks, state.leader, state.played, state.current_player()) == (
        (0, 1),
        1,
        (2, 3),
        1,
    )
    state = state.apply(5).apply(6)
    assert state.current_player() == TERMINAL and state.tricks == (1, 1)
    assert state.returns() == (0.0, 0.0)  # one trick each: a draw
    won = TricksState(((6,), (5,)), (), None, (), 1, (1, 0)).apply(5).apply(6)
    assert won.returns() == (1.0, -1.0)


@pytest.mark.parametrize("card", [1, 3, "x"])
def test_cards_not_in_the_hand_to_move_are_refused(card):
    state = TricksState(((2, 6), (3, 5)), (1, 4), None, (), 0, (0, 0))
    with pytest.raises(IllegalMoveError, match="not legal"):
        state.apply(card)


@pytest.mark.parametrize(("cards", "hand"), [(5, 3), (4, 0)])
def test_too_few_cards_are_refused(cards, hand):
    with pytest.raises(RulesError, match="Tricks"):
        Tricks(cards=cards, hand=hand)


def test_a_seat_sees_its_hand_and_the_table_but_not_the_other_hand():
    game = Tricks()
    state = TricksState(((2, 6), (3, 5)), (1, 4), 2, (7, 1), 0, (1, 0))
    swapped = replace(state, hands=((2, 6), (1, 3)), face_down=(4, 5))
    assert game.observation(state, 0) == game.observation(swapped, 0)
    assert game.observation(state, 1) != game.observation(swapped, 1)
    assert game.observation(state, 0) != game.observation(replace(state, hands=((2, 7), (3, 5))), 0)


def test_worlds_deal_every_unseen_card_and_keep_the_rest():
    game = Tricks()
    state = TricksState(((2, 6), (3, 5)), (1, 4), 2, (7, 8), 0, (1, 0))
    rng = python_random(0)
    worlds = {game.determinize(state, 0, rng) for _ in range(200)}
    assert {world.hands[1] for world in worlds} == {
        (1, 3), (1, 4), (1, 5), (3, 4), (3, 5), (4, 5)
    }  # fmt: skip
    for world in worlds:
        assert game.observation(world, 0) == game.observation(state, 0)
        assert sorted(world.hands[1] + world.face_down) == [1, 3, 4, 5]
    assert state.hands == ((2, 6), (3, 5))  # unchanged
