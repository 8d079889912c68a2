"""Brute-force oracles for clashes: every raw roll, every placement of every modifier.

Nothing here shares code or ideas with the engine: rolls are enumerated raw,
modifiers are tried on every die (by identity, not by rank) and sides are
re-sorted after every change.
"""

from __future__ import annotations

from functools import cache

import icepool
import numpy as np

from workbench.dice import DieModifier


def raw_rolls(dice: int, faces: int) -> np.ndarray:
    """Every roll of ``dice`` dice, one per row (``faces ** dice`` rows)."""
    grid = np.indices((faces,) * dice, dtype=np.int8).reshape(dice, -1).T
    return grid + 1


def brute_clash_counts(a: int, d: int, faces: int = 6, ties: str = "defender") -> list[int]:
    """Rolls by pairs won by the attacker, over all ``faces ** (a + d)`` raw rolls."""
    rolls = raw_rolls(a + d, faces)
    att = -np.sort(-rolls[:, :a], axis=1)
    dfn = -np.sort(-rolls[:, a:], axis=1)
    m = min(a, d)
    beats = np.greater_equal if ties == "attacker" else np.greater
    wins = beats(att[:, :m], dfn[:, :m]).sum(axis=1)
    return np.bincount(wins, minlength=m + 1).tolist()


@cache
def sorted_rolls(dice: int, faces: int = 6):
    """Each distinct sorted roll of ``dice`` dice, with how many raw rolls give it."""
    rolls = np.sort(raw_rolls(dice, faces).astype(np.int64), axis=1)
    keys = np.zeros(len(rolls), dtype=np.int64)
    for column in rolls.T:
        keys = keys * (faces + 1) + column
    _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    return rolls[first], counts


def sorted_pairs(a: int, d: int, faces: int = 6):
    """Every (sorted attacker roll, sorted defender roll) pair, as two arrays, with how
    many of the raw rolls of all ``a + d`` dice give it (the sides are independent)."""
    att, att_counts = sorted_rolls(a, faces)
    dfn, dfn_counts = sorted_rolls(d, faces)
    return (
        np.repeat(att, len(dfn), axis=0),
        np.tile(dfn, (len(att), 1)),
        np.outer(att_counts, dfn_counts).ravel(),
    )


def _wins(att, dfn, ties):
    m = min(att.shape[1], dfn.shape[1])
    att = -np.sort(-att, axis=1)[:, :m]
    dfn = -np.sort(-dfn, axis=1)[:, :m]
    beats = np.greater_equal if ties == "attacker" else np.greater
    return beats(att, dfn).sum(axis=1)


def _placements(att, dfn, mods, is_attacker, bounds):
    """Every way to place ``mods`` (one side's modifiers), each on any die."""
    if not mods:
        yield att, dfn
        return
    mod, rest = mods[0], mods[1:]
    changes_attacker = (mod.on == "own") == is_attacker
    delta = mod.amount if mod.on == "own" else -mod.amount
    target = att if changes_attacker else dfn
    for die in range(target.shape[1]):
        changed = target.copy()
        changed[:, die] += delta
        if bounds is not None:
            changed[:, die] = np.clip(changed[:, die], *bounds)
        if changes_attacker:
            yield from _placements(changed, dfn, rest, is_attacker, bounds)
        else:
            yield from _placements(att, changed, rest, is_attacker, bounds)


def best_wins(
    att: np.ndarray,
    dfn: np.ndarray,
    attacker: tuple[DieModifier, ...] = (),
    defender: tuple[DieModifier, ...] = (),
    *,
    order: str = "attacker first",
    ties: str = "defender",
    bounds: tuple[int, int] | None = None,
) -> np.ndarray:
    """Pairs won by the attacker, row by row, when each side in turn places all its
    modifiers on the best dice (max for the attacker, min for the defender)."""
    first, second = (attacker, True), (defender, False)
    if order == "defender first":
        first, second = second, first
    outer = []
    for a1, d1 in _placements(att, dfn, first[0], first[1], bounds):
        inner = [_wins(a2, d2, ties) for a2, d2 in _placements(a1, d1, *second, bounds)]
        outer.append(np.max(inner, axis=0) if second[1] else np.min(inner, axis=0))
    return np.max(outer, axis=0) if first[1] else np.min(outer, axis=0)


def brute_modified_counts(a: int, d: int, faces: int = 6, **game) -> list[int]:
    """Rolls by pairs won with optimal placements, from every raw roll."""
    att, dfn, rolls = sorted_pairs(a, d, faces)
    wins = best_wins(att, dfn, **game)
    return np.bincount(wins, weights=rolls, minlength=min(a, d) + 1).astype(np.int64).tolist()


def icepool_sorted_pairs(a: int, d: int, faces: int = 6) -> list[int]:
    """icepool's count of pairs won with the CORRECT idiom (highest m of each pool)."""
    m = min(a, d)
    pool = icepool.d(faces).pool
    won = pool(a).highest(m).sort_pair(">", pool(d).highest(m)).size()
    scale = faces ** (a + d) // won.denominator()
    return [won.quantity(k) * scale for k in range(m + 1)]


class IcepoolOptimal(icepool.MultisetEvaluator):
    """Pairs won by the attacker after its optimal +1 on one of its own dice, or -1 on
    one enemy die (``lowers_enemy``), as an icepool state machine over faces.

    One modifier of size 1 flips at most one pair: a +1 helps iff the highest attacker
    die of some value ties its defender die; a -1 helps iff the lowest defender die of
    some value ties its attacker die.
    """

    def __init__(self, lowers_enemy: bool):
        self.lowers_enemy = lowers_enemy

    def next_state(self, state, order, outcome, attacker, defender):
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder()
        i, j, won, flag = state or (0, 0, 0, False)
        won += max(0, min(j + defender, i) - j)
        if attacker and defender:
            rank = j + defender - 1 if self.lowers_enemy else i
            flag = flag or (i <= rank < i + attacker and j <= rank < j + defender)
        return i + attacker, j + defender, won, flag

    def final_outcome(self, state, order, outcomes, *sizes):
        return state[2] + state[3]

    def counts(self, a: int, d: int, faces: int = 6) -> list[int]:
        """Rolls by pairs won for ``a`` against ``d`` dice."""
        won = self.evaluate(icepool.d(faces).pool(a), icepool.d(faces).pool(d))
        scale = faces ** (a + d) // won.denominator()
        return [won.quantity(k) * scale for k in range(min(a, d) + 1)]
