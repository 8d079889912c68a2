"""Lookup tables of rules per distinct case: each case computed once, looked up for arrays."""

import numpy as np

from workbench.games.valhalla.lookup import LookupTable


def test_lookup_tables_compute_each_case_once_over_narrow_and_wide_keys():
    calls = []

    def rule(a, b):
        calls.append((a, b))
        return a * b, a - b + 100

    for widths in ({"a": 4, "b": 4}, {"a": 30, "b": 4}):
        calls.clear()
        table = LookupTable(rule, outputs=("product", "difference"), **widths)
        a, b = np.array([3, 5, 3, 9]), np.array([2, 2, 2, 1])
        assert [c.tolist() for c in table(a=a, b=b)] == [[6, 10, 6, 9], [101, 103, 101, 108]]
        assert [c.tolist() for c in table(a=a[::-1], b=b[::-1])] == [
            [9, 6, 10, 6],
            [108, 101, 103, 101],
        ]
        assert sorted(calls) == [(3, 2), (5, 2), (9, 1)]


def test_direct_and_hash_indexes_answer_hundreds_of_keys_alike():
    # Keys of 8 bits are looked up directly, of 34 bits in a hash index that grows.
    rng = np.random.default_rng(4)
    a, b = np.sort(rng.integers(0, 16, size=2000)), rng.integers(0, 16, size=2000)  # new keys
    distinct = len(set(zip(a.tolist(), b.tolist(), strict=True)))
    calls = []

    def rule(a, b):
        calls.append((a, b))
        return (a * 100 + b,)

    for widths in ({"a": 4, "b": 4}, {"a": 30, "b": 4}):
        calls.clear()
        table = LookupTable(rule, outputs=("ab",), **widths)
        for part in np.array_split(np.arange(2000), 16):  # ... in every part
            assert table(a=a[part], b=b[part])[0].tolist() == (a[part] * 100 + b[part]).tolist()
        assert len(calls) == len(set(calls)) == distinct > 200
        assert (len(table.index[0]) == 0) == (widths["a"] == 4)
