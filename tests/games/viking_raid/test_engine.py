"""Every move and tribute rule on hand-set positions, version by version."""

import pytest

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.viking_raid import (
    ARCHER,
    BERSERKER,
    HUSCARL,
    Rules,
)
from workbench.grids import hex_disc, hex_ring
from workbench.play.protocol import TERMINAL

from .small_maps import FAR, make_game


def destinations(state):
    return {dest for dest, _ in state.legal_actions()}


def targets(state, dest):
    return {t for d, t in state.legal_actions() if d == dest and t is not None}


def place(game, seat, at, others=None, **kwargs):
    where = {**FAR, **(others or {}), seat: at}
    return game.position(where, to_move=seat, **kwargs)


# -- movement ---------------------------------------------------------------------------------
def test_archer_moves_one_hex_or_stays():
    state = place(make_game(), ARCHER, (0, 0))
    assert destinations(state) == set(hex_disc((0, 0), 1))


def test_huscarl_moves_up_to_two_in_any_direction_from_021():
    state = place(make_game(), HUSCARL, (0, 0))
    assert destinations(state) == set(hex_disc((0, 0), 2))


def test_huscarl_moves_only_in_a_straight_line_in_02_and_011():
    for version in ("0.2", "0.11"):
        state = place(make_game(Rules.version(version)), HUSCARL, (0, 0))
        straight = {(2, 0), (2, -2), (0, -2), (-2, 0), (-2, 2), (0, 2)}
        assert destinations(state) == set(hex_disc((0, 0), 1)) | straight


def test_huscarl_turns_around_a_rock():
    state = place(make_game(blocked=[(1, 0)]), HUSCARL, (0, 0))
    assert (2, -1) in destinations(state)  # around the rock, through (1, -1)
    assert (2, 0) not in destinations(state)  # its only route crosses the rock


def test_berserker_runs_up_to_three_in_one_straight_line():
    state = place(make_game(), BERSERKER, (0, 0))
    rays = {(d[0] * k, d[1] * k) for d in hex_ring((0, 0), 1) for k in (1, 2, 3)}
    assert destinations(state) == rays | {(0, 0)}


def test_rocks_and_vikings_stop_a_run():
    game = make_game(blocked=[(2, 0)])
    state = place(game, BERSERKER, (0, 0), {HUSCARL: (0, 2)})
    dests = destinations(state)
    assert (1, 0) in dests and (2, 0) not in dests and (3, 0) not in dests
    assert (0, 1) in dests and (0, 2) not in dests and (0, 3) not in dests


def test_vikings_that_do_not_block_can_be_passed_but_not_shared():
    game = make_game(Rules(vikings_block_movement=False))
    dests = destinations(place(game, BERSERKER, (0, 0), {HUSCARL: (0, 2)}))
    assert (0, 3) in dests and (0, 2) not in dests


def test_sharing_a_hex_when_allowed():
    game = make_game(Rules(share_hex=True))
    assert (0, 1) in destinations(place(game, ARCHER, (0, 0), {HUSCARL: (0, 1)}))
    assert (0, 1) not in destinations(place(make_game(), ARCHER, (0, 0), {HUSCARL: (0, 1)}))


def test_huscarl_path_around_a_viking_still_reaches_the_hex_behind_it():
    state = place(make_game(), HUSCARL, (0, 0), {ARCHER: (1, 0)})
    assert (2, 0) not in destinations(state)  # its only route crosses the Archer
    assert (2, -1) in destinations(state)  # reached through (1, -1)


def test_staying_can_be_forbidden_unless_no_move_is_left():
    game = make_game(Rules(may_stay=False))
    assert (0, 0) not in destinations(place(game, ARCHER, (0, 0)))
    boxed = make_game(Rules(may_stay=False), blocked=[(1, 0), (1, -1), (0, -1), (-1, 0)])
    state = place(boxed, ARCHER, (0, 0), {HUSCARL: (-1, 1), BERSERKER: (0, 1)})
    assert destinations(state) == {(0, 0)}


