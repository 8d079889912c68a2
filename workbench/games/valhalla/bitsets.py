"""Many small sets of integers at once, as rows of 64-bit words, and bit fields in an int64.

A *bitset array* is a ``(rows, words)`` array of ``uint64``: row ``i`` holds the
set ``{b : bit b % 64 of word b // 64 is set}``, so sets of any size fit (the
hero's reachable Health values, the fields of a grid). Every operation works on
all rows at once; the compiled loops of the search
(:mod:`~workbench.games.valhalla.kernels`) shift a row by a fight's damage, which is how
a fight lowers a whole set of Health values in one go.

:class:`Fields` packs named unsigned fields into one ``int64``; the same code
reads Python ints and NumPy arrays.

>>> sets = from_ints([0b1011, 1 << 70], words=2)
>>> popcount(sets).tolist(), contains(sets, 70).tolist()
([3, 1], [False, True])
>>> fields = Fields(pos=3, attack=4)
>>> code = fields.pack(pos=5, attack=9)
>>> fields.get(code, "attack"), fields.get(np.array([code]), "pos").tolist()
(9, [5])
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from workbench.errors import SearchLimitError
from workbench.games.valhalla.kernels import renumber, unite_hashed

__all__ = [
    "Fields",
    "contains",
    "from_ints",
    "merge",
    "nonempty",
    "popcount",
    "prefix",
    "to_int",
    "words_for",
]

_BITS = 64


def words_for(bits: int) -> int:
    """Words needed for sets of the integers ``0 .. bits - 1`` (at least one)."""
    return max(1, -(-bits // _BITS))


def from_ints(values: Iterable[int], *, words: int) -> np.ndarray:
    """A bitset array with one row per non-negative Python int (its bits)."""
    values = list(values)
    out = np.zeros((len(values), words), dtype=np.uint64)
    for i, value in enumerate(values):
        for w in range(words):
            out[i, w] = value >> (_BITS * w) & (2**_BITS - 1)
    return out


def to_int(row: np.ndarray) -> int:
    """The Python int of one bitset row."""
    return sum(int(word) << (_BITS * w) for w, word in enumerate(row))


def prefix(counts: np.ndarray, *, words: int) -> np.ndarray:
    """Rows holding ``{0, 1, ..., counts[i] - 1}``."""
    counts = np.asarray(counts, dtype=np.int64)[:, None]
    low = np.arange(words, dtype=np.int64) * _BITS
    inside = np.clip(counts - low, 0, _BITS).astype(np.uint64)
    full = np.uint64(2**_BITS - 1)
    return np.where(inside == _BITS, full, (np.uint64(1) << inside) - np.uint64(1))


def nonempty(bits: np.ndarray) -> np.ndarray:
    """Which rows hold at least one integer."""
    return (bits != 0).any(axis=1)


def contains(bits: np.ndarray, index) -> np.ndarray:
    """Which rows hold ``index`` (an int, or one per row)."""
    index = np.broadcast_to(np.asarray(index, dtype=np.int64), bits.shape[:1])
    words = np.take_along_axis(bits, (index // _BITS)[:, None], axis=1)[:, 0]
    return (words >> (index % _BITS).astype(np.uint64) & np.uint64(1)).astype(bool)


def popcount(bits: np.ndarray) -> np.ndarray:
    """Size of each row's set."""
    return np.bitwise_count(bits).sum(axis=1, dtype=np.int64)


def merge(
    keys: np.ndarray, bits: np.ndarray, *, needed: int, expected: int = 0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows with equal keys united: ``(distinct keys sorted, the index of each row's key
    among them, the union of the rows of each key)``; a row whose set is empty or whose
    key has no bit of ``needed`` is left out (index -1). One pass through a hash table
    (:func:`~.kernels.unite_hashed`), made for ``expected`` distinct keys (it grows past
    them), then only the distinct keys are sorted.

    >>> rows = from_ints([1, 2, 4, 0, 8], words=1)
    >>> keys, where, union = merge(np.array([7, 3, 7, 5, 8]), rows, needed=0b111)
    >>> keys.tolist(), where.tolist(), [to_int(row) for row in union]
    ([3, 7], [1, 0, 1, -1, -1], [2, 5])
    """
    where = np.empty(len(keys), dtype=np.int32)
    distinct, union = unite_hashed(keys, bits, needed, where, expected)
    order = np.argsort(distinct)
    rank = np.empty(len(order), dtype=np.int32)
    rank[order] = np.arange(len(order))
    renumber(where, rank)
    return distinct[order], where, union[order]


class Fields:
    """Named unsigned bit fields packed into one ``int64``, in the order given.

    Raises :class:`SearchLimitError` if they need more than 63 bits.
    """

    def __init__(self, **widths: int):
        self.shifts: dict[str, int] = {}
        self.masks: dict[str, int] = {}
        offset = 0
        for name, width in widths.items():
            self.shifts[name], self.masks[name] = offset, (1 << width) - 1
            offset += width
        if offset > 63:
            raise SearchLimitError(
                f"a state needs {offset} bits ({widths}); the packed search holds 63"
            )
        self.bits = offset

    def pack(self, **values):
        """The code of these field values (ints or arrays; missing fields are 0)."""
        code = 0
        for name, value in values.items():
            code = code | value << self.shifts[name]
        return code

    def get(self, code, name: str):
        """One field of a code (or of an array of codes)."""
        return code >> self.shifts[name] & self.masks[name]

    def mask(self, *names: str) -> int:
        """The bits of these fields."""
        return sum(self.masks[name] << self.shifts[name] for name in names)
