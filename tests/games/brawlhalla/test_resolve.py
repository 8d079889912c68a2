"""What Brawlhalla's actions do, on hand-set positions of the duel board: clashes and their
exact odds (checked by enumerating the dice), losses, buildings, boats, guardians, the flag,
recruits, ruins, the start of a turn and the three victories."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from workbench.dice import clash
from workbench.errors import IllegalMoveError
from workbench.games.brawlhalla.actions import legal_actions
from workbench.games.brawlhalla.guardian import guardian_odds
from workbench.games.brawlhalla.resolve import clash_outcomes, guardian_outcomes
from workbench.games.brawlhalla.stacking import can_stand
from workbench.play.protocol import CHANCE, TERMINAL

from .small_boards import duel_game

CAPITALS = {(0, 0): (0, "capital"), (6, 0): (1, "capital")}
SANCTUARIES = [(3, 0), (3, 3), (3, 6)]


def enumerated_clash(attack, defence, faces=6, ties="defender"):
    """``(attacker_losses, defender_losses) -> probability`` by rolling every die."""
    counts = Counter()
    for a in itertools.product(range(1, faces + 1), repeat=attack):
        for d in itertools.product(range(1, faces + 1), repeat=defence):
            pairs = zip(sorted(a, reverse=True), sorted(d, reverse=True), strict=False)
            lost = [x < y or (x == y and ties == "defender") for x, y in pairs]
            counts[(sum(lost), len(lost) - sum(lost))] += 1
    return {k: Fraction(n, faces ** (attack + defence)) for k, n in counts.items()}


def enumerated_guardian(attack, guardian=(5, 4, 3), faces=6):
    """``(attacker_losses, 1 if the guardian falls) -> probability`` by rolling every die."""
    counts = Counter()
    for a in itertools.product(range(1, faces + 1), repeat=attack):
        pairs = list(zip(sorted(a, reverse=True), sorted(guardian, reverse=True), strict=False))
        lost = sum(x <= y for x, y in pairs)
        counts[(lost, int(lost == 0 and len(pairs) == len(guardian)))] += 1
    return {k: Fraction(n, faces**attack) for k, n in counts.items()}


def attacked(state, src, dst):
    """The chance node after the attack, and its outcomes as a dict."""
    after = state.apply(("attack", src, dst))
    assert after.current_player() == CHANCE
    return after, dict(after.chance_outcomes())


@pytest.mark.parametrize(
    ("attacker", "defender", "buildings", "dice"),
    [
        ((0, 3, 0, 0, 0), (1, 2, 0, 0, 0), {}, (3, 2)),
        ((0, 1, 0, 0, 0), (1, 2, 0, 0, 0), {(2, 2): (1, "barracks")}, (1, 3)),
        ((0, 2, 0, 0, 0), (1, 1, 0, 0, 0), {(1, 2): (0, "barracks")}, (2, 1)),
        ((0, 0, 0, 1, 0), (1, 4, 1, 0, 0), {}, (3, 7)),
    ],
)
def test_clash_outcomes_are_the_exact_odds_of_the_dice(attacker, defender, buildings, dice):
    game = duel_game()
    state = game.position(
        stacks={(1, 2): attacker, (2, 2): defender}, buildings={**CAPITALS, **buildings}
    )
    after, outcomes = attacked(state, (1, 2), (2, 2))
    assert after.pending[2:4] == dice
    assert sum(outcomes.values()) == 1
    assert (
        outcomes
        == {k: p for k, p in clash_outcomes(game.rules, *dice) if p}
        == {(min(dice) - k, k): p for k, p in clash(*dice, faces=6).probabilities.items() if p}
    )
    if sum(dice) <= 6:
        assert outcomes == enumerated_clash(*dice)
    assert after.ap == 2 and after.stacks[(1, 2)][5] == 1


def test_bonuses_add_dice_boats_dragons_on_mountains_and_buildings_in_attack_by_knob():
    game = duel_game()
    state = game.position(stacks={(1, 5): (0, 2, 0, 0, 1), (2, 5): (1, 1, 0, 0, 0)})
    assert attacked(state, (1, 5), (2, 5))[0].pending[2:4] == (3, 1)  # boat +1
    state = game.position(stacks={(1, 1): (0, 0, 0, 1, 0), (2, 1): (1, 1, 0, 0, 0)})
    assert attacked(state, (1, 1), (2, 1))[0].pending[2:4] == (4, 1)  # dragon on mountain
    capital = game.position(stacks={(5, 0): (0, 2, 0, 0, 0), (6, 0): (1, 1, 0, 0, 0)})
    assert attacked(capital, (5, 0), (6, 0))[0].pending[2:4] == (2, 3)  # capital +2
    stacks = {(1, 2): (0, 2, 0, 0, 0), (2, 2): (1, 1, 0, 0, 0)}
    own = {**CAPITALS, (1, 2): (0, "barracks")}
    both = duel_game(building_bonus_on="attack and defence").position(stacks=stacks, buildings=own)
    assert attacked(both, (1, 2), (2, 2))[0].pending[2:4] == (3, 1)
    ties = duel_game(ties="attacker").position(stacks=stacks)
    assert dict(attacked(ties, (1, 2), (2, 2))[0].chance_outcomes()) == enumerated_clash(
        2, 1, ties="attacker"
    )


def test_losses_lower_the_value_from_the_cap():
    """The text's example: a warlord and 4 warriors (9, 7 dice) losing 4 are left with 3."""
    stacks = {(1, 2): (0, 4, 1, 0, 0), (2, 2): (1, 4, 1, 0, 0)}
    state = duel_game().position(stacks=stacks)
    after, outcomes = attacked(state, (1, 2), (2, 2))
    assert after.pending[2:4] == (7, 7) and (4, 3) in outcomes
    done = after.apply((4, 3))
    assert done.stacks[(1, 2)][1:5] == (3, 0, 0, 0) and done.value(done.stacks[(1, 2)]) == 3
    assert done.value(done.stacks[(2, 2)]) == 4
    kept = duel_game(value_above_cap="kept").position(stacks=stacks)
    done = attacked(kept, (1, 2), (2, 2))[0].apply((4, 3))
    assert done.stacks[(1, 2)][1:5] == (0, 1, 0, 0) and done.value(done.stacks[(2, 2)]) == 6


