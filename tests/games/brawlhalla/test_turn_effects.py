"""Cards of the turn on hand-set positions: doubled moves (checked against two single
moves in a row), Ice prison and Njord's wrath, the knobs' readings, and each effect's end."""

from __future__ import annotations

import pytest

from workbench.errors import IllegalMoveError
from workbench.games.brawlhalla.card_effects import EFFECTS, card_actions
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.turn_effects import DIRECTIONS, extra_move_ready

LAND, SEA, SOUTH_LAND = (2, 9), (4, 4), (15, 9)
WARRIOR, DRAGON, BOAT = (0, 1, 0, 0, 0), (0, 0, 0, 1, 0), (0, 1, 0, 0, 1)


def _position(stacks, hand=(), *, rules=None, **extra):
    game = Brawlhalla(rules=rules or Rules(cards=True))
    return game.position(stacks=stacks, hands=(tuple(hand), ()), deck=("Raid",) * 9, **extra)


def _play(state, name, target=None):
    return state.apply(("card", name, target))


def _moves_from(state, cell):
    return {a[2] for a in state.legal_actions() if a[0] == "move" and a[1] == cell}


def _attacks_from(state, cell):
    return {a[2] for a in state.legal_actions() if a[0] == "attack" and a[1] == cell}


def _two_single_moves(state, cell):
    """Squares two legal moves in a row take the whole stack on ``cell`` to."""
    whole = state.stacks[cell][1:5]
    found = set()
    for first in [a for a in state.legal_actions() if a[:2] == ("move", cell) and a[3] == whole]:
        after = state.apply(first)
        again = ("move", first[2])
        found |= {a[2] for a in after.legal_actions() if a[:2] == again and a[3] == whole}
    return found - {cell}


def _end_turns(state, count):
    for _ in range(count):
        state = state.apply(("end",))
    return state


def test_the_effects_are_registered():
    for name in (
        "double_air_movement",
        "double_boat_movement",
        "double_land_movement",
        "freeze_unit",
        "push_enemy_boat",
    ):
        assert name in EFFECTS


@pytest.mark.parametrize(
    "card, cell, stack",
    [
        ("Honir's blessing", LAND, WARRIOR),
        ("Njord's breeze", LAND, DRAGON),
        ("Njord's blessing", SEA, BOAT),
    ],
)
def test_a_doubled_move_goes_where_two_single_moves_go(card, cell, stack):
    state = _position({cell: stack}, [card])
    single = _moves_from(state, cell)
    after = _play(state, card)
    assert after.ap == 2 and after.discard == (card,)
    doubled = _moves_from(after, cell)
    assert single < doubled
    assert doubled == _two_single_moves(state, cell) | single


def test_a_doubled_flight_around_enemy_buildings_goes_where_two_flights_go():
    rules = Rules(cards=True, flyers_pass_over_buildings=False)
    barracks = {(1, 6): (0, "capital"), (16, 6): (1, "capital"), (2, 10): (1, "barracks")}
    state = _position({LAND: DRAGON}, ["Njord's breeze"], rules=rules, buildings=barracks)
    doubled = _moves_from(_play(state, "Njord's breeze"), LAND)
    assert doubled == _two_single_moves(state, LAND) | _moves_from(state, LAND)
    assert (2, 10) not in doubled


def test_a_dragons_doubled_flight_goes_four_tiles():
    state = _play(_position({LAND: DRAGON}, ["Njord's breeze"]), "Njord's breeze")
    rows = {dst[0] for dst in _moves_from(state, LAND)}
    assert min(rows) == 0 and max(rows) == LAND[0] + 4


def test_doubled_moves_stop_at_enemies_and_never_land_on_them():
    enemy = (2, 10)
    state = _position({LAND: WARRIOR, enemy: (1, 1, 0, 0, 0)}, ["Honir's blessing"])
    doubled = _moves_from(_play(state, "Honir's blessing"), LAND)
    assert enemy not in doubled and (2, 11) not in doubled  # only reached through the enemy
    assert {(0, 9), (1, 8), (3, 10)} <= doubled


