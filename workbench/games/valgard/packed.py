"""Valgard positions packed into 64-bit codes, and a whole array of them expanded at once.

The :class:`~workbench.play.protocol.HasPackedSuccessors` hook of
:class:`~workbench.games.valgard.engine.ValgardGame`: the exact solver enumerates a
breadth-first layer of millions of positions in a few dozen numpy operations instead
of a Python call per move. The rules are those of :mod:`~workbench.games.valgard.moves`
(the same target sets, the same effects); the tests prove the two give the same moves
position by position.

The batch move generator is the compiled loop of
:mod:`~workbench.games.valgard.packed_kernel`.

A code holds, from the low bits up: light's, dark's and the Valkyries' octagon masks
(``size`` bits each), then the mixed-radix number
``((runes * R + reserve_light) * R + reserve_dark) * 4 + mover * 2 + mustering``, where
``runes`` is the socket mask compacted to ``(rows - 1) * (cols - 1)`` bits and
``R = reserve + 1`` (a reserve never exceeds the starting one). ``mustering`` is 1
while the muster lasts: no piece has moved yet, so the placements still to make are
``2 * muster`` less the pieces on the board. Boards whose codes need more than 64 bits
have no codec (:func:`packed_codec` returns None) and are enumerated through the
protocol.

Every rule of Valgard reads the same in a mirror (files a, b, ... reversed), so a
position and its mirror image have the same value and distance, and their moves are
each other's images. The codec folds them (``mirror=True``, the default): the code of
a position is the smaller of its own and its image's (:meth:`PackedCodec.fold`), and
the batch generator returns children folded so. The solver then enumerates half as many
codes; :meth:`PackedCodec.class_sizes` says how many positions each one stands for
(one when a position is its own image), so that counts stay counts of positions.

>>> from workbench.games.valgard.rules import Rules
>>> codec = packed_codec(Rules(rows=3, cols=3, reserve=2, muster=1))
>>> start = (0, 0, 0, 0, 2, 2, 0, 2)
>>> codec.unpack(codec.pack(start)) == start
True
>>> expansion = codec.successors(np.array([codec.pack(start)], dtype=np.uint64))
>>> sorted(codec.unpack(int(code)) for code in expansion.children)  # a1 (and c1), b1
[(64, 0, 0, 0, 1, 2, 1, 1), (64, 0, 0, 0, 1, 2, 1, 1), (128, 0, 0, 0, 1, 2, 1, 1)]
>>> codec.class_sizes(expansion.children).tolist()  # a1 stands for c1 too
[2, 1, 2]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from workbench.games.valgard.geometry import ValgardGeometry
from workbench.games.valgard.moves import Position
from workbench.games.valgard.packed_kernel import (
    CAPTURE_MODES,
    canonical_codes,
    expand,
    mirror_images,
)
from workbench.games.valgard.rules import Rules
from workbench.play.protocol import TERMINAL, PackedExpansion

__all__ = ["PackedCodec", "packed_codec"]

_U = np.uint64


def packed_codec(rules: Rules, *, mirror: bool = True) -> PackedCodec | None:
    """The codec of a board and rules, or None when a code would not fit in 64 bits;
    ``mirror``: fold each position with its mirror image.

    >>> packed_codec(Rules(rows=4, cols=4, reserve=4, muster=3)).bits
    64
    >>> packed_codec(Rules(rows=4, cols=4, reserve=5, muster=3)) is None
    True
    """
    codec = PackedCodec(rules, mirror)
    return codec if codec.bits <= 64 else None


@dataclass(frozen=True, eq=False)
class PackedCodec:
    """Packing, unpacking and batch move generation for one board under one set of rules.

    ``mirror``: codes fold a position with its mirror image (see the module's text).
    """

    rules: Rules
    mirror: bool = True

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

    def fold(self, code: int | None) -> int | None:
        """The code that stands for ``code``'s position and its mirror image (``code``
        itself without ``mirror``)."""
        if code is None or not self.mirror:
            return code
        return int(self.folded(np.array([code], dtype=_U))[0])

    def folded(self, codes: np.ndarray) -> np.ndarray:
        """:meth:`fold` of each code of an array (a new array)."""
        codes = np.array(codes, dtype=_U)
        if self.mirror:
            canonical_codes(codes, self.geometry.size, self._radix, self._mirror)
        return codes

    def class_sizes(self, codes: np.ndarray) -> np.ndarray:
        """How many positions each folded code stands for: 2, or 1 for a position that is
        its own mirror image (always 1 without ``mirror``)."""
        codes = np.asarray(codes, dtype=_U)
        if not self.mirror:
            return np.ones(codes.size, dtype=np.int64)
        images = codes.copy()
        mirror_images(images, self.geometry.size, self._radix, self._mirror)
        return np.where(images == codes, 1, 2).astype(np.int64)

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
    def _mirror(self) -> tuple:
        """``(rows, cols, octagon row flip, socket row flip)``: a flip reverses a row's bits."""
        rows, cols = self.rules.rows, self.rules.cols
        return (rows, cols, _bit_reversals(cols), _bit_reversals(cols - 1))

    @cached_property
    def _socket_weight(self) -> np.ndarray:
        """Per octagon bit index: what a rune in the socket there adds to a code."""
        size, radix = self.geometry.size, self._radix
        weight = np.zeros(size, dtype=_U)
        for bit, index in enumerate(self._socket_indices):
            weight[index] = (1 << bit) * radix * radix * 4 << 3 * size
        return weight

    # -- a whole batch --------------------------------------------------------------
    @cached_property
    def layout(self) -> tuple:
        """The board, the code layout and the rules, as the arguments of
        :func:`~workbench.games.valgard.packed_kernel.expand` after the codes."""
        rules, geometry = self.rules, self.geometry
        steps = geometry.steps
        capture = CAPTURE_MODES[rules.valkyrie_capture]
        flags = (rules.deploy, rules.charge, rules.charge_captures, rules.rally, rules.runes,
                 rules.hardcore, rules.no_move == "loss", capture, self.mirror)  # fmt: skip
        return (
            geometry.size,
            self._radix,
            np.array(self._socket_indices, dtype=np.int64),
            self._socket_weight,
            np.array(geometry.corner_offsets, dtype=np.int64),
            np.array(geometry.home, dtype=_U),
            _U(geometry.full),
            _U(geometry.sockets),
            np.array([shift for shift, _ in steps], dtype=np.int64),
            np.array([mask for _, mask in steps], dtype=_U),
            tuple(int(flag) for flag in flags),
            rules.muster,
            self._mirror,
        )

    def successors(self, codes: np.ndarray) -> PackedExpansion:
        """Every legal move of every position in ``codes``, as :mod:`.moves` plays it."""
        player, value, parents, children = expand(np.asarray(codes, dtype=_U), *self.layout)
        player[player < 0] = TERMINAL
        return PackedExpansion(player, value, parents, children)


def _bit_reversals(width: int) -> np.ndarray:
    """Each number below ``2**width`` with its ``width`` bits reversed (int64).

    >>> _bit_reversals(3).tolist()
    [0, 4, 2, 6, 1, 5, 3, 7]
    """
    numbers = np.arange(1 << width)
    reversed_ = np.zeros_like(numbers)
    for bit in range(width):
        reversed_ |= (numbers >> bit & 1) << (width - 1 - bit)
    return reversed_
