"""solve(): star sets, fewest lines, kill orders and witnesses against the single-step BFS."""

import pytest

from workbench.games.valhalla.baseline import (
    baseline_fewest_lines,
    baseline_kill_orders,
    baseline_star_sets,
)
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.solver import STAGES, solve

from .conftest import micro, small_levels


@pytest.mark.parametrize("chunk", range(3))
def test_solve_agrees_with_the_bfs_with_lines_on_tiny_levels(chunk):
    for level, rules in small_levels(50, seed=300 + chunk, max_side=3, max_enemies=3):
        game = ValhallaCalling(level, rules)
        result = solve(level, rules, line_budget=10**7, random_walks=4)
        where = (level.to_dict(), rules.to_dict())
        assert not result.unknown_star_sets
        assert set(result.star_sets) == baseline_star_sets(game), where
        assert result.fewest_lines == baseline_fewest_lines(game), where
        assert result.fewest_lines_exact
        assert result.kill_orders == len(baseline_kill_orders(game)), where
        if result.winnable:
            outcome = game.replay(result.solution, final_strike=result.final_strike,
                                  cunning=result.cunning)  # fmt: skip
            assert game.stars(outcome, one_line=len(result.solution) == 1) == result.best


CORRIDOR = micro(["S.AB"], health=3, attack=7, enemies={"A": (1, 1), "B": (4, 4)})


def test_one_line_star_needs_a_trail_and_is_proven_impossible_here():
    # Winning needs two more steps in a corridor: a step back and one forth, each
    # along an edge just used, so three lines (the single-step BFS agrees).
    result = solve(CORRIDOR, line_budget=10**6)
    assert result.winnable and result.star_sets == (("all_but_one",),)
    assert result.unknown_star_sets == ()
    assert result.fewest_lines == 3 == baseline_fewest_lines(ValhallaCalling(CORRIDOR))
    assert result.fewest_lines_exact and len(result.solution) == 3


def test_a_spent_budget_says_unknown_never_no():
    level = micro(["S....", ".....", "..A..", ".....", "....B"], health=3, attack=9,
                  enemies={"A": (1, 1), "B": (4, 4)})  # fmt: skip
    generous = solve(level, line_budget=10**6)
    assert ("one_line", "all_but_one") in generous.star_sets
    starved = solve(level, line_budget=1)
    assert ("one_line", "all_but_one") in starved.unknown_star_sets + starved.star_sets
    assert set(starved.star_sets) <= set(generous.star_sets)


def test_what_a_starved_trail_search_leaves_open_the_guided_searches_find():
    """With a trail search of one node, every one-line win comes from ``joint_line`` or
    ``guided_line`` (and is replayed); only sets without one stay unknown, never a wrong
    answer."""
    guided = 0
    for level, rules in small_levels(40, seed=320, max_side=3, max_enemies=3):
        game = ValhallaCalling(level, rules)
        result = solve(level, rules, line_budget=1, random_walks=4)
        expected = baseline_star_sets(game)
        assert set(result.star_sets) <= expected, level.to_dict()
        assert set(result.star_sets) | set(result.unknown_star_sets) >= expected
        for stars, play in result.witnesses.items():
            outcome = game.replay(play.lines, final_strike=play.final_strike, cunning=play.cunning)
            assert game.stars(outcome, one_line=len(play.lines) == 1) == stars
        if rules.line_rule == "no_edge_twice":
            assert {s for s in expected if "one_line" in s} <= set(result.star_sets)
            guided += any("one_line" in s for s in expected)
    assert guided > 5


def test_killing_the_last_enemy_alive_is_not_a_win():
    level = micro(["SAB"], health=9, attack=5, enemies={"A": (1, 1), "B": (1, 1)})
    result = solve(level)
    assert not result.winnable and result.star_sets == () and result.fewest_lines is None
    assert result.kill_orders == 0 and result.solution == []


def test_json_answer_has_exactly_the_issue_keys(duel):
    answer = solve(duel).to_json()
    assert list(answer) == ["winnable", "star_sets", "max_stars", "fewest_lines", "solution",
                            "stats"]  # fmt: skip
    assert answer["star_sets"] == [["one_line", "strong_killer"], ["strong_killer"]]
    assert answer["solution"] == [[[0, 0], [0, 1], [0, 2]]]
    for key in ("states", "mean_branching", "dead_end_ratio", "random_win_share",
                "winning_kill_orders"):  # fmt: skip
        assert key in answer["stats"]


def test_progress_names_each_stage_and_changes_nothing(duel, capsys):
    quiet = solve(duel)
    shown = solve(duel, progress=True)
    err = capsys.readouterr().err
    assert shown.to_json() == quiet.to_json()
    assert f"solving {duel.name}: 0/5, free-walk search" in err and "5/5, done" in err
    for stage in STAGES:
        assert stage in err


def test_star_table_lists_all_eight_combinations(duel):
    table = solve(duel).star_table()
    assert len(table) == 8
    assert table.loc[table["achievable"] == "yes", "stars"].tolist() == [2, 1]
