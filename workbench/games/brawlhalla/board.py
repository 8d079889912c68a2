"""The Brawlhalla board: terrain, regions and features on a grid, as diff-friendly JSON.

A board is a grid of ``rows`` x ``cols`` squares, north at the top (row 0), west
on the left (column 0); a cell is ``(row, col)``. Each square has a terrain
(earth, water, shore, mountain) and a region (one of the five continents, an
island, or open water), and some squares carry a feature (capital, sanctuary,
ruin, boat wreckage, compass mark). The file stores terrain and regions as one
string per row and one feature per line; ``data/brawlhalla/SCHEMA.md`` documents it.

>>> board = board_from_dict({
...     "terrain": ["..~", ":^~"],
...     "regions": ["nn~", "nn~"],
...     "features": [{"kind": "capital", "side": "north", "cell": [0, 0]}],
... })
>>> board.rows, board.cols, board.terrain_at((1, 1)), board.region_at((0, 2))
(2, 3, 'mountain', 'water')
>>> board.capital("north")
(0, 0)
>>> from workbench.errors import DataError
>>> try:
...     board_from_dict({"terrain": ["x"], "regions": ["n"], "features": []})
... except DataError as exc:
...     print(exc.problems[0])
terrain row 0, column 0: unknown terrain 'x' (expected one of '.', '~', ':', '^')
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from workbench.errors import shown
from workbench.grids.square import Cell
from workbench.jsonio import atomic_write_text, lines_json_text, load_json
from workbench.problems import Problems, is_integer

__all__ = [
    "CONTINENTS",
    "DATA_DIR",
    "FEATURE_SIDES",
    "MAX_SIDE",
    "REGION_CHARS",
    "TERRAIN_CHARS",
    "Board",
    "Feature",
    "board_from_dict",
    "board_to_dict",
    "board_to_json_text",
    "default_board",
    "load_board",
    "save_board",
]

#: Folder of the game's data files (boards, cards).
DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "brawlhalla"

#: One character per terrain in the ``terrain`` strings.
TERRAIN_CHARS: dict[str, str] = {".": "earth", "~": "water", ":": "shore", "^": "mountain"}
_TERRAIN_OF_NAME = {name: char for char, name in TERRAIN_CHARS.items()}

#: The five continents, in the order of the build instructions.
CONTINENTS: tuple[str, ...] = ("north", "south", "west", "east", "central")
#: One character per region in the ``regions`` strings.
REGION_CHARS: dict[str, str] = {
    "n": "north",
    "s": "south",
    "w": "west",
    "e": "east",
    "c": "central",
    "i": "island",
    "~": "water",
}
_REGION_OF_NAME = {name: char for char, name in REGION_CHARS.items()}

#: Feature kinds and the sides (names) each may take; "" means the feature has no side.
FEATURE_SIDES: dict[str, tuple[str, ...]] = {
    "capital": ("north", "south"),
    "sanctuary": ("west", "east", "central"),
    "wreckage": ("north", "south"),
    "compass": ("north", "south", "west", "east"),
    "ruin": ("",),
}
#: Kinds of which a board holds at most one per side.
_ONE_PER_SIDE = ("capital", "sanctuary", "wreckage")
#: The most rows, and the most columns, a board file may have (the game's board is 12x18;
#: a bigger board makes every search grow with its area).
MAX_SIDE = 40
_KEYS = ("format", "name", "description", "terrain", "regions", "features")
FORMAT = "brawlhalla-board/1"


@dataclass(frozen=True, slots=True)
class Feature:
    """A feature on one square: ``kind`` (see :data:`FEATURE_SIDES`), ``side`` and ``cell``."""

    kind: str
    side: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable board; edits return a new board.

    Attributes
    ----------
    terrain : tuple of str
        One string per row, one character per square (:data:`TERRAIN_CHARS`).
    regions : tuple of str
        Same shape, one character per square (:data:`REGION_CHARS`).
    features : tuple of Feature
        Capitals, sanctuaries, ruins, wreckages and compass marks.
    name, description : str
        Free text; the description records the choices made where the text is vague.
    """

    terrain: tuple[str, ...]
    regions: tuple[str, ...]
    features: tuple[Feature, ...] = ()
    name: str = ""
    description: str = field(default="", compare=False)

    @property
    def rows(self) -> int:
        """Number of rows (north to south)."""
        return len(self.terrain)

    @property
    def cols(self) -> int:
        """Number of columns (west to east)."""
        return len(self.terrain[0]) if self.terrain else 0

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def terrain_at(self, cell: Cell) -> str:
        """Terrain name of a square: earth, water, shore or mountain."""
        return TERRAIN_CHARS[self.terrain[cell[0]][cell[1]]]

    def region_at(self, cell: Cell) -> str:
        """Region name of a square: a continent, ``island`` or ``water``."""
        return REGION_CHARS[self.regions[cell[0]][cell[1]]]

    def region_cells(self, region: str) -> list[Cell]:
        """The cells of one region, row by row."""
        char = _REGION_OF_NAME[region]
        return [
            (r, c) for r, row in enumerate(self.regions) for c, ch in enumerate(row) if ch == char
        ]

    def features_of(self, kind: str) -> list[Feature]:
        """The features of one kind, in file order."""
        return [f for f in self.features if f.kind == kind]

    def feature_at(self, cell: Cell) -> Feature | None:
        """The feature on a square, if any."""
        return next((f for f in self.features if f.cell == cell), None)

    def capital(self, side: str) -> Cell | None:
        """Cell of the ``north`` or ``south`` capital (None if the board has none)."""
        return next((f.cell for f in self.features if f.kind == "capital" and f.side == side), None)

    def sanctuary(self, side: str) -> Cell | None:
        """Cell of the ``west``, ``east`` or ``central`` sanctuary (None if missing)."""
        found = (f.cell for f in self.features if f.kind == "sanctuary" and f.side == side)
        return next(found, None)

    @property
    def ruins(self) -> list[Cell]:
        """Cells of the ruins."""
        return [f.cell for f in self.features if f.kind == "ruin"]

    def with_terrain(self, cell: Cell, terrain: str) -> Board:
        """A copy with one square's terrain changed (``terrain`` is a name)."""
        return replace(self, terrain=_set_char(self.terrain, cell, _TERRAIN_OF_NAME[terrain]))

    def with_region(self, cell: Cell, region: str) -> Board:
        """A copy with one square's region changed (``region`` is a name)."""
        return replace(self, regions=_set_char(self.regions, cell, _REGION_OF_NAME[region]))

    def with_feature(self, feature: Feature) -> Board:
        """A copy with ``feature`` placed, replacing whatever stood on its square
        and, for one-per-side kinds, the previous feature of that kind and side."""
        kept = [
            f
            for f in self.features
            if f.cell != feature.cell
            and not (f.kind == feature.kind in _ONE_PER_SIDE and f.side == feature.side)
        ]
        return replace(self, features=(*kept, feature))

    def without_feature(self, cell: Cell) -> Board:
        """A copy with the feature on ``cell`` (if any) removed."""
        return replace(self, features=tuple(f for f in self.features if f.cell != cell))


