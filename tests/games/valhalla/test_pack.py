"""The level pack: every level loads, and its solver summary is the one checked in here."""

import pytest

from workbench.games.valhalla.baseline import baseline_outcomes, baseline_star_sets
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.pack import load_pack, pack_table
from workbench.games.valhalla.search import StateSpace
from workbench.games.valhalla.solver import solve

PACK = load_pack()

#: name: (winnable, max stars, fewest lines, winning kill orders, star sets proven)
EXPECTED = {
    "First blood": (True, 3, 1, 1, 2),
    "The long way": (True, 2, 1, 1, 2),
    "Not the last one": (True, 2, 2, 1, 1),
    "To Valhalla": (True, 2, 1, 1, 2),
    "Chariot ride": (True, 2, 1, 1, 2),
    "Trickster's cunning": (True, 2, 2, 1, 1),
    "Loki's trickery": (True, 3, 1, 1, 2),
    "Biorn's curse": (True, 3, 1, 32, 8),
    "Shieldwall": (True, 3, 1, 12, 6),
    "Crossroads": (True, 2, 1, 88, 6),
    "The mire": (True, 3, 1, 624, 8),  # 3 stars in one line, found by guided_line
    "Ravens' hill": (True, 3, 1, 726, 8),
    "Longship": (True, 3, 1, 728, 6),
    "Hall of heroes": (True, 3, 1, 47919, 8),
}


def test_pack_has_at_least_twelve_levels_in_order():
    assert [level.name for level in PACK] == list(EXPECTED)
    assert len({level.name for level in PACK}) >= 12


@pytest.mark.parametrize("level", PACK, ids=lambda level: level.name)
def test_solver_summary(level):
    result = solve(level)
    found = (result.winnable, result.max_stars, result.fewest_lines, result.kill_orders,
             len(result.star_sets))  # fmt: skip
    assert found == EXPECTED[level.name]
    game = ValhallaCalling(level)
    outcome = game.replay(result.solution, final_strike=result.final_strike)
    assert game.stars(outcome, one_line=len(result.solution) == 1) == result.best


@pytest.mark.parametrize("level", PACK[:9], ids=lambda level: level.name)
def test_small_pack_levels_against_the_single_step_bfs(level):
    game = ValhallaCalling(level)
    outcomes = baseline_outcomes(game)
    assert {o for o in outcomes if o.won} == {o for o in StateSpace(game).outcomes if o.won}
    result = solve(level, line_budget=10**6)
    assert set(result.star_sets) == baseline_star_sets(game)


def test_pack_table_has_a_row_per_level():
    table = pack_table(PACK[:3])
    assert table["level"].tolist() == ["First blood", "The long way", "Not the last one"]
    assert {"winnable", "max_stars", "fewest_lines", "kill_orders", "grade"} <= set(table)
