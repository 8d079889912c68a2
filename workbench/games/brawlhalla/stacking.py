"""What a square holds and what moves together: the stacking limits of Brawlhalla.

A stack is every unit of one side on one square. What may stand where
(:func:`standable`): dragons alone on mountains, land units at sea only aboard a
boat, no boat on earth, at most one boat (carrying at most ``boat_capacity`` land
units and no dragon), at most ``warriors_per_square`` warriors on a square (or
units, per ``Rules.stack_limit``). What can leave a stack in one move
(:func:`parts`, grouped by how they move in :func:`moving_parts`).

>>> parts((2, 0, 1, 0), capacity=4)
[(2, 0, 1, 0), (1, 0, 0, 0), (2, 0, 0, 0), (0, 0, 1, 0), (1, 0, 1, 0)]
>>> mode((2, 0, 0, 1)), mode((0, 0, 1, 0))
('aquatic', 'flying')
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.rules import Rules
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = [
    "blocked_for",
    "can_stand",
    "mode",
    "moving_parts",
    "parts",
    "square_limits",
    "standable",
]


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
    return standable(units, state.terrain(cell), state.game.square_limits)


def blocked_for(state: BrawlhallaState, side: int, cell: Cell) -> bool:
    """Enemy units, an enemy building or a guardian on ``cell``."""
    other = state.stacks.get(cell)
    if other is not None and other[0] != side:
        return True
    building = state.buildings.get(cell)
    if building is not None and building[0] != side:
        return True
    return cell in state.guardians


@functools.cache
def square_limits(rules: Rules) -> tuple[int, int, bool]:
    """``(land units a boat carries, units a square holds, whether the limit counts
    every unit)``; a boat carries none when ``Rules.boats_carry_land_units`` is off."""
    limit = rules.warriors_per_square + (rules.fusion == "five on a square")
    capacity = rules.boat_capacity if rules.boats_carry_land_units else 0
    return capacity, limit, rules.stack_limit == "units"


@functools.cache
def standable(
    units: tuple[int, int, int, int], terrain: str, limits: tuple[int, int, bool]
) -> bool:
    """:func:`can_stand` on a square of ``terrain`` under ``square_limits``.

    >>> limits = (4, 4, False)
    >>> standable((4, 1, 0, 0), ".", limits), standable((0, 0, 1, 0), "^", limits)
    (True, True)
    >>> standable((2, 0, 0, 0), "~", limits), standable((2, 0, 0, 1), "~", limits)
    (False, True)
    """
    capacity, limit, every_unit = limits
    w, lords, d, b = units
    land = w + lords
    if b > 1 or (b and (d or land > capacity)):
        return False
    if (land + d if every_unit else w) > limit:
        return False
    if terrain == "^":
        return not (land or b)
    if terrain == "~":
        return b == 1 or not land
    if terrain == ".":
        return not b
    return True


@functools.cache
def moving_parts(units: tuple[int, int, int, int], held: bool, capacity: int) -> tuple:
    """:func:`parts` grouped by :func:`mode`, as ``((mode, parts), ...)``; with ``held``
    builders on the square, the free units move but never as the whole stack."""
    options = parts(units, capacity=capacity)
    if held:
        options = [p for p in options if p != units] + [units]
    groups: dict[str, list] = {}
    for part in options:
        groups.setdefault(mode(part), []).append(part)
    return tuple((how, tuple(group)) for how, group in groups.items())
