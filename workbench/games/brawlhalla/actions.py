"""The legal actions of a Brawlhalla position (what they do: :mod:`.resolve`).

Actions are grouped by the square they start from (the stack that acts), so that
checking one action regenerates only its square's list. Parts of a stack that can
move together (:func:`parts`): a boat with up to ``boat_capacity`` land units
aboard sails; land units (with dragons alongside) walk; dragons alone fly.
Cards of the turn (:mod:`~workbench.games.brawlhalla.turn_effects`) double the
moves of a mode (``state.doubled``, read by ``Rules.movement_doubling``) or freeze a
stack in place (``state.frozen``: it neither moves nor attacks); Gridarvolr lets one
walking move pass impassable terrain and Angurvadal gives one stack one move more.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> state = Brawlhalla().position(stacks={(1, 6): (0, 2, 0, 0, 0, 0)}, to_move=0)
>>> sorted({a[0] for a in legal_actions(state)})
['end', 'move']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.games.brawlhalla.card_effects import card_actions, die_card_choices
from workbench.games.brawlhalla.defence_cards import defence_options
from workbench.games.brawlhalla.setup import setup_actions
from workbench.games.brawlhalla.stacking import (
    blocked_for,
    can_stand,
    mode,
    moving_parts,
    standable,
)
from workbench.games.brawlhalla.state import PLAYING
from workbench.games.brawlhalla.strength import attack_dice
from workbench.games.brawlhalla.turn_effects import PHASING, extra_move_ready, phase_reach
from workbench.games.brawlhalla.works import work_options
from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState, Stack

__all__ = ["BUILD_KINDS", "actions_from", "is_extra_move", "is_phase_move", "legal_actions"]

#: What a ``build`` action can start.
BUILD_KINDS = ("barracks", "nursery", "harbor", "boat", "dragon", "salvage")
END = ("end",)


def _merged(stack: Stack, part: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    return (stack[1] + part[0], stack[2] + part[1], stack[3] + part[2], stack[4] + part[3])


def legal_actions(state: BrawlhallaState) -> list[tuple]:
    """Every legal action of the side to act, set-up or play, ``("end",)`` last."""
    if state.current_player() < 0:
        return []
    if state.setup < PLAYING:
        return setup_actions(state)
    if state.discarding is not None:
        return [("discard", name) for name in dict.fromkeys(state.hands[state.discarding])]
    if state.deciding is not None:
        return defence_options(state, state.deciding[1])
    found: list[tuple] = []
    for cell, stack in state.stacks.items():
        if stack[0] == state.to_move:
            found.extend(actions_from(state, cell))
    if state.hands[state.to_move] or state.relics[state.to_move]:
        found.extend(card_actions(state))
    found.append(END)
    return found


def actions_from(state: BrawlhallaState, src: Cell) -> list[tuple]:
    """The actions of the stack on ``src`` (remembered for the position)."""
    cache = state._by_source
    if cache is None:
        cache = state._by_source = {}
    found = cache.get(src)
    if found is None:
        found = cache[src] = _actions_from(state, src)
        if state.frozen and src in state.frozen:
            found = cache[src] = [a for a in found if _stays(a)]
    return found


def _stays(action: tuple) -> bool:
    """An action a frozen stack may still take: neither a move nor an attack."""
    return action[0] in ("build", "flag") or (action[0] == "fuse" and action[1] == action[2])


def _actions_from(state: BrawlhallaState, src: Cell) -> list[tuple]:
    stack = state.stacks.get(src)
    rules = state.game.rules
    if stack is None or stack[0] != state.to_move or state.ap < 1:
        return []
    if stack[5] >= rules.actions_per_unit_per_turn:
        return _extra_moves(state, src, stack)
    found: list[tuple] = []
    work = state.works.get(src)
    _moves(state, src, stack, _held(work), found)
    if work is None:
        _fusions(state, src, stack, found)
        _attacks(state, src, stack, found)
        _builds(state, src, stack, found)
    if state.flag == src and rules.flag_take_cost:
        found.append(("flag", src))
    return found


def _held(work: tuple | None) -> tuple[int, int]:
    """The warriors and warlords held on a work site."""
    return (work[2], work[3]) if work is not None else (0, 0)


def _extra_moves(state: BrawlhallaState, src: Cell, stack: Stack) -> list[tuple]:
    """Moves past the per-unit limit: Angurvadal's one move more (any mode, once a turn),
    or with ``Rules.movement_doubling`` 'twice the moves', units of a doubled mode move
    up to twice ``actions_per_unit_per_turn`` times."""
    rules = state.game.rules
    limit = rules.actions_per_unit_per_turn
    modes = None if stack[5] == limit and extra_move_ready(state, stack[0]) else set()
    if modes is not None and rules.movement_doubling == "twice the moves" and stack[5] < 2 * limit:
        modes = state.doubled
    found: list[tuple] = []
    if modes is None or modes:
        _moves(state, src, stack, _held(state.works.get(src)), found, modes)
    return found


def is_extra_move(state: BrawlhallaState, stack: Stack, part: tuple[int, int, int, int]) -> bool:
    """Whether moving ``part`` of ``stack`` uses Angurvadal's move: past the per-unit
    limit and not a doubled mode's move under 'twice the moves'."""
    rules = state.game.rules
    limit = rules.actions_per_unit_per_turn
    if stack[5] < limit:
        return False
    doubled = rules.movement_doubling == "twice the moves" and mode(part) in state.doubled
    return not (doubled and stack[5] < 2 * limit)


