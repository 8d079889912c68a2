"""Functions of a few small integers, computed once per distinct case, looked up for arrays.

The search meets the same few hundred cases (a walk of 5 steps with Attack 6, a
fight against enemy 3 with Attack 4 and a shield...) millions of times. A
:class:`LookupTable` computes each case once with plain Python (the engine's rules) and
answers whole arrays of cases by lookup: the arguments packed into one key, found in
an index that compiled loops can probe as well: a row number per possible key where
keys have at most :data:`DIRECT_BITS` bits, else a hash index.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.bitsets import Fields
from workbench.games.valhalla.kernels import FREE, find_rows, store_rows

__all__ = ["DIRECT_BITS", "LookupTable"]

#: Keys of at most this many bits are looked up directly, in a row number per possible key
#: (2 MiB at most); wider ones in a hash index. Direct lookups made the moves of the hard
#: ladder's seed 38 a quarter faster than probing a hash index.
DIRECT_BITS = 18


class LookupTable:
    """A function of a few small non-negative ints, computed once per distinct
    argument tuple and looked up for whole arrays of arguments.

    ``widths`` names the arguments and their bits; the function returns a tuple
    of ints, one per name in ``outputs``, read back as columns (:meth:`column`).
    The argument tuples are packed into one ``int64`` key (:attr:`fields`), found in
    an index (:attr:`index`, which compiled loops probe too).

    >>> table = LookupTable(lambda a, b: (a + b, a * b), outputs=("sum", "product"), a=4, b=4)
    >>> [c.tolist() for c in table(a=np.array([2, 3, 2]), b=np.array([5, 1, 5]))]
    [[7, 4, 7], [10, 3, 10]]
    >>> len(table.rows), table.column("product").tolist()
    (2, [3, 10])
    """

    def __init__(self, func: Callable[..., tuple], *, outputs: tuple[str, ...], **widths: int):
        self._func, self._outputs = func, outputs
        self.fields = Fields(**widths)
        #: The shift of each argument in a key, in the order of ``widths``.
        self.shifts = np.array(list(self.fields.shifts.values()), dtype=np.int64)
        #: Index of the keys computed, ``(keys, rows)``: for keys of up to :data:`DIRECT_BITS`
        #: bits no keys and the row of each possible key (-1: not computed), else a hash
        #: index (by slot, :data:`FREE` keys empty).
        self.index = (
            (np.zeros(0, dtype=np.int64), np.full(1 << self.fields.bits, -1, dtype=np.int64))
            if self.fields.bits <= DIRECT_BITS
            else (np.full(16, FREE, dtype=np.int64), np.full(16, -1, dtype=np.int64))
        )
        self.rows: list[tuple[int, ...]] = []
        self._columns: dict[tuple[str, int], np.ndarray] = {}

    def ids(self, **args) -> np.ndarray:
        """Row numbers of the results for these arguments (arrays of equal length)."""
        keys = self.fields.pack(**{k: np.asarray(v, dtype=np.int64) for k, v in args.items()})
        ids = self._rows_of(keys)
        if (ids < 0).any():
            self.add(keys[ids < 0])
            ids = self._rows_of(keys)
        return ids

    def add(self, keys: np.ndarray) -> None:
        """Compute the results of these keys (:attr:`fields` packed) not computed yet."""
        keys = np.unique(keys)
        new = keys[self._rows_of(keys) < 0]
        if not len(new):
            return
        for key in new.tolist():
            values = [self.fields.get(key, name) for name in self.fields.shifts]
            self.rows.append(tuple(self._func(*values)))
        numbers = np.arange(len(self.rows) - len(new), len(self.rows))
        slots = len(self.index[0])
        if slots and 2 * len(self.rows) > slots:  # keep a hash index at most half full
            while 2 * len(self.rows) > slots:
                slots *= 2
            old_keys, old_rows = self.index
            taken = old_keys != FREE
            self.index = (np.full(slots, FREE, dtype=np.int64), np.full(slots, -1, dtype=np.int64))
            store_rows(*self.index, old_keys[taken], old_rows[taken])
        store_rows(*self.index, new, numbers)
        self._columns.clear()

    def _rows_of(self, keys: np.ndarray) -> np.ndarray:
        out = np.empty(len(keys), dtype=np.int64)
        find_rows(*self.index, np.ascontiguousarray(keys, dtype=np.int64), out)
        return out

    def column(self, name: str, *, words: int = 0) -> np.ndarray:
        """One result of every row: ``int64``, or bitset rows of ``words`` words."""
        found = self._columns.get((name, words))
        if found is None:
            j = self._outputs.index(name)
            values = [row[j] for row in self.rows]
            found = (
                bitsets.from_ints(values, words=words)
                if words
                else np.array(values, dtype=np.int64)
            )
            self._columns[name, words] = found
        return found

    def columns(self) -> np.ndarray:
        """Every (integer) result of every row: ``(outputs, rows)`` ``int64``."""
        return np.stack([self.column(name) for name in self._outputs]).reshape(
            len(self._outputs), len(self.rows)
        )

    def __call__(self, **args) -> tuple[np.ndarray, ...]:
        """Every (integer) result for these arguments, one array each."""
        ids = self.ids(**args)
        return tuple(self.column(name)[ids] for name in self._outputs)
