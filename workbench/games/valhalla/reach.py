"""Which points of interest the hero can walk to, and how far, for many positions at once.

Between two events the hero walks over empty fields only: walls and the enemies
and items still on the board block the way, except the one walked to. A
breadth-first flood fill answers this for thousands of (origin, what is left)
pairs at once, one array operation per depth: a set of fields is one unsigned
int per grid row (bit ``c`` for column ``c``), so a step left or right is a bit
shift and a step up or down takes the neighbouring row.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Two", "width": 3, "height": 2, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3},
...     "enemies": [{"at": [0, 1], "attack": 1, "health": 1},
...                 {"at": [0, 2], "attack": 1, "health": 1}]})
>>> reach = Reach(level, [e.at for e in level.enemies])
>>> distances, free = reach.distances(np.array([0b11, 0b10]), np.array([0, 1]))
>>> distances.tolist(), free.tolist()  # around enemy 0, or straight on once it is gone
([[1, 4], [0, 1]], [True, True])
"""

from __future__ import annotations

import numpy as np

from workbench.games.valhalla.level import Level, level_graph
from workbench.grids.square import Cell

__all__ = ["Reach"]


class Reach:
    """Shortest walks over empty fields of a level to its points of interest.

    ``targets`` are the cells of the points of interest, in the order of the
    bits of ``left`` in :meth:`distances`.
    """

    def __init__(self, level: Level, targets: list[Cell]):
        self.width, self.height = level.width, level.height
        self._dtype = dtype = np.min_scalar_type((1 << level.width) - 1)
        self._walkable = np.zeros(level.height, dtype=dtype)
        for r, c in level_graph(level).nodes:
            self._walkable[r] |= dtype.type(1 << c)
        self._target_row = np.array([r for r, _ in targets], dtype=np.int64)
        self._target_col = np.array([c for _, c in targets], dtype=dtype)
        self._target_bit = np.left_shift(dtype.type(1), self._target_col)
        self._one = dtype.type(1)
        self._everywhere: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def cell_index(self, cell: Cell) -> int:
        """The number of a grid field (``row * width + col``)."""
        return cell[0] * self.width + cell[1]

    def _spread(self, fields: np.ndarray) -> np.ndarray:
        """Fields one orthogonal step from any field in ``fields`` (grid rows first;
        walls and the grid's edge not removed)."""
        out = fields << self._one | fields >> self._one
        out[1:] |= fields[:-1]
        out[:-1] |= fields[1:]
        return out

    def distances(self, left: np.ndarray, origins: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Steps of the shortest walk from field ``origins[i]`` (:meth:`cell_index`) to
        each target whose bit is set in ``left[i]`` (0: none, or the target is gone),
        and whether the hero can step off the origin onto an empty field (so walks
        can be lengthened by stepping back and forth)."""
        count, targets = len(left), len(self._target_row)
        # Sets of fields as (grid row, query) arrays: one int per grid row and query.
        blocked = np.zeros((self.height, count), dtype=self._dtype)
        for t in range(targets):
            there = (left >> t & 1).astype(bool)
            blocked[self._target_row[t], there] |= self._target_bit[t]
        frontier = np.zeros((self.height, count), dtype=self._dtype)
        frontier[origins // self.width, np.arange(count)] = np.left_shift(
            self._one, (origins % self.width).astype(self._dtype)
        )
        walkable = self._walkable[:, None]
        free = np.bitwise_or.reduce(self._spread(frontier) & walkable & ~blocked, axis=0) != 0
        unseen = walkable & ~frontier
        found = np.zeros((count, targets), dtype=np.int16)
        index = np.arange(count)
        depth = 0
        while len(index):
            depth += 1
            frontier = self._spread(frontier) & unseen
            unseen ^= frontier
            hit = frontier & blocked
            frontier ^= hit
            blocked ^= hit
            some = np.flatnonzero(np.bitwise_or.reduce(hit, axis=0))
            if len(some):
                at = hit[self._target_row][:, some] & self._target_bit[:, None]
                t, r = np.nonzero(at)
                found[index[some[r]], t] = depth
            going = (np.bitwise_or.reduce(frontier, axis=0) != 0) & (
                np.bitwise_or.reduce(blocked, axis=0) != 0
            )
            if going.sum() < len(going) // 2 or not going.any():  # drop finished queries
                index, frontier, unseen, blocked = (
                    index[going],
                    frontier[:, going],
                    unseen[:, going],
                    blocked[:, going],
                )
        return found, free

    def everywhere(self, left: int) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`distances` from every field of the grid with these targets left
        (memoised: for many single positions on one board)."""
        found = self._everywhere.get(left)
        if found is None:
            cells = self.width * self.height
            found = self.distances(np.full(cells, left, dtype=np.int64), np.arange(cells))
            self._everywhere[left] = found
        return found
