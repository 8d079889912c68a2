"""Structural rules a playable board needs, beyond the build instructions.

Shore on the coast, regions that match the terrain, capitals and sanctuaries on
land, continents in one piece, ruins reachable from both capitals.

>>> from workbench.games.brawlhalla.board import default_board
>>> [c.ok for c in structural_checks(default_board())]
[True, True, True, True, True]
"""

from __future__ import annotations

from workbench.games.brawlhalla.board import CONTINENTS, Board
from workbench.games.brawlhalla.check_report import Check, cells_text
from workbench.games.brawlhalla.landforms import pieces
from workbench.games.brawlhalla.movement import SIDES, distances_from_capital
from workbench.games.brawlhalla.rules import Rules
from workbench.grids.square import DIAGONAL, ORTHOGONAL

__all__ = ["structural_checks"]


def _coast(board: Board) -> Check:
    def touches_water(r: int, c: int) -> bool:
        return any(
            0 <= r + dr < board.rows
            and 0 <= c + dc < board.cols
            and board.terrain[r + dr][c + dc] == "~"
            for dr, dc in ORTHOGONAL + DIAGONAL
        )

    inland = [
        cell
        for cell in board.cells()
        if board.terrain[cell[0]][cell[1]] == ":" and not touches_water(*cell)
    ]
    land_on_water = sum(
        board.terrain[r][c] in ".^" and touches_water(r, c) for r, c in board.cells()
    )
    return Check(
        "shore on the coast",
        not inland,
        f"{len(inland)} inland shore square(s) {cells_text(inland)}".rstrip()
        + f"; {land_on_water} land square(s) also touch water",
        "every shore square touches water",
    )


def _regions_match(board: Board) -> Check:
    wrong = [
        (r, c)
        for r, c in board.cells()
        if (board.terrain[r][c] == "~") != (board.regions[r][c] == "~")
    ]
    return Check(
        "regions match terrain",
        not wrong,
        f"{len(wrong)} mismatched square(s) {cells_text(wrong)}".rstrip(),
        "water squares are open water; every other square is on a continent or an island",
    )


def _on_land(board: Board) -> Check:
    places = [f for f in board.features if f.kind in ("capital", "sanctuary")]
    wrong = [f for f in places if board.terrain_at(f.cell) not in ("earth", "shore")]
    return Check(
        "capitals and sanctuaries on land",
        not wrong and len(places) == 5,
        f"{len(places) - len(wrong)} of {len(places)} on earth or shore",
        "2 capitals and 3 sanctuaries, each on earth or shore",
    )


def _connected(board: Board) -> Check:
    split = {
        name: n
        for name in CONTINENTS
        if (n := len(pieces(board.region_cells(name), diagonal=True))) > 1
    }
    return Check(
        "continents in one piece",
        not split,
        ", ".join(f"{k}: {v} pieces" for k, v in split.items()) or "each in one piece",
        "each continent one piece (diagonal contact joins, as it separates)",
    )


def _ruins_reachable(board: Board, rules: Rules) -> Check:
    lost = set()
    for side in SIDES:
        if board.capital(side) is None:
            lost |= set(board.ruins)
            continue
        reached = set(distances_from_capital(board, "seaborne", side=side, rules=rules))
        reached |= set(distances_from_capital(board, "aquatic", side=side, rules=rules))
        lost |= {ruin for ruin in board.ruins if ruin not in reached}
    return Check(
        "ruins reachable",
        not lost,
        f"{len(board.ruins) - len(lost)} of {len(board.ruins)} reached by land or sea "
        "from both capitals",
        "every ruin reachable by land units (boats allowed) or boats from both capitals",
    )


def structural_checks(board: Board, rules: Rules | None = None) -> list[Check]:
    """The structural checks, in report order."""
    rules = rules or Rules()
    return [
        _coast(board),
        _regions_match(board),
        _on_land(board),
        _connected(board),
        _ruins_reachable(board, rules),
    ]