def test_a_dragon_taking_a_loss_is_replaced_by_warriors_or_lost_whole():
    stacks = {(1, 2): (0, 1, 0, 0, 0), (2, 2): (1, 0, 0, 1, 0)}
    done = attacked(duel_game().position(stacks=stacks), (1, 2), (2, 2))[0].apply((0, 1))
    assert done.stacks[(2, 2)][1:5] == (2, 0, 0, 0)
    whole = duel_game(casualties="whole units").position(stacks=stacks)
    done = attacked(whole, (1, 2), (2, 2))[0].apply((0, 1))
    assert (2, 2) not in done.stacks


def test_no_warriors_replace_a_warlord_past_the_warrior_pool():
    stacks = {(1, 2): (0, 1, 0, 0, 0), (2, 2): (1, 0, 1, 0, 0), (4, 4): (1, 2, 0, 0, 0)}
    state = duel_game(warrior_pool=4).position(stacks=stacks)
    done = attacked(state, (1, 2), (2, 2))[0].apply((0, 1))
    assert done.stacks[(2, 2)][1:5] == (2, 0, 0, 0) and done.units(1)[0] == 4


def test_no_warriors_replace_a_dragon_hit_over_the_sea():
    state = duel_game().position(stacks={(2, 1): (0, 4, 0, 0, 0), (3, 1): (1, 0, 0, 1, 0)})
    done = attacked(state, (2, 1), (3, 1))[0].apply((2, 1))
    left = done.stacks.get((3, 1))
    assert left is None or can_stand(done, left[1:5], (3, 1))


def test_a_stack_killed_to_its_last_unit_leaves_the_board():
    state = duel_game().position(stacks={(1, 2): (0, 1, 0, 0, 0), (2, 2): (1, 1, 0, 0, 0)})
    after = attacked(state, (1, 2), (2, 2))[0]
    assert (1, 2) not in after.apply((1, 0)).stacks
    assert (2, 2) not in after.apply((0, 1)).stacks


