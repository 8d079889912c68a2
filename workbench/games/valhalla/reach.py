"""Which points of interest the hero can walk to, and how far, for many positions at once.

Between two events the hero walks over empty fields only: walls and the enemies
and items still on the board block the way, except the one walked to. A
breadth-first flood fill on bitsets of grid fields (bit ``r * width + c``, see
:mod:`~workbench.games.valhalla.bitsets`) answers this for thousands of (origin,
what is left) pairs at once, one array operation per depth.

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

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.level import Level, level_graph
from workbench.grids.square import Cell

__all__ = ["Reach"]


class Reach:
    """Shortest walks over empty fields of a level to its points of interest.

    ``targets`` are the cells of the points of interest, in the order of the
    bits of ``left`` in :meth:`distances`.
    """

    def __init__(self, level: Level, targets: list[Cell]):
        self.width = width = level.width
        cells = level.width * level.height
        self.words = words = bitsets.words_for(cells)

        def bits(chosen) -> np.ndarray:
            return bitsets.from_ints([sum(1 << (r * width + c) for r, c in chosen)], words=words)

        grid = [(r, c) for r in range(level.height) for c in range(width)]
        self._walkable = bits(level_graph(level).nodes)
        self._not_first_col = bits(cell for cell in grid if cell[1] > 0)
        self._not_last_col = bits(cell for cell in grid if cell[1] < width - 1)
        self._cell_bits = bitsets.from_ints([1 << k for k in range(cells)], words=words)
        index = np.array([r * width + c for r, c in targets], dtype=np.int64)
        self._target_bits = self._cell_bits[index]
        self._target_word, self._target_bit = index // 64, (index % 64).astype(np.uint64)

    def cell_index(self, cell: Cell) -> int:
        """The bit of a grid field."""
        return cell[0] * self.width + cell[1]

    def _spread(self, bits: np.ndarray) -> np.ndarray:
        """Fields one orthogonal step from any field in ``bits`` (walls not removed)."""
        w = self.width
        return (bitsets.shift(bits, 1) & self._not_first_col
                | bitsets.shift(bits, -1) & self._not_last_col
                | bitsets.shift(bits, w) | bitsets.shift(bits, -w))  # fmt: skip

    def distances(self, left: np.ndarray, origins: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Steps of the shortest walk from field ``origins[i]`` to each target whose
        bit is set in ``left[i]`` (0: none, or the target is gone), and whether the
        hero can step off the origin onto an empty field (so walks can be lengthened
        by stepping back and forth)."""
        rows, targets = len(left), len(self._target_bits)
        blocked = np.zeros((rows, self.words), dtype=np.uint64)
        for t in range(targets):
            there = (left >> t & 1).astype(bool)
            blocked[there] |= self._target_bits[t]
        origin = self._cell_bits[origins]
        open_ground = self._walkable & ~blocked
        free = bitsets.nonempty(self._spread(origin) & open_ground)
        found = np.zeros((rows, targets), dtype=np.int16)
        index = np.arange(rows)
        seen = frontier = origin
        depth = 0
        while len(index):
            depth += 1
            frontier = self._spread(frontier) & self._walkable & ~seen
            seen = seen | frontier
            hit = frontier & blocked
            frontier &= ~blocked
            some = bitsets.nonempty(hit)
            if some.any():
                words = hit[some][:, self._target_word]
                r, t = np.nonzero(words >> self._target_bit & np.uint64(1))
                found[index[some][r], t] = depth
            going = bitsets.nonempty(frontier)
            index, seen, frontier, blocked = (index[going], seen[going], frontier[going],
                                              blocked[going])  # fmt: skip
        return found, free
