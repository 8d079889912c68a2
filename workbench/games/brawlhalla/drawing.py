"""The Brawlhalla board as shapes: terrain colours, region outlines, feature symbols, legend.

One square is one cell of the picture (``cell=1``); north is up. The same picture
is drawn by the board editor (:class:`~workbench.widgets.board.BoardView`), by the
notebook figures (:func:`workbench.grids.plot.plot_shapes`) and on print-and-play
sheets (:func:`workbench.grids.sheets.print_sheet`, at :data:`SQUARE_MM` per square
as the build instructions ask). Reach and fairness heat maps are the same board with
other fills. Nothing here draws: these are plain data.

>>> from workbench.games.brawlhalla.board import default_board
>>> picture = board_picture(default_board())
>>> len(picture.shapes), picture.cell, picture.title
(216, 1.0, 'Default board')
>>> next(s for s in picture.shapes if s["id"] == "1,6")["label"]  # the north capital
'★'
>>> [key.text for key in picture.legend][:4]
['earth', 'water', 'shore', 'mountain']
>>> mix("#000000", "#ffffff", 0.5)
'#808080'

A position in play is the same board with its stacks, buildings, guardians, the flag
and works drawn on it (:func:`position_picture`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import groupby
from typing import TYPE_CHECKING

import numpy as np

from workbench.games.brawlhalla.balance import FairnessReport
from workbench.games.brawlhalla.board import Board, Feature
from workbench.grids.shapes import (
    Key,
    Picture,
    cell_id,
    circle_mark,
    parse_cell_id,
    path_mark,
    shape,
    text_mark,
)
from workbench.grids.square import Cell, square_polygon

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = [
    "BUILDING_LETTERS",
    "FEATURE_SYMBOLS",
    "HEAT_COLOURS",
    "REGION_STROKES",
    "SIDE_COLOURS",
    "SQUARE_MM",
    "TARGET_STYLES",
    "TERRAIN_COLOURS",
    "WORK_LETTERS",
    "board_legend",
    "board_picture",
    "board_shapes",
    "fairness_pictures",
    "feature_symbol",
    "heat_colour",
    "heat_limit",
    "heat_picture",
    "mix",
    "position_picture",
    "reach_picture",
    "region_outlines",
]

#: Side of one square on paper: "Separate the board into 4cm x 4cm squares" (step 5).
SQUARE_MM = 40.0
#: Colours of the terrains (the board editor paints with them).
TERRAIN_COLOURS: dict[str, str] = {
    "earth": "#c9b27c",
    "water": "#7fb3d5",
    "shore": "#f2e2a4",
    "mountain": "#7d6b5d",
}
#: Symbols drawn on features (the rule text's star, π and ⚓; letters for the compass).
FEATURE_SYMBOLS: dict[str, str] = {
    "capital": "★",
    "sanctuary": "☆",
    "ruin": "π",
    "wreckage": "⚓",
    "compass": "",
}
#: Outline colour of each region (a square's outline and the region's border).
REGION_STROKES: dict[str, str] = {
    "north": "#1f4e9c",
    "south": "#b03a2e",
    "west": "#2e7d32",
    "east": "#6a1b9a",
    "central": "#e67e22",
    "island": "#000000",
    "water": "#9bbbd4",
}
#: Colour of a side's feature symbols (the others are black).
SIDE_COLOURS: dict[str, str] = {"north": "#1f4e9c", "south": "#b03a2e"}
#: The heat maps' diverging scale, from North first (blue) through even to South first.
HEAT_COLOURS: tuple[str, ...] = (
    "#053061", "#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7",
    "#fddbc7", "#f4a582", "#d6604d", "#b2182b", "#67001f",
)  # fmt: skip
_FEATURE_NAMES = {
    "capital": "capitals",
    "sanctuary": "sanctuaries",
    "ruin": "ruins",
    "wreckage": "boat wreckages",
    "compass": "compass marks (N, S, W, E)",
}
_REACHED = "#2e7d32"
_INK = "#333333"
_WHITE = "#ffffff"
_OUTLINE = 0.05


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` with ``share`` (0 to 1) of ``other`` mixed in, as ``#rrggbb``."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b, strict=True))


def feature_symbol(feature: Feature) -> str:
    """What a feature's square shows: its symbol, or the compass mark's letter.

    >>> feature_symbol(Feature("compass", "west", (8, 0)))
    'W'
    """
    return feature.side[0].upper() if feature.kind == "compass" else FEATURE_SYMBOLS[feature.kind]


def board_shapes(board: Board, *, fill: Callable[[Cell], str] | None = None) -> list[dict]:
    """One shape per square, row by row: filled with its terrain's colour (or ``fill``),
    outlined in its region's colour, labelled with its feature's symbol; the title
    (a tooltip) names the square, terrain, region and feature."""
    out = []
    for cell in board.cells():
        feature = board.feature_at(cell)
        terrain, region = board.terrain_at(cell), board.region_at(cell)
        title = f"{cell_id(cell)}: {terrain}, {region}"
        if feature is not None:
            title += f", {feature.side} {feature.kind}".replace("  ", " ")
        out.append(
            shape(
                cell_id(cell),
                square_polygon(cell),
                fill=fill(cell) if fill else TERRAIN_COLOURS[terrain],
                stroke=REGION_STROKES[region],
                label=feature_symbol(feature) if feature else "",
                label_fill=SIDE_COLOURS.get(feature.side, "#000000") if feature else "#000000",
                title=title,
            )
        )
    return out


def region_outlines(board: Board) -> list[dict]:
    """Lines along the borders of the continents and islands, in each one's colour
    (ink where two land regions meet); straight runs are one line each.

    >>> board = Board(terrain=(".~",), regions=("n~",))
    >>> [m["points"] for m in region_outlines(board)]
    [[[0, 0], [1, 0]], [[0, 1], [1, 1]], [[0, 0], [0, 1]], [[1, 0], [1, 1]]]
    """

    def colour(a: Cell | None, b: Cell | None) -> str | None:
        regions = {board.region_at(c) if c else "water" for c in (a, b)}
        if len(regions) == 1:
            return None
        land = regions - {"water"}
        return REGION_STROKES[land.pop()] if len(land) == 1 else _INK

    def inside(r: int, c: int) -> Cell | None:
        return (r, c) if 0 <= r < board.rows and 0 <= c < board.cols else None

    # Horizontal edges (y, x) above row r, vertical edges (x, y) left of column c.
    edges = []
    for r in range(board.rows + 1):
        for c in range(board.cols):
            edges.append(("h", r, c, colour(inside(r - 1, c), inside(r, c))))
    for c in range(board.cols + 1):
        for r in range(board.rows):
            edges.append(("v", c, r, colour(inside(r, c - 1), inside(r, c))))
    marks = []
    for (way, line, ink), run in groupby(
        (e for e in edges if e[3]), key=lambda e: (e[0], e[1], e[3])
    ):
        steps = [e[2] for e in run]
        starts = [s for i, s in enumerate(steps) if i == 0 or steps[i - 1] != s - 1]
        ends = [s + 1 for i, s in enumerate(steps) if i == len(steps) - 1 or steps[i + 1] != s + 1]
        for a, b in zip(starts, ends, strict=True):
            points = [(a, line), (b, line)] if way == "h" else [(line, a), (line, b)]
            marks.append(path_mark(points, stroke=ink, width=_OUTLINE))
    return marks


def board_legend() -> tuple[Key, ...]:
    """The board's key: each terrain's colour, then each feature's symbol.

    >>> [key.text for key in board_legend()][:4]
    ['earth', 'water', 'shore', 'mountain']
    """
    terrains = [Key(name, colour) for name, colour in TERRAIN_COLOURS.items()]
    features = [
        Key(name, _WHITE, FEATURE_SYMBOLS[kind] or "N") for kind, name in _FEATURE_NAMES.items()
    ]
    return (*terrains, *features)


def _picture(board: Board, fill: Callable[[Cell], str] | None, title: str, legend=()) -> Picture:
    return Picture(
        board_shapes(board, fill=fill),
        marks=region_outlines(board),
        legend=legend,
        title=title,
        cell=1.0,
        label_size=0.55,
    )


def board_picture(board: Board, *, title: str | None = None) -> Picture:
    """The board: terrain colours, region outlines, feature symbols and a legend."""
    return _picture(board, None, title or board.name or "Brawlhalla board", board_legend())


def _faded(board: Board, cell: Cell, share: float) -> str:
    return mix(_WHITE, TERRAIN_COLOURS[board.terrain_at(cell)], share)


def reach_picture(board: Board, cells: Iterable[Cell], *, title: str = "") -> Picture:
    """The board faded, the squares in ``cells`` (reached by some unit) in green.

    >>> from workbench.games.brawlhalla.board import default_board
    >>> picture = reach_picture(default_board(), {(1, 6)})
    >>> fills = {s["id"]: s["fill"] for s in picture.shapes}
    >>> fills["1,6"] != fills["1,7"]
    True
    """
    reached = set(cells)

    def fill(cell: Cell) -> str:
        faded = _faded(board, cell, 0.45)
        return mix(faded, _REACHED, 0.55) if cell in reached else faded

    legend = (Key(f"reached ({len(reached)} squares)", mix(_WHITE, _REACHED, 0.55)),)
    return _picture(board, fill, title, legend)


def heat_colour(value: float, limit: float) -> str:
    """The colour of ``value`` on the scale from ``-limit`` (first colour of
    :data:`HEAT_COLOURS`) to ``+limit`` (last), evenly between the stops.

    >>> heat_colour(0, 3), heat_colour(-3, 3), heat_colour(99, 3)
    ('#f7f7f7', '#053061', '#67001f')
    """
    where = (min(max(value / limit, -1.0), 1.0) + 1) / 2 * (len(HEAT_COLOURS) - 1)
    low = min(int(where), len(HEAT_COLOURS) - 2)
    return mix(HEAT_COLOURS[low], HEAT_COLOURS[low + 1], where - low)


def heat_limit(grids: Iterable[np.ndarray]) -> float:
    """The symmetric scale of heat maps drawn side by side: the largest gap shown, at least 1.

    >>> heat_limit([np.array([[np.nan, -3.0], [2.0, 0.0]])])
    3.0
    """
    found = [float(np.nanmax(np.abs(g))) for g in grids if np.isfinite(g).any()]
    return max([1.0, *found])


def heat_picture(board: Board, grid: np.ndarray, *, limit: float, title: str = "") -> Picture:
    """The board faded, each square with a value in ``grid`` (rows x cols, NaN: none)
    coloured by :func:`heat_colour`."""

    def fill(cell: Cell) -> str:
        faded = _faded(board, cell, 0.25)
        value = grid[cell]
        return faded if np.isnan(value) else mix(faded, heat_colour(value, limit), 0.85)

    legend = (
        Key("North first", mix(_WHITE, HEAT_COLOURS[1], 0.85)),
        Key("even", HEAT_COLOURS[len(HEAT_COLOURS) // 2]),
        Key("South first", mix(_WHITE, HEAT_COLOURS[-2], 0.85)),
    )
    return _picture(board, fill, title, legend)


def fairness_pictures(report: FairnessReport) -> dict[str, Picture]:
    """One heat map per unit kind of a fairness report, on one shared scale: North's
    minus South's action points to each square (blue: North gets there first)."""
    limit = heat_limit(report.heat.values())
    return {
        kind: heat_picture(report.board, grid, limit=limit, title=kind)
        for kind, grid in report.heat.items()
    }