def test_doubling_goes_by_the_mode_and_only_for_the_side_and_turn():
    state = _position({LAND: DRAGON, (2, 4): WARRIOR}, ["Njord's breeze"])
    after = _play(state, "Njord's breeze")
    assert after.doubled == {"flying"}
    assert _moves_from(after, (2, 4)) == _moves_from(state, (2, 4))  # land units not doubled
    later = _end_turns(after, 2)
    assert later.to_move == 0 and later.doubled == frozenset()
    assert _moves_from(later, LAND) == _moves_from(state, LAND)


def test_doubling_cards_need_a_unit_of_their_kind_and_are_not_offered_twice():
    state = _position({LAND: WARRIOR}, ["Njord's breeze", "Njord's blessing", "Honir's blessing"])
    assert [a[1] for a in card_actions(state)] == ["Honir's blessing"]
    twice = _play(_position({LAND: WARRIOR}, ["Honir's blessing"] * 2), "Honir's blessing")
    assert card_actions(twice) == []


def test_twice_the_moves_lets_a_unit_move_past_the_per_unit_limit():
    rules = Rules(cards=True, movement_doubling="twice the moves")
    spent = (*WARRIOR, 2)  # the stack used its two actions of the turn
    state = _position({LAND: spent, (2, 4): DRAGON}, ["Honir's blessing"], rules=rules)
    assert _moves_from(state, LAND) == set()
    after = _play(state, "Honir's blessing")
    single = _moves_from(_position({LAND: WARRIOR}, rules=rules), LAND)
    assert _moves_from(after, LAND) == single  # one step each, not two
    assert not _attacks_from(after, LAND)
    moved = after.apply(("move", LAND, (2, 8), (1, 0, 0, 0)))
    assert moved.stacks[(2, 8)][5] == 3
    worn = _play(
        _position({LAND: (*WARRIOR, 4)}, ["Honir's blessing"], rules=rules), "Honir's blessing"
    )
    assert _moves_from(worn, LAND) == set()
    default = _play(_position({LAND: spent}, ["Honir's blessing"]), "Honir's blessing")
    assert _moves_from(default, LAND) == set()


