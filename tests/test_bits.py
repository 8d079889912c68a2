"""``popcount`` against Python's ``int.bit_count``."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.bits import popcount


@settings(deadline=None)  # the first call compiles
@given(st.integers(0, 2**64 - 1))
def test_popcount_counts_the_set_bits(value):
    assert popcount(np.uint64(value)) == value.bit_count()
