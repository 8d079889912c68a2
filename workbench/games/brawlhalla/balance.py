"""Balance studies: is North or South favoured? A table of measures, heat maps, a verdict.

The report compares, for land units (boats allowed) and dragons: the way to each
sanctuary and to all three (holy domination), the flag's round trip (capture the
flag), the attack on the enemy capital (war domination), the ruins each side
reaches first, and the defence of each capital (squares from which it can be
attacked, squares that seal it off). :func:`instruction_bias` says how unfair the
instructions alone force every board to be: dragons ignore terrain, so their
distances between the stars the text places are the same on every such board.

>>> from workbench.games.brawlhalla.board import default_board
>>> report = fairness(default_board())
>>> report.verdict.split(":")[0] in {"North is favoured", "South is favoured", "Balanced"}
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from workbench.games.brawlhalla.board import Board
from workbench.games.brawlhalla.chokes import seal_cut
from workbench.games.brawlhalla.instructions import Instructions, star_cells
from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.objectives import Distances, board_distances
from workbench.games.brawlhalla.rules import Rules
from workbench.grids.square import DIAGONAL, ORTHOGONAL, Cell

__all__ = ["HEAT_KINDS", "FairnessReport", "fairness", "instruction_bias"]

#: Unit kinds drawn in the heat maps.
HEAT_KINDS: tuple[str, ...] = ("seaborne", "aquatic", "flying")
_ARMIES = (("seaborne", "land units"), ("flying", "dragons"))


@dataclass(frozen=True)
class FairnessReport:
    """North against South: the table, the verdict and the distance differences.

    ``heat[kind]`` is a rows x cols array of North's minus South's action points
    to each square (negative: North gets there first; NaN: one side never does).
    """

    board: Board
    table: pd.DataFrame
    verdict: str
    heat: dict[str, np.ndarray]

    def to_dict(self) -> dict:
        """JSON-able: the verdict and the table's rows."""
        rows = self.table.astype(object).where(self.table.notna(), None).to_dict("records")
        return {"verdict": self.verdict, "measures": rows}


def _favours(north: float | None, south: float | None, lower_is_better: bool) -> str:
    if north is None or south is None or north == south:
        return "even" if north == south else ("south" if north is None else "north")
    better_north = north < south if lower_is_better else north > south
    return "north" if better_north else "south"


def _row(measure: str, unit: str, north, south, *, lower_is_better: bool = True) -> dict:
    gap = None if north is None or south is None else abs(north - south)
    return {
        "measure": measure,
        "unit": unit,
        "north": north,
        "south": south,
        "favours": _favours(north, south, lower_is_better),
        "gap": gap,
    }


def _sum(values) -> int | None:
    values = list(values)
    return None if any(v is None for v in values) else sum(values)


def _approaches(board: Board, side: str) -> int:
    """Squares next to the capital (diagonals too) from which land units can attack it."""
    r, c = board.capital(side)
    return sum(
        0 <= r + dr < board.rows
        and 0 <= c + dc < board.cols
        and board.terrain[r + dr][c + dc] in ".:"
        for dr, dc in ORTHOGONAL + DIAGONAL
    )


def _table(board: Board, distances: Distances) -> pd.DataFrame:
    rows = []
    flag = board.sanctuary("central")
    for kind, label in _ARMIES:
        unit = f"action points, {label}"
        for where in ("west", "east", "central"):
            cell = board.sanctuary(where)
            rows.append(
                _row(
                    f"to the {where} sanctuary", unit, *(distances.to(s, kind, cell) for s in SIDES)
                )
            )
        three = [
            _sum(distances.to(s, kind, board.sanctuary(w)) for w in ("west", "east", "central"))
            for s in SIDES
        ]
        rows.append(_row("to all three sanctuaries (sum)", unit, *three))
        rows.append(
            _row("flag round trip", unit, *(distances.round_trip(s, kind, flag) for s in SIDES))
        )
        enemy_capitals = (board.capital("south"), board.capital("north"))
        rows.append(
            _row(
                "attack on the enemy capital",
                unit,
                *(distances.to(s, kind, t) for s, t in zip(SIDES, enemy_capitals, strict=True)),
            )
        )
    first = {"north": 0, "south": 0}
    for ruin in board.ruins:
        north, south = (distances.to(s, "seaborne", ruin) for s in SIDES)
        side = _favours(north, south, True)
        if side in first:
            first[side] += 1
    rows.append(
        _row(
            "ruins reached first",
            "ruins, land units",
            first["north"],
            first["south"],
            lower_is_better=False,
        )
    )
    rows.append(
        _row(
            "squares to attack the capital from", "squares", *(_approaches(board, s) for s in SIDES)
        )
    )
    rows.append(
        _row(
            "squares sealing the capital",
            "squares",
            *(len(seal_cut(board, s, rules=distances.rules)) for s in SIDES),
        )
    )
    return pd.DataFrame(rows)


