"""Brawlhalla's cards that change how units move: doubled moves, Ice prison, Njord's
wrath, Gridarvolr and Angurvadal (effects registered as in
:mod:`~workbench.games.brawlhalla.card_effects`).

- ``double_air_movement``, ``double_boat_movement``, ``double_land_movement`` (Njord's
  breeze, Njord's blessing, Honir's blessing): the side's moves of that mode
  (``flying``, ``aquatic``, ``terrestrial``: how the part moves, so land units aboard a
  boat sail, they do not walk) are doubled until its turn ends, as
  ``Rules.movement_doubling`` reads "double" (the moves themselves:
  :mod:`~workbench.games.brawlhalla.actions`). Offered when the side has a unit of
  that kind and the mode is not doubled yet.
- ``freeze_unit`` (Ice prison): an enemy stack is frozen on its square for 1 of its
  owner's turns if it is dragons alone, 2 if it holds land units, 3 if it is a "water
  air unit" (``Rules.ice_prison_water``; a boat is otherwise an earth unit). A frozen
  stack does not move or attack (it defends, builds, fuses where it stands); units
  joining it are frozen with it. The turns are counted down as its owner's turn ends,
  and the freeze is gone with the stack.
- ``push_enemy_boat`` (Njord's wrath): the card list has four cards, a North, South,
  East and West version, under one name, so the player picks the direction when
  playing it: the target is ``(cell, direction)``. The enemy boat's stack (passengers
  aboard) is pushed up to 2 squares that way, stopping before a square it cannot
  stand on or that holds a stack, a building not its own or a guardian. A boat pushed
  onto a shore square runs aground there and stops: the stack is frozen for 2 of its
  owner's turns.
- ``phase_through_impassable`` (Gridarvolr, an artifact): this turn one walking move of
  the side may go through impassable terrain, a mountain or a building not its own, in a
  straight line along a row or column (``Rules.phase_through``: one such square, or a
  row of them), onto the square beyond (``"phasing"`` in ``state.doubled`` until it is
  used or the turn ends). Offered when one of the side's land stacks could do it now.
- ``one_unit_moves_one_more`` (Angurvadal, a lasting artifact): once in each of its
  turns, one of the side's stacks that used all its moves may move once more
  (``state.extra_move`` records the turn it was used).

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True))
>>> state = game.position(stacks={(2, 2): (0, 1, 0, 0, 0), (4, 2): (1, 2, 0, 0, 0)},
...                       hands=(("Ice prison",), ()))
>>> after = state.apply(("card", "Ice prison", (4, 2)))
>>> after.frozen
{(4, 2): 2}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from workbench.games.brawlhalla.card_effects import effect
from workbench.games.brawlhalla.stacking import can_stand

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState
    from workbench.grids.square import Cell

__all__ = [
    "DIRECTIONS",
    "PHASING",
    "extra_move_ready",
    "freeze",
    "ice_turns",
    "phase_reach",
    "push",
    "thaw",
    "turn_starts",
]

#: Njord's wrath: a direction -> its (row, column) step (north is row 0).
DIRECTIONS = {"north": (-1, 0), "south": (1, 0), "east": (0, 1), "west": (0, -1)}
#: Njord's wrath: squares a boat is pushed, turns it stays aground on a shore.
PUSH_SQUARES, AGROUND_TURNS = 2, 2
#: Gridarvolr's mark in ``state.doubled`` while its phasing move is unused.
PHASING = "phasing"


# -- doubled moves -------------------------------------------------------------------------
def _doubling(mode: str, units: tuple[str, ...]) -> tuple[Callable, Callable]:
    def targets(state: BrawlhallaState, side: int, others: list) -> list:
        if mode in state.doubled or not any(state.count(side, name) for name in units):
            return []
        return [None]

    def play(state: BrawlhallaState, side: int, target: None) -> None:
        state.doubled = state.doubled | {mode}

    return targets, play


for _id, _mode, _units in (
    ("double_air_movement", "flying", ("dragons",)),
    ("double_boat_movement", "aquatic", ("boats",)),
    ("double_land_movement", "terrestrial", ("warriors", "warlords")),
):
    _targets, _play = _doubling(_mode, _units)
    effect(_id, targets=_targets)(_play)


# -- Gridarvolr and Angurvadal ----------------------------------------------------------
def _impassable(state: BrawlhallaState, side: int, cell: Cell) -> bool:
    """A mountain or a building not the side's own (what Gridarvolr passes through)."""
    building = state.buildings.get(cell)
    return state.terrain(cell) == "^" or (building is not None and building[0] != side)


def phase_reach(state: BrawlhallaState, src: Cell, side: int) -> list[Cell]:
    """The squares a walking move from ``src`` reaches through impassable terrain (see
    the module docstring; whether a stack may stand there is checked by the move).

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> state = Brawlhalla().position()
    >>> state.terrain((1, 4)), phase_reach(state, (0, 4), 0)
    ('^', [(2, 4)])
    """
    terrain = state.game.geometry.terrain
    line = state.game.rules.phase_through == "a line"
    found = []
    for dr, dc in DIRECTIONS.values():
        step = (src[0] + dr, src[1] + dc)
        if step not in terrain or not _impassable(state, side, step):
            continue
        step = (step[0] + dr, step[1] + dc)
        while line and step in terrain and _impassable(state, side, step):
            step = (step[0] + dr, step[1] + dc)
        if step in terrain and state.terrain(step) in ".:":
            found.append(step)
    return found


