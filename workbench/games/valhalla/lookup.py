"""Functions of a few small integers, computed once per distinct case, looked up for arrays.

The search meets the same few hundred cases (a walk of 5 steps with Attack 6, a
fight against enemy 3 with Attack 4 and a shield...) millions of times. A
:class:`LookupTable` computes each case once with plain Python (the engine's rules) and
answers whole arrays of cases by lookup: a plain array indexed by the packed
arguments when they fit in a few bits, else a hash index.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.bitsets import Fields

__all__ = ["LookupTable"]

_DENSE_BITS = 20  # tables over keys of up to this many bits are plain arrays


class LookupTable:
    """A function of a few small non-negative ints, computed once per distinct
    argument tuple and looked up for whole arrays of arguments.

    ``widths`` names the arguments and their bits; the function returns a tuple
    of ints, one per name in ``outputs``, read back as columns (:meth:`column`).

    >>> table = LookupTable(lambda a, b: (a + b, a * b), outputs=("sum", "product"), a=4, b=4)
    >>> [c.tolist() for c in table(a=np.array([2, 3, 2]), b=np.array([5, 1, 5]))]
    [[7, 4, 7], [10, 3, 10]]
    >>> len(table.rows), table.column("product").tolist()
    (2, [3, 10])
    """

    def __init__(self, func: Callable[..., tuple], *, outputs: tuple[str, ...], **widths: int):
        self._func, self._fields, self._outputs = func, Fields(**widths), outputs
        # Row of each key: a plain array over every key when that is small, else a hash index.
        self._dense = self._fields.bits <= _DENSE_BITS
        self._lookup = (
            np.full(1 << self._fields.bits, -1, dtype=np.int32)
            if self._dense
            else pd.Index(np.zeros(0, dtype=np.int64))
        )
        self.rows: list[tuple[int, ...]] = []
        self._columns: dict[tuple[str, int], np.ndarray] = {}

    def ids(self, **args) -> np.ndarray:
        """Row numbers of the results for these arguments (arrays of equal length)."""
        keys = self._fields.pack(**{k: np.asarray(v, dtype=np.int64) for k, v in args.items()})
        ids = self._rows_of(keys)
        missing = ids < 0
        if missing.any():
            new = np.unique(keys[missing])
            for key in new.tolist():
                values = [self._fields.get(key, name) for name in self._fields.shifts]
                self.rows.append(tuple(self._func(*values)))
            numbers = np.arange(len(self.rows) - len(new), len(self.rows))
            if self._dense:
                self._lookup[new] = numbers
            else:
                self._lookup = pd.Index(np.concatenate([self._lookup.to_numpy(), new]))
            self._columns.clear()
            ids = self._rows_of(keys)
        return ids

    def _rows_of(self, keys: np.ndarray) -> np.ndarray:
        return self._lookup[keys] if self._dense else self._lookup.get_indexer(keys)

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

    def __call__(self, **args) -> tuple[np.ndarray, ...]:
        """Every (integer) result for these arguments, one array each."""
        ids = self.ids(**args)
        return tuple(self.column(name)[ids] for name in self._outputs)
