"""What stacks are worth in a clash of a game in play: their dice and their casualties.

A stack rolls one die per point of value (:meth:`~.state.BrawlhallaState.value`)
plus its flat bonuses (a boat with units aboard, a dragon on a mountain, its own
building when defending, or also when attacking per ``Rules.building_bonus_on``), at
most ``Rules.dice_cap`` (:func:`~.combat.dice_for`). Losses lower its value as
:func:`~.combat.units_after` says, warriors first (``Rules.casualties``).

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> state = Brawlhalla().position(stacks={(1, 6): (0, 4, 1, 0, 0), (2, 6): (1, 2, 0, 0, 0)})
>>> attack_dice(state, (2, 6), state.stacks[(2, 6)]), defence_dice(state, (1, 6))
(2, 7)
>>> casualties(state.stacks[(1, 6)], 4, state.game.rules)  # 7 dice lose 4: 3 warriors left
(0, 3, 0, 0, 0, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.games.brawlhalla.combat import dice_for, units_after
from workbench.games.brawlhalla.stacking import can_stand
from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.rules import Rules
    from workbench.games.brawlhalla.state import BrawlhallaState, Stack

__all__ = ["after_losses", "attack_dice", "casualties", "defence_dice"]


def _bonus(state: BrawlhallaState, cell: Cell, stack: Stack, *, defending: bool) -> int:
    rules = state.game.rules
    bonus = 0
    if stack[4] and stack[1] + stack[2]:
        bonus += rules.boat_bonus
    if stack[3] and state.terrain(cell) == "^":
        bonus += rules.dragon_mountain_bonus
    building = state.buildings.get(cell)
    if (
        building is not None
        and building[0] == stack[0]
        and (defending or rules.building_bonus_on == "attack and defence")
    ):
        bonus += getattr(rules, f"{building[1]}_bonus")
    return bonus


def attack_dice(state: BrawlhallaState, cell: Cell, stack: Stack, extra: int = 0) -> int:
    """Dice the stack on ``cell`` rolls when it attacks (0: it cannot attack); ``extra``
    is a card's change to its power (Assassin of Kings, Guerilla tactics)."""
    bonus = _bonus(state, cell, stack, defending=False) + extra
    return dice_for(state.value(stack), bonus, state.game.rules)


def defence_dice(state: BrawlhallaState, cell: Cell, extra: int = 0) -> int:
    """Dice the enemy on ``cell`` rolls when attacked (0: it falls at once); ``extra`` as
    for :func:`attack_dice`."""
    stack = state.stacks.get(cell)
    rules = state.game.rules
    if stack is None:
        if cell in state.buildings and rules.empty_building == "defends with its bonus":
            return min(getattr(rules, f"{state.buildings[cell][1]}_bonus"), rules.dice_cap)
        return 0
    value = state.value(stack)
    if value == 0:
        if rules.empty_boat == "defends with its bonus":
            return min(rules.boat_bonus, rules.dice_cap)
        return 0
    return dice_for(value, _bonus(state, cell, stack, defending=True) + extra, rules)


def after_losses(state: BrawlhallaState, cell: Cell, losses: int) -> Stack:
    """The stack on ``cell`` after ``losses`` (:func:`casualties`), less the warriors
    that cannot stand there (those replacing a dragon hit over the sea or a mountain,
    past a boat's capacity or the side's warrior pool).

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> state = Brawlhalla().position(stacks={(4, 4): (0, 1, 0, 1, 1)})
    >>> after_losses(state, (4, 4), 1)
    (0, 0, 0, 1, 1, 0)
    """
    before = state.stacks[cell]
    stack = casualties(before, losses, state.game.rules)
    side = stack[0]
    on_board = sum(s[1] for s in state.stacks.values() if s[0] == side)
    room = state.game.rules.warrior_pool - on_board + before[1]
    while stack[1] and (stack[1] > room or not can_stand(state, stack[1:5], cell)):
        stack = (stack[0], stack[1] - 1, *stack[2:])
    return stack


def casualties(stack: Stack, losses: int, rules: Rules) -> Stack:
    """The stack after ``losses`` (``Rules.value_above_cap``, ``Rules.casualties``)."""
    owner, w, lords, d, b, spent = stack
    values = (rules.warrior_value, rules.dragon_value, rules.warlord_value)
    value = w * values[0] + lords * values[2] + d * values[1]
    target = units_after(value, losses, rules)
    counts = [w, d, lords]
    for i in range(3):
        while counts[i] and value > target:
            counts[i] -= 1
            value -= values[i]
    if rules.casualties == "warriors first" and value < target:
        counts[0] += (target - value) // values[0]
    w, d, lords = counts
    if w + lords + d == 0:
        b = 0
    return (owner, w, lords, d, b, spent)