# -- tribute ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("target", "in_range"), [((1, 0), False), ((2, 0), True), ((1, 2), True), ((4, 0), False)]
)
def test_archer_volley_reaches_distance_two_or_three_in_any_line(target, in_range):
    state = place(make_game(), ARCHER, (0, 0), {HUSCARL: target})
    assert (HUSCARL in targets(state, (0, 0))) is in_range


@pytest.mark.parametrize(
    ("target", "in_range"), [((1, 0), True), ((0, 2), True), ((1, 1), False), ((3, 0), False)]
)
def test_huscarl_bash_reaches_two_along_a_straight_line(target, in_range):
    state = place(make_game(), HUSCARL, (0, 0), {BERSERKER: target})
    assert (BERSERKER in targets(state, (0, 0))) is in_range


def test_a_viking_in_between_shields_only_when_the_knob_says_so():
    where = {ARCHER: (1, 0), BERSERKER: (2, 0)}
    assert BERSERKER in targets(place(make_game(), HUSCARL, (0, 0), where), (0, 0))
    shielded = make_game(Rules(vikings_block_bash=True))
    assert BERSERKER not in targets(place(shielded, HUSCARL, (0, 0), where), (0, 0))


@pytest.mark.parametrize(("target", "in_range"), [((1, 0), True), ((2, 0), False)])
def test_berserker_cleave_reaches_adjacent_only(target, in_range):
    state = place(make_game(), BERSERKER, (0, 0), {ARCHER: target})
    assert (ARCHER in targets(state, (0, 0))) is in_range


def test_tribute_is_demanded_after_moving():
    state = place(make_game(), BERSERKER, (0, 0), {ARCHER: (3, 1)})
    assert targets(state, (0, 0)) == set()
    assert targets(state, (3, 0)) == {ARCHER}  # ran 3 east, now adjacent


@pytest.mark.parametrize(("gold", "paid"), [(5, 3), (4, 2), (1, 1), (0, 0)])
def test_tribute_is_half_the_gold_rounded_up(gold, paid):
    state = place(make_game(), BERSERKER, (0, 0), {ARCHER: (1, 0)}, gold=(gold, 0, 2))
    after = state.apply(((0, 0), ARCHER))
    assert after.gold == (gold - paid, 0, 2 + paid)
    assert after.events()[0][1:] == (BERSERKER, "tribute", (1, 0), paid, ARCHER)


def test_tribute_stuns_from_02_the_payer_skips_its_next_turn():
    state = place(make_game(), ARCHER, (0, 0), {HUSCARL: (2, 0)}, gold=(0, 4, 0))
    after = state.apply(((0, 0), HUSCARL))  # the Huscarl is next: its turn is skipped
    assert after.current_player() == BERSERKER and after.status(HUSCARL) == "immune"
    assert [e[2] for e in after.events()] == ["tribute", "skip"]
    back = after.apply((after.position(BERSERKER), None))
    assert back.apply(((0, 0), None)).current_player() == HUSCARL
    later = place(make_game(), BERSERKER, (0, 0), {HUSCARL: (1, 0)}, gold=(0, 4, 0))
    stunned = later.apply(((0, 0), HUSCARL))  # the Archer plays before the stun bites
    assert stunned.current_player() == ARCHER and stunned.status(HUSCARL) == "stunned"
    assert stunned.apply(((-4, 1), None)).current_player() == BERSERKER


def test_no_stun_in_011():
    state = place(
        make_game(Rules.version("0.11")), ARCHER, (0, 0), {HUSCARL: (2, 0)}, gold=(0, 4, 0)
    )
    assert state.apply(((0, 0), HUSCARL)).current_player() == HUSCARL


