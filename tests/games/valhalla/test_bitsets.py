"""Bitset arrays and packed fields against plain Python ints."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.errors import SearchLimitError
from workbench.games.valhalla import bitsets

SETS = st.lists(st.integers(0, 2**200 - 1), min_size=1, max_size=8)


@settings(max_examples=100, deadline=None)
@given(SETS, st.integers(0, 199))
def test_counts_membership_and_prefixes(values, index):
    words = bitsets.words_for(200)
    rows = bitsets.from_ints(values, words=words)
    assert [bitsets.to_int(r) for r in rows] == values
    assert bitsets.popcount(rows).tolist() == [v.bit_count() for v in values]
    assert bitsets.contains(rows, index).tolist() == [bool(v >> index & 1) for v in values]
    assert bitsets.nonempty(rows).tolist() == [v != 0 for v in values]
    counts = np.arange(len(values)) * 37 % 200
    prefixes = bitsets.prefix(counts, words=words)
    assert [bitsets.to_int(r) for r in prefixes] == [(1 << int(c)) - 1 for c in counts]


@given(st.integers(0, 7), st.integers(0, 2**20 - 1), st.integers(0, 1))
def test_fields_pack_and_read_back_ints_and_arrays(pos, left, flag):
    fields = bitsets.Fields(left=20, pos=3, flag=1)
    code = fields.pack(left=left, pos=pos, flag=flag)
    assert (fields.get(code, "left"), fields.get(code, "pos"), fields.get(code, "flag")) == (
        left,
        pos,
        flag,
    )
    assert fields.get(np.array([code, code]), "pos").tolist() == [pos, pos]
    assert code & fields.mask("left", "pos") == fields.pack(left=left, pos=pos)


def test_fields_beyond_63_bits_are_refused_clearly():
    with pytest.raises(SearchLimitError, match="needs 64 bits"):
        bitsets.Fields(a=40, b=24)


def _merged_in_python(keys, values, needed):
    """What :func:`bitsets.merge` gives, computed with a dictionary of Python ints."""
    united: dict[int, int] = {}
    for key, value in zip(keys, values, strict=True):
        if value and key & needed:
            united[key] = united.get(key, 0) | value
    rank = {key: j for j, key in enumerate(sorted(united))}
    where = [rank[k] if v and k & needed else -1 for k, v in zip(keys, values, strict=True)]
    return sorted(united), where, [united[k] for k in sorted(united)]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 2**130 - 1) | st.just(0)),
                max_size=30), st.integers(0, 63), st.integers(0, 3000))  # fmt: skip
def test_merge_unites_the_rows_of_each_key_and_leaves_out_the_rest(pairs, needed, expected):
    keys = np.array([k for k, _ in pairs], dtype=np.int64)
    values = [v for _, v in pairs]
    distinct, where, union = bitsets.merge(
        keys, bitsets.from_ints(values, words=bitsets.words_for(130)), needed=needed,
        expected=expected,
    )  # fmt: skip
    found = (distinct.tolist(), where.tolist(), [bitsets.to_int(row) for row in union])
    assert found == _merged_in_python(keys.tolist(), values, needed)


@pytest.mark.parametrize("expected", [0, 1500, 3000])
def test_merge_grows_its_table_past_thousands_of_keys(expected):
    # made for none, half or all of the keys: the same answer
    rng = np.random.default_rng(5)
    keys = rng.integers(1, 2**40, size=3000)[rng.integers(0, 3000, size=20000)]
    values = [int(v) for v in rng.integers(0, 2**62, size=20000)]
    distinct, where, union = bitsets.merge(keys, bitsets.from_ints(values, words=1), needed=-1,
                                           expected=expected)  # fmt: skip
    assert len(distinct) > 2000
    found = (distinct.tolist(), where.tolist(), [bitsets.to_int(row) for row in union])
    assert found == _merged_in_python(keys.tolist(), values, -1)
