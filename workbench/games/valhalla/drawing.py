"""Pictures of levels and solutions: the clickable board view and a static matplotlib plot.

Both use the same look: start green, walls dark, enemies red labelled
``Attack/Health``, items blue labelled by letter (and turns), one colour per
line of a solution.

>>> from workbench.games.valhalla.pack import load_pack
>>> level = load_pack()[0]
>>> cell_look(level, level.enemies[0].at)
('#e8a0a0', '1/2')
>>> view = level_board(level)
>>> len(view.shapes) == level.width * level.height
True
"""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from workbench.games.valhalla.level import TIMED_ITEMS, Level
from workbench.games.valhalla.solver import Solution
from workbench.grids.shapes import square_shapes
from workbench.grids.square import Cell, square_center
from workbench.widgets.board import BoardView

__all__ = [
    "FILLS",
    "LINE_COLOURS",
    "cell_look",
    "level_board",
    "look",
    "plot_level",
    "solution_marks",
]

#: Cell colours by content.
FILLS = {"empty": "#f4f1e8", "wall": "#4a4a4a", "enemy": "#e8a0a0", "item": "#a8d0f0",
         "start": "#a8e0a8"}  # fmt: skip
#: One colour per line of a solution (cycled).
LINE_COLOURS = ("#c0392b", "#2980b9", "#8e44ad", "#d35400", "#16a085")
_LETTER = {"mjolnir": "M", "lokis_trickery": "L", "dwarven_shield": "D",
           "thors_chariot": "C", "potion_of_vitality": "P"}  # fmt: skip


def look(content: tuple | None) -> tuple[str, str]:
    """Fill and label for one cell's content: ``("start",)``, ``("wall",)``,
    ``("enemy", attack, health)``, ``("item", kind, turns)`` or None."""
    if content is None:
        return FILLS["empty"], ""
    kind = content[0]
    if kind == "enemy":
        return FILLS["enemy"], f"{content[1]}/{content[2]}"
    if kind == "item":
        turns = str(content[2]) if content[1] in TIMED_ITEMS else ""
        return FILLS["item"], _LETTER[content[1]] + turns
    return FILLS[kind], "S" if kind == "start" else ""


def _contents(level: Level) -> dict[Cell, tuple]:
    found: dict[Cell, tuple] = {level.start: ("start",)}
    found.update({w: ("wall",) for w in level.walls})
    found.update({e.at: ("enemy", e.attack, e.health) for e in level.enemies})
    found.update({i.at: ("item", i.kind, i.turns) for i in level.items})
    return found


def cell_look(level: Level, cell: Cell) -> tuple[str, str]:
    """Fill colour and label of a cell of ``level``."""
    return look(_contents(level).get(cell))


def solution_marks(lines: Sequence[Sequence[Cell]]) -> list[dict]:
    """Board-view marks drawing each line through cell centres, a dot where it starts."""
    marks = []
    for k, line in enumerate(lines):
        points = [list(square_center(c)) for c in line]
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        marks.append({"kind": "path", "points": points, "stroke": colour, "width": 0.1})
        marks.append({"kind": "circle", "at": points[0], "r": 0.12, "fill": colour})
    return marks


def level_board(level: Level, solution: Solution | None = None, *, width_px: int = 360):
    """A :class:`BoardView` of the level, with the solution's lines on top."""
    contents = _contents(level)
    return BoardView(
        shapes=square_shapes(level.height, level.width, fill=lambda c: look(contents.get(c))[0],
                             label=lambda c: look(contents.get(c))[1]),
        marks=solution_marks(solution.solution) if solution else [],
        width_px=width_px,
    )  # fmt: skip


def plot_level(level: Level, solution: Solution | None = None, *, ax: Axes | None = None) -> Axes:
    """The level (and the solution's lines, slightly offset per line) as a matplotlib plot."""
    if ax is None:
        _, ax = plt.subplots(figsize=(0.6 * level.width + 1, 0.6 * level.height + 1))
    contents = _contents(level)
    for r in range(level.height):
        for c in range(level.width):
            fill, label = look(contents.get((r, c)))
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=fill, edgecolor="#555555"))
            if label:
                ax.text(c + 0.5, r + 0.5, label, ha="center", va="center", fontsize=8)
    for k, line in enumerate(solution.solution if solution else []):
        shift = 0.08 * (k - 1)
        xs, ys = zip(*(square_center(cell) for cell in line), strict=True)
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        ax.plot([x + shift for x in xs], [y + shift for y in ys], color=colour, lw=2,
                label=f"line {k + 1}")  # fmt: skip
    ax.set_xlim(0, level.width)
    ax.set_ylim(level.height, 0)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(level.name)
    if solution and solution.solution:
        ax.legend(loc="upper left", bbox_to_anchor=(1, 1), fontsize=8)
    return ax
