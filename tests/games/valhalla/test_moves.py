"""Moves of packed states against walks played step by step by the engine."""

import networkx as nx
import numpy as np
import pytest

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.engine import Outcome, Situation, ValhallaCalling
from workbench.games.valhalla.level import level_graph
from workbench.games.valhalla.moves import PASSING, outcome_class, walk_lengths
from workbench.games.valhalla.search import StateSpace

from .conftest import small_levels


@pytest.mark.parametrize("shortest", range(1, 5))
def test_walk_lengths_match_brute_force_walks(shortest):
    # On an open 5x5 grid: every length of walk from the centre to a cell that far away.
    rows, cols = 5, 5
    start, goal = (2, 2), (2, 2 + shortest) if shortest <= 2 else (2 - (shortest - 2), 4)
    counts = np.zeros((rows, cols), dtype=bool)
    counts[start] = True
    lengths = []
    for d in range(1, 10):
        nxt = np.zeros_like(counts)
        for r, c in zip(*np.nonzero(counts), strict=True):
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    nxt[r + dr, c + dc] = True
        counts = nxt
        if counts[goal]:
            lengths.append(d)
    assert lengths == walk_lengths(lengths[0], bounce=True, limit=9)
    assert lengths[0] == shortest


def _walk(graph, origin, cells, goal, steps):
    """A walk of ``steps`` steps from ``origin`` to ``goal`` avoiding ``cells`` (the other
    points of interest still there): the shortest way, after stepping back and forth
    onto an empty neighbour."""
    path = nx.shortest_path(graph.subgraph(set(graph) - cells), origin, goal)
    bounce = (steps - (len(path) - 1)) // 2
    if not bounce:
        return path[1:]
    empty = next(c for c in graph[origin] if c not in cells and c != goal)
    return [empty, origin] * bounce + path[1:]


def _situation(maker, code, health):
    """The engine situation a packed state code stands for, with this Health."""
    get = maker.layout.get
    left = get(code, "left")
    fields = {f: get(code, f) for f in ("attack", "mjolnir", "shield", "loki", "chariot")}
    cell = maker.cells[get(code, "pos")]
    return Situation(cell, health, enemies=left & maker.enemy_mask, items=left >> maker.n, **fields)


@pytest.mark.parametrize("chunk", range(2))
def test_every_move_is_a_walk_the_engine_agrees_with(chunk):
    # States of every layer, each with every Health: the moves' targets, lengths and
    # results are those of real walks stepped through by the engine.
    checked = 0
    for level, rules in small_levels(30, seed=700 + chunk, max_side=4):
        game = ValhallaCalling(level, rules)
        space = StateSpace(game, prune=False)
        maker, graph, top = space.maker, level_graph(level), level.hero.health
        every = bitsets.from_ints([(1 << (top + 1)) - 2], words=maker.words)  # Health 1..top
        for layer in space.layers:
            for code in layer.codes[:4].tolist():
                start = _situation(maker, code, top)
                left = start.enemies | start.items << maker.n
                there = {maker.cells[p] for p in range(maker.n + maker.m) if left >> p & 1}
                moves = maker.expand(np.array([code]), every, maker.origins(np.array([code])))
                for target, steps, child, after, cunning in zip(
                    moves.target.tolist(), moves.steps.tolist(), moves.child.tolist(),
                    moves.after, moves.cunning.tolist(), strict=True,
                ):  # fmt: skip
                    goal = maker.cells[target]
                    walk = _walk(graph, start.cell, there - {goal}, goal, steps)
                    assert len(walk) == steps
                    ends = set()
                    for health in range(1, top + 1):
                        s = start._replace(health=health)
                        for cell in walk:
                            s = game.step(s, cell, final_strike=False, cunning=bool(cunning))
                        if s == game.cleared():  # bested the last enemy standing
                            ends.add("cleared")
                        elif not isinstance(s, Outcome):
                            ends.add(s.health)
                            assert _situation(maker, child, s.health) == s
                    found = bitsets.to_int(after)
                    if child & maker.enemy_mask:
                        assert ends == {h for h in range(top + 1) if found >> h & 1}
                    else:
                        assert ends == ({"cleared"} if found else set())
                    checked += 1
    assert checked > 300  # a fall that wins from no Health is no move (moves.MoveMaker.expand)


def test_star_classes_number_the_stars_of_a_win(duel):
    game = ValhallaCalling(duel)
    won = game.replay([[(0, 0), (0, 1), (0, 2)]], final_strike=True)
    assert game.stars(won, one_line=False) == ("strong_killer",)
    assert outcome_class(game, won) == 2
    assert outcome_class(game, Outcome(True, 0, 0, False)) == 1  # all but one of one


def test_moves_are_the_same_whatever_room_the_first_guess_gives():
    # Too little room: the move arrays grow and the batch resumes where it stopped; the
    # tables filled by a first maker: no case is missed. Both give the same moves.
    for level, rules in small_levels(20, seed=900, max_side=5):
        game = ValhallaCalling(level, rules)
        space = StateSpace(game)
        layer = max(space.layers, key=lambda layer: len(layer.codes))
        codes, healths = layer.codes, layer.live
        space.maker._moves_per_state = 1000.0  # room for every move at once
        expected = space.maker.expand(codes, healths, space.maker.origins(codes))
        cramped = StateSpace(game).maker
        cramped._moves_per_state = 0.0  # room for 64 moves at first
        found = cramped.expand(codes, healths, cramped.origins(codes))
        for mine, theirs in zip(found, expected, strict=True):
            assert np.array_equal(mine, theirs)


def test_the_next_expand_writes_over_the_passing_columns_until_the_maker_lets_go():
    # The search reads a layer's parents, children and Healths after before it asks for the
    # next layer's moves: they lie in arrays kept for the next call, not in fresh memory.
    level, rules = next(iter(small_levels(1, seed=901, max_side=5)))
    space = StateSpace(ValhallaCalling(level, rules))
    maker, layer = space.maker, max(space.layers, key=lambda layer: len(layer.codes))
    codes, healths, origins = layer.codes, layer.live, maker.origins(layer.codes)
    first = maker.expand(codes, healths, origins)
    kept = [column.copy() for column in first]
    second = maker.expand(codes[::-1].copy(), healths[::-1].copy(), origins[::-1].copy())
    for name in PASSING:
        assert np.shares_memory(getattr(first, name), getattr(second, name))
    assert not np.shares_memory(first.target, second.target)  # what the search keeps
    maker.let_go()
    third = maker.expand(codes, healths, origins)
    assert not np.shares_memory(third.child, second.child)
    for mine, theirs in zip(third, kept, strict=True):
        assert np.array_equal(mine, theirs)
