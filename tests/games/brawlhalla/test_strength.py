"""Dice and casualties of stacks in play, against the combat module's own rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.games.brawlhalla.combat import dice_for, units_after
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.strength import attack_dice, casualties, defence_dice

CAPITAL, BELOW = (1, 6), (2, 6)


def _state(rules: Rules | None = None, **stacks):
    return Brawlhalla(rules=rules).position(stacks=stacks.get("stacks", {}))


def test_capital_bonus_defends_but_does_not_attack_by_default():
    state = _state(stacks={CAPITAL: (0, 2, 0, 0, 0), BELOW: (1, 1, 0, 0, 0)})
    assert defence_dice(state, CAPITAL) == 4  # 2 warriors + 2 for the capital
    assert attack_dice(state, CAPITAL, state.stacks[CAPITAL]) == 2
    both = _state(Rules(building_bonus_on="attack and defence"), stacks=dict(state.stacks))
    assert attack_dice(both, CAPITAL, both.stacks[CAPITAL]) == 4


def test_empty_capital_and_empty_boat_roll_nothing_unless_told():
    state = _state(stacks={(0, 1): (1, 0, 0, 0, 1)})  # a lone boat at sea
    assert defence_dice(state, CAPITAL) == 0
    assert defence_dice(state, (0, 1)) == 0
    kept = _state(
        Rules(empty_building="defends with its bonus", empty_boat="defends with its bonus"),
        stacks={(0, 1): (1, 0, 0, 0, 1)},
    )
    assert defence_dice(kept, CAPITAL) == 2
    assert defence_dice(kept, (0, 1)) == 1


def test_boat_adds_one_to_units_aboard_and_dragons_gain_on_mountains():
    state = _state(stacks={(0, 1): (0, 2, 0, 0, 1), (1, 2): (1, 0, 0, 1, 0)})
    assert state.game.geometry.terrain[(1, 2)] == "^"
    assert attack_dice(state, (0, 1), state.stacks[(0, 1)]) == 3
    assert defence_dice(state, (1, 2)) == 4  # dragon 3 + 1 on a mountain


@given(st.integers(0, 6), st.integers(0, 2), st.integers(0, 2), st.integers(0, 7), st.booleans())
def test_casualties_leave_the_value_units_after_says(warriors, warlords, dragons, losses, whole):
    rules = Rules(casualties="whole units" if whole else "warriors first")
    stack = (0, warriors, warlords, dragons, 0, 0)
    value = warriors + 5 * warlords + 3 * dragons
    if value == 0:
        return
    after = casualties(stack, losses, rules)
    left = after[1] + 5 * after[2] + 3 * after[3]
    target = units_after(value, losses, rules)
    assert all(n >= 0 for n in after[1:])
    if whole:
        assert left <= target
    else:
        assert left == target
    assert after[2] <= warlords and after[3] <= dragons


def test_a_warlord_with_four_warriors_losing_four_keeps_three():
    rules = Rules()
    assert casualties((0, 4, 1, 0, 0, 1), 4, rules) == (0, 3, 0, 0, 0, 1)
    assert casualties((0, 4, 1, 0, 0, 0), 4, Rules(value_above_cap="kept")) == (0, 0, 1, 0, 0, 0)


@pytest.mark.parametrize("units", range(1, 10))
def test_attack_dice_follow_dice_for(units):
    state = _state(stacks={BELOW: (0, units, 0, 0, 0)})
    assert attack_dice(state, BELOW, state.stacks[BELOW]) == dice_for(units, 0, Rules())


def test_boat_sinks_with_its_last_passenger():
    assert casualties((1, 1, 0, 0, 1, 0), 1, Rules()) == (1, 0, 0, 0, 0, 0)
