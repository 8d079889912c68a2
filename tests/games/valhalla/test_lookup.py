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