def _set_char(rows: tuple[str, ...], cell: Cell, char: str) -> tuple[str, ...]:
    r, c = cell
    row = rows[r]
    return (*rows[:r], row[:c] + char + row[c + 1 :], *rows[r + 1 :])


def _legend(chars: Mapping[str, str]) -> str:
    return ", ".join(repr(ch) for ch in chars)


def _check_grid(problems: Problems, name: str, value: Any, chars: Mapping[str, str], what: str):
    if not isinstance(value, list) or not value or not all(isinstance(s, str) for s in value):
        problems.add(name, "expected a non-empty list of strings, one per row")
        return
    width = len(value[0])
    if len(value) > MAX_SIDE or width > MAX_SIDE:
        problems.add(
            name, f"{len(value)}x{width} squares: a board has at most {MAX_SIDE} rows and columns"
        )
        return
    for r, row in enumerate(value):
        if len(row) != width:
            problems.add(f"{name} row {r}", f"{len(row)} squares, expected {width} like row 0")
        for c, ch in enumerate(row):
            if ch not in chars:
                problems.add(
                    f"{name} row {r}, column {c}",
                    f"unknown {what} {ch!r} (expected one of {_legend(chars)})",
                )


def _feature(index: int, item: Any, rows: int, cols: int, problems: Problems) -> Feature | None:
    where = f"features[{index}]"
    if not isinstance(item, dict):
        problems.add(where, "expected an object with kind, side and cell")
        return None
    unknown = sorted(set(item) - {"kind", "side", "cell"})
    if unknown:
        problems.add(where, f"unknown key(s) {', '.join(map(shown, unknown))}")
    kind, side, cell = item.get("kind"), item.get("side", ""), item.get("cell")
    if not isinstance(kind, str) or kind not in FEATURE_SIDES:
        problems.add(f"{where}.kind", f"{shown(kind)}, expected one of {', '.join(FEATURE_SIDES)}")
        return None
    if not isinstance(side, str) or side not in FEATURE_SIDES[kind]:
        sides = ", ".join(repr(s) for s in FEATURE_SIDES[kind])
        problems.add(f"{where}.side", f"{shown(side)} for a {kind}, expected one of {sides}")
        return None
    if not (isinstance(cell, list) and len(cell) == 2 and all(map(is_integer, cell))):
        problems.add(f"{where}.cell", f"{shown(cell)}, expected [row, column]")
        return None
    if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
        problems.add(
            f"{where}.cell", f"row {cell[0]}, column {cell[1]} is off the {rows}x{cols} board"
        )
        return None
    return Feature(kind, side, (cell[0], cell[1]))


