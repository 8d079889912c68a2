"""Ruins: a coin, and a card owed, the first time a ruin is captured.

``Rules.ruin_capture``: the first visit of any side takes the ruin off the map
(the text), or each side may take each ruin's coin once.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> state = Brawlhalla().position().copy()
>>> capture_ruin(state, 0, (0, 2))
>>> state.coins, state.cards_due, (0, 2) in state.ruins[1]
((1, 0), (1, 0), False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["capture_ruin"]


def capture_ruin(state: BrawlhallaState, side: int, cell: Cell) -> None:
    """``side`` captures the ruin on ``cell`` if it still can (``state`` is a working copy)."""
    ruins = state.ruins
    if cell not in ruins[side]:
        return
    coins, due = list(state.coins), list(state.cards_due)
    coins[side] += 1
    due[side] += 1
    state.coins, state.cards_due = (coins[0], coins[1]), (due[0], due[1])
    if state.game.rules.ruin_capture == "first visit only":
        state.ruins = (ruins[0] - {cell}, ruins[1] - {cell})
    else:
        mine = ruins[side] - {cell}
        state.ruins = (mine, ruins[1]) if side == 0 else (ruins[0], mine)
