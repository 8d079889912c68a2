"""The flag: when its carrier falls, it comes back to the central sanctuary.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> state = Brawlhalla().position(flag=None, carrier=(8, 5), turn=7).copy()
>>> drop_flag(state)
>>> state.carrier, state.flag, state.respawn
(None, None, 8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["drop_flag"]


def drop_flag(state: BrawlhallaState) -> None:
    """The flag's carrier fell: the flag comes back to the central sanctuary."""
    state.carrier = None
    if state.game.rules.flag_respawn == "at once":
        state.flag = state.game.geometry.flag_home
    else:
        state.respawn = state.turn + 1
