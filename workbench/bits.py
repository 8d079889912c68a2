"""Bit tricks the compiled searches share (numba).

>>> popcount(np.uint64(0b1011)), popcount(np.uint64(2**64 - 1))
(3, 64)
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["popcount"]


@njit(cache=True, nogil=True, inline="always")
def popcount(word) -> int:
    """The number of set bits of a ``uint64``: the bit-slicing sum, which LLVM makes one
    instruction of where the machine has it (a loop clearing the lowest bit costs a turn
    per bit)."""
    word = np.uint64(word)
    word = word - ((word >> np.uint64(1)) & np.uint64(0x5555555555555555))
    word = (word & np.uint64(0x3333333333333333)) + (
        (word >> np.uint64(2)) & np.uint64(0x3333333333333333))  # fmt: skip
    word = (word + (word >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((word * np.uint64(0x0101010101010101)) >> np.uint64(56))
