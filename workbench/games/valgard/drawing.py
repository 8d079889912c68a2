"""Valgard as pictures: a position, or the empty board to print, as shapes and marks.

Octagons are living land, home-row tint or dead-land grey; sockets are the square
gaps between four octagons (drawn as diamonds), dark when a rune fills them, with
the rune itself, a warrior upturned in its socket, as a gold stone. Pieces are
discs in their side's colour; a Valkyrie (a stack of two) is ringed and marked
``V``; the last move is a red line. Shape ids are those of
:func:`workbench.grids.shapes.octagon_shapes` (``"r,c"`` octagons, ``"s:r,c"``
sockets), which the board widget reports on clicks. Everything here is pure data:
the board widget, :func:`workbench.grids.plot.plot_shapes` and the print sheets
(``workbench valgard print``) draw these pictures.

>>> from workbench.games.valgard import Rules, ValgardGame
>>> game = ValgardGame(Rules(rows=3, cols=3, muster=1))
>>> state = game.position({"a1": "L", "c3": "d"}, runes=[(0, 0)])
>>> picture = position_picture(state)
>>> len(picture.shapes), [m["kind"] for m in picture.marks]
(13, ['circle', 'circle', 'text', 'circle', 'circle'])
>>> board = board_picture(Rules())
>>> len(board.shapes), board.title
(61, 'Valgard board: 6x6 octagons, 25 rune sockets')
"""

from __future__ import annotations

from collections.abc import Collection

from workbench.games.valgard.engine import ValgardState
from workbench.games.valgard.geometry import ValgardGeometry
from workbench.games.valgard.moves import CAST, DEPLOY
from workbench.games.valgard.rules import PLAYER_NAMES, Rules
from workbench.grids import octagon_center, socket_center
from workbench.grids.shapes import (
    Key,
    Picture,
    circle_mark,
    octagon_shapes,
    parse_cell_id,
    path_mark,
    text_mark,
)

__all__ = [
    "BOARD_KEYS",
    "POSITION_KEYS",
    "PRINT_CELL_MM",
    "board_marks",
    "board_picture",
    "board_shapes",
    "coordinate_marks",
    "hint_marks",
    "move_line",
    "position_picture",
]

LIVING, HOME, DEAD = "#efe6d2", "#e3d6b8", "#7b7f80"
SOCKET, RUNE, RUNE_STONE = "#cbbf9f", "#2c3e50", "#f1c40f"
LAST_MOVE, PREVIOUS_MOVE, SELECTED = "#c0392b", "#2e86c1", "#e67e22"
COORDINATES = "#6b5536"
#: Ink of a hint by the value of the move for its player.
HINT_COLOURS = {"win": "#1e8449", "draw": "#5d6d7e", "loss": "#c0392b"}
#: Per seat (light, dark): a piece's fill, its outline and the ink of its Valkyrie mark.
PIECE_COLOURS = (("#fbf5e6", "#6b5536", "#3b2a1a"), ("#4a3426", "#1c120b", "#f4ead5"))

#: Octagon size of a printed board: the rule text's 6x6 board measures 18 cm and fits
#: one A4 or Letter page, and an octagon holds a piece up to about 25 mm across.
PRINT_CELL_MM = 30.0

#: The legend of the empty board (what a printed sheet explains).
BOARD_KEYS = (
    Key("octagon", LIVING),
    Key("home row: deploy here", HOME),
    Key("rune socket", SOCKET),
)
#: The legend of a position.
POSITION_KEYS = (
    *BOARD_KEYS,
    Key("dead land", DEAD),
    Key("rune", RUNE),
    Key("light warrior", PIECE_COLOURS[0][0]),
    Key("dark warrior", PIECE_COLOURS[1][0]),
    Key("Valkyrie (ringed)", PIECE_COLOURS[0][0], "V"),
    Key("last move", LAST_MOVE),
    Key("the move before", PREVIOUS_MOVE),
)


def _shapes(
    geometry: ValgardGeometry, dead: Collection[tuple[int, int]], runes: Collection[tuple]
) -> list[dict]:
    homes = set(geometry.cells_of(geometry.home[0] | geometry.home[1]))

    def fill(cell):
        return DEAD if cell in dead else HOME if cell in homes else LIVING

    shapes = octagon_shapes(
        geometry.rows,
        geometry.cols,
        fill=fill,
        socket_fill=lambda s: RUNE if s in runes else SOCKET,
    )
    for item in shapes:
        prefix, cell = parse_cell_id(item["id"])
        name = geometry.name(geometry.index(cell))
        item["title"] = f"socket south-east of {name}" if prefix else name
    return shapes


def board_shapes(state: ValgardState) -> list[dict]:
    """Octagons (dead land shaded, home rows tinted) and sockets (runes filled)."""
    return _shapes(state.game.geometry, set(state.dead()), set(state.runes()))


def move_line(geometry: ValgardGeometry, action: int) -> list[tuple[float, float]]:
    """The line of an action: from its octagon to the octagon (or socket) it targets."""
    source, target = geometry.cell(action >> 8 & 255), geometry.cell(action & 255)
    end = socket_center(target) if action >> 16 == CAST else octagon_center(target)
    return [octagon_center(source), end]


