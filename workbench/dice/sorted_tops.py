"""The highest dice of a pool as sorted vectors, weighted by how many rolls give them.

>>> sorted_tops(3, 2).tolist()
[[3, 3], [3, 2], [3, 1], [2, 2], [2, 1], [1, 1]]
>>> top_weights(3, 2, 2).tolist()  # two d3: how many of the 9 rolls sort to each vector
[1, 2, 2, 1, 2, 1]
>>> top_weights(3, 2, 3).tolist()  # the two highest of three d3
[7, 9, 3, 4, 3, 1]
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from workbench.dice.sorted_dp import weight_dtype
from workbench.errors import RulesError

__all__ = ["sorted_tops", "top_weights"]


@lru_cache(maxsize=64)
def sorted_tops(faces: int, length: int) -> np.ndarray:
    """Every non-increasing vector of ``length`` faces in ``1..faces``, one per row.

    Rows are in descending lexicographic order; the array is read-only.
    """
    values = np.arange(faces, 0, -1, dtype=np.int16)
    combos = np.fromiter(
        (i for combo in combinations_with_replacement(range(faces), length) for i in combo),
        dtype=np.int64,
        count=math.comb(faces + length - 1, length) * length,
    ).reshape(-1, length)
    tops = values[combos]
    tops.flags.writeable = False
    return tops


@lru_cache(maxsize=256)
def top_weights(faces: int, length: int, dice: int) -> np.ndarray:
    """For each row of ``sorted_tops(faces, length)``: how many of the ``faces ** dice``
    rolls of ``dice`` dice have exactly those ``length`` highest dice (``dice >= length``).

    With ``low`` the smallest kept face and ``r`` its count among the kept dice,
    the other ``dice - length`` dice are ``s`` more copies of ``low`` and the rest
    below it: a multinomial count summed over ``s``.
    """
    if dice < length:
        raise RulesError(f"cannot keep the {length} highest of {dice} dice")
    tops = sorted_tops(faces, length)
    counts = np.zeros((len(tops), faces + 1), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(len(tops)), length), tops.ravel()), 1)
    low = tops[:, -1].astype(np.int64)
    at_low = counts[np.arange(len(tops)), low]
    dtype = weight_dtype(faces, dice) if dice <= 20 else np.dtype(object)  # 20! fits int64
    fact = np.array([math.factorial(k) for k in range(dice + 1)], dtype=dtype)
    higher = np.prod(fact[counts], axis=1) // fact[at_low]  # product of c_v! for v > low
    rest = dice - length
    weights = np.zeros(len(tops), dtype=dtype)
    for same in range(rest + 1):
        below = rest - same
        multinomial = fact[dice] // (higher * fact[at_low + same] * fact[below])
        weights += multinomial * (low - 1).astype(dtype) ** below
    weights.flags.writeable = False
    return weights
