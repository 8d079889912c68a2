"""A level (and a solution's lines) as a picture: the shapes every renderer draws.

:func:`level_picture` gives one square per cell: start green, walls dark,
enemies red labelled ``Attack/Health``, items blue labelled by letter (and
turns), a legend saying so, and one colour per line of a solution. The notebook
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

from collections.abc import Sequence
from typing import Protocol

from workbench.games.valhalla.level import ITEM_KINDS, TIMED_ITEMS, Enemy, Item
from workbench.games.valhalla.solver import Solution
from workbench.grids.shapes import Key, Picture, line_marks, square_shapes
from workbench.grids.square import Cell, square_center

__all__ = ["FILLS", "ITEM_LETTERS", "ITEM_NAMES", "LINE_COLOURS", "LevelLayout", "level_picture"]

#: Cell colours by content.
FILLS = {"empty": "#f4f1e8", "wall": "#4a4a4a", "enemy": "#e8a0a0", "item": "#a8d0f0",
         "start": "#a8e0a8"}  # fmt: skip
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


def level_picture(level: LevelLayout, solution: Solution | None = None) -> Picture:
    """The level's cells with their contents and legend, and the lines of ``solution``
    (its witness play) drawn through the cell centres, a dot where each starts."""
    look = _look(level)
    empty = (FILLS["empty"], "")
    lines = solution.solution if solution else []
    return Picture(
        square_shapes(
            level.height,
            level.width,
            fill=lambda cell: look.get(cell, empty)[0],
            label=lambda cell: look.get(cell, empty)[1],
        ),
        marks=line_marks(lines, square_center, colours=LINE_COLOURS),
        legend=_legend(level, len(lines)),
        title=level.name,
    )
