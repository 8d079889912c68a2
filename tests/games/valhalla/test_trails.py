"""The budgeted trail search against the single-step BFS that tracks the line's edges."""

import itertools

import pytest

from workbench.games.valhalla.baseline import baseline_fewest_lines, baseline_star_sets
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.generator import hard_level
from workbench.games.valhalla.moves import outcome_class
from workbench.games.valhalla.search import StateSpace
from workbench.games.valhalla.trails import _trails, guided_line, search_lines

from .conftest import micro, small_levels


def _class(stars):
    return ("all_but_one" in stars) + 2 * ("strong_killer" in stars)


@pytest.mark.parametrize("chunk", range(2))
def test_one_line_wins_are_exactly_those_the_bfs_finds(chunk):
    found_some = 0
    for level, rules in small_levels(40, seed=1000 + chunk, max_side=3, max_enemies=3):
        game = ValhallaCalling(level, rules)
        one = search_lines(StateSpace(game), targets=0b1111, max_lines=1, budget=10**7)
        expected = {_class(s) for s in baseline_star_sets(game) if "one_line" in s}
        assert {c for c in range(4) if one.status[1 << c] == "found"} == expected, level.to_dict()
        assert "unknown" not in one.status.values()
        for c in expected:
            (line,) = one.lines[1 << c]
            outcome = game.replay([line], final_strike=one.final_strike[1 << c],
                                  cunning=one.cunning[1 << c])  # fmt: skip
            assert outcome.won and outcome_class(game, outcome) == c
        found_some += bool(expected)
    assert found_some > 5


def test_fewest_lines_is_the_first_line_count_that_finds_a_win():
    for level, rules in small_levels(30, seed=1100, max_side=3, max_enemies=3):
        game = ValhallaCalling(level, rules)
        space = StateSpace(game)
        wanted = space.classes(space.start)
        fewest = next(
            (
                count
                for count in range(1, 6)
                if "found" in search_lines(space, targets=wanted, max_lines=count).status.values()
            ),
            None,
        )
        assert fewest == baseline_fewest_lines(game), level.to_dict()


def test_a_spent_budget_says_unknown_and_stop_at_first_stops():
    level = micro(["S....", ".....", "..A..", ".....", "....B"], health=3, attack=9,
                  enemies={"A": (1, 1), "B": (4, 4)})  # fmt: skip
    space = StateSpace(ValhallaCalling(level))
    full = search_lines(space, targets=0b1111, max_lines=1, budget=10**6)
    starved = search_lines(space, targets=0b1111, max_lines=1, budget=1)
    assert "unknown" in starved.status.values()
    for bit, status in starved.status.items():
        assert status == full.status[bit] or status == "unknown"
    first = search_lines(space, targets=0b1111, max_lines=1, stop_at_first=True)
    assert list(first.status.values()).count("found") == 1


def test_the_guided_search_finds_only_one_line_wins_the_bfs_finds():
    found = missed = 0
    for level, rules in small_levels(60, seed=1200, max_side=3, max_enemies=3):
        game = ValhallaCalling(level, rules)
        space = StateSpace(game)
        expected = {_class(s) for s in baseline_star_sets(game) if "one_line" in s}
        for c in range(4):
            play = guided_line(space, target=c)
            if play is None:
                missed += c in expected and rules.line_rule == "no_edge_twice"
                continue
            assert rules.line_rule == "no_edge_twice" and c in expected, level.to_dict()
            line, strike, cunning = play
            outcome = game.replay([line], final_strike=strike, cunning=cunning)
            assert outcome.won and outcome_class(game, outcome) == c
            found += 1
    assert found > 10 and missed == 0  # it finds every one on levels this small


def test_rounds_of_one_trail_a_move_find_the_one_line_win_of_a_big_level():
    game = ValhallaCalling(hard_level(1))  # of the benchmark's hard ladder
    space = StateSpace(game)
    assert search_lines(space, targets=1, max_lines=1).status[1] == "unknown"
    # Every trail of each move in turn (the last round alone) spends the budget on the
    # first moves' other trails; one trail a move finds a line.
    assert guided_line(space, target=0, rounds=0) is None
    line, strike, cunning = guided_line(space, target=0, rounds=1)
    outcome = game.replay([line], final_strike=strike, cunning=cunning)
    assert outcome.won and outcome_class(game, outcome) == 0


def test_trails_come_shortest_first_and_each_is_a_trail_of_an_allowed_length():
    game = ValhallaCalling(hard_level(27))
    start, goal = (9, 7), (7, 7)
    trails = list(_trails(game, start, goal, {2, 4, 6}, set(), frozenset(), [20_000]))
    lengths = [len(path) - 1 for path, _ in trails]
    assert lengths[0] == 2 and lengths == sorted(lengths) and set(lengths) == {2, 4, 6}
    for path, taken in trails:
        steps = [frozenset(step) for step in itertools.pairwise(path)]
        assert path[0] == start and path[-1] == goal and len(set(steps)) == len(steps)
        assert taken == set(steps)


@pytest.mark.parametrize(("seed", "target"), [(27, 0), (65, 0), (62, 2)])
def test_guided_rounds_find_the_one_line_wins_longer_trails_and_one_neighbour_order_missed(
    seed, target
):
    # Hard-ladder levels whose one-line star stayed unknown when each move was drawn as
    # its first trail of any allowed length, neighbours always in the grid's order.
    game = ValhallaCalling(hard_level(seed))
    line, strike, cunning = guided_line(StateSpace(game), target=target)
    outcome = game.replay([line], final_strike=strike, cunning=cunning)
    assert outcome.won and outcome_class(game, outcome) == target
