"""Check a board against the build instructions: each one pass or fail, with its figure.

:func:`check` measures every countable instruction of step 5 (sizes, continent
land and shore counts, reach, water between continents, islands, stars,
mountains, ruins, wreckages) and the structural rules a playable board needs
(regions match terrain, capitals and sanctuaries on land, continents in one
piece, ruins reachable).

>>> from workbench.games.brawlhalla.board import default_board
>>> report = check(default_board())
>>> report.valid
True
>>> report.get("north continent").measured
'27 land, 12 shore'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd

from workbench.games.brawlhalla.board import CONTINENTS, Board
from workbench.games.brawlhalla.instructions import Instructions, compass_cells, star_cells
from workbench.games.brawlhalla.movement import SIDES, distances_from_capital
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.shapes import (
    capital_ring,
    central_ridges,
    closest_continents,
    encircled_east_point,
    islands_by_strait,
    pieces,
    walled_path,
)
from workbench.grids.square import DIAGONAL, ORTHOGONAL, Cell

__all__ = ["Check", "CheckReport", "check"]


@dataclass(frozen=True, slots=True)
class Check:
    """One instruction or rule: whether the board meets it, what was measured, what is wanted."""

    name: str
    ok: bool
    measured: str
    expected: str


@dataclass(frozen=True, slots=True)
class CheckReport:
    """All checks of one board, in instruction order."""

    checks: tuple[Check, ...]

    @property
    def valid(self) -> bool:
        """Whether every check passes."""
        return all(c.ok for c in self.checks)

    @property
    def failures(self) -> list[Check]:
        """The checks that fail."""
        return [c for c in self.checks if not c.ok]

    def get(self, name: str) -> Check:
        """The check of that name."""
        return next(c for c in self.checks if c.name == name)

    def summary(self) -> str:
        """One line: how many checks pass.

        >>> CheckReport((Check("a", True, "1", "1"), Check("b", False, "0", "1"))).summary()
        '1 of 2 checks pass; failing: b'
        """
        line = f"{len(self.checks) - len(self.failures)} of {len(self.checks)} checks pass"
        return line + (
            "; failing: " + ", ".join(c.name for c in self.failures) if self.failures else ""
        )

    def to_dict(self) -> dict[str, Any]:
        """``{"valid": bool, "checks": [{"name", "ok", "measured", "expected"}, ...]}``."""
        return {
            "valid": self.valid,
            "checks": [
                {"name": c.name, "ok": c.ok, "measured": c.measured, "expected": c.expected}
                for c in self.checks
            ],
        }

    def to_frame(self) -> pd.DataFrame:
        """The checks as a table (one row each)."""
        return pd.DataFrame(
            self.to_dict()["checks"], columns=["name", "ok", "measured", "expected"]
        )


def _cells_text(cells: Iterable[Cell], limit: int = 4) -> str:
    cells = list(cells)
    text = ", ".join(f"({r},{c})" for r, c in cells[:limit])
    return text + (f" and {len(cells) - limit} more" if len(cells) > limit else "")


def _is_land(char: str, spec: Instructions) -> bool:
    return char == "." or (char == "^" and spec.mountains_are_land)


def _size(board: Board, spec: Instructions) -> Check:
    return Check(
        "board size",
        (board.rows, board.cols) == (spec.rows, spec.cols),
        f"{board.cols} columns x {board.rows} rows",
        f"{spec.cols} columns x {spec.rows} rows",
    )


def _compass(board: Board, spec: Instructions) -> Check:
    want = compass_cells(board.rows, board.cols)
    wrong = []
    for side, cells in want.items():
        have = {f.cell for f in board.features_of("compass") if f.side == side}
        if have != set(cells) or any(board.region_at(cell) != side for cell in cells):
            wrong.append(side)
    return Check(
        "compass marks",
        not wrong,
        "wrong or outside their continent: " + ", ".join(wrong) if wrong else "all four in place",
        "2 middle squares of each side, on that side's continent",
    )


def _counts(board: Board, spec: Instructions, continent: str) -> Check:
    chars = [board.terrain[r][c] for r, c in board.region_cells(continent)]
    land = sum(_is_land(ch, spec) for ch in chars)
    shore = chars.count(":")
    want_land, want_shore = spec.land(continent), spec.shore(continent)
    return Check(
        f"{continent} continent",
        (land, shore) == (want_land, want_shore),
        f"{land} land, {shore} shore",
        f"{want_land} land, {want_shore} shore",
    )


def _reach(board: Board, spec: Instructions, continent: str) -> Check:
    cells = board.region_cells(continent)
    land = [cell for cell in cells if _is_land(board.terrain[cell[0]][cell[1]], spec)]
    depth = {
        "north": lambda cell: cell[0] + 1,
        "south": lambda cell: board.rows - cell[0],
        "west": lambda cell: cell[1] + 1,
        "east": lambda cell: board.cols - cell[1],
    }[continent]
    land_reach = max(map(depth, land), default=0)
    if continent in ("north", "south"):
        total = max(map(depth, cells), default=0)
        want_land = spec.north_south_land_reach
        return Check(
            f"{continent} reach",
            land_reach <= want_land and total <= land_reach + spec.north_south_shore_reach,
            f"land {land_reach} squares deep, coast {total}",
            f"land at most {want_land} deep, coast at most {spec.north_south_shore_reach} more",
        )
    return Check(
        f"{continent} reach",
        land_reach <= spec.west_east_land_reach,
        f"land {land_reach} squares deep",
        f"land at most {spec.west_east_land_reach} deep",
    )


def _separation(board: Board, spec: Instructions) -> Check:
    gap, pair = closest_continents(board)
    return Check(
        "water between continents",
        gap is None or gap > spec.water_gap,
        "continents apart"
        if gap is None
        else f"{pair[0]} and {pair[1]}: {gap - 1} square(s) of water",
        f"at least {spec.water_gap} square(s) of water, diagonals included",
    )


def _islands(board: Board, spec: Instructions) -> Check:
    found, sizes = islands_by_strait(board)
    want = {strait: spec.islands(strait) for strait in found if strait is not None}
    have = {strait: len(islands) for strait, islands in found.items()}
    stray = have.get(None, 0)
    ok = all(have.get(s, 0) == n for s, n in want.items()) and not stray
    ok = ok and max(sizes, default=0) <= spec.island_max_squares
    continent_cells = {cell for name in CONTINENTS for cell in board.region_cells(name)}
    touching = sum(
        any((r + dr, c + dc) in continent_cells for dr, dc in ORTHOGONAL + DIAGONAL)
        for r, c in board.region_cells("island")
    )
    text = ", ".join(f"{a}-{b} {have.get((a, b), 0)}" for a, b in want)
    return Check(
        "islands",
        ok and not touching,
        f"{text}, elsewhere {stray}; largest {max(sizes, default=0)} square(s); "
        f"{touching} touching a continent",
        ", ".join(f"{a}-{b} {n}" for (a, b), n in want.items())
        + f"; each at most {spec.island_max_squares} square(s), surrounded by water",
    )


def _stars(board: Board, spec: Instructions) -> list[Check]:
    checks = []
    for name, want in star_cells(spec).items():
        kind, side = name.split()
        have = board.capital(side) if kind == "capital" else board.sanctuary(side)
        checks.append(
            Check(
                name,
                have == want,
                "missing" if have is None else _cells_text([have]),
                _cells_text([want]),
            )
        )
    central = board.region_cells("central")
    have = board.sanctuary("central")
    if central:
        n = len(central)
        cr = Fraction(sum(r for r, _ in central), n)
        cc = Fraction(sum(c for _, c in central), n)
        best = min((r - cr) ** 2 + (c - cc) ** 2 for r, c in central)
        middle = [(r, c) for r, c in central if (r - cr) ** 2 + (c - cc) ** 2 == best]
    else:
        middle = []
    checks.append(
        Check(
            "sanctuary central",
            have in middle,
            "missing" if have is None else _cells_text([have]),
            "the most central square of the central continent: " + (_cells_text(middle) or "none"),
        )
    )
    return checks


def _mountains(board: Board, spec: Instructions) -> list[Check]:
    checks = []
    for side in SIDES:
        capital = board.capital(side)
        ring = capital_ring(board, capital) if capital else None
        if ring is None:
            checks.append(Check(f"{side} capital mountains", False, "no capital", "a ring"))
            continue
        opening_ok = (
            ring.openings == 1 and 1 <= ring.opening_squares <= spec.capital_ring_max_opening
        )
        checks.append(
            Check(
                f"{side} capital mountains",
                opening_ok and ring.west_extent == spec.capital_range_west,
                f"{ring.mountains} of {ring.neighbours} neighbours mountains, {ring.openings} "
                f"opening(s) of {ring.opening_squares} square(s); "
                f"range goes {ring.west_extent} west",
                f"a ring with one opening of 1 to {spec.capital_ring_max_opening} squares; "
                f"range goes {spec.capital_range_west} west",
            )
        )
    north, south = central_ridges(board)
    want = spec.central_ridge_length
    checks.append(
        Check(
            "central ridges",
            (north, south) == (want, want),
            f"north ridge {north}, south ridge {south} squares",
            f"{want} and {want} squares, north and south of the sanctuary",
        )
    )
    point = encircled_east_point(board)
    checks.append(
        Check(
            "central east point encircled",
            point.ok,
            point.text,
            "mountains north and south of the easternmost flat square, opening to the west",
        )
    )
    for side in ("west", "east"):
        length = walled_path(board, side)
        checks.append(
            Check(
                f"{side} sanctuary path",
                length is not None,
                "none" if length is None else f"{length} squares between mountain walls",
                "a path walled by mountains from the point nearest the centre",
            )
        )
    return checks


def _ruins(board: Board, spec: Instructions) -> list[Check]:
    ruins = board.ruins
    halves = {
        "north": sum(r < board.rows / 2 for r, _ in ruins),
        "south": sum(r >= board.rows / 2 for r, _ in ruins),
        "west": sum(c < board.cols / 2 for _, c in ruins),
        "east": sum(c >= board.cols / 2 for _, c in ruins),
    }
    touching = [
        (a, b)
        for i, a in enumerate(ruins)
        for b in ruins[i + 1 :]
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) < 2
    ]
    even = abs(halves["north"] - halves["south"]) <= 1 and abs(halves["west"] - halves["east"]) <= 1
    return [
        Check("ruins", len(ruins) == spec.ruins, f"{len(ruins)} ruins", f"{spec.ruins} ruins"),
        Check(
            "ruins spread evenly",
            even and not touching,
            ", ".join(f"{k} {v}" for k, v in halves.items())
            + f"; {len(touching)} touching pair(s)",
            "half in each half of the board, none touching",
        ),
    ]


def _wreckages(board: Board) -> Check:
    wrong = []
    for side in SIDES:
        cells = board.region_cells(side)
        east = max((c for _, c in cells), default=None)
        have = next((f.cell for f in board.features_of("wreckage") if f.side == side), None)
        if have is None or board.region_at(have) != side or have[1] != east:
            wrong.append(side)
    return Check(
        "wreckages",
        not wrong,
        "misplaced: " + ", ".join(wrong) if wrong else "north and south at their eastern points",
        "one at the easternmost point of the north and of the south continent",
    )


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
        f"{len(inland)} inland shore square(s) {_cells_text(inland)}".rstrip()
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
        f"{len(wrong)} mismatched square(s) {_cells_text(wrong)}".rstrip(),
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


def check(
    board: Board, *, spec: Instructions | None = None, rules: Rules | None = None
) -> CheckReport:
    """Measure ``board`` against the instructions ``spec`` and the structural rules.

    Parameters
    ----------
    board : Board
        Any size loads and is checked; the instruction figures come from ``spec``.
    spec : Instructions, optional
        The build instructions (default: the text's).
    rules : Rules, optional
        Movement rules used for reachability.
    """
    spec = spec or Instructions()
    rules = rules or Rules()
    checks = [_size(board, spec), _compass(board, spec)]
    checks += [_counts(board, spec, name) for name in CONTINENTS]
    checks += [_reach(board, spec, name) for name in ("north", "south", "west", "east")]
    checks += [_separation(board, spec), _islands(board, spec)]
    checks += _stars(board, spec)
    checks += _mountains(board, spec)
    checks += _ruins(board, spec)
    checks += [_wreckages(board), _coast(board)]
    checks += [
        _regions_match(board),
        _on_land(board),
        _connected(board),
        _ruins_reachable(board, rules),
    ]
    return CheckReport(tuple(checks))
