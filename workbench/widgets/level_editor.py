"""A level editor for Valhalla Calling: draw a level with the mouse, press Solve.

Built on the shared :class:`~workbench.widgets.board.BoardView`. Pick a tool in
the palette (wall, enemy, each item kind, start, eraser) and click cells (walls
and the eraser also paint while dragging). With the enemy tool, clicking an
enemy selects it and the Attack/Health fields then edit it. Resize the grid,
load and save JSON, and Solve: the witness solution is drawn on the board (one
colour per line) and the star table shown below.

Play mode plays the level as the phone game does: press on the hero's square and
drag through neighbouring squares to draw a line (the board refuses a line that
follows itself); on release the hero walks it step by step (Attack and Health
on its token, each step's fight blow by blow and items used in the log), then the
next line can be drawn. At the end the outcome and the stars earned are compared
with the solver's best; "Show a solution" walks the solver's witness the same way;
"Undo line" and "Restart". The logic is :class:`~workbench.games.valhalla.play_session.
PlaySession`; this widget only wires the mouse to it and shows its frames (a
short pause between steps, ``step_delay`` seconds).

Everything is testable without a browser:

>>> from workbench.games.valhalla.level import Level
>>> editor = LevelEditor(Level.from_dict({"name": "Duel", "width": 3, "height": 1,
...     "start": [0, 0], "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]}))
>>> editor.tool.value = "wall"
>>> editor.click((0, 1))
>>> editor.solve_button.click()
>>> editor.result.value
'Not winnable.'
>>> editor.tool.value = "eraser"
>>> editor.click((0, 1))
>>> editor.solve_button.click()
>>> editor.result.value
'Winnable: best 2 stars (one line, strong killer); fewest lines 1; 1 winning kill order.'
>>> editor.step_delay = 0
>>> editor.mode.value = "Play"
>>> editor.press((0, 0)); editor.drag((0, 1)); editor.drag((0, 2)); editor.release()
>>> editor.outcome.value
'You won with 2 stars (one line, strong killer); 2 stars were possible.'
"""

from __future__ import annotations

import html
import os
import time
from typing import NamedTuple

import ipywidgets as widgets

from workbench.errors import DataError, WorkbenchError
from workbench.games.valhalla.drawing import ITEM_NAMES, level_picture, play_picture
from workbench.games.valhalla.level import (
    ABILITIES,
    ITEM_KINDS,
    MAX_SIDE,
    TIMED_ITEMS,
    Enemy,
    Item,
    Level,
    load_level,
    save_level,
)
from workbench.games.valhalla.play_session import Frame, PlaySession
from workbench.games.valhalla.rules import Rules
from workbench.games.valhalla.solver import Solution, solve
from workbench.grids.shapes import Picture, cell_id, parse_cell_id
from workbench.grids.square import Cell
from workbench.widgets.board import BoardView
from workbench.widgets.look import legend, legend_html, name_of, style_sheet, tool_picker

__all__ = ["MODES", "NAMES", "TOOLS", "LevelEditor"]

#: The palette, in order.
TOOLS: tuple[str, ...] = ("wall", "enemy", *ITEM_KINDS, "start", "eraser")
#: The editor's modes: draw the level, or play it by drawing lines.
MODES: tuple[str, ...] = ("Edit", "Play")
#: Tools and abilities in the rule text's words (the rest: their names in words).
NAMES: dict[str, str] = {**ITEM_NAMES, "to_valhalla": "To Valhalla",
                         "tricksters_cunning": "Trickster's Cunning",
                         "biorns_curse": "Biorn's Curse"}  # fmt: skip
_EMPTY = {"name": "New level", "width": 5, "height": 5, "start": [0, 0],
          "hero": {"health": 10, "attack": 5, "ability": "none"},
          "enemies": [{"at": [4, 4], "attack": 5, "health": 5}]}  # fmt: skip


class _Draft(NamedTuple):
    """The level as drawn so far, valid or not: what :func:`level_picture` reads."""

    name: str
    width: int
    height: int
    start: Cell
    walls: tuple[Cell, ...]
    enemies: tuple[Enemy, ...]
    items: tuple[Item, ...]