def test_an_empty_building_falls_at_once_and_its_square_turns_to_earth():
    game = duel_game()
    buildings = {**CAPITALS, (1, 5): (1, "harbor")}
    state = game.position(stacks={(1, 4): (0, 1, 0, 0, 0)}, buildings=buildings)
    after = state.apply(("attack", (1, 4), (1, 5)))
    assert after.current_player() == 0 and (1, 5) not in after.buildings
    assert after.terrain((1, 5)) == "." and (1, 5) in after.earthed
    boat = game.position(stacks={(1, 6): (0, 0, 0, 0, 1)}, earthed=[(1, 5)])
    assert not any(a[0] == "move" and a[2] == (1, 5) for a in legal_actions(boat))
    defends = duel_game(empty_building="defends with its bonus")
    state = defends.position(stacks={(1, 4): (0, 1, 0, 0, 0)}, buildings=buildings)
    after = attacked(state, (1, 4), (1, 5))[0]
    assert after.pending[2:4] == (1, 1)
    assert after.apply((1, 0)).buildings[(1, 5)] == (1, "harbor")
    assert (1, 5) not in after.apply((0, 1)).buildings
    capital = defends.position(stacks={(5, 0): (0, 1, 0, 0, 0)})
    assert attacked(capital, (5, 0), (6, 0))[0].apply((0, 1)).victory == "war"


def test_an_empty_capital_attacked_is_captured_and_wins_the_war():
    state = duel_game().position(stacks={(5, 0): (0, 1, 0, 0, 0)})
    after = state.apply(("attack", (5, 0), (6, 0)))
    assert (after.winner, after.victory, after.current_player()) == (0, "war", TERMINAL)
    assert after.returns() == (1.0, -1.0) and after.legal_actions() == []
    with pytest.raises(IllegalMoveError):
        after.apply(("end",))


def test_a_defended_capital_falls_when_attacked_empty_or_as_its_defenders_die():
    stacks = {(5, 0): (0, 4, 1, 0, 0), (6, 0): (1, 1, 0, 0, 0)}
    state = duel_game().position(stacks=stacks)
    cleared = attacked(state, (5, 0), (6, 0))[0].apply((0, 3))
    assert cleared.winner is None and (6, 0) not in cleared.stacks
    won = cleared.apply(("attack", (5, 0), (6, 0)))
    assert (won.winner, won.victory) == (0, "war")
    clear = duel_game(capital_capture="clear its defenders").position(stacks=stacks)
    won = attacked(clear, (5, 0), (6, 0))[0].apply((0, 3))
    assert (won.winner, won.victory) == (0, "war")


def test_an_empty_boat_is_lost_at_once_and_a_boat_goes_down_with_its_passengers():
    game = duel_game()
    state = game.position(stacks={(2, 5): (0, 1, 0, 0, 0), (2, 6): (1, 0, 0, 0, 1)})
    assert (2, 6) not in state.apply(("attack", (2, 5), (2, 6))).stacks
    defends = duel_game(empty_boat="defends with its bonus").position(stacks=state.stacks)
    after = attacked(defends, (2, 5), (2, 6))[0]
    assert after.pending[2:4] == (1, 1)
    assert after.apply((1, 0)).stacks[(2, 6)] == (1, 0, 0, 0, 1, 0)
    assert (2, 6) not in after.apply((0, 1)).stacks
    state = game.position(stacks={(2, 5): (0, 2, 0, 0, 0), (2, 6): (1, 1, 0, 0, 1)})
    after = attacked(state, (2, 5), (2, 6))[0]
    assert after.pending[2:4] == (2, 2)  # one warrior and the boat's +1
    assert (2, 6) not in after.apply((0, 2)).stacks
    sailors = game.position(stacks={(1, 6): (0, 1, 0, 0, 1), (2, 5): (1, 3, 0, 0, 0)})
    assert (1, 6) not in attacked(sailors, (1, 6), (2, 5))[0].apply((2, 0)).stacks


