"""Groups followed 64 at a time through the count's graph, against the same groups followed
one by one in plain Python over the graph's records."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.valhalla import bitsets, kill_chunks
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.generator import hard_level
from workbench.games.valhalla.kill_chunks import Groups, Room, follow_depth
from workbench.games.valhalla.kill_graph import kill_graph, read_head
from workbench.games.valhalla.kill_orders import count_kill_orders
from workbench.games.valhalla.search import StateSpace

from .conftest import small_levels, wide_healths


def _follow_in_python(graph, entries: dict[int, int]) -> tuple[int, set]:
    """One group (state -> Healths) followed through pickups to its fights: how many
    enemies some play falls against and wins, and its children as sets of (state, Healths)."""
    words = (graph.records.shape[1] - 1) // 2
    fatal, children, pending = set(), {}, dict(entries)
    while pending:
        state = min(pending, key=lambda s: (graph.layer[s], s))
        healths = pending.pop(state)
        for r in range(graph.begin[state], graph.end[state]):
            after, target, damage = read_head(graph.records[r, 0])
            lives = bitsets.to_int(graph.records[r, 1 : 1 + words])
            wins = bitsets.to_int(graph.records[r, 1 + words :])
            if damage < 0:
                pending[after] = pending.get(after, 0) | (healths & lives)
                continue
            if healths & wins:
                fatal.add(target)
            if healths & lives:
                child = children.setdefault(target, {})
                child[after] = child.get(after, 0) | (healths & lives) >> damage
    return len(fatal), {frozenset(child.items()) for child in children.values()}


def _groups(spaces_depth: list[dict[int, int]], words: int) -> Groups:
    starts, rows, healths = [0], [], []
    for group in spaces_depth:
        for state in sorted(group):
            rows.append(state)
            healths.append(group[state])
        starts.append(len(rows))
    return Groups(np.array(starts), np.array(rows, dtype=np.int64),
                  bitsets.from_ints(healths, words=words))  # fmt: skip


@pytest.mark.parametrize("seed", range(3))
def test_a_depth_followed_by_chunks_equals_each_group_followed_alone(seed):
    compared = 0
    for level, rules in small_levels(40, seed=900 + seed, max_side=4, max_enemies=4):
        if seed == 2:  # Healths of more than one word
            level = wide_healths(level)
        graph = kill_graph(StateSpace(ValhallaCalling(level, rules)))
        words = graph.future.shape[1]
        health = level.hero.health
        if not bitsets.to_int(graph.future[0]) >> health & 1:
            continue
        groups = [{0: 1 << health}]
        room = Room(int(graph.layer.max()) + 1, len(level.enemies), health + 1, words)
        while groups:
            depth = follow_depth(graph, _groups(groups, words), np.arange(len(groups)), room)
            found = depth.groups
            child_of = [frozenset((int(found.rows[i]), bitsets.to_int(found.healths[i]))
                                  for i in range(found.starts[c], found.starts[c + 1]))
                        for c in range(len(found.starts) - 1)]  # fmt: skip
            assert len(set(child_of)) == len(child_of)  # each child written once
            links = {(int(p), child_of[c]) for p, c in zip(depth.parents, depth.children,
                                                           strict=True)}  # fmt: skip
            expected, following = set(), []
            for g, group in enumerate(groups):
                fatal, children = _follow_in_python(graph, group)
                assert depth.fatal[g] == fatal
                expected |= {(g, child) for child in children}
                following += [dict(child) for child in children]
            assert links == expected
            compared += len(groups)
            groups = following
    assert compared > 40


@pytest.mark.parametrize(("chunk", "room"), [(1, 1), (5, 2), (64, 1)])
def test_chunks_of_any_size_and_arrays_grown_from_one_row_change_no_count(chunk, room,
                                                                          monkeypatch):  # fmt: skip
    # One group a chunk, or a few, misses no child that a chunk of 64 unites; arrays that
    # start with one row grow through every path (a chunk that runs out is followed again).
    levels = small_levels(15, seed=720, max_side=4, max_enemies=4)
    spaces = [StateSpace(ValhallaCalling(hard_level(27)))]
    spaces += [StateSpace(ValhallaCalling(level, rules)) for level, rules in levels]
    counts = [count_kill_orders(space) for space in spaces]
    monkeypatch.setattr(kill_chunks, "CHUNK", chunk)
    monkeypatch.setattr(kill_chunks, "FIRST_ROOM", room)
    monkeypatch.setattr(kill_chunks, "SMALLEST_INDEX", room)
    assert [count_kill_orders(space) for space in spaces] == counts
    assert counts[0] == 4560


def test_the_index_is_sized_to_the_last_chunk_and_shrinks_slowly():
    room = Room(layers=3, enemies=2, healths=5, words=1)
    room.fit(1000)  # four slots a place
    assert room.size == 4096 and len(room.keys) == len(room.values) == 4096
    room.fit(600)  # fewer, but not four times fewer: kept
    assert room.size == 4096
    room.fit(10)
    assert room.size == 2048 and len(room.keys) == 4096  # halved, the arrays kept
    room.grow(kill_chunks._INDEX)  # a chunk that ran out of slots
    assert room.size == 4096


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2**64 - 1), min_size=64, max_size=64))
def test_transpose_turns_bit_c_of_word_r_into_bit_r_of_word_c(words):
    square = np.array(words, dtype=np.uint64)
    kill_chunks._transpose(square)
    for c in range(64):
        assert int(square[c]) == sum(((words[r] >> c) & 1) << r for r in range(64))


def test_a_depth_reads_the_last_depths_children_on_one_side_and_writes_on_the_other():
    room = Room(layers=3, enemies=2, healths=5, words=1)
    room.starts[:3], room.rows[:3] = [0, 2, 3], [5, 6, 7]  # as a depth writes them
    first = room.turn(children=2, entries=3)
    assert first.starts.tolist() == [0, 2, 3] and first.rows.tolist() == [5, 6, 7]
    assert not np.shares_memory(room.rows, first.rows)  # the next depth writes elsewhere
    room.rows[0] = 8
    second = room.turn(children=1, entries=1)
    assert second.rows.tolist() == [8] and np.shares_memory(room.rows, first.rows)
    room.rows = np.zeros(5000, np.int64)  # this depth grew its side
    room.turn(children=0, entries=0)
    assert len(room.rows) == 5000  # the other side made as big, once, not doubled anew


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 63)), max_size=300, unique=True))
def test_block_slots_are_put_in_order_by_enemy_then_state(slots):
    block = np.array(slots or [(0, 0)], dtype=np.int64).reshape(-1, 2)
    used = len(slots)
    expected = np.lexsort((block[:used, 0], block[:used, 1]))
    assert kill_chunks._by_enemy_and_state(block, used).tolist() == expected.tolist()