def _features(items: list, rows: int, cols: int, problems: Problems) -> list[Feature]:
    """The features of a board file, each problem (bad item, shared square, second
    one-per-side feature) collected in ``problems``."""
    features: list[Feature] = []
    for index, item in enumerate(items):
        feature = _feature(index, item, rows, cols, problems)
        if feature is None:
            continue
        for other in features:
            if other.cell == feature.cell:
                problems.add(
                    f"features[{index}]",
                    f"row {feature.cell[0]}, column {feature.cell[1]} already "
                    f"holds the {other.side} {other.kind}".replace("  ", " "),
                )
            elif other.kind == feature.kind in _ONE_PER_SIDE and other.side == feature.side:
                problems.add(f"features[{index}]", f"a second {feature.side} {feature.kind}")
        features.append(feature)
    return features


def board_from_dict(data: Any, *, source: str = "board") -> Board:
    """Validate a parsed board file and build the :class:`Board`.

    Every problem is collected and reported at once (a :class:`DataError` naming
    ``source`` and, for each problem, the key, row and column).
    """
    problems = Problems(source)
    if not isinstance(data, dict):
        problems.add("", "expected a JSON object with terrain, regions and features")
        problems.raise_if_any()
    for key in data:
        if key not in _KEYS:
            problems.add("", f"unknown key {shown(key)} (known: {', '.join(_KEYS)})")
    if "format" in data and data["format"] != FORMAT:
        problems.add("format", f"{shown(data['format'])}, expected {FORMAT!r}")
    for key in ("name", "description"):
        value = data.get(key, "")
        if not (
            isinstance(value, str)
            or (isinstance(value, list) and all(isinstance(v, str) for v in value))
        ):
            problems.add(key, "expected a string or a list of strings")
    terrain, regions = data.get("terrain"), data.get("regions")
    _check_grid(problems, "terrain", terrain, TERRAIN_CHARS, "terrain")
    _check_grid(problems, "regions", regions, REGION_CHARS, "region")
    problems.raise_if_any()
    rows, cols = len(terrain), len(terrain[0])
    if (len(regions), len(regions[0])) != (rows, cols):
        problems.add(
            "regions",
            f"{len(regions)}x{len(regions[0])} squares, expected {rows}x{cols} like terrain",
        )
    items = data.get("features", [])
    if not isinstance(items, list):
        problems.add("features", "expected a list of objects")
        problems.raise_if_any()
    features = _features(items, rows, cols, problems)
    problems.raise_if_any()
    description = data.get("description", "")
    return Board(
        terrain=tuple(terrain),
        regions=tuple(regions),
        features=tuple(features),
        name=data.get("name", ""),
        description="\n".join(description) if isinstance(description, list) else description,
    )


def board_to_dict(board: Board) -> dict[str, Any]:
    """The JSON-able dict of a board (inverse of :func:`board_from_dict`)."""
    return {
        "format": FORMAT,
        "name": board.name,
        "description": board.description.split("\n") if board.description else [],
        "terrain": list(board.terrain),
        "regions": list(board.regions),
        "features": [
            {"kind": f.kind, "side": f.side, "cell": list(f.cell)}
            if f.side
            else {"kind": f.kind, "cell": list(f.cell)}
            for f in board.features
        ],
    }


def board_to_json_text(board: Board) -> str:
    """The board file's text: one row string, one description line, one feature per line.

    >>> print(board_to_json_text(Board(terrain=(".~",), regions=("n~",))), end="")
    {
      "format": "brawlhalla-board/1",
      "name": "",
      "description": [],
      "terrain": [
        ".~"
      ],
      "regions": [
        "n~"
      ],
      "features": []
    }
    """
    return lines_json_text(board_to_dict(board))


def load_board(path: str | os.PathLike[str]) -> Board:
    """Read and validate a board file (never executes anything in it)."""
    return board_from_dict(load_json(path), source=str(path))


def save_board(board: Board, path: str | os.PathLike[str]) -> None:
    """Write a board file atomically (temporary file + rename)."""
    atomic_write_text(path, board_to_json_text(board))


def default_board() -> Board:
    """The default 12x18 board reconstructed from the build instructions."""
    return load_board(DATA_DIR / "board.json")
