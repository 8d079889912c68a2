"""solve() against the single-step brute force on many random tiny levels.

The levels are drawn like a new user would try them: 2x2 to 4x2 grids, 1-3
enemies (Attack 0 allowed), 0-2 items of every kind, every ability, every rules
variant of the conftest in turn. Each answer is compared with the plain
breadth-first searches of :mod:`~workbench.games.valhalla.baseline` (winnable,
every star set, the fewest lines, the winning kill orders), and the witness of
every star set is replayed by the engine and must earn exactly that set.
A few hundred levels run with the unit tests, a thousand more are marked slow; for
thousands run ``python -m tests.games.valhalla.test_differential LEVELS SEED``.
"""

import numpy as np
import pytest

from workbench.games.valhalla.baseline import (
    baseline_fewest_lines,
    baseline_kill_orders,
    baseline_star_sets,
)
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.level import ABILITIES, ITEM_KINDS, TIMED_ITEMS, Level
from workbench.games.valhalla.rules import Rules
from workbench.games.valhalla.solver import solve

from .conftest import VARIANTS, micro

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)]


def tiny_level(rng: np.random.Generator, name: str) -> Level:
    """A random tiny level (see the module docstring)."""
    width, height = SHAPES[int(rng.integers(len(SHAPES)))]
    cells = [(r, c) for r in range(height) for c in range(width)]
    spots = [cells[k] for k in rng.permutation(len(cells))]
    n = int(rng.integers(1, 4))
    m = int(rng.integers(0, min(2, len(cells) - 1 - n) + 1))
    enemies = [{"at": list(spots[1 + k]), "attack": int(rng.integers(0, 6)),
                "health": int(rng.integers(1, 8))} for k in range(n)]  # fmt: skip
    items = []
    for k in range(m):
        kind = ITEM_KINDS[int(rng.integers(len(ITEM_KINDS)))]
        item = {"at": list(spots[1 + n + k]), "kind": kind}
        if kind in TIMED_ITEMS:
            item["turns"] = int(rng.integers(1, 4))
        items.append(item)
    hero = {"health": int(rng.integers(1, 10)), "attack": int(rng.integers(1, 6)),
            "ability": ABILITIES[int(rng.integers(len(ABILITIES)))]}  # fmt: skip
    return Level.from_dict({"name": name, "width": width, "height": height,
                            "start": list(spots[0]), "hero": hero, "enemies": enemies,
                            "items": items})  # fmt: skip


def check_against_brute_force(level: Level, rules: Rules) -> None:
    game = ValhallaCalling(level, rules)
    result = solve(level, rules, line_budget=10**7, random_walks=1)
    where = (level.to_dict(), rules.to_dict())
    sets = baseline_star_sets(game)
    assert not result.unknown_star_sets, where
    assert result.winnable == bool(sets), where
    assert set(result.star_sets) == sets, where
    assert result.fewest_lines == baseline_fewest_lines(game), where
    assert result.fewest_lines_exact, where
    assert result.kill_orders == len(baseline_kill_orders(game)), where
    assert set(result.witnesses) == sets, where
    for stars, play in result.witnesses.items():
        outcome = game.replay(play.lines, final_strike=play.final_strike, cunning=play.cunning)
        assert game.stars(outcome, one_line=len(play.lines) == 1) == stars, (where, play)


def check_many(count: int, seed: int) -> None:
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    for k in range(count):
        level = tiny_level(rng, f"tiny {k}")
        check_against_brute_force(level, Rules.from_dict(VARIANTS[k % len(VARIANTS)]))


@pytest.mark.parametrize("chunk", range(4))
def test_solve_agrees_with_the_brute_force_on_tiny_levels(chunk):
    check_many(75, seed=1500 + chunk)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_solve_agrees_with_the_brute_force_on_a_thousand_tiny_levels(chunk):
    check_many(250, seed=2500 + chunk)


def test_a_detour_that_changes_nothing_still_makes_a_two_line_win():
    # Issue 15: the only winning move is one step; the search merged the step out
    # and back (Attack already at its floor) with it, so "two lines" was lost.
    level = micro(["...", "E..", "S.."], health=6, attack=1, ability="to_valhalla",
                  enemies={"E": (1, 7)})  # fmt: skip
    check_against_brute_force(level, Rules())
    assert ("strong_killer",) in solve(level).star_sets


def test_attack_below_the_floor_is_raised_at_the_start_and_by_the_potion():
    # Issue 15: the engine let a potion restore Attack below the floor while the
    # search raised it, so the one-line trail search pruned a winning line.
    level = Level.from_dict({
        "name": "floor", "width": 4, "height": 2, "start": [1, 2],
        "hero": {"health": 2, "attack": 1, "ability": "to_valhalla"},
        "enemies": [{"at": [0, 0], "attack": 0, "health": 6},
                    {"at": [1, 0], "attack": 5, "health": 5}],
        "items": [{"at": [0, 1], "kind": "potion_of_vitality"}]})  # fmt: skip
    rules = Rules.from_dict({"attack_floor": 2, "all_but_one": "at_least", "win_share": "1/3"})
    game = ValhallaCalling(level, rules)
    assert game.start().attack == 2
    assert game.replay([[(1, 2), (0, 2), (0, 1)]]).attack == 2
    check_against_brute_force(level, rules)


def test_tricksters_cunning_as_a_choice_is_explored_both_ways():
    # Health 1: whoever has the lower Attack striking first means falling at the first
    # fight, bested none. Choosing not to use the ability against A wins.
    level = micro(["SAB"], health=1, attack=9, ability="tricksters_cunning",
                  enemies={"A": (1, 1), "B": (1, 9)})  # fmt: skip
    assert not solve(level).winnable
    choice = Rules(trickster_cunning="choice")
    result = solve(level, choice)
    assert result.winnable and result.cunning[0] is False
    game = ValhallaCalling(level, choice)
    assert game.replay(result.solution, final_strike=result.final_strike,
                       cunning=result.cunning).won  # fmt: skip
    assert not game.replay([[(0, 0), (0, 1)]], cunning=[True]).won  # fell at once
    check_against_brute_force(level, choice)


if __name__ == "__main__":
    import sys

    levels, seed = (int(a) for a in sys.argv[1:3])
    check_many(levels, seed=seed)
    print(f"{levels} tiny levels (seed {seed}): solve() agrees with the brute force on all")
