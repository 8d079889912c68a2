"""The start of a Brawlhalla game: the roll for who begins, each side's barrack and harbor
on its continent, the deployment of its units, then the first turn with its recruit."""

import pytest

from workbench.errors import IllegalMoveError
from workbench.games.brawlhalla.setup import deployments, setup_actions, setup_side
from workbench.play.protocol import CHANCE

from .small_boards import duel_game

NORTH_FLAT = {(r, c) for r in range(3) for c in range(6)} - {(1, 1)}  # earth and shore


def test_the_roll_decides_who_begins_and_who_sets_up_first():
    game = duel_game()
    state = game.initial_state()
    assert state.current_player() == CHANCE and state.legal_actions() == []
    assert sorted(state.chance_outcomes()) == [(0, 0.5), (1, 0.5)]
    south = state.apply(1)
    assert (south.first, south.current_player(), setup_side(south)) == (1, 1, 1)
    assert all(a[1][0] >= 4 for a in south.legal_actions())  # on the south continent
    fixed = duel_game(first_player="south").initial_state()
    assert (fixed.current_player(), fixed.first) == (1, 1)


def test_the_barrack_goes_on_any_free_flat_square_of_the_own_continent():
    state = duel_game(first_player="north").initial_state()
    cells = {a[1] for a in setup_actions(state)}
    assert all(a[0] == "barracks" for a in setup_actions(state))
    # not the capital, a ruin or the wreckage, nor the only shore left for the harbor
    assert cells == NORTH_FLAT - {(0, 0), (0, 3), (2, 5), (1, 5)}


def test_the_harbor_goes_on_a_shore_square_of_the_own_continent():
    board = duel_game(first_player="north")
    state = board.initial_state().apply(("barracks", (1, 2)))
    assert setup_actions(state) == [("harbor", (1, 5))]
    state = state.apply(("harbor", (1, 5)))
    assert state.buildings[(1, 5)] == (0, "harbor") and state.buildings[(1, 2)] == (0, "barracks")
    assert setup_actions(state)[0][0] == "deploy"


def test_deployments_split_the_warriors_on_the_three_buildings_with_the_warlord():
    state = duel_game(first_player="north").initial_state()
    state = state.apply(("barracks", (1, 2))).apply(("harbor", (1, 5)))
    options = deployments(state)
    splits = {(a, b, c) for a in range(5) for b in range(5) for c in range(5) if a + b + c == 5}
    assert {o[1] for o in options} == splits and len(options) == 3 * len(splits)
    assert {o[2] for o in options} == {"capital", "barracks", "harbor"}
    state = state.apply(("deploy", (1, 4, 0), "harbor"))
    assert state.stacks == {
        (0, 0): (0, 1, 0, 0, 0, 0),
        (1, 2): (0, 4, 0, 0, 0, 0),
        (1, 5): (0, 0, 1, 0, 0, 0),
    }
    assert setup_side(state) == 1 and state.current_player() == 1
    lone = duel_game(first_player="north", setup_warlords=0, setup_warriors=2).initial_state()
    lone = lone.apply(("barracks", (1, 2))).apply(("harbor", (1, 5)))
    assert {o[2] for o in deployments(lone)} == {"capital"}
    assert len(deployments(lone)) == 6


def play_setup(game):
    state = game.initial_state().apply(0)
    for action in [
        ("barracks", (1, 2)),
        ("harbor", (1, 5)),
        ("deploy", (1, 4, 0), "capital"),
        ("barracks", (5, 2)),
        ("harbor", (4, 5)),
        ("deploy", (2, 2, 1), "barracks"),
    ]:
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def test_after_both_set_ups_the_first_turn_begins_with_its_recruit():
    state = play_setup(duel_game())
    assert (state.turn, state.to_move, state.ap, state.current_player()) == (1, 0, 3, 0)
    assert state.stacks[(1, 2)] == (0, 4, 0, 0, 0, 0)  # full barrack: no recruit
    assert state.stacks[(0, 0)] == (0, 1, 1, 0, 0, 0)
    assert state.stacks[(5, 2)] == (1, 2, 1, 0, 0, 0)  # south recruits at its own turn
    assert state.units(0) == (5, 1, 0, 0) and state.units(1) == (5, 1, 0, 0)
    south = state.apply(("end",))
    assert south.stacks[(5, 2)] == (1, 3, 1, 0, 0, 0)


def test_a_recruit_on_the_first_barrack_with_room():
    state = duel_game().initial_state().apply(0)
    for action in [("barracks", (1, 2)), ("harbor", (1, 5)), ("deploy", (4, 1, 0), "capital")]:
        state = state.apply(action)
    for action in [("barracks", (5, 2)), ("harbor", (4, 5)), ("deploy", (4, 1, 0), "capital")]:
        state = state.apply(action)
    assert state.stacks[(1, 2)] == (0, 2, 0, 0, 0, 0)


def test_set_up_choices_out_of_turn_raise():
    state = duel_game(first_player="north").initial_state()
    for action in [("harbor", (1, 5)), ("barracks", (5, 2)), ("barracks", (1, 1)), ("end",)]:
        with pytest.raises(IllegalMoveError):
            state.apply(action)