# -- Ice prison -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "water, enemy, cell, turns",
    [
        ("boats", (1, 0, 0, 1, 0), SOUTH_LAND, 1),
        ("boats", (1, 2, 1, 0, 0), SOUTH_LAND, 2),
        ("boats", (1, 2, 0, 0, 1), SEA, 3),
        ("boats", (1, 0, 0, 0, 1), SEA, 3),
        ("none", (1, 2, 0, 0, 1), SEA, 2),
        ("none", (1, 0, 0, 1, 0), SEA, 1),
        ("air over water", (1, 0, 0, 1, 0), SEA, 3),
        ("air over water", (1, 0, 0, 1, 0), SOUTH_LAND, 1),
        ("air over water", (1, 2, 0, 0, 1), SEA, 2),
    ],
)
def test_ice_prison_turns_by_the_kind_of_unit(water, enemy, cell, turns):
    rules = Rules(cards=True, ice_prison_water=water)
    state = _position({LAND: WARRIOR, cell: enemy}, ["Ice prison"], rules=rules)
    assert [a[2] for a in card_actions(state)] == [cell]  # enemy stacks only
    after = _play(state, "Ice prison", cell)
    assert after.frozen == {cell: turns}
    for _ in range(turns):  # frozen for that many of its owner's turns
        after = _end_turns(after, 1)
        assert after.to_move == 1 and after.frozen == {cell: turns - (after.turn - 2) // 2}
        assert not _moves_from(after, cell)
        after = _end_turns(after, 1)
    assert after.frozen == {}
    assert _moves_from(_end_turns(after, 1), cell)


def test_a_frozen_stack_neither_moves_nor_attacks_but_defends():
    near = (15, 10)
    state = _position({SOUTH_LAND: (1, 3, 0, 0, 0), near: (0, 2, 0, 0, 0)}, ["Ice prison"])
    frozen = _end_turns(_play(state, "Ice prison", SOUTH_LAND), 1)
    assert frozen.to_move == 1
    assert not _moves_from(frozen, SOUTH_LAND) and not _attacks_from(frozen, SOUTH_LAND)
    with pytest.raises(IllegalMoveError):
        frozen.apply(("attack", SOUTH_LAND, near))
    back = _end_turns(frozen, 1)
    attacked = back.apply(("attack", near, SOUTH_LAND))
    assert attacked.pending[3] == 3  # it defends with its three dice


def test_a_frozen_stack_still_fuses_where_it_stands_and_units_joining_it_freeze():
    rules = Rules(cards=True, fusion="four fuse")
    state = _position({LAND: (0, 4, 0, 0, 0), (2, 8): DRAGON}, rules=rules, frozen={LAND: 1})
    actions = {a[0] for a in state.legal_actions() if a[1:2] == (LAND,)}
    assert "fuse" in actions and not actions & {"move", "attack"}
    joined = state.apply(("move", (2, 8), LAND, (0, 0, 1, 0)))
    assert joined.frozen == {LAND: 1} and not _moves_from(joined, LAND)


def test_the_freeze_is_gone_with_its_stack():
    near = (4, 3)
    state = _position({near: BOAT, SEA: (1, 0, 0, 0, 1)}, ["Ice prison"])
    after = _play(state, "Ice prison", SEA)
    assert after.frozen == {SEA: 3}
    sunk = after.apply(("attack", near, SEA))  # an empty boat falls at once
    assert SEA not in sunk.stacks and sunk.frozen == {}


# -- Njord's wrath ----------------------------------------------------------------------------
def _pushes(state):
    return {a[2] for a in card_actions(state) if a[1] == "Njord's wrath"}


def test_njords_wrath_pushes_the_boat_two_squares_in_the_chosen_direction():
    enemy = (1, 2, 0, 0, 1)
    state = _position({LAND: WARRIOR, SEA: enemy}, ["Njord's wrath"])
    assert _pushes(state) == {(SEA, d) for d in DIRECTIONS}
    east = _play(state, "Njord's wrath", (SEA, "east"))
    assert SEA not in east.stacks and east.stacks[(4, 6)] == (*enemy, 0)
    assert east.frozen == {} and east.ap == 2
    south = _play(state, "Njord's wrath", (SEA, "south"))
    assert (6, 4) in south.stacks


def test_a_boat_pushed_onto_a_shore_runs_aground_frozen_for_two_turns():
    state = _position({LAND: WARRIOR, SEA: (1, 2, 0, 0, 1)}, ["Njord's wrath"])
    north = _play(state, "Njord's wrath", (SEA, "north"))
    shore = (3, 4)
    assert shore in north.stacks and north.frozen == {shore: 2}
    theirs = _end_turns(north, 1)
    assert not _moves_from(theirs, shore)
    assert _end_turns(theirs, 3).frozen == {}


def test_a_push_stops_before_stacks_land_and_the_edge_and_carries_freeze_and_flag():
    blocker = (4, 6)
    state = _position(
        {LAND: WARRIOR, SEA: (1, 2, 0, 0, 1), blocker: BOAT},
        ["Njord's wrath"],
        frozen={SEA: 3},
        flag=None,
        carrier=SEA,
    )
    east = _play(state, "Njord's wrath", (SEA, "east"))
    assert (4, 5) in east.stacks and east.frozen == {(4, 5): 3} and east.carrier == (4, 5)
    on_shore = _position({LAND: WARRIOR, (3, 3): (1, 0, 0, 0, 1)}, ["Njord's wrath"])
    assert ((3, 3), "north") not in _pushes(on_shore)  # earth beyond the shore
    at_edge = _position({LAND: WARRIOR, (0, 1): (1, 0, 0, 0, 1)}, ["Njord's wrath"])
    assert ((0, 1), "north") not in _pushes(at_edge)
    own = _position({SEA: BOAT}, ["Njord's wrath"])
    assert _pushes(own) == set()


# -- Gridarvolr and Angurvadal ----------------------------------------------------------
GRIDARVOLR, ANGURVADAL = "Gríðarvölr", "Angurvadal"


def _through_impassable(state, cell, *, line):
    """Squares straight along a row or column past impassable squares (read from the
    board's text and buildings, not from the engine's tables)."""
    terrain = state.game.board.terrain
    rows, cols = len(terrain), len(terrain[0])

    def impassable(r, c):
        building = state.buildings.get((r, c))
        return terrain[r][c] == "^" or (building is not None and building[0] != 0)

    found = set()
    for dr, dc in DIRECTIONS.values():
        r, c = cell[0] + dr, cell[1] + dc
        if not (0 <= r < rows and 0 <= c < cols and impassable(r, c)):
            continue
        r, c = r + dr, c + dc
        while line and 0 <= r < rows and 0 <= c < cols and impassable(r, c):
            r, c = r + dr, c + dc
        if 0 <= r < rows and 0 <= c < cols and terrain[r][c] in ".:":
            found.add((r, c))
    return found


@pytest.mark.parametrize(("reading", "cell"), [("one square", (0, 4)), ("a line", (2, 4))])
def test_gridarvolr_lets_one_walking_move_pass_impassable_terrain(reading, cell):
    rules = Rules(cards=True, phase_through=reading)
    state = _position({cell: WARRIOR}, rules=rules, relics=((GRIDARVOLR,), ()))
    before = _moves_from(state, cell)
    phased = _play(state, GRIDARVOLR)
    through = _through_impassable(state, cell, line=reading == "a line")
    assert through and not through & before
    assert _moves_from(phased, cell) == before | through
    dst = min(through)
    moved = phased.apply(("move", cell, dst, (1, 0, 0, 0)))
    assert "phasing" not in moved.doubled


def test_gridarvolr_is_used_once_and_only_by_a_phasing_move():
    cell, other = (0, 4), (0, 3)
    state = _position({cell: WARRIOR, other: WARRIOR}, relics=((GRIDARVOLR,), ()))
    phased = _play(state, GRIDARVOLR)
    step = phased.apply(("move", other, (0, 2), (1, 0, 0, 0)))
    assert "phasing" in step.doubled  # an ordinary move keeps it
    jumped = step.apply(("move", cell, (2, 4), (1, 0, 0, 0)))
    assert "phasing" not in jumped.doubled
    assert not {(2, 3)} & _moves_from(jumped, (0, 3))


def test_gridarvolr_is_not_offered_when_no_stack_can_phase():
    state = _position({SEA: BOAT}, relics=((GRIDARVOLR,), ()))
    assert not card_actions(state)


def test_angurvadal_gives_one_stack_one_move_more_each_turn():
    spent = (0, 1, 0, 0, 0, Rules().actions_per_unit_per_turn)
    other = (0, 10)
    state = _position({LAND: spent, other: spent}, in_effect=((ANGURVADAL,), ()))
    plain = _position({LAND: spent, other: spent})
    assert not _moves_from(plain, LAND)
    assert _moves_from(state, LAND) and _moves_from(state, other)
    dst = (3, 9)
    after = state.apply(("move", LAND, dst, (1, 0, 0, 0)))
    assert after.extra_move == (1, -1)
    assert not _moves_from(after, other) and not _moves_from(after, dst)
    next_turn = after.apply(("end",)).apply(("end",))
    assert next_turn.turn == 3 and extra_move_ready(next_turn, 0)