# -- a position in play -----------------------------------------------------------------
#: Letters of the buildings a side raises (its capital keeps the board's star).
BUILDING_LETTERS: dict[str, str] = {"barracks": "B", "nursery": "N", "harbor": "H"}
#: Letters of works under way (shown with the turns they still take).
WORK_LETTERS: dict[str, str] = {
    "barracks": "b", "nursery": "n", "harbor": "h", "boat": "s", "dragon": "d", "salvage": "w",
}  # fmt: skip
#: How :func:`position_picture` marks a target of the selected stack, by kind.
TARGET_STYLES: dict[str, str] = {"move": "#2e7d32", "attack": "#c0392b"}
_GUARDIAN = "#4d4d4d"
_FLAG = "#f1c40f"
_SELECTED = "#f39c12"
_TAKEN = "#9e9e9e"
_UNIT_NAMES = ("warrior", "warlord", "dragon", "boat")


def _corner(cell: Cell) -> tuple[float, float]:
    """Where a square's label goes when a stack covers its middle: the top-left corner."""
    return (cell[1] + 0.2, cell[0] + 0.22)


def _units_text(stack: tuple) -> str:
    words = [
        f"{n} {name}{'s' if n > 1 else ''}"
        for n, name in zip(stack[1:5], _UNIT_NAMES, strict=True)
        if n
    ]
    return ", ".join(words) or "nothing"