def coordinate_marks(geometry: ValgardGeometry) -> list[dict]:
    """File letters inside the bottom row's octagons, rank numbers inside the left column's
    (inside the board, so nothing is cut off at its edge).

    >>> [m["text"] for m in coordinate_marks(ValgardGeometry.of(2, 3))]
    ['a', 'b', 'c', '2', '1']
    """
    size = dict(size=0.15, bold=False, fill=COORDINATES)
    bottom = geometry.rows - 1
    files = [
        text_mark((x, y + 0.45), geometry.name(geometry.index((bottom, c)))[0], **size)
        for c in range(geometry.cols)
        for x, y in [octagon_center((bottom, c))]
    ]
    ranks = [
        text_mark((x - 0.44, y + 0.05), str(geometry.rows - r), anchor="start", **size)
        for r in range(geometry.rows)
        for x, y in [octagon_center((r, 0))]
    ]
    return files + ranks


def hint_marks(hints: dict[str, tuple[str, str]]) -> list[dict]:
    """A hint on each target: shape id -> (outcome, text), the text above the centre of
    an octagon or on a socket, in the colour of the outcome (:data:`HINT_COLOURS`).

    >>> hint_marks({"0,1": ("win", "W3")})[0]["text"]
    'W3'
    """
    marks = []
    for ident, (outcome, text) in hints.items():
        prefix, cell = parse_cell_id(ident)
        x, y = socket_center(cell) if prefix else octagon_center(cell)
        at = (x, y + 0.06) if prefix else (x, y - 0.33)
        marks.append(text_mark(at, text, fill=HINT_COLOURS[outcome], size=0.17))
    return marks


def _move_mark(geometry: ValgardGeometry, action: int, colour: str, width: float) -> dict:
    """A move's line, or a ring round the octagon a deploy filled (it has no line)."""
    if action >> 16 == DEPLOY:
        at = octagon_center(geometry.cell(action & 255))
        return circle_mark(at, r=0.4, fill="none", stroke=colour, width=width)
    return path_mark(move_line(geometry, action), stroke=colour, width=width)


def board_marks(
    state: ValgardState,
    *,
    selected: tuple[int, int] | None = None,
    last: int | None = None,
    previous: int | None = None,
) -> list[dict]:
    """Pieces as discs, runes as stones in their sockets, the ``selected`` piece ringed,
    the ``last`` action (the one that led here) drawn as a line (a ring for a deploy),
    and the one before it (``previous``, the other player's) thinner, in another colour."""
    marks: list[dict] = []
    geometry = state.game.geometry
    if previous is not None:
        marks.append(_move_mark(geometry, previous, PREVIOUS_MOVE, 0.05))
    if last is not None:
        marks.append(_move_mark(geometry, last, LAST_MOVE, 0.08))
    for cell, code in state.pieces().items():
        fill, stroke, ink = PIECE_COLOURS[0 if code in "lL" else 1]
        at = octagon_center(cell)
        marks.append(circle_mark(at, r=0.3, fill=fill, stroke=stroke, width=0.05))
        if code.isupper():
            marks.append(circle_mark(at, r=0.2, fill=fill, stroke=ink, width=0.04))
            marks.append(text_mark(at, "V", fill=ink))
    for socket in state.runes():
        marks.append(
            circle_mark(socket_center(socket), r=0.14, fill=RUNE_STONE, stroke=RUNE, width=0.03)
        )
    if selected is not None:
        marks.append(
            circle_mark(octagon_center(selected), r=0.4, fill="none", stroke=SELECTED, width=0.07)
        )
    return marks


def position_picture(
    state: ValgardState,
    *,
    selected: tuple[int, int] | None = None,
    last: int | None = None,
    previous: int | None = None,
) -> Picture:
    """The position as a picture: :func:`board_shapes`, :func:`board_marks`, a legend,
    and a title saying who moves and what each side holds in reserve."""
    geometry = state.game.geometry
    verb = "cannot move" if state.is_terminal() else "to move"
    light, dark = state.reserves
    title = (
        f"Valgard {geometry.rows}x{geometry.cols}: {PLAYER_NAMES[state.mover]} {verb}; "
        f"reserves light {light}, dark {dark}"
    )
    return Picture(
        board_shapes(state),
        marks=board_marks(state, selected=selected, last=last, previous=previous),
        legend=POSITION_KEYS,
        title=title,
    )


def board_picture(rules: Rules | None = None) -> Picture:
    """The empty board of ``rules`` (default: the rule text's 6x6 board) to print and
    play on: octagons, the two home rows tinted and named, every rune socket.

    The game starts on this empty board (the muster places the first pieces), so
    it is all a player needs besides 12 pieces a side.
    """
    rules = rules if rules is not None else Rules()
    geometry = ValgardGeometry.of(rules.rows, rules.cols)
    middle = geometry.cols / 2
    captions = [
        text_mark((middle, -0.3), "dark's home row", size=0.18, bold=False),
        text_mark((middle, geometry.rows + 0.3), "light's home row", size=0.18, bold=False),
    ]
    sockets = (geometry.rows - 1) * (geometry.cols - 1)
    return Picture(
        _shapes(geometry, (), ()),
        marks=captions,
        legend=BOARD_KEYS,
        title=f"Valgard board: {geometry.rows}x{geometry.cols} octagons, {sockets} rune sockets",
    )
