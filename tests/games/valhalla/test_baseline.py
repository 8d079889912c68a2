"""The single-step oracle against hand-worked levels and against every walk, enumerated."""

import numpy as np
import pytest

from workbench.errors import SearchLimitError
from workbench.games.valhalla.baseline import (
    baseline_fewest_lines,
    baseline_kill_orders,
    baseline_outcomes,
    baseline_star_sets,
)
from workbench.games.valhalla.engine import Outcome, ValhallaCalling
from workbench.games.valhalla.generator import random_level
from workbench.games.valhalla.level import ABILITIES
from workbench.games.valhalla.rules import Rules

from .conftest import VARIANTS, micro, small_levels


def every_walk(game, steps):
    """Outcomes of every walk of at most ``steps`` steps, each followed on its own
    (no situation is merged with another: the plain tree of plays)."""
    found = set()

    def go(s, left):
        for cell in game.neighbours(s.cell):
            for result in game.step_results(s, cell):
                if isinstance(result, Outcome):
                    found.add(result)
                elif left > 1:
                    go(result, left - 1)

    go(game.start(), steps)
    return found


def _corridors(count, seed):
    rng = np.random.default_rng(seed)
    for k in range(count):
        width, enemies, items = (int(rng.integers(*span)) for span in ((4, 7), (1, 3), (0, 2)))
        ability = ABILITIES[k % len(ABILITIES)]
        level = random_level(rng, width, 1, enemies=enemies, items=items, ability=ability)
        yield level, Rules.from_dict(VARIANTS[k % len(VARIANTS)])


def test_outcomes_are_those_of_every_walk_on_tiny_boards():
    levels = [*small_levels(20, seed=800, max_side=2, max_enemies=3), *_corridors(24, seed=5)]
    wins = 0
    for level, rules in levels:
        game = ValhallaCalling(level, rules)
        expected = every_walk(game, 16 if level.height > 1 else 14)
        assert baseline_outcomes(game) == expected, (level.to_dict(), rules.to_dict())
        wins += any(o.won for o in expected)
    assert wins > 10


def test_the_duel_by_hand(duel):
    # Two steps leave Attack 1 against an enemy 5/1: the enemy strikes first and the
    # hero falls; To Valhalla's final strike may best it (a win, felled by a strong one).
    game = ValhallaCalling(duel)
    assert baseline_outcomes(game) == {Outcome(False, 0, 0, True), Outcome(True, 1, 0, True)}
    assert baseline_star_sets(game) == {("one_line", "strong_killer"), ("strong_killer",)}
    assert baseline_fewest_lines(game) == 1
    assert baseline_kill_orders(game) == {(0,)}


def test_two_enemies_either_order_wins():
    # Attack 9 bests either enemy first; the other then fells the hero (one of two bested).
    level = micro(["ASB"], health=3, attack=9, ability="to_valhalla",
                  enemies={"A": (3, 2), "B": (3, 2)})  # fmt: skip
    assert baseline_kill_orders(ValhallaCalling(level)) == {(0, 1), (1, 0)}


def test_a_corridor_needs_three_lines():
    # Best A, step back and forth once to lose two Attack, then fall to B: the step
    # back and the step forth each use an edge just used, so each starts a new line.
    level = micro(["S.AB"], health=3, attack=7, enemies={"A": (1, 1), "B": (4, 4)})
    game = ValhallaCalling(level)
    assert baseline_fewest_lines(game) == 3
    assert baseline_star_sets(game) == {("all_but_one",)}


def test_unwinnable_levels_have_no_lines_sets_or_orders():
    level = micro(["SAB"], health=9, attack=5, enemies={"A": (1, 1), "B": (1, 1)})
    game = ValhallaCalling(level)
    assert not any(o.won for o in baseline_outcomes(game))
    assert baseline_fewest_lines(game) is None
    assert baseline_star_sets(game) == set() and baseline_kill_orders(game) == set()


@pytest.mark.parametrize(
    "search", [baseline_outcomes, baseline_star_sets, baseline_fewest_lines, baseline_kill_orders]
)
def test_the_state_limit_stops_every_search(search):
    level = micro(["S....", ".....", "..A..", "....B"], health=9, attack=9,
                  enemies={"A": (1, 1), "B": (4, 4)})  # fmt: skip
    with pytest.raises(SearchLimitError, match="passed 5 states"):
        search(ValhallaCalling(level), limit=5)