def _square_shapes(state: BrawlhallaState, base: Picture) -> list[dict]:
    """The board's squares with the position's terrain, buildings, ruins and sanctuaries."""
    geometry, out = state.game.geometry, []
    ruins_left = state.ruins[0] | state.ruins[1]
    sides = ("north", "south")
    for old in base.shapes:
        row, col = parse_cell_id(old["id"])[1]
        cell = (row, col)
        fill, label, label_fill, title = old["fill"], old["label"], old["label_fill"], old["title"]
        if cell in state.earthed:
            fill = TERRAIN_COLOURS["earth"]
        building = state.buildings.get(cell)
        if building is not None and building[1] in BUILDING_LETTERS:
            owner, kind = building
            fill = mix(fill, SIDE_COLOURS[sides[owner]], 0.3)
            label, label_fill = BUILDING_LETTERS[kind], SIDE_COLOURS[sides[owner]]
            title += f"; {sides[owner]} {kind}"
        if cell in geometry.board.ruins and cell not in ruins_left:
            label_fill, title = _TAKEN, title + " (taken)"
        if cell in state.beaten:
            label_fill = SIDE_COLOURS[sides[state.beaten[cell]]]
            title += f" (guardian beaten by {sides[state.beaten[cell]]})"
        stack = state.stacks.get(cell)
        if stack is not None:
            title += (
                f"; {sides[stack[0]]} stack: {_units_text(stack)} "
                f"(value {state.value(stack)}, {stack[5]} actions used)"
            )
        work = state.works.get(cell)
        if work is not None:
            title += f"; {sides[work[0]]} {work[1]} under way, {work[4]} turns left"
        at = _corner(cell) if stack is not None or cell in state.guardians else None
        out.append(
            shape(
                old["id"],
                square_polygon(cell),
                fill=fill,
                stroke=old["stroke"],
                label=label,
                label_fill=label_fill,
                title=title,
                label_at=at,
            )
        )
    return out


