"""Choosing a plan's trails together: its compiled parts against plain Python, its
lines against the single-step BFS."""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.valhalla.baseline import baseline_star_sets
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.generator import hard_level
from workbench.games.valhalla.joint_lines import (
    _Board,
    choose_jointly,
    crossed_out,
    joint_line,
    push_move,
)
from workbench.games.valhalla.level import Level
from workbench.games.valhalla.moves import outcome_class
from workbench.games.valhalla.search import StateSpace
from workbench.games.valhalla.trails import _trails

from .conftest import small_levels


def _class(stars):
    return ("all_but_one" in stars) + 2 * ("strong_killer" in stars)


def test_the_trails_found_are_those_the_plain_search_draws():
    rng = np.random.default_rng(5)
    compared = 0
    for level, rules in small_levels(30, seed=77, max_side=4):
        game = ValhallaCalling(level, rules)
        board = _Board(game)
        for _ in range(6):
            start, goal = (board.fields[int(i)] for i in rng.choice(len(board.fields), 2, False))
            blocked = frozenset(c for c in board.fields if c not in (start, goal)
                                and rng.random() < 0.2)  # fmt: skip
            length = int(rng.integers(1, 9))
            key = start, goal, length, blocked
            masks = board.trails(key, 10_000)
            paths = [board.trail(key, 10_000, t) for t in range(len(masks))]
            ours = {tuple(path) for path in paths}
            drawn = _trails(game, start, goal, {length}, blocked, frozenset(), [10**9])
            plain = {tuple(path) for path, _ in drawn}
            assert ours == plain, (level.to_dict(), start, goal, length, sorted(blocked))
            for mask, path in zip(masks, paths, strict=True):  # the bitset holds its edges
                fields = [board.index[cell] for cell in path]
                edges = {board.edge_ids[a, list(board.neighbours[a]).index(b)]
                         for a, b in itertools.pairwise(fields)}  # fmt: skip
                assert {e for e in range(64) if int(mask[0]) >> e & 1} == edges
            compared += len(plain)
    assert compared > 100


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(0, 2**10 - 1), max_size=4), max_size=5),
       st.booleans())  # fmt: skip
def test_a_joint_choice_exists_exactly_when_brute_force_finds_one(trails, two_words):
    # Edges 5-9 of each mask go to a second word when two_words: a crossing there counts.
    split = [[m & 31, m >> 5] if two_words else [m] for move in trails for m in move]
    masks = np.array(split or np.zeros((0, 1 + two_words)), dtype=np.uint64)
    starts = np.cumsum([0] + [len(move) for move in trails]).astype(np.int64)
    rows = np.empty(len(trails), dtype=np.int64)
    found = choose_jointly(masks, starts, 10**9, rows)
    exists = any(
        all(a & b == 0 for a, b in itertools.combinations(pick, 2))
        for pick in itertools.product(*trails)
    )
    assert found == int(exists)
    if exists:
        picked = [int(masks[r, 0]) | int(masks[r, -1]) << 5 * two_words for r in rows]
        assert all(starts[m] <= rows[m] < starts[m + 1] for m in range(len(trails)))
        assert all(a & b == 0 for a, b in itertools.combinations(picked, 2))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.integers(0, 2**6 - 1), min_size=1, max_size=4), min_size=1,
                max_size=5))  # fmt: skip
def test_a_move_crossed_out_leaves_no_joint_choice(trails):
    # The shortcut before choosing again is a proof: whenever it fires, the full search
    # finds no choice; and it fires on the two patterns it reads.
    masks = np.array([[m] for move in trails for m in move], dtype=np.uint64)
    bounds = np.cumsum([0] + [len(move) for move in trails]).astype(np.int64)
    cores = np.array([[np.bitwise_and.reduce(move)] for move in trails], dtype=np.uint64)
    last = len(trails) - 1
    if crossed_out(masks, bounds, cores, last):
        assert choose_jointly(masks, bounds, 10**9, np.empty(len(trails), np.int64)) == 0
    new, earlier = trails[-1], trails[:-1]
    if all(any(t & int(c[0]) for c in cores[:last]) for t in new) or any(
            all(int(cores[last, 0]) & u for u in move) for move in earlier):  # fmt: skip
        assert crossed_out(masks, bounds, cores, last)