@pytest.mark.parametrize("dice", [1, 2, 3, 4, 5])
def test_guardian_outcomes_are_its_exact_odds(dice):
    game = duel_game()
    attacker = (0, dice, 0, 0, 0) if dice < 5 else (0, 0, 1, 0, 0)
    state = game.position(stacks={(2, 0): attacker})
    after, outcomes = attacked(state, (2, 0), (3, 0))
    assert after.pending == ((2, 0), (3, 0), dice, 3, True)
    assert sum(outcomes.values()) == 1
    assert outcomes == dict(guardian_outcomes(game.rules, dice)) == enumerated_guardian(dice)
    odds = guardian_odds(dice)
    assert outcomes.get((0, 1), 0) == odds.p_defeat


def test_a_beaten_guardian_opens_its_sanctuary_and_gives_its_artifact():
    state = duel_game().position(stacks={(2, 0): (0, 4, 0, 0, 0)})
    after = attacked(state, (2, 0), (3, 0))[0]
    beaten = after.apply((0, 1))
    assert (3, 0) not in beaten.guardians and beaten.beaten == {(3, 0): 0}
    assert beaten.artifacts == (("west",), ())
    assert ("move", (2, 0), (3, 0), (4, 0, 0, 0)) in legal_actions(beaten)
    standing = after.apply((1, 0))
    assert (3, 0) in standing.guardians and standing.stacks[(2, 0)][1] == 3
    assert standing.artifacts == ((), ())


def test_the_flag_goes_with_the_whole_stack_and_wins_on_its_own_capital():
    game = duel_game()
    state = game.position(stacks={(2, 0): (0, 2, 0, 0, 0)}, flag=None, carrier=(2, 0))
    split = state.apply(("move", (2, 0), (1, 0), (1, 0, 0, 0)))
    assert split.carrier == (2, 0)
    state = state.apply(("move", (2, 0), (1, 0), (2, 0, 0, 0)))
    assert state.carrier == (1, 0) and state.winner is None
    won = state.apply(("move", (1, 0), (0, 0), (2, 0, 0, 0)))
    assert (won.carrier, won.winner, won.victory) == ((0, 0), 0, "flag")


@pytest.mark.parametrize("respawn", ["next turn", "at once"])
def test_a_fallen_carrier_drops_the_flag_back_to_the_central_sanctuary(respawn):
    game = duel_game(flag_respawn=respawn)
    state = game.position(
        stacks={(1, 0): (0, 1, 0, 0, 0), (2, 0): (1, 2, 0, 0, 0)},
        flag=None,
        carrier=(1, 0),
        turn=2,
        to_move=1,
    )
    fallen = attacked(state, (2, 0), (1, 0))[0].apply((0, 1))
    assert fallen.carrier is None and (1, 0) not in fallen.stacks
    if respawn == "at once":
        assert fallen.flag == (3, 3)
    else:
        assert (fallen.flag, fallen.respawn) == (None, 3)
        assert fallen.apply(("end",)).flag == (3, 3)


def holy_position(game, units=True, **fields):
    stacks = {cell: (0, 1, 0, 0, 0) for cell in SANCTUARIES} if units else {}
    return game.position(stacks=stacks, guardians=(), turn=2, to_move=1, **fields)


def test_holding_the_three_sanctuaries_for_three_turns_is_the_holy_victory():
    state = holy_position(duel_game())
    for streak in (1, 2):
        state = state.apply(("end",))
        assert state.holy == (streak, 0) and state.winner is None
        state = state.apply(("end",))
    state = state.apply(("end",))
    assert (state.winner, state.victory, state.holy) == (0, "holy", (3, 0))
    broken = holy_position(duel_game(), holy=(2, 0)).copy()
    del broken.stacks[(3, 6)]
    assert broken.apply(("end",)).holy == (0, 0)
    quick = holy_position(duel_game(holy_turns=1)).apply(("end",))
    assert quick.victory == "holy"


