"""Brawlhalla legal actions on hand-set positions of the duel board: each unit's moves on
each terrain, what blocks them, stacking, fusion, the action limits and attacks."""

import pytest

from workbench.errors import IllegalMoveError
from workbench.games.brawlhalla.actions import legal_actions
from workbench.games.brawlhalla.stacking import can_stand

from .small_boards import duel_game

CAPITALS = {(0, 0): (0, "capital"), (6, 0): (1, "capital")}


def targets(state, src, part, kind="move"):
    """The squares the part of the stack on ``src`` can move to."""
    return {a[2] for a in legal_actions(state) if a[0] == kind and a[1] == src and a[3] == part}


def kinds(state, src):
    return {a[0] for a in legal_actions(state) if len(a) > 1 and a[1] == src}


def test_warriors_step_orthogonally_on_earth_and_shore_never_on_mountain_or_water():
    game = duel_game()
    state = game.position(stacks={(2, 2): (0, 1, 0, 0, 0), (1, 2): (0, 1, 0, 0, 0)})
    assert targets(state, (2, 2), (1, 0, 0, 0)) == {(1, 2), (2, 1), (2, 3)}  # not (3, 2): water
    assert targets(state, (1, 2), (1, 0, 0, 0)) == {(0, 2), (1, 3), (2, 2)}  # (1, 1) mountain
    state = game.position(stacks={(2, 5): (0, 1, 0, 0, 0), (1, 4): (0, 0, 1, 0, 0)})
    assert targets(state, (2, 5), (1, 0, 0, 0)) == {(1, 5), (2, 4)}  # shore, not the sea
    assert targets(state, (1, 4), (0, 1, 0, 0)) == {(0, 4), (1, 3), (1, 5), (2, 4)}


def test_boats_sail_on_water_and_shore_diagonally_and_never_on_earth():
    state = duel_game().position(stacks={(1, 6): (0, 0, 0, 0, 1), (2, 5): (0, 0, 0, 0, 1)})
    assert targets(state, (1, 6), (0, 0, 0, 1)) == {(0, 6), (2, 6), (1, 5)}  # (2, 5) own boat
    assert targets(state, (2, 5), (0, 0, 0, 1)) == {(1, 5), (3, 4), (3, 5), (2, 6)}
    no_diagonal = duel_game(diagonal_moves_at_sea_and_air=False)
    state = no_diagonal.position(stacks={(2, 5): (0, 0, 0, 0, 1)})
    assert targets(state, (2, 5), (0, 0, 0, 1)) == {(1, 5), (3, 5), (2, 6)}


def test_land_units_board_and_land_at_a_shore_and_ride_up_to_the_capacity():
    game = duel_game()
    state = game.position(
        stacks={(1, 4): (0, 2, 0, 0, 0), (1, 5): (0, 2, 1, 0, 1), (2, 6): (0, 2, 0, 0, 1)}
    )
    # boarding from earth onto the boat at the shore: one fits (3 aboard + 1 = 4), not two
    assert (1, 5) in targets(state, (1, 4), (1, 0, 0, 0))
    assert (1, 5) not in targets(state, (1, 4), (2, 0, 0, 0))
    # landing: the passengers walk off the boat at the shore, never off the boat at sea
    assert targets(state, (1, 5), (2, 1, 0, 0)) == {(0, 5), (1, 4), (2, 5)}
    assert all(a[3][3] for a in legal_actions(state) if a[0] == "move" and a[1] == (2, 6))
    # the boat sails with its passengers, or leaves some ashore
    assert (1, 6) in targets(state, (1, 5), (2, 1, 0, 1))
    assert (1, 6) in targets(state, (1, 5), (0, 1, 0, 1))
    # a smaller boat carries fewer
    small = duel_game(boat_capacity=2).position(
        stacks={(1, 4): (0, 1, 0, 0, 0), (1, 5): (0, 2, 0, 0, 1)}
    )
    assert (1, 5) not in targets(small, (1, 4), (1, 0, 0, 0))
    # without boats carrying land units nothing boards
    stacks = {(1, 4): (0, 1, 0, 0, 0), (1, 5): (0, 0, 0, 0, 1)}
    assert (1, 5) in targets(duel_game().position(stacks=stacks), (1, 4), (1, 0, 0, 0))
    ashore = duel_game(boats_carry_land_units=False).position(stacks=stacks)
    assert (1, 5) not in targets(ashore, (1, 4), (1, 0, 0, 0))


