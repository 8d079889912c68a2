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

from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.rules import Rules
    from workbench.games.brawlhalla.state import BrawlhallaState, Stack

__all__ = ["halt_work", "progress_works", "start_work", "work_cost", "work_options"]

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


def _dragons(state: BrawlhallaState, side: int) -> int:
    """Dragons counted against the limit: on the board (or the side's), with those hatching."""
    shared = state.game.rules.dragon_limit_shared
    on_board = sum(s[3] for s in state.stacks.values() if shared or s[0] == side)
    hatching = sum(1 for w in state.works.values() if w[1] == "dragon" and (shared or w[0] == side))
    return on_board + hatching


def _boats(state: BrawlhallaState, side: int) -> int:
    afloat = sum(s[4] for s in state.stacks.values() if s[0] == side)
    building = sum(1 for w in state.works.values() if w[0] == side and w[1] in ("boat", "salvage"))
    return afloat + building


def _site_ok(state: BrawlhallaState, cell: Cell, side: int, kind: str) -> bool:
    geometry = state.game.geometry
    if cell in state.buildings or geometry.board.feature_at(cell) is not None:
        return False
    terrain = state.terrain(cell)
    if terrain not in (":" if kind == "harbor" else ".:"):
        return False
    if state.game.rules.build_site == "own continent":
        return geometry.side_of_region(cell) == side
    return True


def work_options(state: BrawlhallaState, cell: Cell, stack: Stack) -> list[str]:
    """The works the stack on ``cell`` may start now (it has no work already)."""
    rules, side = state.game.rules, stack[0]
    land = stack[1] + stack[2]
    if stack[4] or not land:
        return []
    found = []
    for kind in _BUILDINGS:
        owned = state.count_buildings(side, kind)
        if (
            owned < _limit(kind, rules)
            and _site_ok(state, cell, side, kind)
            and land >= work_cost(kind, owned, rules)[0]
        ):
            found.append(kind)
    building = state.buildings.get(cell)
    kind_here = building[1] if building is not None and building[0] == side else None
    boats = _boats(state, side) < rules.boat_pool
    if kind_here == "harbor" and boats and land >= rules.boat_cost:
        found.append("boat")
    hatch = kind_here == "nursery" and _dragons(state, side) < rules.dragon_limit
    if hatch and land >= rules.dragon_cost:
        found.append("dragon")
    if state.wrecks.get(cell, 0) > 0 and boats and land >= rules.salvage_cost:
        found.append("salvage")
    return found


def start_work(state: BrawlhallaState, cell: Cell, kind: str) -> None:
    """Start ``kind`` on ``cell`` with the stack there (``state`` is a working copy)."""
    rules = state.game.rules
    stack = state.stacks[cell]
    side = stack[0]
    owned = state.count_buildings(side, kind) if kind in _BUILDINGS else 0
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


def _remove(state: BrawlhallaState, cell: Cell, stack: Stack, warriors: int, warlords: int):
    left = (stack[0], stack[1] - warriors, stack[2] - warlords, *stack[3:])
    if left[1:5] == (0, 0, 0, 0):
        del state.stacks[cell]
        if state.carrier == cell:
            from workbench.games.brawlhalla.resolve import drop_flag

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
            if _full(stack, state.game.rules):  # the dragon waits for room on its nursery
                state.works[cell] = (owner, kind, 0, 0, 1)
                continue
            state.stacks[cell] = (side, stack[1], stack[2], stack[3] + 1, stack[4], stack[5])
            continue
        dock = cell if kind == "boat" else _launch(state, cell, side)
        stack = state.stacks.get(dock, (side, 0, 0, 0, 0, 0)) if dock is not None else None
        if stack is not None and _floats(stack, side, state.game.rules):
            state.stacks[dock] = (side, stack[1], stack[2], 0, 1, stack[5])


def _launch(state: BrawlhallaState, cell: Cell, side: int) -> Cell | None:
    """Where a salvaged boat goes to sea: the wreckage's square if a boat can float
    there, else the first square around it where it can (None: the boat is lost)."""
    for spot in (cell, *state.game.geometry.around[cell]):
        if state.terrain(spot) not in "~:" or spot in state.buildings or spot in state.guardians:
            continue
        there = state.stacks.get(spot)
        if there is None or _floats(there, side, state.game.rules):
            return spot
    return None


def _full(stack: Stack, rules: Rules) -> bool:
    """Whether a stack counting every unit (``Rules.stack_limit`` 'units') has no room."""
    room = rules.warriors_per_square + (rules.fusion == "five on a square")
    return rules.stack_limit == "units" and stack[1] + stack[2] + stack[3] >= room


def _floats(stack: Stack, side: int, rules: Rules) -> bool:
    """Whether a new boat can take the stack aboard: the side's, no boat or dragon, and
    no more land units than the boat carries."""
    return (
        stack[0] == side
        and not stack[4]
        and not stack[3]
        and stack[1] + stack[2] <= rules.boat_capacity * rules.boats_carry_land_units
    )
