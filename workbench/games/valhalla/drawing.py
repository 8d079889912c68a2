"""A level (and a solution's lines) as a picture: the shapes every renderer draws.

:func:`level_picture` gives one square per cell: start green, walls dark,
enemies red labelled ``Attack/Health``, items blue labelled by letter (and
turns), a legend saying so, and one colour per line of a solution. Labels sit in
the upper part of their cell and lines run below them, each line a little apart
from the others, its steps numbered. :func:`play_picture` is the board mid-game
(Play mode): what is left on it, the hero with Attack/Health, the lines so far. The notebook
draws it with :func:`workbench.grids.plot.plot_shapes`, the level editor with its
board view, ``workbench valhalla print`` on paper.

>>> from workbench.games.valhalla.pack import load_pack
>>> level = load_pack()[0]
>>> picture = level_picture(level)
>>> len(picture.shapes) == level.width * level.height, picture.title
(True, 'First blood')
>>> enemy = next(s for s in picture.shapes if s["id"] == "%d,%d" % level.enemies[0].at)
>>> enemy["fill"], enemy["label"]
('#e8a0a0', '1/2')
>>> [key.text for key in picture.legend][:2]
['start', 'enemy (Attack/Health)']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from workbench.games.valhalla.level import ITEM_KINDS, TIMED_ITEMS, Enemy, Item
from workbench.games.valhalla.solver import Solution
from workbench.grids.shapes import (
    Key,
    Picture,
    circle_mark,
    path_mark,
    square_shapes,
    text_mark,
)
from workbench.grids.square import Cell, square_center

__all__ = ["FILLS", "HERO_FILL", "ITEM_LETTERS", "ITEM_NAMES", "LINE_COLOURS", "LevelLayout",
           "level_picture", "line_point", "play_picture"]  # fmt: skip

#: Cell colours by content.
FILLS = {"empty": "#f4f1e8", "wall": "#4a4a4a", "enemy": "#e8a0a0", "item": "#a8d0f0",
         "start": "#a8e0a8"}  # fmt: skip
#: The hero's token in Play mode.
HERO_FILL = "#f1c40f"
#: How far a cell's label sits above its centre, and lines below it (cell units).
LABEL_RISE, LINE_DROP, LINE_SPREAD = 0.2, 0.14, 0.07
#: One colour per line of a solution (cycled).
LINE_COLOURS = ("#c0392b", "#2980b9", "#8e44ad", "#d35400", "#16a085")
#: The letter that marks each item kind on the board.
ITEM_LETTERS = {"mjolnir": "M", "lokis_trickery": "L", "dwarven_shield": "D",
                "thors_chariot": "C", "potion_of_vitality": "P"}  # fmt: skip
#: Each item kind's name in the rule text.
ITEM_NAMES = {"mjolnir": "Mjolnir", "lokis_trickery": "Loki's Trickery",
              "dwarven_shield": "Dwarven Shield", "thors_chariot": "Thor's Chariot",
              "potion_of_vitality": "Potion of Vitality"}  # fmt: skip


class LevelLayout(Protocol):
    """What a picture reads of a level: a :class:`~workbench.games.valhalla.level.Level`,
    or a draft of one that is not valid yet (the level editor's)."""

    @property
    def name(self) -> str: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def start(self) -> Cell: ...
    @property
    def walls(self) -> Sequence[Cell]: ...
    @property
    def enemies(self) -> Sequence[Enemy]: ...
    @property
    def items(self) -> Sequence[Item]: ...


def _look(level: LevelLayout) -> dict[Cell, tuple[str, str]]:
    """Fill and label of every cell that is not empty."""
    found = {level.start: (FILLS["start"], "S")}
    found.update({w: (FILLS["wall"], "") for w in level.walls})
    found.update({e.at: (FILLS["enemy"], f"{e.attack}/{e.health}") for e in level.enemies})
    for item in level.items:
        turns = str(item.turns) if item.kind in TIMED_ITEMS else ""
        found[item.at] = (FILLS["item"], ITEM_LETTERS[item.kind] + turns)
    return found


def _legend(level: LevelLayout, lines: int) -> list[Key]:
    """Start and enemies always; walls and item kinds where the level has them; lines."""
    keys = [Key("start", FILLS["start"], "S"), Key("enemy (Attack/Health)", FILLS["enemy"], "A/H")]
    if level.walls:
        keys.append(Key("wall", FILLS["wall"]))
    kinds = {item.kind for item in level.items}
    for kind in (k for k in ITEM_KINDS if k in kinds):
        timed = " (turns)" if kind in TIMED_ITEMS else ""
        keys.append(Key(ITEM_NAMES[kind] + timed, FILLS["item"], ITEM_LETTERS[kind]))
    keys += [Key(f"line {k + 1}", LINE_COLOURS[k % len(LINE_COLOURS)]) for k in range(lines)]
    return keys


def line_point(cell: Cell, line: int) -> tuple[float, float]:
    """Where line number ``line`` (from 0) passes through ``cell``: below the cell's
    label, lines 0, 1, 2 side by side (then again).

    >>> line_point((0, 0), 0), line_point((0, 0), 1)
    ((0.43, 0.57), (0.5, 0.64))
    """
    x, y = square_center(cell)
    shift = LINE_SPREAD * (line % 3 - 1)
    return (round(x + shift, 4), round(y + LINE_DROP + shift, 4))


def _line_marks(lines: Sequence[Sequence[Cell]], *, numbered: bool = True) -> list[dict]:
    """Each line in its colour, a dot where it starts and (``numbered``) each step's
    number, counted over all lines, in a white disc halfway along the step."""
    marks, step = [], 0
    for k, line in enumerate(lines):
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        points = [line_point(cell, k) for cell in line]
        marks += [path_mark(points, stroke=colour, width=0.08),
                  circle_mark(points[0], r=0.1, fill=colour)]  # fmt: skip
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            step += 1
            if numbered:
                middle = (round((x0 + x1) / 2, 4), round((y0 + y1) / 2, 4))
                marks += [circle_mark(middle, r=0.15, fill="#ffffff", stroke=colour, width=0.03),
                          text_mark(middle, str(step), fill=colour, size=0.17)]  # fmt: skip
    return marks


def _shapes(level: LevelLayout) -> tuple[dict, ...]:
    """The cells, their labels raised to leave the lower part to the lines."""
    look = _look(level)
    empty = (FILLS["empty"], "")
    shapes = square_shapes(
        level.height,
        level.width,
        fill=lambda cell: look.get(cell, empty)[0],
        label=lambda cell: look.get(cell, empty)[1],
    )
    for s in shapes:
        s["at"] = [s["at"][0], round(s["at"][1] - LABEL_RISE, 4)]
    return tuple(shapes)


def level_picture(level: LevelLayout, solution: Solution | None = None) -> Picture:
    """The level's cells with their contents and legend, and the lines of ``solution``
    (its witness play) drawn below the labels, a dot where each starts, steps numbered."""
    lines = solution.solution if solution else []
    return Picture(
        _shapes(level),
        marks=tuple(_line_marks(lines)),
        legend=tuple(_legend(level, len(lines))),
        title=level.name,
    )


class _Board(NamedTuple):
    """What is left of a level mid-game (a :class:`LevelLayout`)."""

    name: str
    width: int
    height: int
    start: Cell
    walls: Sequence[Cell]
    enemies: Sequence[Enemy]
    items: Sequence[Item]


def play_picture(
    level: LevelLayout,
    *,
    hero: Cell,
    attack: int,
    health: int,
    enemies: int,
    items: int,
    lines: Sequence[Sequence[Cell]] = (),
    drawing: Sequence[Cell] = (),
) -> Picture:
    """The board mid-game: the enemies and items still there (bitmasks, bit k for the
    level's k-th), the hero's token with ``Attack/Health``, the lines walked and the
    line being drawn (dashed).

    >>> from workbench.games.valhalla.pack import load_pack
    >>> level = load_pack()[0]
    >>> picture = play_picture(level, hero=level.start, attack=5, health=9, enemies=0, items=0)
    >>> [m["text"] for m in picture.marks if m["kind"] == "text"]
    ['5/9']
    >>> {s["label"] for s in picture.shapes} <= {"", "S"}
    True
    """
    left = _Board(level.name, level.width, level.height, level.start, level.walls,
                  [e for k, e in enumerate(level.enemies) if enemies >> k & 1],
                  [i for k, i in enumerate(level.items) if items >> k & 1])  # fmt: skip
    marks = _line_marks(lines, numbered=False)
    if len(drawing) > 1:
        points = [line_point(cell, len(lines)) for cell in drawing]
        marks.append(path_mark(points, stroke=LINE_COLOURS[len(lines) % len(LINE_COLOURS)],
                               width=0.1, dash="0.2 0.1"))  # fmt: skip
    x, y = square_center(hero)
    marks += [circle_mark((x, y + 0.12), r=0.3, fill=HERO_FILL, stroke="#2c3e50"),
              text_mark((x, y + 0.12), f"{attack}/{health}", size=0.24)]  # fmt: skip
    keys = [*_legend(left, len(lines)), Key("hero (Attack/Health)", HERO_FILL, "A/H")]
    return Picture(_shapes(left), marks=tuple(marks), legend=tuple(keys), title=level.name)