def _number(description: str, value: int, *, low: int = 0, high: int = 999):
    return widgets.BoundedIntText(value=value, min=low, max=high, description=description,
                                  layout=widgets.Layout(width="150px"),
                                  style={"description_width": "60px"})  # fmt: skip


class LevelEditor(widgets.VBox):
    """Edit a :class:`Level` on a clickable board; ``level()`` returns it, validated."""

    def __init__(self, level: Level | None = None, *, rules: Rules | None = None,
                 path: str | os.PathLike[str] = "level.json"):  # fmt: skip
        self.rules = rules or Rules()
        self.solution: Solution | None = None
        self.board = BoardView(width_px=420)
        self.board.on_cell_event(self._on_cell_event)
        self.tool = tool_picker(TOOLS, value="enemy", description="Tool", names=NAMES)
        self.enemy_attack = _number("Attack", 4)
        self.enemy_health = _number("Health", 4, low=1)
        self.turns = _number("Turns", 3, low=1, high=99)
        self.hero_health = _number("Health", 10, low=1)
        self.hero_attack = _number("Attack", 5, low=1)
        self.ability = widgets.Dropdown(
            options=[(name_of(a, NAMES), a) for a in ABILITIES], description="Ability"
        )
        self.width_field = _number("Width", 5, low=1, high=MAX_SIDE)
        self.height_field = _number("Height", 5, low=1, high=MAX_SIDE)
        self.name_field = widgets.Text(description="Name")
        self.path = widgets.Text(value=str(path), description="File")
        buttons = {}
        for label in ("Resize", "Load", "Save", "Solve"):
            buttons[label] = widgets.Button(description=label)
            buttons[label].add_class(f"valhalla-{label.lower()}")
        self.resize_button, self.load_button = buttons["Resize"], buttons["Load"]
        self.save_button, self.solve_button = buttons["Save"], buttons["Solve"]
        self.resize_button.on_click(
            lambda _: self.resize(self.width_field.value, self.height_field.value)
        )
        self.load_button.on_click(lambda _: self.load(self.path.value))
        self.save_button.on_click(lambda _: self.save(self.path.value))
        self.solve_button.on_click(lambda _: self.solve())
        for field in (self.enemy_attack, self.enemy_health):
            field.observe(self._edit_selected, names="value")
        self.status = widgets.Label()
        self.status.add_class("valhalla-status")
        self.result = widgets.Label("Press Solve.")
        self.result.add_class("valhalla-result").add_class("wb-wrap")
        self.stars = widgets.HTML()
        self.stars.add_class("valhalla-stars")
        self.key = legend([])
        self.key.add_class("valhalla-key")
        self.selected: Cell | None = None
        self._init_play()
        self._edit_parts = [
            widgets.HBox([self.name_field, self.hero_health, self.hero_attack, self.ability]),
            self.tool,
            widgets.HBox([widgets.Label("New enemy / selected:"), self.enemy_attack,
                          self.enemy_health, widgets.Label("Timed items:"), self.turns]),
            widgets.HBox([self.width_field, self.height_field, self.resize_button, self.path,
                          self.load_button, self.save_button, self.solve_button]),
        ]  # fmt: skip
        self._edit_panel = widgets.VBox(
            [self.result, self.stars], layout=widgets.Layout(flex="1 1 0", min_width="0")
        )
        hidden = dict(display="none")
        self._play_panel = widgets.VBox([self.hero_label, self.outcome, self.play_log],
                                        layout=widgets.Layout(width="420px", **hidden))  # fmt: skip
        controls = [self.undo_button, self.restart_button, self.show_button]
        self._play_parts = [widgets.HBox(controls, layout=widgets.Layout(**hidden))]
        row = {"flex_flow": "row wrap"}
        for part in (self._edit_parts[0], self._edit_parts[2], self._edit_parts[3]):
            part.layout = widgets.Layout(**row)
        super().__init__([
            style_sheet(), self.mode, *self._edit_parts[:3], *self._play_parts,
            widgets.HBox([widgets.VBox([self.board, self.key],
                                       layout={"width": "430px", "flex": "none"}),
                          self._edit_panel, self._play_panel]),
            self._edit_parts[3], self.status,
        ])  # fmt: skip
        self.add_class("valhalla-editor")
        self.set_level(level or Level.from_dict(_EMPTY))

    def _init_play(self) -> None:
        """Play mode's widgets (hidden in Edit mode)."""
        self.session: PlaySession | None = None
        self.step_delay = 0.3
        self.mode = widgets.ToggleButtons(options=MODES, value="Edit", description="Mode")
        self.mode.add_class("valhalla-mode").add_class("wb-tools")
        self.mode.observe(lambda change: self._switch(change["new"]), names="value")
        self.undo_button = widgets.Button(description="Undo line")
        self.restart_button = widgets.Button(description="Restart")
        self.show_button = widgets.Button(description="Show a solution")
        for button, name in ((self.undo_button, "undo"), (self.restart_button, "restart"),
                             (self.show_button, "show")):  # fmt: skip
            button.add_class(f"valhalla-{name}")
        self.undo_button.on_click(lambda _: self.undo())
        self.restart_button.on_click(lambda _: self.restart())
        self.show_button.on_click(lambda _: self.show_solution())
        self.hero_label = widgets.Label()
        self.hero_label.add_class("valhalla-hero")
        self.outcome = widgets.HTML()  # wraps, where a Label would cut a long verdict
        self.outcome.add_class("valhalla-outcome")
        self.play_log = widgets.HTML(layout=widgets.Layout(max_height="300px", overflow="auto"))
        self.play_log.add_class("valhalla-log")
        self.board.on_release(self.release)

    # --- the level ------------------------------------------------------------------

    def set_level(self, level: Level) -> None:
        """Show ``level`` in the editor (forgets any solution; back to Edit mode)."""
        self.mode.value = "Edit"
        self.name_field.value = level.name
        self.hero_health.value, self.hero_attack.value = level.hero.health, level.hero.attack
        self.ability.value = level.hero.ability
        self.width_field.value, self.height_field.value = level.width, level.height
        self._start = level.start
        self._walls = set(level.walls)
        self._enemies = {e.at: (e.attack, e.health) for e in level.enemies}
        self._items = {i.at: (i.kind, i.turns) for i in level.items}
        self._description = level.description
        self._size = (level.width, level.height)
        self.selected = None
        self._changed()

    def level(self) -> Level:
        """The level drawn, validated (raises :class:`DataError` naming the problem)."""
        width, height = self._size
        return Level.from_dict({
            "name": self.name_field.value or "untitled", "width": width, "height": height,
            "start": list(self._start),
            "hero": {"health": self.hero_health.value, "attack": self.hero_attack.value,
                     "ability": self.ability.value},
            "enemies": [{"at": list(c), "attack": a, "health": h}
                        for c, (a, h) in sorted(self._enemies.items())],
            "items": [{"at": list(c), "kind": k, **({"turns": t} if k in TIMED_ITEMS else {})}
                      for c, (k, t) in sorted(self._items.items())],
            "walls": [list(c) for c in sorted(self._walls)],
            **({"description": self._description} if self._description else {}),
        }, source="editor")  # fmt: skip

    # --- editing ----------------------------------------------------------------------

    def click(self, cell: Cell, *, drag: bool = False) -> None:
        """Apply the current tool to ``cell`` (what a mouse click does)."""
        tool, cell = self.tool.value, tuple(cell)
        if drag and tool not in ("wall", "eraser"):
            return
        if tool == "enemy" and cell in self._enemies:
            self.selected = cell
            attack, health = self._enemies[cell]
            self._set_fields(attack, health)
            self._changed(f"selected the enemy at {list(cell)}")
            return
        if cell == self._start and tool != "start":
            self.status.value = "the start cell stays empty: move the start first"
            return
        if tool == "start":
            self._clear(cell)
            self._start = cell
        elif tool == "eraser":
            self._clear(cell)
        elif tool == "wall":
            self._clear(cell)
            self._walls.add(cell)
        elif tool == "enemy":
            self._clear(cell)
            self._enemies[cell] = (self.enemy_attack.value, self.enemy_health.value)
            self.selected = cell
        else:
            self._clear(cell)
            self._items[cell] = (tool, self.turns.value if tool in TIMED_ITEMS else 0)
        self._changed(f"{name_of(tool, NAMES)} at {list(cell)}")

    def resize(self, width: int, height: int) -> None:
        """Change the grid size; whatever falls outside is dropped."""
        inside = lambda c: c[0] < height and c[1] < width  # noqa: E731
        self._walls = {c for c in self._walls if inside(c)}
        self._enemies = {c: v for c, v in self._enemies.items() if inside(c)}
        self._items = {c: v for c, v in self._items.items() if inside(c)}
        if not inside(self._start):
            self._start = (0, 0)
            self._clear((0, 0))
        self._size = (width, height)
        self.selected = None
        self._changed(f"resized to {width}x{height}")

    def load(self, path: str | os.PathLike[str]) -> None:
        """Load a level file (problems are shown in the status line)."""
        try:
            self.set_level(load_level(path))
        except DataError as error:
            self.status.value = str(error)
            return
        self.status.value = f"loaded {path}"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save the level as JSON, atomically."""
        try:
            save_level(self.level(), path)
        except (WorkbenchError, OSError) as error:
            self.status.value = str(error)
            return
        self.status.value = f"saved {path}"

    def solve(self) -> Solution | None:
        """Solve the level: witness drawn on the board, star table and summary shown."""
        self.status.value = "solving..."  # shown while the kernel works: seconds on 10x10
        started = time.process_time()
        try:
            self.solution = solve(self.level(), self.rules)
        except WorkbenchError as error:
            self.status.value = str(error)
            return None
        self.status.value = f"solved in {time.process_time() - started:.1f} s of CPU"
        result = self.solution
        if not result.winnable:
            self.result.value = "Not winnable."
        else:
            orders = result.kill_orders
            self.result.value = (
                f"Winnable: best {result.max_stars} star{'s' * (result.max_stars != 1)} "
                f"({', '.join(map(_star, result.best)) or 'none'}); "
                f"fewest lines {result.fewest_lines}"
                f"{'' if result.fewest_lines_exact else ' or fewer'}; {orders} winning kill "
                f"order{'s' * (orders != 1)}."
            )
        self.stars.value = result.star_table().rename(columns=_star).to_html(index=False)
        self._draw()
        return result

    # --- playing -----------------------------------------------------------------------

    def press(self, cell: Cell) -> None:
        """Start a line on ``cell`` (Play mode; only on the hero's square)."""
        if self.session is None:
            return
        if self.session.press(cell):
            self.status.value = "drag through neighbouring squares, release to walk"
        elif self.session.over:
            self.status.value = "the game is over: undo a line, restart or show a solution"
        else:
            self.status.value = f"press on the hero's square {list(self.session.hero.cell)}"
        self._draw_play()

    def drag(self, cell: Cell) -> None:
        """Extend the line being drawn to ``cell`` (refused moves are left out)."""
        if self.session is not None and self.session.drag(cell):
            self._draw_play()

    def release(self) -> None:
        """The hero walks the line drawn, step by step."""
        if self.session is not None:
            frames = self.session.release()
            self._walk(frames, clear=False)

    def undo(self) -> None:
        """Take back the last line walked."""
        if self.session is not None:
            self.session.undo()
            self._walk([])

    def restart(self) -> None:
        """Start the game again."""
        if self.session is not None:
            self.session.restart()
            self._walk([])

    def show_solution(self) -> None:
        """Restart and walk the solver's witness play."""
        if self.session is None:
            return
        frames = self.session.show_solution()
        if not frames:
            self.status.value = "the level cannot be won: there is no solution to show"
        self._walk(frames)

    def _switch(self, mode: str) -> None:
        play = mode == "Play"
        if play:
            try:
                level = self.level()
            except DataError as error:
                self.mode.value = "Edit"
                self.status.value = str(error)
                return
            self.session = PlaySession(level, self.rules, solution=self.solution)
        else:
            self.session = None
        for part in (*self._edit_parts, self._edit_panel):
            part.layout.display = "none" if play else None
        for part in (*self._play_parts, self._play_panel):
            part.layout.display = None if play else "none"
        if play:
            self.status.value = "press on the hero's square and drag to draw a line"
            self._walk([])
        else:
            self._changed("back to editing")

    def _walk(self, frames: list[Frame], *, clear: bool = True) -> None:
        """Show ``frames`` one after the other in the board and the log, then the outcome
        (``clear``: with no frames, the log is emptied)."""
        session = self.session
        lines = []
        for k, frame in enumerate(frames):
            if k:
                time.sleep(self.step_delay)
            lines.append(_step_text(frame))
            self.play_log.value = "".join(lines)
            self._draw_play(frame)
        if not frames:
            self.play_log.value = "" if clear else self.play_log.value
            self._draw_play()
        verdict = session.verdict() or f"Line {len(session.lines) + 1}: draw it from the hero."
        self.outcome.value = html.escape(verdict)
        if frames:
            self.status.value = f"walked {len(frames)} step{'s' * (len(frames) != 1)}"

    def _draw_play(self, frame: Frame | None = None) -> None:
        session = self.session
        frame = frame or session.hero
        self._show(play_picture(session.game.level, hero=frame.cell, attack=frame.attack,
                                     health=frame.health, enemies=frame.enemies,
                                     items=frame.items, lines=session.lines,
                                     drawing=session.drawing))  # fmt: skip
        self.board.highlighted = [] if session.over else [cell_id(session.hero.cell)]
        where = f"line {frame.line}, step {frame.step}: " if frame.step else "start: "
        self.hero_label.value = (f"Hero {where}at {list(frame.cell)}, Attack {frame.attack}, "
                                 f"Health {frame.health}")  # fmt: skip

    # --- internals ----------------------------------------------------------------------

    def _clear(self, cell: Cell) -> None:
        self._walls.discard(cell)
        self._enemies.pop(cell, None)
        self._items.pop(cell, None)
        if self.selected == cell:
            self.selected = None

    def _set_fields(self, attack: int, health: int) -> None:
        selected, self.selected = self.selected, None  # do not edit while filling in
        self.enemy_attack.value, self.enemy_health.value = attack, health
        self.selected = selected

    def _edit_selected(self, _change) -> None:
        if self.selected in self._enemies:
            self._enemies[self.selected] = (self.enemy_attack.value, self.enemy_health.value)
            self._changed(f"enemy at {list(self.selected)} is now "
                          f"{self.enemy_attack.value}/{self.enemy_health.value}")  # fmt: skip

    def _changed(self, message: str = "") -> None:
        self.solution = None
        self.result.value = "Press Solve."
        self.stars.value = ""
        self.status.value = message
        self._draw()

    def _on_cell_event(self, ident: str, kind: str) -> None:
        cell = parse_cell_id(ident)[1]
        if self.session is not None:
            (self.drag if kind == "drag" else self.press)(cell)
        else:
            self.click(cell, drag=kind == "drag")

    def _draft(self) -> _Draft:
        width, height = self._size
        return _Draft(
            self.name_field.value,
            width,
            height,
            self._start,
            tuple(sorted(self._walls)),
            tuple(Enemy(c, a, h) for c, (a, h) in sorted(self._enemies.items())),
            tuple(Item(c, k, t) for c, (k, t) in sorted(self._items.items())),
        )

    def _draw(self) -> None:
        self._show(level_picture(self._draft(), self.solution))
        self.board.highlighted = [cell_id(self.selected)] if self.selected else []

    def _show(self, picture: Picture) -> None:
        """Draw ``picture`` on the board and its key below it."""
        self.board.show(picture)
        self.key.value = legend_html(picture.legend)


def _star(name: str) -> str:
    """A star (or a column of the star table) in words: ``strong_killer`` -> ``strong killer``."""
    return name.replace("_", " ")


def _step_text(frame: Frame) -> str:
    """One step of the walk for the log: where, Attack and Health, what happened."""
    head = (f"<b>{frame.line}.{frame.step}</b> {list(frame.cell)}: Attack {frame.attack}, "
            f"Health {frame.health}")  # fmt: skip
    events = "".join(f"<li>{html.escape(e)}</li>" for e in frame.events)
    return f"<div class='valhalla-step'>{head}{f'<ul>{events}</ul>' if events else ''}</div>"