def _flag_marks(cell: Cell) -> list[dict]:
    x, y = cell[1] + 0.8, cell[0] + 0.1
    pole = path_mark([(x, y), (x, y + 0.45)], stroke=_INK, width=0.04)
    pennant = path_mark([(x, y), (x + 0.14, y + 0.08), (x, y + 0.16)], stroke=_FLAG, width=0.08)
    return [pole, pennant]


def _stack_marks(state: BrawlhallaState, cell: Cell, stack: tuple) -> list[dict]:
    x, y = cell[1] + 0.5, cell[0] + 0.5
    colour = SIDE_COLOURS[("north", "south")[stack[0]]]
    tired = stack[5] >= state.game.rules.actions_per_unit_per_turn
    marks = []
    if stack[4]:
        hull = [(x - 0.4, y + 0.2), (x - 0.28, y + 0.4), (x + 0.28, y + 0.4), (x + 0.4, y + 0.2)]
        marks.append(path_mark(hull, stroke="#6d4c41", width=0.07))
    fill = mix(colour, _WHITE, 0.45) if tired else colour
    marks.append(circle_mark((x, y), r=0.28, fill=fill, stroke=_WHITE, width=0.04))
    marks.append(text_mark((x, y), str(state.value(stack)), fill=_WHITE, size=0.32))
    return marks


