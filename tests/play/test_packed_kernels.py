"""The compiled loops of the packed enumeration against plain Python: the code table
against a dictionary, the chunk's grouping against a stable sort (the retrograde queue
is proven against value iteration and negamax in ``test_retrograde``)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.play.packed import CodeTable, _Growing
from workbench.play.packed_kernels import place_sources


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 2**64 - 1) | st.integers(0, 40), max_size=300), max_size=6))
def test_the_code_table_numbers_codes_as_a_dictionary_does(batches):
    table, expected = CodeTable(slots=8), {}
    for batch in batches:
        numbers = table.number(np.array(batch, dtype=np.uint64))
        for code, number in zip(batch, numbers.tolist(), strict=True):
            assert expected.setdefault(code, len(expected)) == number
    assert table.size == len(expected) and table.codes.tolist() == list(expected)
    probe = np.array([*expected, 41, 2**64 - 1], dtype=np.uint64)
    assert table.find(probe).tolist() == [expected.get(int(code), -1) for code in probe]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 30)), max_size=400))
def test_a_chunks_moves_are_numbered_and_grouped_by_parent(moves):
    table, expected = CodeTable(slots=8), {}
    table.number(np.array([99], dtype=np.uint64))
    parents = np.array([parent for parent, _ in moves], dtype=np.int32)
    children = np.array([child for _, child in moves], dtype=np.uint64)
    degree = np.bincount(parents, minlength=10)
    indegree = _Growing(np.int32)
    targets = table.number_moves(parents, children, degree, indegree)
    for code in [99, *children.tolist()]:
        expected.setdefault(code, len(expected))
    by_parent = sorted(range(len(moves)), key=lambda move: moves[move][0])  # stable
    assert targets.tolist() == [expected[moves[move][1]] for move in by_parent]
    counts = np.bincount(targets, minlength=table.size)
    assert (indegree.array(table.size) == counts).all()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 6), max_size=5), min_size=1, max_size=20))
def test_the_predecessor_lists_hold_each_move_once_sources_increasing(moves):
    degree = np.array([len(targets) for targets in moves], dtype=np.uint8)
    targets = np.array([t for ts in moves for t in ts], dtype=np.int32)
    counts = np.bincount(targets, minlength=7)
    offsets = np.concatenate(([0], np.cumsum(counts)))
    fill, sources = offsets[:-1].astype(np.int32), np.full(targets.size, -1, dtype=np.int32)
    place_sources(3, degree, targets, fill, sources)
    for target in range(7):
        expected = [3 + s for s, ts in enumerate(moves) for t in ts if t == target]
        assert sources[offsets[target] : offsets[target + 1]].tolist() == expected