def chebyshev(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def test_dragons_fly_their_tiles_over_anything_but_never_stop_on_enemies_or_guardians():
    game = duel_game()
    state = game.position(stacks={(2, 2): (0, 0, 0, 1, 0), (4, 4): (1, 1, 0, 0, 0)})
    cells = set(game.geometry.terrain)
    expected = {
        c for c in cells if 0 < chebyshev(c, (2, 2)) <= 2 and c not in ((3, 0), (3, 3), (4, 4))
    }
    assert targets(state, (2, 2), (0, 0, 1, 0)) == expected
    assert {(1, 1), (3, 1), (0, 0)} <= expected  # mountain, water, own capital
    # the enemy capital stops no flight over it but the dragon never lands on it
    state = game.position(stacks={(5, 2): (0, 0, 0, 1, 0)})
    assert (6, 0) not in targets(state, (5, 2), (0, 0, 1, 0))
    slow = duel_game(dragon_tiles_per_move=1).position(stacks={(2, 2): (0, 0, 0, 1, 0)})
    assert targets(slow, (2, 2), (0, 0, 1, 0)) == {
        c for c in cells if chebyshev(c, (2, 2)) == 1 and c != (3, 3)
    }


def test_a_dragon_walking_with_land_units_and_a_dragon_never_on_a_boat():
    state = duel_game().position(
        stacks={(1, 2): (0, 1, 0, 1, 0), (1, 5): (0, 1, 0, 0, 1), (0, 4): (0, 0, 0, 1, 0)}
    )
    assert targets(state, (1, 2), (1, 0, 1, 0)) == {(0, 2), (1, 3), (2, 2)}  # no mountain
    assert (1, 1) in targets(state, (1, 2), (0, 0, 1, 0))  # alone it flies there
    assert (1, 5) not in targets(state, (0, 4), (0, 0, 1, 0))  # a dragon never boards
    assert not can_stand(state, (1, 0, 1, 1), (1, 5))


def test_enemy_buildings_guardians_and_enemy_units_block_the_way():
    buildings = {**CAPITALS, (1, 3): (1, "barracks"), (2, 3): (0, "barracks")}
    game = duel_game()
    state = game.position(
        stacks={(1, 2): (0, 1, 0, 0, 0), (2, 2): (0, 1, 0, 0, 0), (2, 1): (1, 1, 0, 0, 0)},
        buildings=buildings,
    )
    assert targets(state, (1, 2), (1, 0, 0, 0)) == {(0, 2), (2, 2)}  # (1, 3) enemy barracks
    assert targets(state, (2, 2), (1, 0, 0, 0)) == {(1, 2), (2, 3)}  # (2, 1) enemy; own barracks
    state = game.position(stacks={(2, 0): (0, 1, 0, 0, 0)})
    assert (3, 0) not in targets(state, (2, 0), (1, 0, 0, 0))  # the west guardian
    beaten = game.position(stacks={(2, 0): (0, 1, 0, 0, 0)}, guardians=[(3, 3), (3, 6)])
    assert (3, 0) in targets(beaten, (2, 0), (1, 0, 0, 0))
    with pytest.raises(IllegalMoveError):
        state.apply(("move", (2, 0), (3, 0), (1, 0, 0, 0)))


def test_the_stacking_limit_counts_warriors_or_every_unit():
    game = duel_game()
    state = game.position(stacks={(1, 2): (0, 4, 1, 0, 0), (1, 3): (0, 1, 1, 1, 0)})
    assert (1, 2) not in targets(state, (1, 3), (1, 0, 0, 0))  # a fifth warrior
    assert (1, 2) in targets(state, (1, 3), (0, 1, 0, 0))  # warlords do not count
    assert (1, 2) in targets(state, (1, 3), (0, 0, 1, 0))  # nor dragons
    units = duel_game(stack_limit="units")
    state = units.position(stacks={(1, 2): (0, 2, 1, 0, 0), (1, 3): (0, 1, 1, 1, 0)})
    assert (1, 2) in targets(state, (1, 3), (1, 0, 0, 0))  # 4 units
    assert (1, 2) in targets(state, (1, 3), (0, 0, 1, 0))  # a dragon is the 4th unit
    assert (1, 2) not in targets(state, (1, 3), (1, 1, 0, 0))  # 5 units
    assert (1, 2) not in targets(state, (1, 3), (1, 0, 1, 0))
    roomy = duel_game(warriors_per_square=6).position(
        stacks={(1, 2): (0, 5, 0, 0, 0), (1, 3): (0, 1, 0, 0, 0)}
    )
    assert (1, 2) in targets(roomy, (1, 3), (1, 0, 0, 0))


def test_fusion_by_the_fifth_warrior_joining_costs_two_actions():
    game = duel_game()
    state = game.position(stacks={(1, 2): (0, 4, 0, 0, 0), (1, 3): (0, 2, 0, 0, 0)})
    assert ("fuse", (1, 3), (1, 2)) in legal_actions(state)
    assert ("fuse", (1, 2), (1, 2)) not in legal_actions(state)
    after = state.apply(("fuse", (1, 3), (1, 2)))
    assert after.stacks[(1, 2)] == (0, 0, 1, 0, 0, 2)
    assert after.stacks[(1, 3)] == (0, 1, 0, 0, 0, 0)
    assert after.ap == 1 and after.units(0) == (1, 1, 0, 0)
    assert ("fuse", (1, 3), (1, 2)) not in legal_actions(game.position(stacks=state.stacks, ap=1))
    tired = {(1, 2): (0, 4, 0, 0, 0), (1, 3): (0, 2, 0, 0, 0, 1)}
    assert ("fuse", (1, 3), (1, 2)) not in legal_actions(game.position(stacks=tired))
    spent = {(1, 2): (0, 4, 0, 0, 0, 2), (1, 3): (0, 1, 0, 0, 0)}  # the four acted twice
    assert ("fuse", (1, 3), (1, 2)) not in legal_actions(game.position(stacks=spent))
    once = game.position(stacks={(1, 2): (0, 4, 0, 0, 0, 1), (1, 3): (0, 1, 0, 0, 0)})
    assert once.apply(("fuse", (1, 3), (1, 2))).stacks[(1, 2)][5] == 2


def test_four_fuse_and_five_on_a_square():
    four = duel_game(fusion="four fuse").position(stacks={(1, 2): (0, 4, 0, 0, 0)})
    assert ("fuse", (1, 2), (1, 2)) in legal_actions(four)
    after = four.apply(("fuse", (1, 2), (1, 2)))
    assert after.stacks[(1, 2)][1:3] == (0, 1) and after.ap == 2
    five = duel_game(fusion="five on a square")
    state = five.position(stacks={(1, 2): (0, 4, 0, 0, 0), (1, 3): (0, 1, 0, 0, 0)})
    assert ("fuse", (1, 2), (1, 2)) not in legal_actions(state)
    assert (1, 2) in targets(state, (1, 3), (1, 0, 0, 0))  # a tile holds a fifth warrior
    state = state.apply(("move", (1, 3), (1, 2), (1, 0, 0, 0)))
    assert state.stacks[(1, 2)][1] == 5
    after = state.apply(("fuse", (1, 2), (1, 2)))
    assert after.stacks[(1, 2)][1:3] == (0, 1) and after.ap == 1


def test_no_fusion_past_the_warlord_pool():
    stacks = {(1, 2): (0, 4, 0, 0, 0), (1, 3): (0, 1, 0, 0, 0), (2, 2): (0, 0, 5, 0, 0)}
    assert not any(a[0] == "fuse" for a in legal_actions(duel_game().position(stacks=stacks)))
    del stacks[(2, 2)]
    none = duel_game(warlord_pool=0).position(stacks=stacks)
    assert not any(a[0] == "fuse" for a in legal_actions(none))


def test_a_unit_acts_at_most_twice_a_turn_and_three_points_pass_the_turn():
    game = duel_game()
    state = game.position(stacks={(1, 2): (0, 1, 0, 0, 0), (2, 4): (0, 1, 0, 0, 0)})
    state = state.apply(("move", (1, 2), (1, 3), (1, 0, 0, 0)))
    state = state.apply(("move", (1, 3), (1, 4), (1, 0, 0, 0)))
    assert state.stacks[(1, 4)][5] == 2 and state.ap == 1
    assert kinds(state, (1, 4)) == set() and "move" in kinds(state, (2, 4))
    with pytest.raises(IllegalMoveError):
        state.apply(("move", (1, 4), (0, 4), (1, 0, 0, 0)))
    state = state.apply(("move", (2, 4), (2, 3), (1, 0, 0, 0)))
    assert (state.to_move, state.turn, state.ap) == (1, 2, 3)  # passed by itself
    assert legal_actions(state) == [("end",)]  # south has no units
    back = state.apply(("end",))
    assert (back.to_move, back.turn) == (0, 3)
    assert all(s[5] == 0 for s in back.stacks.values())  # spent again at its turn
    lively = duel_game(actions_per_unit_per_turn=3).position(stacks={(1, 2): (0, 1, 0, 0, 0)})
    lively = lively.apply(("move", (1, 2), (1, 3), (1, 0, 0, 0)))
    lively = lively.apply(("move", (1, 3), (1, 4), (1, 0, 0, 0)))
    assert "move" in kinds(lively, (1, 4))


def test_a_split_leaves_the_rest_fresh_and_a_merge_takes_the_larger_spent():
    game = duel_game()
    state = game.position(stacks={(1, 2): (0, 3, 0, 0, 0), (1, 4): (0, 1, 0, 0, 0, 1)})
    state = state.apply(("move", (1, 2), (1, 3), (1, 0, 0, 0)))
    assert state.stacks[(1, 2)] == (0, 2, 0, 0, 0, 0)
    assert state.stacks[(1, 3)] == (0, 1, 0, 0, 0, 1)
    state = state.apply(("move", (1, 4), (1, 3), (1, 0, 0, 0)))
    assert state.stacks[(1, 3)] == (0, 2, 0, 0, 0, 2)


def test_attacks_reach_the_eight_squares_around_even_at_sea():
    game = duel_game()
    stacks = {(1, 2): (0, 1, 0, 0, 0), (2, 3): (1, 1, 0, 0, 0), (2, 5): (0, 1, 0, 0, 0)}
    stacks[(1, 6)] = (1, 1, 0, 0, 1)
    state = game.position(stacks=stacks)
    assert ("attack", (1, 2), (2, 3)) in legal_actions(state)  # diagonal
    assert ("attack", (2, 5), (1, 6)) in legal_actions(state)  # a boat at sea
    standable = duel_game(attack_reach="standable").position(stacks=stacks)
    assert ("attack", (2, 5), (1, 6)) not in legal_actions(standable)
    assert ("attack", (1, 2), (2, 3)) in legal_actions(standable)
    # enemy buildings and guardians can be attacked, own buildings cannot
    state = game.position(
        stacks={(1, 0): (0, 1, 0, 0, 0), (2, 0): (0, 1, 0, 0, 0)},
        buildings={**CAPITALS, (1, 1): (0, "barracks"), (2, 1): (1, "barracks")},
    )
    assert {a[2] for a in legal_actions(state) if a[0] == "attack"} == {(2, 1), (3, 0)}


def test_the_flag_is_taken_by_an_action_or_by_stepping_on_it():
    game = duel_game()
    stacks = {(3, 3): (0, 1, 0, 0, 0)}
    state = game.position(stacks=stacks, guardians=[(3, 0), (3, 6)])
    assert ("flag", (3, 3)) in legal_actions(state)
    taken = state.apply(("flag", (3, 3)))
    assert (taken.flag, taken.carrier, taken.ap) == (None, (3, 3), 2)
    free = duel_game(flag_take_cost=0).position(stacks=stacks, guardians=[(3, 0), (3, 6)])
    assert not any(a[0] == "flag" for a in legal_actions(free))


def test_no_actions_at_chance_or_terminal_nodes_and_the_end_comes_last():
    game = duel_game()
    state = game.position(stacks={(1, 2): (0, 1, 0, 0, 0), (2, 2): (1, 1, 0, 0, 0)})
    assert legal_actions(state)[-1] == ("end",)
    pending = state.apply(("attack", (1, 2), (2, 2)))
    assert legal_actions(pending) == []
    assert legal_actions(game.initial_state()) == []


def test_a_boat_at_sea_never_sails_off_without_its_passengers():
    state = duel_game().position(stacks={(3, 4): (0, 2, 0, 0, 1)})
    moves = [a for a in legal_actions(state) if a[0] == "move"]
    assert moves and all(a[3] == (2, 0, 0, 1) for a in moves)
    ashore = duel_game().position(stacks={(2, 5): (0, 2, 0, 0, 1)})
    assert (3, 4) in targets(ashore, (2, 5), (0, 0, 0, 1))  # at a shore it may leave them


def test_enemy_buildings_stop_a_flight_only_when_flyers_may_not_pass_over_them():
    walls = {**CAPITALS, **{cell: (1, "barracks") for cell in ((1, 1), (2, 1), (2, 2), (2, 3))}}
    over = duel_game().position(stacks={(1, 2): (0, 0, 0, 1, 0)}, buildings=walls)
    assert {(3, 1), (3, 2)} <= targets(over, (1, 2), (0, 0, 1, 0))
    stopped = duel_game(flyers_pass_over_buildings=False).position(
        stacks={(1, 2): (0, 0, 0, 1, 0)}, buildings=walls
    )
    reached = targets(stopped, (1, 2), (0, 0, 1, 0))
    assert not reached & {(3, 1), (3, 2), (2, 0)}
    assert reached < targets(over, (1, 2), (0, 0, 1, 0))
