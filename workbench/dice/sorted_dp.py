"""Sorted-dice clashes for every pool size at once, by one dynamic program over faces.

In a clash both sides roll, sort their dice from high to low and compare the
k-th highest dice for k = 1..min(a, d); the higher die wins its pair and a tie
goes to the defender. The program never enumerates rolls. It walks the faces
from highest to lowest, placing at each face some more defender dice and then
some more attacker dice at the next free ranks of their sorted lists, in the
state

    (attacker dice placed i, defender dice placed j, pairs won by the attacker w).

Placing ``y`` defender dice at face ``v`` (ranks ``j..j+y-1``) settles those
pairs whose attacker die is already placed, i.e. of higher face: the attacker
wins ``clip(i - j, 0, y)`` of them. Attacker dice placed at ``v`` afterwards tie
or lose against defender dice of the same face. Weighting each step by the
binomial count ``C(j + y, y)`` (resp. ``C(i + x, x)``) makes the product over faces
the multinomial count of raw rolls with that sorted outcome, so the final state
``(a, d, w)`` holds the exact number of the ``faces ** (a + d)`` rolls in which
the attacker wins ``w`` pairs, for every ``a, d <= cap`` in the same pass.

Each step is a matrix product: attacker placement is the Pascal matrix acting on
``i``; defender placement is, for each ``i``, one matrix on the ``(j, w)`` plane.

>>> w = clash_weights(faces=6, cap=3)
>>> w[3, 2].tolist()  # RISK, 3 attacker dice against 2: rolls with 0, 1, 2 pairs won
[2275, 2611, 2890, 0]
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from workbench.errors import RulesError

__all__ = ["clash_weights", "weight_dtype"]


def weight_dtype(faces: int, dice: int) -> type | np.dtype:
    """``int64`` when ``faces ** dice`` rolls cannot overflow it, else exact Python ints."""
    return np.dtype(np.int64) if faces**dice < 2**62 else np.dtype(object)


def _pascal(size: int, dtype) -> np.ndarray:
    return np.array([[math.comb(r, c) for c in range(size)] for r in range(size)], dtype=dtype)


def _defender_step(cap: int, dtype) -> np.ndarray:
    """For each attacker count ``i``: the matrix placing defender dice on the ``(j, w)`` plane."""
    size = cap + 1
    step = np.zeros((size, size * size, size * size), dtype=dtype)
    for i in range(size):
        for j in range(size):
            for w in range(min(i, j) + 1):
                for y in range(size - j):
                    won = w + min(max(i - j, 0), y)
                    step[i, (j + y) * size + won, j * size + w] += math.comb(j + y, y)
    return step


@lru_cache(maxsize=32)
def _clash_weights(faces: int, cap: int, ties: str) -> np.ndarray:
    if ties == "attacker":
        # A tie won by the attacker is a pair the defender fails to win outright.
        strict = _clash_weights(faces, cap, "defender")
        flipped = np.zeros_like(strict)
        for a in range(cap + 1):
            for d in range(cap + 1):
                pairs = min(a, d)
                flipped[a, d, : pairs + 1] = strict[d, a, pairs::-1]
        flipped.flags.writeable = False
        return flipped
    size = cap + 1
    dtype = weight_dtype(faces, 2 * cap)
    attacker_step = _pascal(size, dtype)
    defender_step = _defender_step(cap, dtype)
    state = np.zeros((size, size * size), dtype=dtype)
    state[0, 0] = 1
    for _face in range(faces):
        state = np.matmul(defender_step, state[:, :, None])[:, :, 0]
        state = attacker_step @ state
    weights = state.reshape(size, size, size)
    weights.flags.writeable = False
    return weights


def clash_weights(*, faces: int = 6, cap: int = 7, ties: str = "defender") -> np.ndarray:
    """Roll counts ``W[a, d, w]`` for every ``a, d`` in ``0..cap``: rolls of ``a``
    attacker and ``d`` defender ``faces``-sided dice in which the attacker wins ``w``
    pairs (the defender loses ``w`` units, the attacker ``min(a, d) - w``).

    ``W[a, d].sum() == faces ** (a + d)``. ``ties`` is who wins a tied pair
    (``"defender"`` or ``"attacker"``). The array is read-only and cached.

    >>> clash_weights(faces=6, cap=2)[1, 1].tolist()  # one die each: 15 of 36 rolls win
    [21, 15, 0]
    """
    if faces < 2:
        raise RulesError(f"faces must be at least 2, got {faces}")
    if cap < 1:
        raise RulesError(f"the dice cap must be at least 1, got {cap}")
    if ties not in ("defender", "attacker"):
        raise RulesError(f"ties must go to 'defender' or 'attacker', got {ties!r}")
    return _clash_weights(faces, cap, ties)