def test_immunity_lasts_until_the_payer_moves():
    game = make_game()
    state = place(game, ARCHER, (0, 0), {HUSCARL: (2, 0)}, gold=(0, 4, 0), immune=[HUSCARL])
    assert targets(state, (0, 0)) == set()
    stays = place(game, HUSCARL, (2, 0), {ARCHER: (0, 0)}, gold=(0, 4, 0), immune=[HUSCARL])
    assert stays.apply(((2, 0), None)).status(HUSCARL) == "immune"
    assert stays.apply(((2, 1), None)).status(HUSCARL) == "ready"
    without = make_game(Rules(tribute_immunity=False))
    state = place(without, ARCHER, (0, 0), {HUSCARL: (2, 0)}, gold=(0, 4, 0))
    after = state.apply(((0, 0), HUSCARL))
    assert after.current_player() == BERSERKER and after.status(HUSCARL) == "ready"


def test_a_viking_without_gold_is_eliminated_before_021():
    for version, eliminated in (("0.11", True), ("0.2", True), ("0.21", False)):
        game = make_game(Rules.version(version))
        state = place(game, BERSERKER, (0, 0), {ARCHER: (1, 0)}, gold=(0, 3, 1))
        after = state.apply(((0, 0), ARCHER))
        assert (after.status(ARCHER) == "eliminated") is eliminated
        assert after.gold == (0, 3, 1)
    assert after.position(ARCHER) == (1, 0)


def test_the_eliminated_leave_the_board_lose_and_are_skipped():
    game = make_game(Rules.version("0.2"))
    state = place(game, BERSERKER, (0, 0), {ARCHER: (1, 0)}, gold=(0, 3, 1))
    after = state.apply(((0, 0), ARCHER))
    assert after.position(ARCHER) is None and after.current_player() == HUSCARL
    assert after.pos[ARCHER] == -1 and (1, 0) in destinations(place(game, BERSERKER, (0, 0)))
    nobody = game.position(
        {HUSCARL: (0, 0), BERSERKER: (3, 0)},
        eliminated=[ARCHER],
        to_move=HUSCARL,
        treasure={(2, 2): 1},
    )
    end = nobody.apply(((0, 2), None)).apply(((3, 0), None)).apply(((2, 2), None))
    assert end.is_terminal() and end.returns() == (0.0, 1.0, 0.0)


# -- pillage, end and scoring -----------------------------------------------------------------
def test_ending_a_turn_on_treasure_pillages_all_of_it():
    game = make_game(treasure={(0, 1): 3, (3, 1): 2})
    state = place(game, ARCHER, (0, 0)).apply(((0, 1), None))
    assert state.gold == (3, 0, 0) and state.treasure() == {(3, 1): 2}
    passing = place(game, BERSERKER, (0, -1)).apply(((0, 2), None))  # runs over (0, 1)
    assert passing.gold == (0, 0, 0) and passing.treasure() == {(0, 1): 3, (3, 1): 2}


def test_game_ends_when_the_treasure_is_gone_and_ties_share_the_win():
    game = make_game(treasure={(0, 1): 3})
    state = place(game, ARCHER, (0, 0), gold=(0, 3, 1)).apply(((0, 1), None))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == (0.5, 0.5, 0.0)
    assert state.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply(((0, 1), None))


def test_round_limit_ends_the_game_with_the_gold_held():
    game = make_game(Rules(max_rounds=2))
    state = game.initial_state()
    for _ in range(6):
        state = state.apply((state.position(state.current_player()), None))
    assert state.is_terminal() and state.round_number() == 2 and state.treasure()


def test_illegal_actions_say_why():
    state = place(make_game(), ARCHER, (0, 0))
    with pytest.raises(IllegalMoveError, match=r"archer cannot move from \(0, 0\) to \(2, 0\)"):
        state.apply(((2, 0), None))
    with pytest.raises(IllegalMoveError, match="cannot demand tribute from seat 1"):
        state.apply(((0, 0), 1))
    with pytest.raises(IllegalMoveError, match="an action is"):
        state.apply("north")
    for odd in (((0, 0), True), ([0, 0], None), ((9, 9), None)):
        with pytest.raises(IllegalMoveError):
            state.apply(odd)
    with pytest.raises(RulesError, match="give a hex for each seat"):
        make_game().position({ARCHER: (0, 0)})
