"""The prefetch hint changes no result, whatever it is asked for."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from workbench.games.valhalla.prefetch import prefetch


@njit(cache=True)
def _sum_asking_ahead(values, order, ahead):
    total = 0
    for i in range(order.shape[0]):
        prefetch(values, i + ahead)  # past the end too: a hint only
        total += values[order[i]]
    return total


@njit(cache=True)
def _row_sums_asking_ahead(matrix):
    totals = np.zeros(matrix.shape[0], np.int64)
    for r in range(matrix.shape[0]):
        prefetch(matrix, r + 1)
        for c in range(matrix.shape[1]):
            totals[r] += matrix[r, c]
    return totals


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(-(2**40), 2**40), min_size=1, max_size=200), st.integers(0, 10**6))
def test_asking_ahead_past_the_array_changes_no_sum(numbers, ahead):
    values = np.array(numbers, dtype=np.int64)
    order = np.random.default_rng(len(numbers)).permutation(len(values))
    assert _sum_asking_ahead(values, order, ahead) == sum(numbers)


def test_rows_of_a_matrix_are_asked_for_whole():
    matrix = np.arange(35, dtype=np.int64).reshape(7, 5)
    assert _row_sums_asking_ahead(matrix).tolist() == matrix.sum(axis=1).tolist()
