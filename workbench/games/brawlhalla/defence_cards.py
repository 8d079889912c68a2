"""Face-down cards that answer an attack: Retreat! and Substitution (effects registered as
in :mod:`~workbench.games.brawlhalla.card_effects`).

When a stack of a side holding one of them face down is attacked (not a guardian, not an
empty building), the attack waits for the defender's choice (``state.deciding``; the
defender is the player to act) before any card of the clash is spent:

- ``disengage_when_attacked`` (Retreat!): ``("retreat", cell, to)``: the stack leaves
  combat and moves to ``to``, 2 squares away by its own way of moving if the terrain
  permits it (``Rules.retreat_squares``); the attack is over, the attacker's action
  spent, its clash cards kept.
- ``swap_attacked_unit`` (Substitution, an obligation): ``("substitute", cell, other)``:
  the attacked stack and the side's stack on ``other`` change places, then the attack
  goes on against the substitute. Neither may hold the flag or stand on a work.

A card triggers only when it has a choice (the card stays otherwise) and goes to the
discard pile when used; with both face down the defender picks one.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True))
>>> state = game.position(stacks={(2, 4): (0, 3, 0, 0, 0), (3, 4): (1, 2, 0, 0, 0)},
...                       face_down=((), ("Retreat !",)))
>>> waiting = state.apply(("attack", (2, 4), (3, 4)))
>>> waiting.current_player(), [to for _, _, to in waiting.legal_actions()]
(1, [(2, 3), (3, 2), (3, 6)])
>>> after = waiting.apply(("retreat", (3, 4), (3, 6)))
>>> (3, 4) in after.stacks, after.stacks[(3, 6)][1], after.discard
(False, 2, ('Retreat !',))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.games.brawlhalla.card_effects import effect
from workbench.games.brawlhalla.face_down import holds
from workbench.games.brawlhalla.stacking import blocked_for, can_stand, mode

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState
    from workbench.grids.square import Cell

__all__ = ["DEFENCE_EFFECTS", "defence_card", "defence_options"]

#: Decision kind -> the effect id of the face-down card it uses.
DEFENCE_EFFECTS = {"retreat": "disengage_when_attacked", "substitute": "swap_attacked_unit"}
RETREAT_STEPS = 2


def _tile_steps(state: BrawlhallaState, how: str) -> dict:
    """One square at a time in the way of ``how`` (dragons too: 2 tiles are 2 squares)."""
    geometry = state.game.geometry
    if how != "flying":
        return geometry.steps[how]
    diagonal = state.game.rules.diagonal_moves_at_sea_and_air
    return geometry.around if diagonal else geometry.beside


def _retreats(state: BrawlhallaState, cell: Cell) -> list[Cell]:
    """Squares 2 steps from ``cell`` (1 or 2 under 'up to 2') the stack there may reach
    through squares free of enemies and stand on."""
    stack = state.stacks[cell]
    side, units = stack[0], stack[1:5]
    how = mode(units)
    steps = _tile_steps(state, how)

    def open_for(square: Cell) -> bool:
        return not blocked_for(state, side, square) and not (
            how == "aquatic" and square in state.earthed
        )

    seen, frontier, levels = {cell}, [cell], []
    for _ in range(RETREAT_STEPS):
        reached = []
        for square in frontier:
            for step in steps[square]:
                if step not in seen and open_for(step):
                    seen.add(step)
                    reached.append(step)
        levels.append(frontier := reached)
    choices = (
        levels[-1] if state.game.rules.retreat_squares == "exactly 2" else levels[0] + levels[1]
    )
    found = []
    for square in sorted(set(choices)):
        there = state.stacks.get(square)
        grown = (
            units if there is None else tuple(a + b for a, b in zip(there[1:5], units, strict=True))
        )
        if can_stand(state, grown, square):
            found.append(square)
    return found


def _substitutes(state: BrawlhallaState, cell: Cell) -> list[Cell]:
    """The side's other stacks that may change places with the one on ``cell``."""
    stack = state.stacks[cell]
    if state.carrier == cell or cell in state.works:
        return []
    return [
        other
        for other, there in sorted(state.stacks.items())
        if other != cell
        and there[0] == stack[0]
        and other != state.carrier
        and other not in state.works
        and can_stand(state, there[1:5], cell)
        and can_stand(state, stack[1:5], other)
    ]


def defence_options(state: BrawlhallaState, cell: Cell) -> list[tuple]:
    """The defender's choices when its stack on ``cell`` is attacked (empty: no card
    of it triggers)."""
    stack = state.stacks.get(cell)
    if stack is None or not state.face_down[stack[0]]:
        return []
    side = stack[0]
    found: list[tuple] = []
    if holds(state, side, DEFENCE_EFFECTS["retreat"]):
        found += [("retreat", cell, to) for to in _retreats(state, cell)]
    if holds(state, side, DEFENCE_EFFECTS["substitute"]):
        found += [("substitute", cell, other) for other in _substitutes(state, cell)]
    return found


def defence_card(state: BrawlhallaState, action: tuple) -> str:
    """The name of the face-down card a defence choice uses."""
    side = state.stacks[action[1]][0]
    name = holds(state, side, DEFENCE_EFFECTS[action[0]])
    assert name is not None
    return name


def _waits(state: BrawlhallaState, side: int, target: None) -> None:
    """Laid face down: it answers the next attack on the side's stacks."""


for _effect_id in DEFENCE_EFFECTS.values():
    effect(_effect_id, timing="face-down")(_waits)
