"""The dead: units killed in battle or by cards, counted per side for Freya's grace.

A unit is dead when an enemy's attack, a card or a face-down card destroys it, or when
it is sacrificed to a card (Blood lord). Builders spent on a work and warriors fused
into a warlord are not dead: they became something else. Counted only when cards are
in play (nothing else reads the count).

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> state = Brawlhalla(rules=Rules(cards=True)).position().copy()
>>> bury(state, (0, 3, 1, 0, 0, 0), (0, 1, 1, 0, 0, 0))
>>> bury(state, (1, 0, 0, 1, 1, 0), None)
>>> state.dead
((2, 0, 0, 0), (0, 0, 1, 1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState, Stack

__all__ = ["bury", "raise_dead"]


def bury(state: BrawlhallaState, before: Stack, after: Stack | None) -> None:
    """The units of ``before`` that ``after`` (None: the stack is gone) no longer has are
    dead (units gained, such as warriors replacing a dragon, are not counted)."""
    if not state.game.rules.cards:
        return
    side = before[0]
    left = (0, 0, 0, 0) if after is None else after[1:5]
    lost = tuple(max(0, a - b) for a, b in zip(before[1:5], left, strict=True))
    if any(lost):
        dead = list(state.dead)
        dead[side] = tuple(a + b for a, b in zip(dead[side], lost, strict=True))
        state.dead = (dead[0], dead[1])


def raise_dead(state: BrawlhallaState, side: int, kind: int) -> None:
    """One dead unit of ``side`` of ``kind`` (0 warriors .. 3 boats) leaves the count."""
    dead = list(state.dead)
    counts = list(dead[side])
    counts[kind] -= 1
    dead[side] = tuple(counts)
    state.dead = (dead[0], dead[1])