def _verdict(table: pd.DataFrame) -> str:
    counts = table["favours"].value_counts()
    north, south, even = (int(counts.get(k, 0)) for k in ("north", "south", "even"))
    if north == south:
        head = "Balanced"
    else:
        head = "North is favoured" if north > south else "South is favoured"
    text = (
        f"{head}: North is ahead on {north} of {len(table)} measures, South on {south}, {even} even"
    )
    gaps = (
        table[table["favours"] != "even"].dropna(subset=["gap"]).sort_values("gap", ascending=False)
    )
    if len(gaps):
        top = gaps.iloc[0]
        text += (
            f"; the widest gap is {top['measure']} ({top['unit']}): "
            f"{top['gap']} in {top['favours'].title()}'s favour"
        )
    return text + "."


def _heat(board: Board, distances: Distances, kind: str) -> np.ndarray:
    grid = np.full((board.rows, board.cols), np.nan)
    north, south = distances.steps["north", kind], distances.steps["south", kind]
    for cell in north.keys() & south.keys():
        grid[cell] = north[cell] - south[cell]
    return grid


def fairness(
    board: Board, *, rules: Rules | None = None, distances: Distances | None = None
) -> FairnessReport:
    """The fairness report of ``board``: table, verdict and heat maps."""
    distances = distances or board_distances(board, rules=rules)
    if board.capital("north") is None or board.capital("south") is None:
        raise ValueError("a fairness report needs both capitals on the board")
    table = _table(board, distances)
    heat = {kind: _heat(board, distances, kind) for kind in HEAT_KINDS}
    return FairnessReport(board, table, _verdict(table), heat)


def instruction_bias(
    spec: Instructions | None = None, *, rules: Rules | None = None
) -> pd.DataFrame:
    """How unfair every board built from the instructions must be.

    For each sanctuary the text places (west and east) and the enemy capital: the
    dragon moves from each capital (the same on every board: dragons ignore terrain)
    and the fewest squares land units could ever need (orthogonal steps, terrain
    aside). The central sanctuary is left out: the text puts it on the central
    continent's most central square, which the drawing decides.
    """
    spec = spec or Instructions()
    rules = rules or Rules()
    stars = star_cells(spec)
    capitals = {side: stars[f"capital {side}"] for side in SIDES}
    span = rules.dragon_tiles_per_move
    diagonal = rules.diagonal_moves_at_sea_and_air

    def dragon(a: Cell, b: Cell) -> int:
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        return math.ceil((max(dr, dc) if diagonal else dr + dc) / span)

    def walk(a: Cell, b: Cell) -> int:
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def attack(metric, a: Cell, b: Cell) -> int:
        return 1 + min(metric(a, (b[0] + dr, b[1] + dc)) for dr, dc in ORTHOGONAL + DIAGONAL)

    rows = []
    for name in ("west sanctuary", "east sanctuary", "enemy capital"):
        row = {"objective": name}
        for side in SIDES:
            start = capitals[side]
            if name == "enemy capital":
                goal = capitals["south" if side == "north" else "north"]
                row[f"{side} dragon moves"] = attack(dragon, start, goal)
                row[f"{side} land squares at least"] = attack(walk, start, goal)
            else:
                goal = stars["sanctuary " + name.split()[0]]
                row[f"{side} dragon moves"] = dragon(start, goal)
                row[f"{side} land squares at least"] = walk(start, goal)
        row["dragons favour"] = _favours(row["north dragon moves"], row["south dragon moves"], True)
        row["land favours"] = _favours(
            row["north land squares at least"], row["south land squares at least"], True
        )
        rows.append(row)
    return pd.DataFrame(rows)
