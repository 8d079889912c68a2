"""Works under way: buildings, boats, dragons and salvage, with their costs in units and turns.

A work is started by a stack on its site (one action); it holds its builders on the
square for its turns (``Rules.work_units``), and is done at the start of its owner's
turn when its turns have passed. An attack on the square stops it
(``Rules.halted_work``). Costs, by kind:

============  =======================================  ===================================
kind          site                                     units, turns
============  =======================================  ===================================
barracks      earth or shore, own continent            ``barracks_costs[n]`` both (n-th)
nursery       earth or shore, own continent            ``nursery_cost`` both
harbor        shore, own continent, none standing      ``harbor_cost`` both
boat          the side's harbor                        ``boat_cost``, ``boat_turns``
dragon        the side's nursery                       ``dragon_cost``, ``dragon_turns``
salvage       a boat wreckage with a boat left         ``salvage_cost``, ``salvage_turns``
============  =======================================  ===================================

Builders are sacrificed when the work is done, except salvagers, who are freed.

>>> from workbench.games.brawlhalla.rules import Rules
>>> work_cost("barracks", 1, Rules()), work_cost("dragon", 0, Rules())
((2, 2), (4, 3))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.games.brawlhalla.flag import drop_flag
from workbench.games.brawlhalla.graves import bury
from workbench.games.brawlhalla.stacking import can_stand
from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.rules import Rules
    from workbench.games.brawlhalla.state import BrawlhallaState, Stack

__all__ = [
    "boats_counted",
    "build_site",
    "dragons_counted",
    "floats",
    "halt_work",
    "progress_works",
    "start_work",
    "work_cost",
    "work_options",
]

_BUILDINGS = ("barracks", "nursery", "harbor")


def work_cost(kind: str, owned: int, rules: Rules) -> tuple[int, int]:
    """``(units, turns)`` of a work of ``kind`` when the side has ``owned`` of that
    building already (counting those under way; only barracks cost more as they grow)."""
    if kind == "barracks":
        cost = rules.barracks_costs[owned]
        return cost, cost
    return {
        "nursery": (rules.nursery_cost, rules.nursery_cost),
        "harbor": (rules.harbor_cost, rules.harbor_cost),
        "boat": (rules.boat_cost, rules.boat_turns),
        "dragon": (rules.dragon_cost, rules.dragon_turns),
        "salvage": (rules.salvage_cost, rules.salvage_turns),
    }[kind]


def _limit(kind: str, rules: Rules) -> int:
    return {"barracks": len(rules.barracks_costs), "nursery": rules.nursery_limit, "harbor": 1}[
        kind
    ]


def dragons_counted(state: BrawlhallaState, side: int) -> int:
    """Dragons counted against the limit: on the board (or the side's), with those hatching."""
    sides = (0, 1) if state.game.rules.dragon_limit_shared else (side,)
    return sum(state.count(s, "dragons") + state.count(s, "dragon works") for s in sides)


def boats_counted(state: BrawlhallaState, side: int) -> int:
    """The side's boats counted against its pool: afloat, with those being built."""
    return state.count(side, "boats") + state.count(side, "boat works")


def build_site(state: BrawlhallaState, cell: Cell, side: int) -> str:
    """The terrain character of ``cell`` if the side may build there, else ``""``."""
    geometry = state.game.geometry
    if cell in state.buildings or cell in geometry.features:
        return ""
    terrain = state.terrain(cell)
    if terrain not in ".:":
        return ""
    if state.game.rules.build_site == "own continent" and geometry.side_of_region(cell) != side:
        return ""
    return terrain


def work_options(state: BrawlhallaState, cell: Cell, stack: Stack) -> list[str]:
    """The works the stack on ``cell`` may start now (it has no work already)."""
    rules, side = state.game.rules, stack[0]
    land = stack[1] + stack[2]
    if stack[4] or not land:
        return []
    found = []
    terrain = build_site(state, cell, side)
    for kind in _BUILDINGS if terrain else ():
        owned = state.count(side, kind)
        if (
            owned < _limit(kind, rules)
            and (terrain == ":" or kind != "harbor")
            and land >= work_cost(kind, owned, rules)[0]
        ):
            found.append(kind)
    building = state.buildings.get(cell)
    kind_here = building[1] if building is not None and building[0] == side else None
    if (
        kind_here == "harbor"
        and land >= rules.boat_cost
        and boats_counted(state, side) < rules.boat_pool
    ):
        found.append("boat")
    hatch = kind_here == "nursery" and dragons_counted(state, side) < rules.dragon_limit
    if hatch and land >= rules.dragon_cost:
        found.append("dragon")
    salvage = state.wrecks.get(cell, 0) > 0 and land >= rules.salvage_cost
    if salvage and boats_counted(state, side) < rules.boat_pool:
        found.append("salvage")
    return found


def start_work(state: BrawlhallaState, cell: Cell, kind: str) -> None:
    """Start ``kind`` on ``cell`` with the stack there (``state`` is a working copy)."""
    rules = state.game.rules
    stack = state.stacks[cell]
    side = stack[0]
    owned = state.count(side, kind) if kind in _BUILDINGS else 0
    units, turns = work_cost(kind, owned, rules)
    warriors = min(stack[1], units)
    warlords = units - warriors
    if rules.work_units == "sacrificed at the start" and kind != "salvage":
        _remove(state, cell, stack, warriors, warlords)
        warriors = warlords = 0
    state.works[cell] = (side, kind, warriors, warlords, turns)
    if kind == "salvage":
        state.wrecks[cell] -= 1


def halt_work(state: BrawlhallaState, cell: Cell) -> None:
    """An attack on ``cell`` stops the work there; its builders are lost if the rules say so."""
    work = state.works.pop(cell, None)
    if work is None or state.game.rules.halted_work == "builders defend":
        return
    stack = state.stacks.get(cell)
    if stack is not None:
        _remove(state, cell, stack, work[2], work[3])
        bury(state, stack, state.stacks.get(cell))


def _remove(state: BrawlhallaState, cell: Cell, stack: Stack, warriors: int, warlords: int):
    left = (stack[0], stack[1] - warriors, stack[2] - warlords, *stack[3:])
    if left[1:5] == (0, 0, 0, 0):
        del state.stacks[cell]
        if state.carrier == cell:
            drop_flag(state)
    else:
        state.stacks[cell] = left


def progress_works(state: BrawlhallaState, side: int) -> None:
    """At the start of ``side``'s turn: each of its works is a turn further; finished
    ones give their building, boat or dragon (``state`` is a working copy)."""
    for cell, work in list(state.works.items()):
        owner, kind, warriors, warlords, turns = work
        if owner != side:
            continue
        if turns > 1:
            state.works[cell] = (owner, kind, warriors, warlords, turns - 1)
            continue
        del state.works[cell]
        stack = state.stacks.get(cell)
        if stack is not None and kind != "salvage":
            _remove(state, cell, stack, warriors, warlords)
        if kind in _BUILDINGS:
            state.buildings[cell] = (side, kind)
            continue
        if kind == "dragon":
            stack = state.stacks.get(cell, (side, 0, 0, 0, 0, 0))
            hatched = (stack[1], stack[2], stack[3] + 1, stack[4])
            if not can_stand(state, hatched, cell):  # the dragon waits for room on its nursery
                state.works[cell] = (owner, kind, 0, 0, 1)
                continue
            state.stacks[cell] = (side, stack[1], stack[2], stack[3] + 1, stack[4], stack[5])
            continue
        dock = cell if kind == "boat" else _launch(state, cell, side)
        stack = state.stacks.get(dock, (side, 0, 0, 0, 0, 0)) if dock is not None else None
        if stack is not None and floats(state, dock, stack, side):
            state.stacks[dock] = (side, stack[1], stack[2], 0, 1, stack[5])


def _launch(state: BrawlhallaState, cell: Cell, side: int) -> Cell | None:
    """Where a salvaged boat goes to sea: the wreckage's square if a boat can float
    there, else the first square around it where it can (None: the boat is lost)."""
    for spot in (cell, *state.game.geometry.around[cell]):
        if state.terrain(spot) not in "~:" or spot in state.buildings or spot in state.guardians:
            continue
        there = state.stacks.get(spot)
        if there is None or floats(state, spot, there, side):
            return spot
    return None


def floats(state: BrawlhallaState, cell: Cell, stack: Stack, side: int) -> bool:
    """Whether a new boat can join the side's stack on ``cell`` (taking it aboard)."""
    return stack[0] == side and can_stand(state, (stack[1], stack[2], stack[3], stack[4] + 1), cell)