def test_sanctuary_control_by_a_unit_or_by_a_beaten_guardian_and_no_enemy():
    beaten = dict.fromkeys(SANCTUARIES, 0)
    empty = holy_position(duel_game(), units=False, beaten=beaten, holy=(2, 0))
    assert empty.apply(("end",)).holy == (0, 0)
    control = duel_game(sanctuary_control="beaten and no enemy")
    assert holy_position(control, units=False, beaten=beaten, holy=(2, 0)).apply(
        ("end",)
    ).victory == ("holy")
    assert holy_position(control, holy=(2, 0)).apply(("end",)).holy == (0, 0)  # not beaten


def test_the_turn_limit_ends_the_game_in_a_draw():
    state = duel_game(turn_limit=3).position(turn=3)
    over = state.apply(("end",))
    assert (over.winner, over.victory, over.returns()) == (-1, "turn_limit", (0.0, 0.0))
    assert over.current_player() == TERMINAL
    assert duel_game(turn_limit=4).position(turn=3).apply(("end",)).winner is None


def barracks_position(game, stacks=(), **fields):
    buildings = {**CAPITALS, (1, 3): (0, "barracks"), (2, 3): (0, "barracks")}
    return game.position(stacks=stacks, buildings=buildings, turn=2, to_move=1, **fields)


def test_each_barrack_recruits_one_warrior_at_the_start_of_its_owners_turn():
    state = barracks_position(duel_game()).apply(("end",))
    assert state.stacks == {(1, 3): (0, 1, 0, 0, 0, 0), (2, 3): (0, 1, 0, 0, 0, 0)}
    full = barracks_position(duel_game(), {(1, 3): (0, 4, 0, 0, 0)}).apply(("end",))
    assert full.stacks[(1, 3)][1] == 4 and full.stacks[(2, 3)][1] == 1
    pool = barracks_position(duel_game(warrior_pool=5), {(1, 2): (0, 4, 0, 0, 0)})
    assert pool.apply(("end",)).units(0)[0] == 5
    shared = barracks_position(
        duel_game(recruits_appear="on any barrack"), {(1, 3): (0, 4, 0, 0, 0)}
    )
    assert shared.apply(("end",)).stacks[(2, 3)][1] == 2
    assert barracks_position(duel_game()).apply(("end",)).apply(("end",)).units(0) == (2, 0, 0, 0)


def test_a_ruin_gives_its_coin_once_and_a_card_due():
    game = duel_game()
    state = game.position(stacks={(0, 2): (0, 2, 0, 0, 0), (0, 4): (1, 1, 0, 0, 0)})
    state = state.apply(("move", (0, 2), (0, 3), (1, 0, 0, 0)))
    assert (state.coins, state.cards_due) == ((1, 0), (1, 0))
    state = state.apply(("move", (0, 3), (1, 3), (1, 0, 0, 0)))
    state = state.apply(("move", (0, 2), (0, 3), (1, 0, 0, 0)))
    assert state.coins == (1, 0) and state.to_move == 1
    south = state.apply(("move", (0, 4), (1, 4), (1, 0, 0, 0)))
    twice = duel_game(ruin_capture="once per side").position(
        stacks={(0, 4): (1, 1, 0, 0, 0)}, ruins=(set(), {(0, 3)}), to_move=1
    )
    assert twice.apply(("move", (0, 4), (0, 3), (1, 0, 0, 0))).coins == (0, 1)
    once = game.position(stacks={(0, 4): (1, 1, 0, 0, 0)}, ruins=(set(), set()), to_move=1)
    assert once.apply(("move", (0, 4), (0, 3), (1, 0, 0, 0))).coins == (0, 0)
    assert south.ruins[1] == frozenset({(4, 3)})


def test_illegal_actions_and_outcomes_raise():
    state = duel_game().position(stacks={(1, 2): (0, 1, 0, 0, 0), (2, 2): (1, 1, 0, 0, 0)})
    for action in [("move", (1, 2), (1, 1), (1, 0, 0, 0)), ("attack", (2, 2), (1, 2)), "x", ()]:
        with pytest.raises(IllegalMoveError):
            state.apply(action)
    with pytest.raises(IllegalMoveError):
        attacked(state, (1, 2), (2, 2))[0].apply((5, 5))
