"""Face-down cards: played face down in front of their owner, they trigger on their own
condition, in either side's turn, and then go to the discard pile. A side has at most one
face-down card of each name in effect.

===================  ================================================================
Counter spell        the opponent's next card (not an artifact) has no effect
Landslide            the next enemy stack to walk onto a shore loses 2 of its value
Swan song            on losing a battle, the winner's stack loses 1 of its value
Ghost ship           the next enemy boat with nobody aboard sinks (never on its harbor)
===================  ================================================================

A battle is lost by the side that loses more units than it kills.
The resolver calls :func:`after_move`, :func:`after_clash` and :func:`sink_ghost_ships`
at those moments; :func:`countered` when a card is played.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True))
>>> state = game.position(stacks={(2, 4): (0, 3, 0, 0, 0)}, face_down=((), ("Landslide",)))
>>> after = state.apply(("move", (2, 4), (3, 4), (3, 0, 0, 0)))  # (3, 4) is a shore
>>> after.stacks[(3, 4)][1], after.face_down, after.discard
(1, ((), ()), ('Landslide',))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.games.brawlhalla.graves import bury
from workbench.games.brawlhalla.strength import after_losses
from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["after_clash", "after_move", "countered", "holds", "sink_ghost_ships", "spend"]


def holds(state: BrawlhallaState, side: int, effect_id: str) -> str | None:
    """The name of ``side``'s face-down card with ``effect_id``, if it has one in effect."""
    if not state.face_down[side]:
        return None
    table = state.game.cards.table()
    return next((n for n in state.face_down[side] if table[n][0] == effect_id), None)


def spend(state: BrawlhallaState, side: int, name: str) -> None:
    """A face-down card of ``side`` is used up (triggered, spent in a clash, destroyed):
    it goes to the discard pile, and what the other side had seen of it is forgotten."""
    state.face_down = _one_less(state.face_down, side, name)
    if name in state.shown_face_down[side]:
        state.shown_face_down = _one_less(state.shown_face_down, side, name)
    state.discard = (*state.discard, name)


def _one_less(pair: tuple, side: int, name: str) -> tuple:
    cards = list(pair)
    kept = list(cards[side])
    kept.remove(name)
    cards[side] = tuple(kept)
    return (cards[0], cards[1])


def _weaken(state: BrawlhallaState, cell: Cell, by: int) -> None:
    stack = state.stacks.get(cell)
    if stack is None:
        return
    left = after_losses(state, cell, by)
    gone = left[1] + left[2] + left[3] == 0
    bury(state, stack, None if gone else left)
    work = state.works.get(cell)
    if work is not None and gone:
        del state.works[cell]
    elif work is not None:  # builders lost with the stack's units
        state.works[cell] = (*work[:2], min(work[2], left[1]), min(work[3], left[2]), work[4])
    if gone:
        del state.stacks[cell]
        if state.carrier == cell:
            from workbench.games.brawlhalla.flag import drop_flag

            drop_flag(state)
    else:
        state.stacks[cell] = left


def countered(state: BrawlhallaState, side: int, effect_id: str) -> bool:
    """Whether the opponent's Counter spell stops ``side``'s card (spending the spell)."""
    name = holds(state, 1 - side, "counter_next_card")
    if name is None:
        return False
    spend(state, 1 - side, name)
    return True


def after_move(state: BrawlhallaState, side: int, cell: Cell) -> None:
    """``side``'s stack arrived on ``cell``: the opponent's Landslide on a shore."""
    if state.terrain(cell) != ":":
        return
    name = holds(state, 1 - side, "weaken_on_shore")
    if name is not None:
        spend(state, 1 - side, name)
        _weaken(state, cell, 2)


def after_clash(state: BrawlhallaState, cells: tuple[Cell, Cell], outcome: tuple[int, int]) -> None:
    """After a clash between the attacker on ``cells[0]`` and the defender on ``cells[1]``
    with ``outcome = (attacker_losses, defender_losses)``: the loser's Swan song."""
    lost, won = outcome
    if lost == won:
        return
    loser = state.to_move if lost > won else 1 - state.to_move
    winner_cell = cells[1] if loser == state.to_move else cells[0]
    name = holds(state, loser, "weaken_winner_by_one")
    if name is not None:
        spend(state, loser, name)
        _weaken(state, winner_cell, 1)


def sink_ghost_ships(state: BrawlhallaState) -> None:
    """Each side's Ghost ship sinks the first enemy boat with nobody aboard (one not on a
    harbor, where boats are built)."""
    for side in (0, 1):
        name = holds(state, side, "destroy_powerless_ship")
        if name is None:
            continue
        for cell, stack in sorted(state.stacks.items()):
            harbor = state.buildings.get(cell, (None, ""))[1] == "harbor"
            if (
                stack[0] != side
                and stack[4]
                and not (stack[1] + stack[2] + stack[3])
                and not harbor
            ):
                spend(state, side, name)
                bury(state, state.stacks.pop(cell), None)
                break