def position_picture(
    state: BrawlhallaState,
    *,
    highlight: Cell | None = None,
    targets: Mapping[Cell, str] | None = None,
) -> Picture:
    """A position on :func:`board_picture`'s board: the buildings raised in their owner's
    colour with their letter (:data:`BUILDING_LETTERS`), each stack a disc in its side's
    colour with its value (pale once its units have used their actions, on a hull when a
    boat carries it), guardians still standing as grey ``G`` discs, ruins already taken
    and sanctuaries beaten in grey or the beater's colour, the flag (on the ground or
    over its carrier), and works under way as a dashed square with their letter
    (:data:`WORK_LETTERS`) and turns left. ``highlight`` rings one square (the selected
    stack); ``targets`` maps squares to a kind of :data:`TARGET_STYLES` (a dot for a
    move, a ring for an attack). Each square's title tells what stands on it.

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> state = Brawlhalla().position(stacks={(2, 4): (0, 3, 0, 0, 0)})
    >>> picture = position_picture(state, highlight=(2, 4), targets={(2, 3): "move"})
    >>> [m["text"] for m in picture.marks if m["kind"] == "text"][:2]
    ['3', 'G']
    >>> next(s["title"] for s in picture.shapes if s["id"] == "2,4")
    '2,4: earth, north; north stack: 3 warriors (value 3, 0 actions used)'
    """
    base = board_picture(state.game.board)
    marks = list(base.marks)
    for cell, work in sorted(state.works.items()):
        x0, y0, colour = cell[1] + 0.08, cell[0] + 0.08, SIDE_COLOURS[("north", "south")[work[0]]]
        box = [(x0, y0), (x0 + 0.84, y0), (x0 + 0.84, y0 + 0.84), (x0, y0 + 0.84), (x0, y0)]
        marks.append(path_mark(box, stroke=colour, width=0.05, dash="0.12 0.08"))
        text = f"{WORK_LETTERS[work[1]]}{work[4]}"
        marks.append(
            text_mark(
                (cell[1] + 0.12, cell[0] + 0.85), text, fill=colour, size=0.22, anchor="start"
            )
        )
    for cell, stack in sorted(state.stacks.items()):
        marks.extend(_stack_marks(state, cell, stack))
    for cell in sorted(state.guardians):
        x, y = cell[1] + 0.5, cell[0] + 0.5
        marks.append(circle_mark((x, y), r=0.28, fill=_GUARDIAN, stroke=_WHITE, width=0.04))
        marks.append(text_mark((x, y), "G", fill=_WHITE, size=0.32))
    flag = state.carrier if state.carrier is not None else state.flag
    if flag is not None:
        marks.extend(_flag_marks(flag))
    if highlight is not None:
        centre = (highlight[1] + 0.5, highlight[0] + 0.5)
        marks.append(circle_mark(centre, r=0.4, fill="none", stroke=_SELECTED, width=0.08))
    for cell, kind in sorted((targets or {}).items()):
        centre = (cell[1] + 0.5, cell[0] + 0.5)
        colour = TARGET_STYLES[kind]
        if kind == "attack":
            marks.append(circle_mark(centre, r=0.4, fill="none", stroke=colour, width=0.08))
        else:
            marks.append(circle_mark(centre, r=0.1, fill=colour))
    return base.replace(
        shapes=_square_shapes(state, base),
        marks=marks,
        legend=(*base.legend, *_position_legend()),
        title=f"{base.title}, turn {state.turn}",
    )


def _position_legend() -> tuple[Key, ...]:
    stacks = [Key(f"{side} stack (its value)", SIDE_COLOURS[side], "5") for side in SIDE_COLOURS]
    buildings = [Key(kind, _WHITE, letter) for kind, letter in BUILDING_LETTERS.items()]
    return (
        *stacks,
        Key("guardian standing", _GUARDIAN, "G"),
        Key("the flag", _FLAG),
        *buildings,
        Key("work under way (letter, turns left)", _WHITE, "b2"),
    )