def is_phase_move(state: BrawlhallaState, src: Cell, dst: Cell, part) -> bool:
    """Whether a move is Gridarvolr's: walking, through impassable terrain."""
    return mode(part) == "terrestrial" and dst in phase_reach(state, src, state.stacks[src][0])


def _moves(state, src, stack, held, found, modes=None) -> None:
    """The moves of the stack on ``src`` (only of ``modes`` when given); a doubled mode
    (``state.doubled``) goes two steps under ``Rules.movement_doubling``'s default."""
    side, rules = stack[0], state.game.rules
    free = (stack[1] - held[0], stack[2] - held[1], stack[3], stack[4])
    if free == (0, 0, 0, 0):
        return
    steps = state.game.geometry.steps
    walkable = state.terrain(src) in ".:"
    limits = state.game.square_limits
    stacks, earthed, doubled = state.stacks, state.earthed, state.doubled
    for how, group in moving_parts(free, held != (0, 0), rules.boat_capacity):
        if (how == "terrestrial" and not walkable) or (modes is not None and how not in modes):
            continue
        if not walkable:  # at sea: what stays must keep its boat (or fly)
            group = [part for part in group if _leaves_standing(state, src, stack, part)]
        reach = steps[how][src]
        if how == "flying" and not rules.flyers_pass_over_buildings:
            reach = _flights(state, src, side)
        if doubled and how in doubled and rules.movement_doubling == "two steps per move":
            reach = _two_steps(state, src, side, how, reach)
        if how == "terrestrial" and PHASING in doubled:
            reach = [*reach, *phase_reach(state, src, side)]
        for dst in reach:
            if blocked_for(state, side, dst) or (how == "aquatic" and dst in earthed):
                continue
            there = stacks.get(dst)
            terrain = state.terrain(dst)
            for part in group:
                units = part if there is None else _merged(there, part)
                if standable(units, terrain, limits):
                    found.append(("move", src, dst, part))


def _flights(state: BrawlhallaState, src: Cell, side: int) -> list[Cell]:
    """Where a dragon flies from ``src`` when enemy buildings stop a flight
    (``Rules.flyers_pass_over_buildings`` off): squares its steps reach in
    ``dragon_tiles_per_move`` moves without passing over an enemy building."""
    geometry, rules = state.game.geometry, state.game.rules
    steps = geometry.around if rules.diagonal_moves_at_sea_and_air else geometry.beside
    seen, frontier = {src}, [src]
    for _ in range(rules.dragon_tiles_per_move):
        nxt = []
        for cell in frontier:
            for step in steps[cell]:
                building = state.buildings.get(step)
                if step not in seen and (building is None or building[0] == side):
                    seen.add(step)
                    nxt.append(step)
        frontier = nxt
    return [cell for cell in geometry.steps["flying"][src] if cell in seen]


def _two_steps(state, src: Cell, side: int, how: str, first) -> list[Cell]:
    """Where a doubled move of mode ``how`` goes: one step (``first``) or two, the first
    not onto an enemy's square (units, building, guardian) nor, by boat, onto earth."""
    steps = state.game.geometry.steps[how]
    rounds = how == "flying" and not state.game.rules.flyers_pass_over_buildings
    reach = dict.fromkeys(first)
    for cell in first:
        if blocked_for(state, side, cell) or (how == "aquatic" and cell in state.earthed):
            continue
        reach.update(dict.fromkeys(_flights(state, cell, side) if rounds else steps[cell]))
    reach.pop(src, None)
    return list(reach)


def _leaves_standing(state, src, stack, part) -> bool:
    """The units a split leaves behind can stay where they are (not at sea without the boat)."""
    left = (stack[1] - part[0], stack[2] - part[1], stack[3] - part[2], stack[4] - part[3])
    if left == (0, 0, 0, 0):
        return True
    return standable(left, state.terrain(src), state.game.square_limits)


def _fusions(state, src, stack, found) -> None:
    rules = state.game.rules
    side = stack[0]
    if not stack[1] or state.count(side, "warlords") >= rules.warlord_pool:
        return
    if rules.fusion == "fifth joins to fuse":
        if state.ap < 2 or stack[5] + 2 > rules.actions_per_unit_per_turn:
            return
        for dst in state.game.geometry.steps["terrestrial"][src]:
            there = state.stacks.get(dst)
            if (
                there is not None
                and there[0] == side
                and there[1] == rules.warriors_per_square
                and there[5] < rules.actions_per_unit_per_turn
                and dst not in state.works
                and state.terrain(src) in ".:"
            ):
                found.append(("fuse", src, dst))
        return
    need = 4 if rules.fusion == "four fuse" else 5
    if stack[1] >= need:
        found.append(("fuse", src, src))


def _attacks(state, src, stack, found) -> None:
    side, rules = stack[0], state.game.rules
    own = (stack[1], stack[2], stack[3], stack[4])
    if attack_dice(state, src, stack) == 0:
        return
    for dst in state.game.geometry.around[src]:
        other = state.stacks.get(dst)
        building = state.buildings.get(dst)
        if not (
            (other is not None and other[0] != side)
            or (building is not None and building[0] != side)
            or dst in state.guardians
        ):
            continue
        if rules.attack_reach == "standable" and not can_stand(state, own, dst):
            continue
        found.append(("attack", src, dst))
        if rules.cards:
            found.extend(
                ("attack", src, dst, cards) for cards in die_card_choices(state, side, dst, src)
            )


def _builds(state, src, stack, found) -> None:
    for kind in work_options(state, src, stack):
        found.append(("build", src, kind))
