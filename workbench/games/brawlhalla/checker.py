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

from fractions import Fraction

from workbench.games.brawlhalla.board import CONTINENTS, Board
from workbench.games.brawlhalla.check_report import Check, CheckReport, cells_text
from workbench.games.brawlhalla.instructions import Instructions, compass_cells, star_cells
from workbench.games.brawlhalla.landforms import (
    capital_ring,
    central_ridges,
    closest_continents,
    encircled_east_point,
    islands_by_strait,
    walled_path,
)
from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.structure import structural_checks
from workbench.grids.square import DIAGONAL, ORTHOGONAL

__all__ = ["Check", "CheckReport", "check"]  # Check and CheckReport re-exported


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
                "missing" if have is None else cells_text([have]),
                cells_text([want]),
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
            "missing" if have is None else cells_text([have]),
            "the most central square of the central continent: " + (cells_text(middle) or "none"),
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
    checks.append(_wreckages(board))
    checks += structural_checks(board, rules)
    return CheckReport(tuple(checks))
