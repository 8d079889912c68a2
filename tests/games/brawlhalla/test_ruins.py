"""Ruin coins: once per ruin, or once per side and ruin."""

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.ruins import capture_ruin
from workbench.games.brawlhalla.rules import Rules

RUIN = (0, 2)


def test_the_first_capture_takes_the_ruin_off_the_map():
    state = Brawlhalla().position().copy()
    capture_ruin(state, 0, RUIN)
    capture_ruin(state, 0, RUIN)
    capture_ruin(state, 1, RUIN)
    assert state.coins == (1, 0) and state.cards_due == (1, 0)


def test_once_per_side_lets_the_other_side_take_it_too():
    state = Brawlhalla(rules=Rules(ruin_capture="once per side")).position().copy()
    capture_ruin(state, 0, RUIN)
    capture_ruin(state, 1, RUIN)
    capture_ruin(state, 1, RUIN)
    assert state.coins == (1, 1)
