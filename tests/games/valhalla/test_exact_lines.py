"""The exact one-line decision against the single-step BFS and the plain trail search."""

from pathlib import Path

import pytest

from workbench.games.valhalla.baseline import baseline_star_sets
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.exact_lines import _Loosened, one_line_wins
from workbench.games.valhalla.level import Level, load_level
from workbench.games.valhalla.moves import outcome_class
from workbench.games.valhalla.rules import Rules
from workbench.games.valhalla.search import StateSpace
from workbench.games.valhalla.trails import search_lines

from .conftest import micro, small_levels

LEVELS = Path(__file__).parents[3] / "data" / "valhalla_calling" / "levels"


def _class(stars):
    return ("all_but_one" in stars) + 2 * ("strong_killer" in stars)


def _check_found(game, one, expected):
    assert {c for c in range(4) if one.status[1 << c] == "found"} == expected, game.level.to_dict()
    assert "unknown" not in one.status.values()
    for c in expected:
        outcome = game.replay(one.lines[1 << c], final_strike=one.final_strike[1 << c],
                              cunning=one.cunning[1 << c])  # fmt: skip
        assert outcome.won and outcome_class(game, outcome) == c


@pytest.mark.parametrize("chunk", range(3))
def test_one_line_wins_are_exactly_those_the_bfs_finds(chunk):
    refined = 0
    for level, rules in small_levels(48, seed=1300 + chunk, max_side=4, max_enemies=3):
        if rules.line_rule != "no_edge_twice":
            continue
        game = ValhallaCalling(level, rules)
        space = StateSpace(game)
        one = one_line_wins(space, targets=0b1111, budget=10**9)
        _check_found(game, one, {_class(s) for s in baseline_star_sets(game) if "one_line" in s})
        free = space.classes(space.start)
        refined += any(one.status[1 << c] == "none" for c in range(4) if free >> c & 1)
    assert refined >= 3  # levels the free walk wins in a class that one line cannot


@pytest.mark.parametrize("name", sorted(p.name for p in LEVELS.glob("*.json"))[:10])
def test_the_shipped_levels_agree_with_the_plain_trail_search(name):
    game = ValhallaCalling(load_level(LEVELS / name))
    space = StateSpace(game)
    plain = search_lines(space, targets=0b1111, max_lines=1, budget=10**6)
    assert "unknown" not in plain.status.values()
    expected = {c for c in range(4) if plain.status[1 << c] == "found"}
    _check_found(game, one_line_wins(space, targets=0b1111, budget=10**9), expected)


def test_a_pocket_is_ruled_out_by_tracking_its_edge():
    level = micro(["A.S.B"], health=1, attack=1,
                  enemies={"A": (1, 1), "B": (5, 9)})  # fmt: skip
    space = StateSpace(ValhallaCalling(level))
    assert space.classes(space.start) == 1 << 3  # a free walk wins: left, back, right
    loosened = _Loosened(space, 3)
    plan = loosened.search()
    assert [step.walk for step in plan] == [
        [(0, 2), (0, 1), (0, 0)],
        [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    ]
    loosened.tracked[(0, 0), (0, 1)] = 0
    assert loosened.search() is None
    assert one_line_wins(space, targets=0b1111).status == {b: "none" for b in (1, 2, 4, 8)}


def test_a_length_stands_for_longer_walks_only_where_they_have_its_effect():
    # The search keeps no fall that wins nothing: here the longest walks to the enemy
    # (Attack worn to the floor) fall and lose, so the shortest one kept is not the longest
    # of its target. Taken for every longer walk, it drew a line that lost.
    level = Level.from_dict({
        "name": "worn", "width": 4, "height": 4, "start": [0, 3],
        "hero": {"health": 4, "attack": 8, "ability": "to_valhalla"},
        "enemies": [{"at": [1, 3], "attack": 7, "health": 2}], "walls": [[1, 2], [2, 1]],
    })  # fmt: skip
    game = ValhallaCalling(level, Rules(attack_loss="after_content"))
    expected = {_class(s) for s in baseline_star_sets(game) if "one_line" in s}
    _check_found(game, one_line_wins(StateSpace(game), targets=0b1111), expected)


def test_a_spent_budget_says_unknown():
    level = load_level(LEVELS / "10_crossroads.json")
    space = StateSpace(ValhallaCalling(level))
    full = one_line_wins(space, targets=0b1111, budget=10**9)
    starved = one_line_wins(space, targets=0b1111, budget=5)
    assert "unknown" in starved.status.values()
    for bit, status in starved.status.items():
        assert status in (full.status[bit], "unknown")


def _least(masks):
    return {m for m in masks if not any(o != m and o & m == o for o in masks)}


def _by_place(found):
    places = {}
    for poi, steps, mask in found:
        places.setdefault((poi, steps), set()).add(mask)
    return {place: _least(masks) for place, masks in places.items()}


def _every_walk(game, tracked, poi, cell, mask, cap, steps=0, found=None):
    """(point of interest, steps saturated at ``cap``, tracked edges used) of every walk
    up to ``cap + 1`` steps, each tracked edge at most once (no pruning)."""
    found = set() if found is None else found
    for nxt in game.neighbours(cell):
        bit = tracked.get(tuple(sorted((cell, nxt))))
        if bit is not None and mask >> bit & 1:
            continue
        after = mask | (0 if bit is None else 1 << bit)
        if nxt in poi:
            found.add((poi[nxt], min(steps + 1, cap), after))
        elif steps + 1 < cap + 2:
            _every_walk(game, tracked, poi, nxt, after, cap, steps + 1, found)
    return found


def test_the_walk_table_keeps_the_least_tracked_edges_of_every_walk():
    checked = 0
    for k, (level, rules) in enumerate(small_levels(40, seed=1400, max_side=3, max_enemies=3)):
        game = ValhallaCalling(level, rules)
        space = StateSpace(game)
        edges = sorted({tuple(sorted(e)) for e in game.graph.edges()})
        loosened = _Loosened(space, 0)
        loosened.tracked = {e: bit for bit, e in enumerate(edges[k % 3 :: 2])}
        start, left, cap, used = level.start, (1 << (space.n + space.m)) - 1, 5, 1 << (k % 2)
        poi = {space.cells[p]: p for p in range(space.n + space.m)}
        expected = _every_walk(game, loosened.tracked, poi, start, used, cap)
        found = loosened._table(start, left, used, cap)
        assert _by_place(found) == _by_place(expected), level.to_dict()
        checked += len(expected)
    assert checked > 100
