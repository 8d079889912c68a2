"""The legal actions of a Brawlhalla position (what they do: :mod:`.resolve`).

Actions are grouped by the square they start from (the stack that acts), so that
checking one action regenerates only its square's list. Parts of a stack that can
move together (:func:`parts`): a boat with up to ``boat_capacity`` land units
aboard sails; land units (with dragons alongside) walk; dragons alone fly.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> state = Brawlhalla().position(stacks={(1, 6): (0, 2, 0, 0, 0, 0)}, to_move=0)
>>> sorted({a[0] for a in legal_actions(state)})
['end', 'move']
>>> parts((2, 0, 1, 0), capacity=4)
[(2, 0, 1, 0), (1, 0, 0, 0), (2, 0, 0, 0), (0, 0, 1, 0), (1, 0, 1, 0)]
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState, Stack

__all__ = ["BUILD_KINDS", "actions_from", "can_stand", "legal_actions", "mode", "parts"]

#: What a ``build`` action can start.
BUILD_KINDS = ("barracks", "nursery", "harbor", "boat", "dragon", "salvage")
END = ("end",)


@functools.cache
def parts(units: tuple[int, int, int, int], *, capacity: int) -> list[tuple[int, int, int, int]]:
    """Every ``(warriors, warlords, dragons, boats)`` that can leave a stack of ``units``
    in one move: the whole stack first, then every split (a boat sails with at most
    ``capacity`` land units and no dragon)."""
    w, lords, d, b = units
    found = [units]
    for bb in range(b + 1):
        for dd in range(d + 1):
            for ll in range(lords + 1):
                for ww in range(w + 1):
                    part = (ww, ll, dd, bb)
                    if part == units or part == (0, 0, 0, 0):
                        continue
                    if bb and (dd or ww + ll > capacity):
                        continue
                    found.append(part)
    return found


def mode(part: tuple[int, int, int, int]) -> str:
    """How a part moves: ``aquatic`` with a boat, ``terrestrial`` with land units,
    else ``flying``."""
    if part[3]:
        return "aquatic"
    return "terrestrial" if part[0] + part[1] else "flying"


def can_stand(state: BrawlhallaState, units: tuple[int, int, int, int], cell: Cell) -> bool:
    """Whether a stack of ``units`` may stand on ``cell`` by its terrain and the limits
    (ignoring who else is there)."""
    rules = state.game.rules
    w, lords, d, b = units
    land = w + lords
    if b > 1 or (b and (d or land > rules.boat_capacity * rules.boats_carry_land_units)):
        return False
    limit = rules.warriors_per_square + (rules.fusion == "five on a square")
    if (w if rules.stack_limit == "warriors" else land + d) > limit:
        return False
    terrain = state.terrain(cell)
    if terrain == "^":
        return not (land or b)
    if terrain == "~":
        return b == 1 or not land
    if terrain == ".":
        return not b
    return True


def _merged(stack: Stack, part: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    return (stack[1] + part[0], stack[2] + part[1], stack[3] + part[2], stack[4] + part[3])


def legal_actions(state: BrawlhallaState) -> list[tuple]:
    """Every legal action of the side to act, set-up or play, ``("end",)`` last."""
    if state.current_player() < 0:
        return []
    if state.setup < 6:
        from workbench.games.brawlhalla.setup import setup_actions

        return setup_actions(state)
    found: list[tuple] = []
    for cell, stack in state.stacks.items():
        if stack[0] == state.to_move:
            found.extend(actions_from(state, cell))
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
    return found


def _actions_from(state: BrawlhallaState, src: Cell) -> list[tuple]:
    stack = state.stacks.get(src)
    rules = state.game.rules
    if (
        stack is None
        or stack[0] != state.to_move
        or state.ap < 1
        or stack[5] >= rules.actions_per_unit_per_turn
    ):
        return []
    found: list[tuple] = []
    work = state.works.get(src)
    held = (work[2], work[3]) if work is not None else (0, 0)
    _moves(state, src, stack, held, found)
    if work is None:
        _fusions(state, src, stack, found)
        _attacks(state, src, stack, found)
        _builds(state, src, stack, found)
    if state.flag == src and rules.flag_take_cost:
        found.append(("flag", src))
    return found


def _blocked_for(state: BrawlhallaState, side: int, cell: Cell) -> bool:
    """Enemy units, an enemy building or a guardian on ``cell``."""
    other = state.stacks.get(cell)
    if other is not None and other[0] != side:
        return True
    building = state.buildings.get(cell)
    if building is not None and building[0] != side:
        return True
    return cell in state.guardians


def _moves(state, src, stack, held, found) -> None:
    side, rules = stack[0], state.game.rules
    free = (stack[1] - held[0], stack[2] - held[1], stack[3], stack[4])
    if free == (0, 0, 0, 0):
        return
    options = parts(free, capacity=rules.boat_capacity)
    if held != (0, 0):
        options = [p for p in options if p != free] + [free]
    steps = state.game.geometry.steps
    terrain = state.terrain(src)
    if terrain == "~":  # a boat never sails off leaving land units at sea
        options = [p for p in options if not p[3] or (p[0], p[1]) == (stack[1], stack[2])]
    by_mode: dict[str, list] = {}
    for part in options:
        by_mode.setdefault(mode(part), []).append(part)
    for how, group in by_mode.items():
        if how == "terrestrial" and terrain not in ".:":
            continue
        for dst in steps[how][src]:
            if _blocked_for(state, side, dst):
                continue
            if how == "aquatic" and dst in state.earthed:
                continue
            there = state.stacks.get(dst)
            for part in group:
                units = part if there is None else _merged(there, part)
                if can_stand(state, units, dst):
                    found.append(("move", src, dst, part))


def _fusions(state, src, stack, found) -> None:
    rules = state.game.rules
    side = stack[0]
    if state.units(side)[1] >= rules.warlord_pool:
        return
    if rules.fusion == "fifth joins to fuse":
        if state.ap < 2 or stack[5] + 2 > rules.actions_per_unit_per_turn or stack[1] < 1:
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
    from workbench.games.brawlhalla.resolve import attack_dice

    side, rules = stack[0], state.game.rules
    own = (stack[1], stack[2], stack[3], stack[4])
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
        if attack_dice(state, src, stack) > 0:
            found.append(("attack", src, dst))


def _builds(state, src, stack, found) -> None:
    from workbench.games.brawlhalla.works import work_options

    for kind in work_options(state, src, stack):
        found.append(("build", src, kind))
