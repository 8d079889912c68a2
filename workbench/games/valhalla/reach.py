"""Which points of interest the hero can walk to, and how far, for many positions at once.

Between two events the hero walks over empty fields only: walls and the enemies
and items still on the board block the way, except the one walked to. One call
answers this for thousands of (origin, what is left) pairs, a breadth-first search
each in a compiled loop (:func:`~workbench.games.valhalla.kernels.walk_distances`), which
grows a whole frontier of fields per step as a bitset row.

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
from workbench.games.valhalla.kernels import walk_distances
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
        walkable = sum(1 << self.cell_index(cell) for cell in level_graph(level))  # no walls
        self._walkable = bitsets.from_ints(
            [walkable],
            words=bitsets.words_for(self.width * self.height),
        )[0]
        self._targets = np.array([self.cell_index(t) for t in targets], dtype=np.int64)
        self._everywhere: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def cell_index(self, cell: Cell) -> int:
        """The number of a grid field (``row * width + col``)."""
        return cell[0] * self.width + cell[1]

    def distances(self, left: np.ndarray, origins: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Steps of the shortest walk from field ``origins[i]`` (:meth:`cell_index`) to
        each target whose bit is set in ``left[i]`` (0: none, or the target is gone),
        and whether the hero can step off the origin onto an empty field (so walks
        can be lengthened by stepping back and forth)."""
        found = np.zeros((len(left), len(self._targets)), dtype=np.int16)
        free = np.zeros(len(left), dtype=np.bool_)
        walk_distances(self._walkable, self.width, self._targets, np.asarray(left, dtype=np.int64),
                       np.asarray(origins, dtype=np.int64), found, free)  # fmt: skip
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
