"""Valgard positions packed into 64-bit codes, and a whole array of them expanded at once.

The :class:`~workbench.play.protocol.HasPackedSuccessors` hook of
:class:`~workbench.games.valgard.engine.ValgardGame`: the exact solver enumerates a
breadth-first layer of millions of positions in a few dozen numpy operations instead
of a Python call per move. The rules are those of :mod:`~workbench.games.valgard.moves`
(the same target sets, the same effects); the tests prove the two give the same moves
position by position.

A code holds, from the low bits up: light's, dark's and the Valkyries' octagon masks
(``size`` bits each), then the mixed-radix number
``((runes * R + reserve_light) * R + reserve_dark) * 4 + mover * 2 + mustering``, where
``runes`` is the socket mask compacted to ``(rows - 1) * (cols - 1)`` bits and
``R = reserve + 1`` (a reserve never exceeds the starting one). ``mustering`` is 1
while the muster lasts: no piece has moved yet, so the placements still to make are
``2 * muster`` less the pieces on the board. Boards whose codes need more than 64 bits
have no codec (:func:`packed_codec` returns None) and are enumerated through the
protocol.

>>> from workbench.games.valgard.rules import Rules
>>> codec = packed_codec(Rules(rows=3, cols=3, reserve=2, muster=1))
>>> start = (0, 0, 0, 0, 2, 2, 0, 2)
>>> codec.unpack(codec.pack(start)) == start
True
>>> expansion = codec.successors(np.array([codec.pack(start)], dtype=np.uint64))
>>> sorted(codec.unpack(int(code)) for code in expansion.children)  # deploy on a1, b1, c1
[(64, 0, 0, 0, 1, 2, 1, 1), (128, 0, 0, 0, 1, 2, 1, 1), (256, 0, 0, 0, 1, 2, 1, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from workbench.games.valgard.geometry import ValgardGeometry
from workbench.games.valgard.moves import Position
from workbench.games.valgard.rules import Rules
from workbench.play.protocol import TERMINAL, PackedExpansion

__all__ = ["PackedCodec", "packed_codec"]

_U = np.uint64


def packed_codec(rules: Rules) -> PackedCodec | None:
    """The codec of a board and rules, or None when a code would not fit in 64 bits.

    >>> packed_codec(Rules(rows=4, cols=4, reserve=4, muster=3)).bits
    64
    >>> packed_codec(Rules(rows=4, cols=4, reserve=5, muster=3)) is None
    True
    """
    codec = PackedCodec(rules)
    return codec if codec.bits <= 64 else None


@dataclass(frozen=True, eq=False)
class PackedCodec:
    """Packing, unpacking and batch move generation for one board under one set of rules."""

    rules: Rules

    @cached_property
    def geometry(self) -> ValgardGeometry:
        """The board's bitboard geometry."""
        return ValgardGeometry.of(self.rules.rows, self.rules.cols)

    @cached_property
    def bits(self) -> int:
        """Bits a code needs."""
        top = (1 << self._socket_bits) * self._radix**2 * 4
        return 3 * self.geometry.size + (top - 1).bit_length()

    @property
    def _radix(self) -> int:
        return self.rules.reserve + 1

    @property
    def _socket_bits(self) -> int:
        return (self.rules.rows - 1) * (self.rules.cols - 1)

    # -- one position -------------------------------------------------------------
    def pack(self, position: Position) -> int | None:
        """The code of a raw position, or None when it has no code (a reserve above the
        starting one, or a muster count the board does not imply)."""
        light, dark, tall, runes, reserve_light, reserve_dark, mover, muster_left = position
        mustering = int(muster_left > 0)
        if max(reserve_light, reserve_dark) >= self._radix or (
            muster_left != mustering * (2 * self.rules.muster - (light | dark).bit_count())
        ):
            return None
        compact = 0
        for bit, index in enumerate(self._socket_indices):
            compact |= (runes >> index & 1) << bit
        low = ((compact * self._radix + reserve_light) * self._radix + reserve_dark) * 4
        size = self.geometry.size
        return light | dark << size | tall << 2 * size | (low + 2 * mover + mustering) << 3 * size

    def unpack(self, code: int) -> Position:
        """The raw position of a code (the inverse of :meth:`pack`)."""
        size, radix = self.geometry.size, self._radix
        mask = (1 << size) - 1
        light, dark, tall = code & mask, code >> size & mask, code >> 2 * size & mask
        low = code >> 3 * size
        mustering, mover = low & 1, low >> 1 & 1
        rest, reserve_dark = divmod(low >> 2, radix)
        compact, reserve_light = divmod(rest, radix)
        sockets = enumerate(self._socket_indices)
        runes = sum(1 << index for bit, index in sockets if compact >> bit & 1)
        muster_left = mustering * (2 * self.rules.muster - (light | dark).bit_count())
        return (light, dark, tall, runes, reserve_light, reserve_dark, mover, muster_left)

    @cached_property
    def _socket_indices(self) -> list[int]:
        """Bit index (of its top-left octagon) of each socket, in compact order."""
        cols = self.rules.cols
        return [r * cols + c for r in range(self.rules.rows - 1) for c in range(cols - 1)]

    @cached_property
    def _socket_weight(self) -> np.ndarray:
        """Per octagon bit index: what a rune in the socket there adds to a code."""
        size, radix = self.geometry.size, self._radix
        weight = np.zeros(size, dtype=_U)
        for bit, index in enumerate(self._socket_indices):
            weight[index] = (1 << bit) * radix * radix * 4 << 3 * size
        return weight

    # -- a whole batch --------------------------------------------------------------
    def successors(self, codes: np.ndarray) -> PackedExpansion:
        """Every legal move of every position in ``codes``, as :mod:`.moves` plays it."""
        return _Batch(self, np.asarray(codes, dtype=_U)).expand()


