"""The squares of a Brawlhalla board as lookup tables for play: steps per unit kind, the
8 squares around each square, each side's home squares and distances to the objectives.

Built once per game from the board and the rules, from the same terrain rules as the
board's movement graphs (:mod:`~workbench.games.brawlhalla.movement`): no diagonal
steps on land, water and shore for boats, any square for dragons (``dragon_tiles_per_move``
at a time). What changes in play (buildings, units, a shore turned to earth) is
checked by the state; these tables hold what never changes.

>>> from workbench.games.brawlhalla.board import default_board
>>> geometry = BrawlhallaGeometry(default_board())
>>> capital = geometry.board.capital("north")
>>> capital, geometry.steps["terrestrial"][capital]
((1, 6), ((0, 6),))
>>> len(geometry.around[capital]), geometry.home[0][:2]
(8, ((0, 2), (0, 3)))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Container, Iterable

from workbench.games.brawlhalla.board import Board
from workbench.games.brawlhalla.movement import SIDES, movement_graph
from workbench.games.brawlhalla.rules import Rules
from workbench.grids.square import DIAGONAL, ORTHOGONAL, Cell

__all__ = ["MODES", "BrawlhallaGeometry", "breadth_first"]

#: How a stack moves: on foot, by boat (with whoever is aboard), or flying.
MODES = ("terrestrial", "aquatic", "flying")


class BrawlhallaGeometry:
    """Lookup tables of one board under one set of rules.

    Attributes
    ----------
    board, rules
        What the tables were built from.
    terrain : dict
        Cell -> terrain character (``.`` earth, ``~`` water, ``:`` shore, ``^`` mountain).
    steps : dict
        Mode (:data:`MODES`) -> cell -> the cells one move away, ignoring units and buildings.
    around : dict
        Cell -> the up to 8 cells around it (attacks may be diagonal).
    beside : dict
        Cell -> the up to 4 cells beside it (no diagonal).
    home : tuple
        Per side (0 north, 1 south): the earth and shore cells of its continent.
    features : dict
        Cell -> the board's feature there.
    sanctuaries : tuple
        ``(name, cell)`` of the west, east and central sanctuaries present.
    """

    def __init__(self, board: Board, rules: Rules | None = None) -> None:
        self.board = board
        self.rules = rules = rules or Rules()
        self.terrain: dict[Cell, str] = {
            (r, c): board.terrain[r][c] for r in range(board.rows) for c in range(board.cols)
        }
        self.steps = {mode: self._steps(mode) for mode in MODES}
        self.around: dict[Cell, tuple[Cell, ...]] = {
            cell: tuple(self._inside(cell, ORTHOGONAL + DIAGONAL)) for cell in self.terrain
        }
        self.beside: dict[Cell, tuple[Cell, ...]] = {
            cell: tuple(self._inside(cell, ORTHOGONAL)) for cell in self.terrain
        }
        self.home: tuple[tuple[Cell, ...], ...] = tuple(
            tuple(cell for cell in board.region_cells(side) if self.terrain[cell] in ".:")
            for side in SIDES
        )
        self.capitals: tuple[Cell | None, Cell | None] = (
            board.capital("north"),
            board.capital("south"),
        )
        self.sanctuaries: tuple[tuple[str, Cell], ...] = tuple(
            (name, cell)
            for name in ("west", "east", "central")
            if (cell := board.sanctuary(name)) is not None
        )
        self.flag_home: Cell | None = board.sanctuary("central")
        self.features = {feature.cell: feature for feature in board.features}
        self.wreckages: tuple[Cell, ...] = tuple(f.cell for f in board.features_of("wreckage"))
        self._continent = {cell: side for side, cells in enumerate(self.home) for cell in cells}
        self._distances: dict[tuple[int, Cell], dict[Cell, int]] = {}

    def _inside(self, cell: Cell, offsets: Iterable[Cell]) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in offsets if (r + dr, c + dc) in self.terrain]

    def _steps(self, mode: str) -> dict[Cell, tuple[Cell, ...]]:
        kind = {"terrestrial": "terrestrial", "aquatic": "aquatic", "flying": "flying"}[mode]
        graph = movement_graph(self.board, kind, rules=self.rules)
        return {
            cell: tuple(sorted(graph.neighbors(cell))) if cell in graph else ()
            for cell in self.terrain
        }

    def side_of_region(self, cell: Cell) -> int | None:
        """0 or 1 when ``cell`` lies on the north or south continent, else None."""
        return self._continent.get(cell)

    def distances_to(self, side: int, target: Cell) -> dict[Cell, int]:
        """Moves a land unit of ``side`` needs from each square to stand next to ``target``
        (on foot, or by boat across water), as a breadth-first search on the board's
        seaborne movement graph without the enemy's capital; remembered per target.

        >>> from workbench.games.brawlhalla.board import default_board
        >>> geometry = BrawlhallaGeometry(default_board())
        >>> geometry.distances_to(0, geometry.capitals[1])[geometry.capitals[0]]
        25
        """
        found = self._distances.get((side, target))
        if found is None:
            found = self._distances[(side, target)] = self._search(side, target)
        return found

    def _search(self, side: int, target: Cell) -> dict[Cell, int]:
        graph = movement_graph(self.board, "seaborne", side=SIDES[side], rules=self.rules)
        starts = [cell for cell in self.around[target] if cell in graph]
        return breadth_first(starts, graph.neighbors)


def breadth_first(
    starts: Iterable[Cell],
    neighbours: Callable[[Cell], Iterable[Cell]],
    *,
    avoid: Container[Cell] = frozenset(),
) -> dict[Cell, int]:
    """Moves from the nearest of ``starts`` to every cell reached through ``neighbours``,
    never entering a cell of ``avoid``.

    >>> breadth_first([(0, 0)], lambda c: [(c[0], c[1] + 1)] if c[1] < 2 else [])
    {(0, 0): 0, (0, 1): 1, (0, 2): 2}
    """
    distance = dict.fromkeys(starts, 0)
    queue = deque(distance)
    while queue:
        cell = queue.popleft()
        for nxt in neighbours(cell):
            if nxt not in distance and nxt not in avoid:
                distance[nxt] = distance[cell] + 1
                queue.append(nxt)
    return distance
