"""Brawlhalla's cards that raise buildings and bring units back: Forseti's axe and Freya's
grace (effects registered as in :mod:`~workbench.games.brawlhalla.card_effects`).

- ``build_all_buildings`` (Forseti's axe, an artifact): the side's barracks and harbor
  works under way are done at once, their builders freed; each barrack and harbor still
  missing (up to ``len(Rules.barracks_costs)`` barracks and 1 harbor) is built on the
  free site nearest the side's capital (``Rules.forseti_axe_sites``). A side with all of
  them recruits 1 warlord or 1 dragon on its capital instead (the target names which).
- ``resummon_dead_unit`` (Freya's grace): one dead unit (:mod:`.graves`) comes back on
  the side's capital, a boat on its harbor; whose dead (``Rules.freya_grace_dead``) and
  when it may be played (``Rules.freya_grace_timing``) are knobs. The target is
  ``(owner of the dead unit, kind)``, kind ``warriors``, ``warlords``, ``dragons`` or
  ``boats``.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True))
>>> state = game.position(stacks={(2, 2): (0, 1, 0, 0, 0)}, relics=(("Forseti's axe",), ()))
>>> after = state.apply(("card", "Forseti's axe", None))
>>> sorted(kind for owner, kind in after.buildings.values() if owner == 0)
['barracks', 'barracks', 'barracks', 'capital', 'harbor']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.games.brawlhalla.card_effects import effect, pool_left, recruit
from workbench.games.brawlhalla.graves import raise_dead
from workbench.games.brawlhalla.stacking import can_stand
from workbench.games.brawlhalla.works import boats_counted, build_site, dragons_counted, floats

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState
    from workbench.grids.square import Cell

__all__ = ["KINDS", "missing_buildings", "summon_site"]

#: The unit kinds of a stack, in its order (``warriors`` is index 1 of a stack).
KINDS = ("warriors", "warlords", "dragons", "boats")
_AXE_BUILDINGS = ("barracks", "harbor")


def _limit(state: BrawlhallaState, kind: str) -> int:
    return len(state.game.rules.barracks_costs) if kind == "barracks" else 1


def missing_buildings(state: BrawlhallaState, side: int) -> list[str]:
    """The barracks and harbor the side lacks, standing or under way counted.

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> missing_buildings(Brawlhalla().position(), 0)
    ['barracks', 'barracks', 'barracks', 'harbor']
    """
    return [
        kind
        for kind in _AXE_BUILDINGS
        for _ in range(_limit(state, kind) - state.count(side, kind))
    ]


def _free_sites(state: BrawlhallaState, side: int, kind: str) -> list[Cell]:
    """Sites for a building of ``kind`` with nobody else on them, nearest the capital
    first (steps along rows and columns, then reading order)."""
    home = state.game.geometry.capitals[side]
    sites = []
    for cell in state.game.geometry.terrain:
        terrain = build_site(state, cell, side)
        there = state.stacks.get(cell)
        if (
            terrain
            and (kind != "harbor" or terrain == ":")
            and cell not in state.works
            and cell not in state.guardians
            and (there is None or there[0] == side)
        ):
            sites.append(cell)
    return sorted(sites, key=lambda c: (abs(c[0] - home[0]) + abs(c[1] - home[1]), c))


def _spawns(state: BrawlhallaState, side: int) -> list[str]:
    """What Forseti's axe recruits on the capital of a side with every building."""
    home = state.game.geometry.capitals[side]
    stack = state.stacks.get(home, (side, 0, 0, 0, 0, 0))
    rules = state.game.rules
    found = []
    if pool_left(state, side, "warlords") > 0 and can_stand(
        state, (stack[1], stack[2] + 1, stack[3], stack[4]), home
    ):
        found.append("warlord")
    if dragons_counted(state, side) < rules.dragon_limit and can_stand(
        state, (stack[1], stack[2], stack[3] + 1, stack[4]), home
    ):
        found.append("dragon")
    return found


def _axe_works(state: BrawlhallaState, side: int) -> list[Cell]:
    return sorted(
        cell for cell, w in state.works.items() if w[0] == side and w[1] in _AXE_BUILDINGS
    )


def _axe_targets(state: BrawlhallaState, side: int, others: list) -> list:
    if _axe_works(state, side) or (
        state.game.rules.forseti_axe_sites == "nearest the capital"
        and any(_free_sites(state, side, kind) for kind in missing_buildings(state, side))
    ):
        return [None]
    if missing_buildings(state, side):
        return []
    return _spawns(state, side)


@effect("build_all_buildings", targets=_axe_targets)
def _forsetis_axe(state: BrawlhallaState, side: int, target: str | None) -> None:
    if target == "warlord":
        recruit(state, side, state.game.geometry.capitals[side], 0, 1)
        return
    if target == "dragon":
        home = state.game.geometry.capitals[side]
        stack = state.stacks.get(home, (side, 0, 0, 0, 0, 0))
        state.stacks[home] = (side, stack[1], stack[2], stack[3] + 1, *stack[4:])
        return
    for cell in _axe_works(state, side):
        state.buildings[cell] = (side, state.works.pop(cell)[1])
    if state.game.rules.forseti_axe_sites != "nearest the capital":
        return
    for kind in missing_buildings(state, side):
        sites = _free_sites(state, side, kind)
        if sites:
            state.buildings[sites[0]] = (side, kind)


# -- Freya's grace --------------------------------------------------------------------------
def summon_site(state: BrawlhallaState, side: int, kind: str) -> Cell | None:
    """Where a re-summoned unit of ``kind`` appears for ``side``: its capital (a boat: its
    harbor), if the unit may stand there and the side's pool or limit allows it."""
    if kind == "boats":
        harbors = [c for c, (o, k) in state.buildings.items() if o == side and k == "harbor"]
        if not harbors or boats_counted(state, side) >= state.game.rules.boat_pool:
            return None
        cell = harbors[0]
        stack = state.stacks.get(cell, (side, 0, 0, 0, 0, 0))
        return cell if floats(state, cell, stack, side) else None
    cell = state.game.geometry.capitals[side]
    stack = state.stacks.get(cell, (side, 0, 0, 0, 0, 0))
    grown = list(stack[1:5])
    grown[KINDS.index(kind)] += 1
    if kind == "dragons":
        room = dragons_counted(state, side) < state.game.rules.dragon_limit
    else:
        room = pool_left(state, side, kind) > 0
    return cell if room and stack[0] == side and can_stand(state, tuple(grown), cell) else None


def _dead_targets(state: BrawlhallaState, side: int, others: list) -> list:
    rules = state.game.rules
    if rules.freya_grace_timing == "last action point" and state.ap != 1:
        return []
    owners = (side,) if rules.freya_grace_dead == "own" else (side, 1 - side)
    return [
        (owner, kind)
        for owner in owners
        for index, kind in enumerate(KINDS)
        if state.dead[owner][index] and summon_site(state, side, kind) is not None
    ]


@effect("resummon_dead_unit", targets=_dead_targets)
def _freyas_grace(state: BrawlhallaState, side: int, target: tuple[int, str]) -> None:
    owner, kind = target
    cell = summon_site(state, side, kind)
    index = KINDS.index(kind)
    stack = list(state.stacks.get(cell, (side, 0, 0, 0, 0, 0)))
    stack[index + 1] += 1
    state.stacks[cell] = tuple(stack)
    raise_dead(state, owner, index)
    state.ap = 0  # the very last action of the turn