class _Batch:
    """The fields of a batch of codes, and the moves found so far."""

    def __init__(self, codec: PackedCodec, codes: np.ndarray):
        self.codec, self.codes = codec, codes
        geometry, size, radix = codec.geometry, codec.geometry.size, codec._radix
        mask = _U((1 << size) - 1)
        light, dark = codes & mask, codes >> _U(size) & mask
        self.tall = codes >> _U(2 * size) & mask
        low = codes >> _U(3 * size)
        rest = low >> _U(2)
        compact = rest // _U(radix * radix)
        self.reserve_dark, self.reserve_light = rest % _U(radix), rest // _U(radix) % _U(radix)
        mover = (low >> _U(1) & _U(1)).astype(bool)
        self.mover = mover
        self.mustering = (low & _U(1)).astype(bool)
        runes = np.zeros_like(codes)
        for bit, index in enumerate(codec._socket_indices):
            runes |= (compact >> _U(bit) & _U(1)) << _U(index)
        self.runes = runes
        self.own, self.opp = np.where(mover, dark, light), np.where(mover, light, dark)
        # Shift of the mover's and the opponent's masks inside a code.
        self.own_at = np.where(mover, _U(size), _U(0))
        self.opp_at = np.where(mover, _U(0), _U(size))
        low_at = 3 * size
        # What one reserve piece of the mover / the opponent weighs in a code.
        self.own_unit = np.where(mover, _U(4 << low_at), _U(4 * radix << low_at))
        self.opp_unit = np.where(mover, _U(4 * radix << low_at), _U(4 << low_at))
        self.flip = _U(2 << low_at)
        self.low_at = low_at
        self.geometry = geometry

    def expand(self) -> PackedExpansion:
        rules, geometry = self.codec.rules, self.geometry
        o_tr, o_bl, o_br = geometry.corner_offsets[1:]
        own, opp, tall, runes = self.own, self.opp, self.tall, self.runes
        # (method, targets, shift) per family of moves, expanded once all are counted.
        families: list[tuple] = []
        occupied = own | opp
        dead = runes | runes << _U(o_tr) | runes << _U(o_bl) | runes << _U(o_br)
        free = _U(geometry.full) & ~(occupied | dead)
        reserve = np.where(self.mover, self.reserve_dark, self.reserve_light)
        home = np.where(self.mover, _U(geometry.home[1]), _U(geometry.home[0]))
        can_deploy = (reserve > 0) & (self.mustering | rules.deploy)
        families.append((self._deploys, np.where(can_deploy, home & free, _U(0)), 0))
        playing = ~self.mustering
        single = np.where(playing, own & ~tall, _U(0))
        valkyries = np.where(playing, own & tall, _U(0))
        if rules.valkyrie_capture == "anyone":
            by_single = by_valkyrie = opp
        elif rules.valkyrie_capture == "never":
            by_single = by_valkyrie = opp & ~tall
        else:
            by_single, by_valkyrie = opp & ~tall, opp
        single_onto = free | by_single | (single if rules.rally else _U(0))
        valkyrie_onto = free | by_valkyrie
        if rules.charge_captures:
            chargers = ((single, free | by_single), (valkyries, free | by_valkyrie))
        else:
            chargers = ((single | valkyries, free),)
        for shift, has_step in geometry.steps:
            step = _stepper(shift, has_step)
            ones = step(single) & single_onto | step(valkyries) & valkyrie_onto
            families.append((self._moves, ones, shift))
            if rules.charge:
                two = _U(0)
                for movers, landing in chargers:
                    two = two | step(step(movers) & free) & landing
                families.append((self._moves, two, 2 * shift))
        if rules.runes:
            open_sockets = _U(geometry.sockets) & ~runes
            corners = [occupied >> _U(o) & open_sockets for o in geometry.corner_offsets]
            for corner, offset in enumerate(geometry.corner_offsets):
                others = corners[:corner] + corners[corner + 1 :]
                targets = single >> _U(offset) & ~(others[0] | others[1] | others[2])
                families.append((self._casts, targets & open_sockets, offset))
        degree = sum(np.bitwise_count(t).astype(np.int32) for _, t, _ in families)
        total = int(degree.sum())
        self.parents, self.children = np.empty(total, np.int32), np.empty(total, _U)
        self.filled = 0
        for method, targets, shift in families:
            method(targets, shift)
        parents, children = self.parents, self.children
        player = np.where(degree > 0, self.mover.astype(np.int8), np.int8(TERMINAL))
        value = np.zeros(self.codes.size)
        if rules.no_move == "loss":
            value = np.where(degree > 0, 0.0, np.where(self.mover, 1.0, -1.0))
        return PackedExpansion(player.astype(np.int8), value, parents, children)

    def _deploys(self, targets: np.ndarray, _: int) -> None:
        for index, to in _bits(targets):
            child = self.codes[index] | to << self.own_at[index]
            child -= self.own_unit[index]
            # The last muster placement ends the muster.
            mustering = self.mustering[index]
            placed = np.bitwise_count(self.own[index] | self.opp[index]) + 1
            ends = mustering & (placed == 2 * self.codec.rules.muster)
            child -= ends.astype(_U) << _U(self.low_at)
            self._add(index, child ^ self.flip)

    def _moves(self, targets: np.ndarray, shift: int) -> None:
        size = _U(2 * self.geometry.size)
        hardcore = self.codec.rules.hardcore
        for index, to in _bits(targets):
            source = to >> _U(shift) if shift > 0 else to << _U(-shift)
            code, own_at, tall = self.codes[index], self.own_at[index], self.tall[index]
            rally = (self.own[index] & to) != 0
            captured = (self.opp[index] & to) != 0
            to_tall = (tall & to) != 0
            from_tall = (tall & source) != 0
            moved = np.where(rally, source, source | to)
            child = code ^ moved << own_at
            child |= np.where(rally, to << size, _U(0))
            child ^= np.where(captured, to << self.opp_at[index], _U(0))
            child ^= np.where(captured & to_tall, to << size, _U(0))
            child ^= np.where(from_tall, (source | to) << size, _U(0))
            if not hardcore:
                pieces = np.where(captured, 1 + to_tall.astype(_U), _U(0))
                child += pieces * self.opp_unit[index]
            self._add(index, child ^ self.flip)

    def _casts(self, sockets: np.ndarray, offset: int) -> None:
        weight = self.codec._socket_weight
        for index, socket in _bits(sockets):
            source = socket << _U(offset)
            child = self.codes[index] ^ source << self.own_at[index]
            child += weight[np.bitwise_count(socket - _U(1)).astype(np.intp)]
            self._add(index, child ^ self.flip)

    def _add(self, index: np.ndarray, children: np.ndarray) -> None:
        start, self.filled = self.filled, self.filled + index.size
        self.parents[start : self.filled] = index
        self.children[start : self.filled] = children


def _stepper(shift: int, has_step: int):
    """One step of every piece of a mask (those that have a neighbour that way)."""
    mask, amount = _U(has_step), _U(abs(shift))
    if shift > 0:
        return lambda pieces: (pieces & mask) << amount
    return lambda pieces: (pieces & mask) >> amount


def _bits(masks: np.ndarray):
    """``(indices, bit)`` batches: every set bit of every mask, lowest bits first."""
    index = np.flatnonzero(masks)
    masks = masks[index]
    while index.size:
        low = masks & (~masks + _U(1))
        yield index, low
        masks = masks ^ low
        keep = masks != 0
        index, masks = index[keep], masks[keep]
