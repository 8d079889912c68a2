"""Winning kill orders from the group automaton against the single-step BFS over fight orders."""

import pytest

from workbench.games.valhalla.baseline import baseline_kill_orders
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.kill_orders import count_kill_orders
from workbench.games.valhalla.search import StateSpace

from .conftest import micro, small_levels


@pytest.mark.parametrize("seed", range(2))
def test_counts_equal_the_orders_the_bfs_finds(seed):
    several = 0
    for level, rules in small_levels(40, seed=600 + seed, max_side=4, max_enemies=4):
        game = ValhallaCalling(level, rules)
        expected = len(baseline_kill_orders(game))
        assert count_kill_orders(StateSpace(game)) == expected, (level.to_dict(), rules.to_dict())
        several += expected > 1
    assert several > 5


def test_a_spent_budget_says_none():
    # An enemy either side: best one, then weaken on the way and fall to the other.
    level = micro(["ASB"], health=3, attack=9, ability="to_valhalla",
                  enemies={"A": (3, 2), "B": (3, 2)})  # fmt: skip
    space = StateSpace(ValhallaCalling(level))
    assert count_kill_orders(space) == len(baseline_kill_orders(ValhallaCalling(level))) == 2
    assert count_kill_orders(space, budget=1) is None