def test_a_joint_choice_past_its_limit_says_so():
    masks = np.array([[1], [2]] * 3, dtype=np.uint64)  # three moves over two edges
    starts = np.array([0, 2, 4, 6], dtype=np.int64)
    rows = np.empty(3, dtype=np.int64)
    assert choose_jointly(masks, starts, 10**6, rows) == 0
    assert choose_jointly(masks, starts, 1, rows) == -1


def test_a_move_takes_its_first_free_trail_else_the_plan_chooses_again():
    # Move 0 has edges 1 or 2, move 1 has edge 1 only: the first free trail of move 1
    # crosses move 0's; choosing again gives move 0 edge 2. A third move on edges 1 or 2
    # finds no room at all.
    store, bounds = np.zeros((8, 1), np.uint64), np.zeros(5, np.int64)
    rows, saved, union = np.zeros(4, np.int64), np.zeros((4, 4), np.int64), np.zeros(1, np.uint64)
    cores, none = np.zeros((4, 1), np.uint64), np.zeros(1, np.uint64)
    trails = np.array([[1], [2]], np.uint64)
    assert push_move(store, bounds, cores, 0, trails, none, 10, rows, saved, union) == 1
    assert rows[0] == 0 and union.tolist() == [1]
    assert push_move(store, bounds, cores, 1, trails[:1], union.copy(), 10, rows, saved,
                     union) == 2  # fmt: skip
    assert rows[:2].tolist() == [1, 2] and union.tolist() == [3] and saved[1, 0] == 0
    assert bounds[:3].tolist() == [0, 2, 3] and store[:3, 0].tolist() == [1, 2, 1]
    assert cores[:2, 0].tolist() == [0, 1]  # the edges all of a move's trails use
    assert push_move(store, bounds, cores, 2, trails, union.copy(), 10, rows, saved,
                     union) == 0  # fmt: skip
    # No choice allowed: it says so, unless the cores show there is none.
    wide = np.array([[4], [8]], np.uint64)  # edges 2 or 3: crosses nothing
    assert push_move(store, bounds, cores, 2, wide, np.array([12], np.uint64), 0, rows, saved,
                     union) == -1  # fmt: skip


def test_unbounded_it_finds_exactly_the_one_line_wins_the_bfs_finds():
    found = 0
    for level, rules in small_levels(60, seed=1400, max_side=4, max_enemies=3):
        if rules.line_rule != "no_edge_twice":
            continue
        game = ValhallaCalling(level, rules)
        space = StateSpace(game)
        expected = {_class(s) for s in baseline_star_sets(game) if "one_line" in s}
        free = space.classes(space.start)
        for c in range(4):
            line = joint_line(space, target=c, slack=10**6, budget=10**9, trails=10**6,
                              choices=10**9) if free >> c & 1 else None  # fmt: skip
            assert (line is not None) == (c in expected), (level.to_dict(), rules.to_dict(), c)
            if line is not None:
                outcome = game.replay([line[0]], final_strike=line[1], cunning=line[2])
                assert outcome.won and outcome_class(game, outcome) == c
                found += 1
    assert found > 20


def test_it_finds_the_hard_ladder_line_that_drawing_in_order_misses():
    # guided_line's default rounds draw no one-line win of this class: a trail an early
    # move takes must leave room for a later one.
    space = StateSpace(ValhallaCalling(hard_level(77)))
    strong_killer = 2
    line, strike, cunning = joint_line(space, target=strong_killer)
    outcome = space.game.replay([line], final_strike=strike, cunning=cunning)
    assert outcome.won and outcome_class(space.game, outcome) == strong_killer


def test_choosing_again_finds_what_taking_the_first_free_trails_misses():
    level = Level.from_dict({
        "name": "crossing", "width": 5, "height": 5, "start": [0, 4],
        "hero": {"health": 11, "attack": 7, "ability": "none"},
        "enemies": [{"at": at, "attack": attack, "health": health} for at, attack, health in
                    (([1, 2], 7, 2), ([0, 0], 3, 1), ([4, 1], 3, 3), ([3, 0], 7, 3))],
        "items": [{"at": [2, 2], "kind": "thors_chariot", "turns": 4}],
    })  # fmt: skip
    space = StateSpace(ValhallaCalling(level))
    both = 3  # all but one and strong killer
    line, strike, cunning = joint_line(space, target=both, slack=0)
    outcome = space.game.replay([line], final_strike=strike, cunning=cunning)
    assert outcome.won and outcome_class(space.game, outcome) == both
    assert joint_line(space, target=both, slack=0, choices=0) is None  # never choosing again
