"""Clashes with die modifiers placed optimally after the roll.

A :class:`DieModifier` either raises one of its owner's dice (``on="own"``) or
lowers one enemy die (``on="enemy"``). After both sides have rolled, the
modifiers are placed in a fixed order of play: every modifier of the side that
plays first, chosen jointly, then every modifier of the other side, chosen
knowing the first side's placements. Each side places its modifiers to win the
most pairs; since a clash always costs ``min(a, d)`` units in total, that also
minimises its own losses. The result is a max-min over placements.

Why enumerating sorted outcomes is exact, and small:

- a change to one die only matters through the multiset of values, so among dice
  of equal value it is enough to raise the highest-ranked one (raised by 1 it keeps
  its rank) or to lower the lowest-ranked one (same);
- a raise or a lowering never hurts its owner, so an option that is not tried can
  be replaced by leaving the modifier unplayed;
- with ``m = min(a, d)`` pairs, a side that can still be lowered ``L`` times is
  fully described by its ``m + L`` highest dice: lower dice can never become
  paired, and raising one is never better than raising the lowest kept die.

So every pair of sorted top vectors is weighted by the number of rolls giving it
(:func:`~workbench.dice.sorted_tops.top_weights`) and the placement game is
evaluated on all pairs at once with numpy. Raw rolls are never enumerated.

>>> thor = DieModifier(1, on="own")
>>> w = modified_clash_weights(faces=6, cap=2, attacker=(thor,))
>>> w[1, 1].tolist()  # one die each, the attacker may add 1: wins on ties too
[15, 21, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from workbench.dice.sorted_dp import weight_dtype
from workbench.dice.sorted_tops import sorted_tops, top_weights
from workbench.errors import RulesError

__all__ = [
    "ORDERS",
    "DieModifier",
    "fixed_clash_weights",
    "modified_clash_counts",
    "modified_clash_weights",
]

#: Orders of play: which side places all its modifiers first.
ORDERS = ("attacker first", "defender first")


@dataclass(frozen=True, slots=True)
class DieModifier:
    """Add ``amount`` to one of the owner's dice (``on="own"``) or subtract it from
    one enemy die (``on="enemy"``). ``name`` is only for display."""

    amount: int
    on: Literal["own", "enemy"] = "own"
    name: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.amount, int) or isinstance(self.amount, bool) or self.amount < 1:
            raise RulesError(
                f"a die modifier's amount must be an integer >= 1, got {self.amount!r}"
            )
        if self.on not in ("own", "enemy"):
            raise RulesError(f"a die modifier acts on 'own' or 'enemy' dice, got {self.on!r}")


@dataclass(frozen=True, slots=True)
class _Move:
    maximise: bool  # played by the attacker
    on_attacker: bool  # changes an attacker die
    delta: int


def _moves(attacker, defender, order: str) -> tuple[_Move, ...]:
    if order not in ORDERS:
        raise RulesError(f"order of play must be one of {', '.join(ORDERS)}; got {order!r}")
    sides = [(True, attacker), (False, defender)]
    if order == "defender first":
        sides.reverse()
    moves = []
    for is_attacker, mods in sides:
        for mod in mods:
            if not isinstance(mod, DieModifier):
                raise RulesError(f"expected DieModifier objects, got {mod!r}")
            own = mod.on == "own"
            delta = mod.amount if own else -mod.amount
            moves.append(_Move(is_attacker, own == is_attacker, delta))
    return tuple(moves)


def _lowerings(moves) -> tuple[int, int]:
    """How many moves can lower an attacker die, and a defender die."""
    return (
        sum(m.delta < 0 and m.on_attacker for m in moves),
        sum(m.delta < 0 and not m.on_attacker for m in moves),
    )


class _Game:
    """The placement game on every (attacker top, defender top) pair at once.

    A side is an array ``(rank, ...)`` of its sorted dice: the attacker's shaped
    ``(K, NA, 1)`` and the defender's ``(K, 1, ND)``, so a change to one side stays
    small and only the pairs-won array broadcasts to ``(NA, ND)``.
    """

    def __init__(self, pairs: int, moves, ties: str, bounds: tuple[int, int] | None):
        self.pairs = pairs
        self.moves = moves
        self.beats = np.greater_equal if ties == "attacker" else np.greater
        self.bounds = bounds

    def value(self, att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
        """Pairs won by the attacker after optimal placement of every move."""
        return self._play(att, dfn, self._wins(att, dfn), 0)

    def _wins(self, att, dfn):
        return sum(self.beats(att[r], dfn[r]).astype(np.int8) for r in range(self.pairs))

    def _play(self, att, dfn, wins, index):
        if index == len(self.moves):
            return wins
        move = self.moves[index]
        side, other = (att, dfn) if move.on_attacker else (dfn, att)
        best = None
        for r in range(len(side)):
            old = side[r]
            # Equal dice give equal multisets, so only the highest (raise) or lowest
            # (lower) die of each value is moved; for the others the modifier is left
            # unplayed, which is never better for its owner than some tried die.
            neighbour = r - 1 if move.delta > 0 else r + 1
            tried = old != side[neighbour] if 0 <= neighbour < len(side) else True
            new = np.where(tried, old + move.delta, old)
            if self.bounds is not None:
                new = np.clip(new, *self.bounds)
            moved = side.copy()
            moved[r] = new
            if abs(move.delta) == 1:  # still sorted: only pair r can change
                changed = wins
                if r < self.pairs:
                    flips = other[r] == self._flip_value(move, old, new)
                    changed = wins + flips if move.on_attacker == (move.delta > 0) else wins - flips
                a2, d2 = (moved, dfn) if move.on_attacker else (att, moved)
            else:
                moved = -np.sort(-moved, axis=0)
                a2, d2 = (moved, dfn) if move.on_attacker else (att, moved)
                changed = self._wins(a2, d2)
            value = self._play(a2, d2, changed, index + 1)
            if best is None:
                best = value
            else:
                best = np.maximum(best, value) if move.maximise else np.minimum(best, value)
        return best

    def _flip_value(self, move, old, new):
        """The enemy die value for which moving ``old`` to ``new`` (one step) flips the
        pair: the lower of the two for an attacker die under strict ``>``, etc."""
        low, high = np.minimum(old, new), np.maximum(old, new)
        strict = self.beats is np.greater
        value = low if strict == move.on_attacker else high
        return np.where(old == new, _NEVER, value)


_NEVER = np.int16(-(2**14))  # no die ever shows this


def _group_counts(faces, pairs, game, att_len, def_len, att_dice, def_dice):
    """Roll counts per (attacker dice, defender dice, wins) for one shape of top vectors."""
    tops_a, tops_d = sorted_tops(faces, att_len), sorted_tops(faces, def_len)
    value = game.value(tops_a.T[:, :, None], tops_d.T[:, None, :])
    value = np.broadcast_to(value, (len(tops_a), len(tops_d)))
    dtype = weight_dtype(faces, max(att_dice) + max(def_dice))
    wa = np.stack([top_weights(faces, att_len, n) for n in att_dice]).astype(dtype)
    keys = (value + (pairs + 1) * np.arange(len(tops_a))[:, None]).ravel()
    counts = np.zeros((len(att_dice), len(def_dice), pairs + 1), dtype=dtype)
    for column, dice in enumerate(def_dice):
        wd = top_weights(faces, def_len, dice).astype(dtype)
        by_row = np.zeros(len(tops_a) * (pairs + 1), dtype=dtype)
        np.add.at(by_row, keys, np.broadcast_to(wd, value.shape).ravel())
        counts[:, column, :] = wa @ by_row.reshape(len(tops_a), pairs + 1)
    return counts


def _counts_by_table(tables, faces, ties, moves, bounds) -> dict[tuple[int, int], np.ndarray]:
    """Roll counts by pairs won for each ``(a, d)`` in ``tables`` (both >= 1)."""
    lower_att, lower_def = _lowerings(moves)
    groups: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for a, d in tables:
        pairs = min(a, d)
        key = (pairs, min(a, pairs + lower_att), min(d, pairs + lower_def))
        groups.setdefault(key, []).append((a, d))
    result = {}
    for (pairs, att_len, def_len), members in groups.items():
        att_dice = sorted({a for a, _ in members})
        def_dice = sorted({d for _, d in members})
        game = _Game(pairs, moves, ties, bounds)
        counts = _group_counts(faces, pairs, game, att_len, def_len, att_dice, def_dice)
        for a, d in members:
            result[a, d] = counts[att_dice.index(a), def_dice.index(d)]
    return result


def modified_clash_weights(
    *,
    faces: int = 6,
    cap: int = 7,
    ties: str = "defender",
    attacker: tuple[DieModifier, ...] = (),
    defender: tuple[DieModifier, ...] = (),
    order: str = "attacker first",
    bounds: tuple[int, int] | None = None,
) -> np.ndarray:
    """Roll counts ``W[a, d, w]`` like :func:`~workbench.dice.sorted_dp.clash_weights`,
    with every modifier of ``attacker`` and ``defender`` placed optimally after the
    roll in the given ``order`` of play.

    ``bounds=(low, high)`` keeps modified dice within those values (by default a
    die may leave ``1..faces``: a 6 raised to 7 beats a 6).
    """
    moves = _moves(tuple(attacker), tuple(defender), order)
    weights = np.zeros((cap + 1, cap + 1, cap + 1), dtype=weight_dtype(faces, 2 * cap))
    for a in range(cap + 1):
        weights[a, 0, 0] = faces**a
        weights[0, a, 0] = faces**a
    tables = [(a, d) for a in range(1, cap + 1) for d in range(1, cap + 1)]
    for (a, d), counts in _counts_by_table(tables, faces, ties, moves, bounds).items():
        weights[a, d, : min(a, d) + 1] = counts
    weights.flags.writeable = False
    return weights


def modified_clash_counts(
    attacker_dice: int,
    defender_dice: int,
    *,
    faces: int = 6,
    ties: str = "defender",
    attacker: tuple[DieModifier, ...] = (),
    defender: tuple[DieModifier, ...] = (),
    order: str = "attacker first",
    bounds: tuple[int, int] | None = None,
) -> np.ndarray:
    """Roll counts by pairs won for one clash of ``attacker_dice`` against
    ``defender_dice`` dice (both >= 1), modifiers placed as in
    :func:`modified_clash_weights`.

    >>> modified_clash_counts(2, 1, defender=(DieModifier(1, on="enemy"),)).tolist()
    [121, 95]
    """
    moves = _moves(tuple(attacker), tuple(defender), order)
    table = (attacker_dice, defender_dice)
    return _counts_by_table([table], faces, ties, moves, bounds)[table]


def fixed_clash_weights(
    dice: int,
    fixed: tuple[int, ...],
    *,
    faces: int = 6,
    ties: str = "defender",
    attacker: tuple[DieModifier, ...] = (),
    order: str = "attacker first",
    bounds: tuple[int, int] | None = None,
) -> np.ndarray:
    """Roll counts by pairs won when ``dice`` dice clash with dice fixed at ``fixed``
    (a guardian's 5, 4, 3), the attacker placing its modifiers optimally.

    >>> fixed_clash_weights(3, (5, 4, 3)).tolist()  # 16 of 216 rolls win all three pairs
    [108, 58, 34, 16]
    """
    if dice < 1:
        raise RulesError(f"the attacker needs at least 1 die, got {dice}")
    moves = _moves(tuple(attacker), (), order)
    pairs = min(dice, len(fixed))
    lower_att, _ = _lowerings(moves)
    att_len = min(dice, pairs + lower_att)
    defence = np.array(sorted(fixed, reverse=True), dtype=np.int16)[:, None, None]
    game = _Game(pairs, moves, ties, bounds)
    value = game.value(sorted_tops(faces, att_len).T[:, :, None], defence)[:, 0]
    weights = top_weights(faces, att_len, dice).astype(object)
    counts = [int(weights[value == won].sum()) for won in range(pairs + 1)]
    return np.array(counts, dtype=object)