def _phasers(state: BrawlhallaState, side: int, others: list) -> list:
    """Gridarvolr is offered when a land stack of the side with a move left could phase."""
    if PHASING in state.doubled:
        return []
    limit = state.game.rules.actions_per_unit_per_turn
    for cell, stack in state.stacks.items():
        if (
            stack[0] == side
            and stack[1] + stack[2]
            and not stack[4]
            and stack[5] < limit
            and cell not in state.frozen
            and state.terrain(cell) in ".:"
            and phase_reach(state, cell, side)
        ):
            return [None]
    return []


@effect("phase_through_impassable", targets=_phasers)
def _gridarvolr(state: BrawlhallaState, side: int, target: None) -> None:
    state.doubled = state.doubled | {PHASING}


def extra_move_ready(state: BrawlhallaState, side: int) -> bool:
    """Whether the side's Angurvadal gives a move this turn (in effect, not yet used)."""
    if not state.in_effect[side] or state.extra_move[side] == state.turn:
        return False
    table = state.game.cards.table()
    return any(table[name][0] == "one_unit_moves_one_more" for name in state.in_effect[side])


@effect("one_unit_moves_one_more")
def _angurvadal(state: BrawlhallaState, side: int, target: None) -> None:
    """Lasting: one more move a turn for one stack (see :func:`extra_move_ready`)."""


# -- frozen stacks -------------------------------------------------------------------------
def freeze(state: BrawlhallaState, cell: Cell, turns: int) -> None:
    """Freeze the stack on ``cell`` for ``turns`` of its owner's turns (a longer freeze
    already there stays)."""
    state.frozen = {**state.frozen, cell: max(turns, state.frozen.get(cell, 0))}


def ice_turns(state: BrawlhallaState, cell: Cell) -> int:
    """Ice prison's turns for the stack on ``cell`` (see the module docstring).

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> state = Brawlhalla().position(stacks={(4, 2): (1, 0, 0, 1, 0)})
    >>> ice_turns(state, (4, 2))
    1
    """
    _, warriors, warlords, _, boats, _ = state.stacks[cell]
    water = state.game.rules.ice_prison_water
    if water == "boats" and boats:
        return 3
    if warriors or warlords or boats:
        return 2
    return 3 if water == "air over water" and state.terrain(cell) == "~" else 1


def _enemy_stacks(state: BrawlhallaState, side: int, others: list) -> list:
    return sorted(cell for cell, stack in state.stacks.items() if stack[0] != side)


@effect("freeze_unit", targets=_enemy_stacks)
def _ice_prison(state: BrawlhallaState, side: int, target: Cell) -> None:
    freeze(state, target, ice_turns(state, target))


def thaw(state: BrawlhallaState) -> None:
    """Forget the freeze of squares whose stack is gone (after every action)."""
    if any(cell not in state.stacks for cell in state.frozen):
        state.frozen = {c: n for c, n in state.frozen.items() if c in state.stacks}


def turn_starts(state: BrawlhallaState, side: int) -> None:
    """``side``'s turn begins: no moves doubled; the other side's turn just ended, so
    its frozen stacks have one turn less."""
    state.doubled = frozenset()
    if state.frozen:
        owners = {cell: state.stacks[cell][0] for cell in state.frozen if cell in state.stacks}
        state.frozen = {
            cell: n - (owner != side)
            for cell, owner in owners.items()
            if (n := state.frozen[cell]) > 1 or owner == side
        }


# -- Njord's wrath -------------------------------------------------------------------------
def _path(state: BrawlhallaState, cell: Cell, direction: str) -> list[Cell]:
    """The squares the boat on ``cell`` is pushed through, in order (the last is where
    it ends; it stops on the first shore square)."""
    stack = state.stacks[cell]
    units, side = stack[1:5], stack[0]
    dr, dc = DIRECTIONS[direction]
    path: list[Cell] = []
    r, c = cell
    for _ in range(PUSH_SQUARES):
        r, c = r + dr, c + dc
        step = (r, c)
        building = state.buildings.get(step)
        if (
            step not in state.game.geometry.terrain
            or step in state.stacks
            or step in state.guardians
            or (building is not None and building[0] != side)
            or not can_stand(state, units, step)
        ):
            break
        path.append(step)
        if state.terrain(step) == ":":
            break
    return path


def _pushes(state: BrawlhallaState, side: int, others: list) -> list:
    return [
        (cell, direction)
        for cell, stack in sorted(state.stacks.items())
        if stack[0] != side and stack[4] and cell not in state.works
        for direction in DIRECTIONS
        if _path(state, cell, direction)
    ]


@effect("push_enemy_boat", targets=_pushes)
def _njords_wrath(state: BrawlhallaState, side: int, target: tuple[Cell, str]) -> None:
    push(state, *target)


def push(state: BrawlhallaState, cell: Cell, direction: str) -> Cell:
    """Push the boat stack on ``cell`` (Njord's wrath); returns where it ends. Its freeze
    and the flag it carries go with it."""
    dst = _path(state, cell, direction)[-1]
    state.stacks[dst] = state.stacks.pop(cell)
    if state.carrier == cell:
        state.carrier = dst
    frozen = dict(state.frozen)
    turns = frozen.pop(cell, 0)
    if state.terrain(dst) == ":":
        turns = max(turns, AGROUND_TURNS)
    if turns:
        frozen[dst] = turns
    state.frozen = frozen
    return dst
