"""Winning kill orders from the group automaton against the single-step BFS over fight orders
and against the same automaton built with plain Python dictionaries over the search's own
states (no count graph, no representatives, no chunks)."""

import functools

import numpy as np
import pytest

from workbench.games.valhalla import bitsets, kill_orders
from workbench.games.valhalla.baseline import baseline_kill_orders
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.generator import hard_level
from workbench.games.valhalla.kill_orders import count_kill_orders
from workbench.games.valhalla.search import StateSpace

from .conftest import micro, small_levels


@pytest.mark.parametrize("seed", range(2))
def test_counts_equal_the_orders_the_bfs_finds(seed):
    several = 0
    for level, rules in small_levels(40, seed=600 + seed, max_side=4, max_enemies=4):
        game = ValhallaCalling(level, rules)
        expected = len(baseline_kill_orders(game))
        space = StateSpace(game)
        assert count_kill_orders(space) == expected, (level.to_dict(), rules.to_dict())
        space.forget_walks()  # as solve() does before counting
        assert count_kill_orders(space) == expected, (level.to_dict(), rules.to_dict())
        several += expected > 1
    assert several > 5


def test_a_count_that_spends_the_search_counts_alike_and_leaves_it_empty():
    levels = small_levels(10, seed=610, max_side=4, max_enemies=4)
    for level, rules in [*levels, (hard_level(27), None)]:
        kept, spent = (StateSpace(ValhallaCalling(level, rules)) for _ in range(2))
        assert count_kill_orders(spent, spend=True) == count_kill_orders(kept)
        assert spent.spent and not spent.layers and not spent.wins and kept.layers


def test_a_spent_budget_says_none():
    # An enemy either side: best one, then weaken on the way and fall to the other.
    level = micro(["ASB"], health=3, attack=9, ability="to_valhalla",
                  enemies={"A": (3, 2), "B": (3, 2)})  # fmt: skip
    space = StateSpace(ValhallaCalling(level))
    assert count_kill_orders(space) == len(baseline_kill_orders(ValhallaCalling(level))) == 2
    assert count_kill_orders(space, budget=1) is None


def _orders_by_dictionaries(space: StateSpace) -> int:
    """The same count by plain Python: groups as dictionaries ``(layer, state) -> Healths``
    (ints), followed state by state, equal groups counted once by memory."""
    words = space.maker.words
    winnable = [[bitsets.to_int(np.bitwise_or.reduce(w, axis=0)) for w in wins]
                for wins in space.wins]  # fmt: skip
    fights = space.maker.fights
    survives, falls, strikes = (
        [bitsets.to_int(row) for row in fights.column(name, words=words)]
        for name in ("survives", "falls", "strikes")
    )
    damage = fights.column("damage").tolist()
    classes = space.maker.fall_classes

    def winning_falls(edges, e: int, fight: int) -> int:
        kills, enemy, attack = int(edges.kills[e]), int(edges.target[e]), int(edges.attack[e])
        return (falls[fight] if classes[kills, enemy, attack] >= 0 else 0) | (
            strikes[fight] if classes[kills + 1, enemy, attack] >= 0 else 0
        )

    def follow(group: dict) -> tuple[set, dict]:
        fatal, after = set(), {}
        pending = dict(group)
        while pending:
            (k, r) = min(pending)
            healths = pending.pop((k, r))
            layer = space.layers[k]
            for e in range(layer.first_edge[r], layer.first_edge[r + 1]):
                c, fight = int(layer.edges.child[e]), int(layer.edges.event[e])
                if fight >= 0 and healths & winning_falls(layer.edges, e, fight):
                    fatal.add(int(layer.edges.target[e]))
                if c < 0:
                    continue
                if fight < 0:
                    kept = healths & winnable[k + 1][c]
                    if kept:
                        pending[k + 1, c] = pending.get((k + 1, c), 0) | kept
                    continue
                kept = (healths & survives[fight]) >> damage[fight] & winnable[k + 1][c]
                if kept:
                    child = after.setdefault(int(layer.edges.target[e]), {})
                    child[k + 1, c] = child.get((k + 1, c), 0) | kept
        return fatal, after

    @functools.cache
    def orders(group: frozenset) -> int:
        fatal, after = follow(dict(group))
        return len(fatal) + sum(orders(frozenset(child.items())) for child in after.values())

    health = space.start.health
    return orders(frozenset({(0, 0): 1 << health}.items())) if winnable[0][0] >> health & 1 else 0


def test_counts_equal_plain_python_groups_on_a_hard_level_where_pickups_meet():
    # Seed 27 of the benchmark's hard ladder: plays that pick up different items reach
    # one state with different Healths, which must be united (4,560 orders, not 3,840).
    space = StateSpace(ValhallaCalling(hard_level(27)))
    assert count_kill_orders(space) == _orders_by_dictionaries(space) == 4560


@pytest.mark.parametrize("seed", range(2))
def test_counts_equal_plain_python_groups_on_small_levels(seed):
    for level, rules in small_levels(15, seed=700 + seed, max_side=4, max_enemies=4):
        space = StateSpace(ValhallaCalling(level, rules))
        assert count_kill_orders(space) == _orders_by_dictionaries(space), level.to_dict()


def test_counts_in_python_ints_equal_those_in_int64(monkeypatch):
    # Past 20 enemies the totals are Python ints; the same sums as in int64 below that.
    levels = small_levels(30, seed=640, max_side=4, max_enemies=4)
    spaces = [StateSpace(ValhallaCalling(level, rules)) for level, rules in levels]
    in_int64 = [count_kill_orders(space) for space in spaces]
    monkeypatch.setattr(kill_orders, "_exact_type", lambda enemies: object)
    assert [count_kill_orders(space) for space in spaces] == in_int64
    assert sum(count > 1 for count in in_int64) > 3
    assert all(type(count) is int for count in in_int64)


def test_counts_with_healths_past_one_word_equal_the_bfs():
    # Healths above 63 take two words: the masks of a chunk are per Health, the records
    # and children two words a row.
    several = 0
    for level, rules in small_levels(30, seed=740, max_side=4, max_enemies=3):
        hero = level.hero.__class__(level.hero.health + 64, level.hero.attack, level.hero.ability)
        enemies = [e.__class__(e.at, e.attack + 40, e.health) for e in level.enemies]
        level = level.replace(hero=hero, enemies=enemies)
        game = ValhallaCalling(level, rules)
        space = StateSpace(game)
        assert space.maker.words == 2
        assert count_kill_orders(space) == len(baseline_kill_orders(game)), level.to_dict()
        several += count_kill_orders(space) > 1
    assert several > 3
