"""Bitboard geometry of a Valgard board, precomputed from :mod:`workbench.grids`.

Octagon ``(row, col)`` is bit ``row * cols + col`` of an int; row 0 is the top
(dark's home row), row ``rows - 1`` the bottom (light's home row). A socket is
stored at the bit of its top-left octagon, so a set of runes is also an int and
the dead land it makes is four shifts of it. Names follow chess: files ``a, b,
...`` from the left, ranks ``1, 2, ...`` from light's side.

>>> geometry = ValgardGeometry.of(3, 3)
>>> geometry.index((2, 0)), geometry.name(2 * 3 + 0), geometry.parse_cell("c3")
(6, 'a1', (0, 2))
>>> geometry.cells_of(geometry.home[0])  # light's home row, at the bottom
[(2, 0), (2, 1), (2, 2)]
>>> geometry.cells_of(geometry.dead_land(geometry.socket_bit((0, 0))))
[(0, 0), (0, 1), (1, 0), (1, 1)]
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from workbench.grids import Cell, octagon_grid, socket_octagons, sockets

__all__ = ["CORNERS", "ValgardGeometry", "iter_bits"]

#: Corners of an octagon, as seen from light's side (north is up the board).
CORNERS = ("nw", "ne", "sw", "se")


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first.

    >>> list(iter_bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, slots=True)
class ValgardGeometry:
    """Masks and shifts of a ``rows`` x ``cols`` board (build with :meth:`of`, cached).

    Attributes
    ----------
    steps : tuple of (int, int)
        For north, south, east and west: the index shift of one step and the mask
        of octagons that have a neighbour that way.
    sockets : int
        Bits of the sockets (each at its top-left octagon).
    corner_offsets : tuple of int
        For a socket at bit ``q``, its four octagons are ``q + offset``, in the
        order top-left, top-right, bottom-left, bottom-right.
    home : tuple of int
        Home-row masks of light (bottom row) and dark (top row).
    """

    rows: int
    cols: int
    full: int
    steps: tuple[tuple[int, int], ...]
    sockets: int
    corner_offsets: tuple[int, int, int, int]
    home: tuple[int, int]

    @staticmethod
    @cache
    def of(rows: int, cols: int) -> ValgardGeometry:
        """The geometry of a ``rows`` x ``cols`` board, built once per size."""
        graph = octagon_grid(rows, cols)
        steps = []
        for dr, dc in ((-1, 0), (1, 0), (0, 1), (0, -1)):
            mask = 0
            for r, c in graph.nodes:
                if graph.has_edge((r, c), (r + dr, c + dc)):
                    mask |= 1 << (r * cols + c)
            steps.append((dr * cols + dc, mask))
        first = socket_octagons((0, 0))
        offsets = tuple(r * cols + c for r, c in first)
        socket_mask = 0
        for socket in sockets(rows, cols):
            cells = socket_octagons(socket)
            base = cells[0][0] * cols + cells[0][1]
            assert tuple(r * cols + c - base for r, c in cells) == offsets
            socket_mask |= 1 << base
        row_mask = (1 << cols) - 1
        return ValgardGeometry(
            rows=rows,
            cols=cols,
            full=(1 << rows * cols) - 1,
            steps=tuple(steps),
            sockets=socket_mask,
            corner_offsets=offsets,
            home=(row_mask << (rows - 1) * cols, row_mask),
        )

    @property
    def size(self) -> int:
        """Number of octagons."""
        return self.rows * self.cols

    def dead_land(self, runes: int) -> int:
        """The octagons made dead by the runes in the sockets of ``runes``."""
        dead = 0
        for offset in self.corner_offsets:
            dead |= runes << offset
        return dead

    def index(self, cell: Cell) -> int:
        """Bit index of octagon ``(row, col)``."""
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        """Octagon ``(row, col)`` of a bit index."""
        return divmod(index, self.cols)

    def cells_of(self, mask: int) -> list[Cell]:
        """The octagons (or sockets, by top-left octagon) of a mask, row by row."""
        return [self.cell(i) for i in iter_bits(mask)]

    def socket_bit(self, socket: Cell) -> int:
        """The mask of one socket ``(row, col)`` (as in :func:`workbench.grids.sockets`)."""
        return 1 << self.index(socket)

    def corner_socket(self, index: int, corner: str) -> int | None:
        """Bit index of the socket at ``corner`` of octagon ``index``, or None off the board."""
        r, c = self.cell(index)
        sr, sc = {"nw": (r - 1, c - 1), "ne": (r - 1, c), "sw": (r, c - 1), "se": (r, c)}[corner]
        if 0 <= sr < self.rows - 1 and 0 <= sc < self.cols - 1:
            return sr * self.cols + sc
        return None

    def socket_corner(self, index: int, socket: int) -> str:
        """Which corner of octagon ``index`` the socket at bit ``socket`` is."""
        for corner in CORNERS:
            if self.corner_socket(index, corner) == socket:
                return corner
        raise ValueError(f"socket {socket} is not at a corner of octagon {self.name(index)}")

    def name(self, index: int) -> str:
        """Chess-like name: file letter from the left, rank from light's side (``"a1"``)."""
        r, c = self.cell(index)
        return f"{string.ascii_lowercase[c]}{self.rows - r}"

    def parse_cell(self, text: str) -> Cell:
        """The octagon named ``text`` (e.g. ``"b3"``); ValueError if not on the board."""
        text = text.strip().lower()
        file, rank = text[:1], text[1:]
        c = string.ascii_lowercase.find(file) if file else -1
        if not (0 <= c < self.cols and rank.isdigit() and 1 <= int(rank) <= self.rows):
            raise ValueError(
                f"octagon {text!r}: expected a file a-{string.ascii_lowercase[self.cols - 1]} "
                f"and a rank 1-{self.rows}"
            )
        return (self.rows - int(rank), c)
