"""The flag's return when its carrier falls."""

from __future__ import annotations

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.flag import drop_flag
from workbench.games.brawlhalla.rules import Rules


def test_flag_comes_back_next_turn_by_default():
    state = Brawlhalla().position(flag=None, carrier=(7, 5), turn=4).copy()
    drop_flag(state)
    assert (state.flag, state.carrier, state.respawn) == (None, None, 5)


def test_flag_comes_back_at_once_when_told():
    game = Brawlhalla(rules=Rules(flag_respawn="at once"))
    state = game.position(flag=None, carrier=(7, 5), turn=4).copy()
    drop_flag(state)
    assert (state.flag, state.respawn) == (game.geometry.flag_home, None)
