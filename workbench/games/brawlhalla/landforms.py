"""Shape measures on a board: pieces, gaps, islands, mountain rings, ridges, walled paths.

These are the figures the checker compares with the instructions; each one is a
plain function of the board so that tests can build a small board that breaks it.

>>> pieces([(0, 0), (0, 1), (2, 2)])
[[(0, 0), (0, 1)], [(2, 2)]]
>>> pieces([(0, 0), (1, 1)], diagonal=True)
[[(0, 0), (1, 1)]]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from workbench.games.brawlhalla.board import CONTINENTS, Board
from workbench.games.brawlhalla.instructions import STRAITS
from workbench.grids.square import DIAGONAL, ORTHOGONAL, Cell, chebyshev

__all__ = [
    "EastPoint",
    "Ring",
    "capital_ring",
    "central_ridges",
    "closest_continents",
    "encircled_east_point",
    "islands_by_strait",
    "pieces",
    "walled_path",
]

#: The eight neighbours in clockwise order, starting north-west.
_AROUND: tuple[Cell, ...] = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def pieces(cells: Iterable[Cell], *, diagonal: bool = False) -> list[list[Cell]]:
    """Connected pieces of a set of cells (orthogonal steps, plus diagonal if asked)."""
    todo = set(cells)
    steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
    found = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        piece, queue = [start], deque([start])
        while queue:
            r, c = queue.popleft()
            for dr, dc in steps:
                nxt = (r + dr, c + dc)
                if nxt in todo:
                    todo.discard(nxt)
                    piece.append(nxt)
                    queue.append(nxt)
        found.append(sorted(piece))
    return found


def closest_continents(board: Board) -> tuple[int | None, tuple[str, str] | None]:
    """The smallest king-move distance between squares of two different continents,
    and which two; ``(None, None)`` with fewer than two continents drawn."""
    cells = {name: board.region_cells(name) for name in CONTINENTS}
    best: tuple[int | None, tuple[str, str] | None] = (None, None)
    for i, a in enumerate(CONTINENTS):
        for b in CONTINENTS[i + 1 :]:
            if cells[a] and cells[b]:
                d = min(chebyshev(p, q) for p in cells[a] for q in cells[b])
                if best[0] is None or d < best[0]:
                    best = (d, (a, b))
    return best


def islands_by_strait(board: Board) -> tuple[dict, list[int]]:
    """Islands (island squares touching, diagonals included) grouped by strait.

    An island lies in the strait of its two nearest continents when the third is
    farther; the others are grouped under ``None``. Returns the groups (keys:
    every strait of :data:`~.instructions.STRAITS`, plus ``None``) and the sizes.
    """
    continents = {name: board.region_cells(name) for name in CONTINENTS}
    groups: dict = {strait: [] for strait in STRAITS}
    groups[None] = []
    islands = pieces(board.region_cells("island"), diagonal=True)
    for island in islands:
        near = sorted(
            (min(chebyshev(p, q) for p in island for q in cells), name)
            for name, cells in continents.items()
            if cells
        )
        strait = None
        if len(near) >= 2 and (len(near) == 2 or near[1][0] < near[2][0]):
            pair = {near[0][1], near[1][1]}
            strait = next((s for s in STRAITS if set(s) == pair), None)
        groups[strait].append(island)
    return groups, [len(island) for island in islands]


@dataclass(frozen=True, slots=True)
class Ring:
    """The mountains around a capital: how many of its neighbours are mountains,
    how many openings (runs of other squares, clockwise) and how many squares they
    hold, and how far the range continues west of the ring."""

    neighbours: int
    mountains: int
    openings: int
    opening_squares: int
    west_extent: int


def capital_ring(board: Board, capital: Cell) -> Ring:
    """Measure the mountain ring around ``capital`` and its westward range.

    The board's edge closes the ring; the range is every mountain joined (diagonals
    included) to the ring's mountains.
    """
    r, c = capital
    states = []
    for dr, dc in _AROUND:
        cell = (r + dr, c + dc)
        on_board = 0 <= cell[0] < board.rows and 0 <= cell[1] < board.cols
        states.append(None if not on_board else board.terrain[cell[0]][cell[1]] == "^")
    open_flags = [s is False for s in states]
    openings = sum(open_flags[i] and not open_flags[i - 1] for i in range(8))
    if all(open_flags):
        openings = 1
    ring = [(r + dr, c + dc) for (dr, dc), s in zip(_AROUND, states, strict=True) if s]
    mountains = {cell for cell in board.cells() if board.terrain[cell[0]][cell[1]] == "^"}
    ranges = [p for p in pieces(mountains, diagonal=True) if set(p) & set(ring)]
    west = min(col for _, col in ring) - min(col for p in ranges for _, col in p) if ring else 0
    return Ring(
        neighbours=sum(s is not None for s in states),
        mountains=len(ring),
        openings=openings,
        opening_squares=sum(open_flags),
        west_extent=west,
    )


def central_ridges(board: Board) -> tuple[int, int]:
    """Sizes of the largest mountain ranges (diagonals joining) of the central continent
    north and south of its sanctuary's row (of its middle row without a sanctuary)."""
    central = board.region_cells("central")
    if not central:
        return 0, 0
    sanctuary = board.sanctuary("central")
    middle = sanctuary[0] if sanctuary else sorted(r for r, _ in central)[len(central) // 2]
    mountains = [(r, c) for r, c in central if board.terrain[r][c] == "^"]
    north = pieces([cell for cell in mountains if cell[0] < middle], diagonal=True)
    south = pieces([cell for cell in mountains if cell[0] > middle], diagonal=True)
    return max(map(len, north), default=0), max(map(len, south), default=0)


@dataclass(frozen=True, slots=True)
class EastPoint:
    """Whether the central continent's easternmost point is encircled, and why."""

    ok: bool
    text: str


def encircled_east_point(board: Board) -> EastPoint:
    """Check the central continent's easternmost square that is not a mountain (the
    southernmost if several): mountains of the continent north and south of it,
    sea or mountain east of it, and an opening to the west (a continent square
    that is not a mountain)."""
    central = set(board.region_cells("central"))

    def mountain(cell: Cell) -> bool:
        return cell in central and board.terrain[cell[0]][cell[1]] == "^"

    flat = [cell for cell in central if not mountain(cell)]
    if not flat:
        return EastPoint(False, "no central continent" if not central else "all mountains")
    east = max(c for _, c in flat)
    r, c = max((r, c) for r, c in flat if c == east)
    ok = {
        "mountain north": mountain((r - 1, c)),
        "mountain south": mountain((r + 1, c)),
        "sea or mountain east": (r, c + 1) not in central or mountain((r, c + 1)),
        "opening to the west": (r, c - 1) in central and not mountain((r, c - 1)),
    }
    missing = [name for name, good in ok.items() if not good]
    text = f"point ({r},{c}): " + (
        "; ".join(f"no {m}" for m in missing) if missing else "encircled"
    )
    return EastPoint(not missing, text)


def walled_path(board: Board, side: str) -> int | None:
    """Length of the shortest path walled by mountains to the ``west``/``east`` sanctuary.

    The path starts on the continent's square nearest the board's centre (any of
    them if several tie), steps orthogonally over earth and shore of the continent,
    and each square between its two ends has at least two mountains (or the board's
    edge) among its four neighbours. None when there is no such path.
    """
    target = board.sanctuary(side)
    cells = set(board.region_cells(side))
    if target is None or target not in cells:
        return None
    centre2 = (board.rows - 1, board.cols - 1)

    def far(cell: Cell) -> int:
        return (2 * cell[0] - centre2[0]) ** 2 + (2 * cell[1] - centre2[1]) ** 2

    nearest = min(map(far, cells))
    walkable = {(r, c) for r, c in cells if board.terrain[r][c] in ".:"}
    starts = [cell for cell in cells if far(cell) == nearest and cell in walkable]

    def walled(cell: Cell) -> bool:
        walls = 0
        for dr, dc in ORTHOGONAL:
            r, c = cell[0] + dr, cell[1] + dc
            on_board = 0 <= r < board.rows and 0 <= c < board.cols
            walls += not on_board or board.terrain[r][c] == "^"
        return walls >= 2

    seen = {start: 1 for start in starts}
    queue = deque(starts)
    while queue:
        cell = queue.popleft()
        if cell == target:
            return seen[cell]
        for dr, dc in ORTHOGONAL:
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt in walkable and nxt not in seen and (nxt == target or walled(nxt)):
                seen[nxt] = seen[cell] + 1
                queue.append(nxt)
    return None
