"""Brawlhalla board editor: paint terrain and regions, place and move features, live checks.

Built on the shared :class:`~workbench.widgets.board.BoardView`, which shows the
board's picture (:func:`~workbench.games.brawlhalla.drawing.board_picture`, the one
the figures and the printed sheet draw): pick a layer
(terrain, region, feature, move, erase) and a brush, then click or drag over the
board. After every change the board is checked against the build instructions;
the summary line and the table of checks update at once (the table wraps and scrolls
within the widget). A key below the board says what each colour and symbol means.
Load and Save read and write board files (saving is atomic).

>>> from workbench.games.brawlhalla.board import default_board
>>> editor = BoardEditor(default_board())
>>> editor.select("terrain", "water")
>>> editor.view._handle_custom_msg({"event": "click", "cell": "2,0"}, [])
>>> editor.board.terrain_at((2, 0)), editor.board.region_at((2, 0))
('water', 'water')
>>> editor.summary.value.startswith(str(len(editor.report.checks) - 1) + " of")
True
"""

from __future__ import annotations

import html
from collections import Counter

import ipywidgets as widgets

from workbench.errors import WorkbenchError
from workbench.games.brawlhalla.board import (
    CONTINENTS,
    FEATURE_SIDES,
    Board,
    Feature,
    default_board,
    load_board,
    save_board,
)
from workbench.games.brawlhalla.checker import CheckReport, check
from workbench.games.brawlhalla.drawing import TERRAIN_COLOURS, board_picture
from workbench.grids.shapes import cell_id, parse_cell_id
from workbench.grids.square import DIAGONAL, ORTHOGONAL, Cell
from workbench.widgets.board import BoardView
from workbench.widgets.look import legend, legend_html, style_sheet, tool_picker

__all__ = ["BoardEditor"]

_BRUSHES = {
    "terrain": [(name.title(), name) for name in TERRAIN_COLOURS],
    "region": [(name.title(), name) for name in (*CONTINENTS, "island", "water")],
    "feature": [
        (f"{kind} {side}".strip().title(), f"{kind}:{side}")
        for kind, sides in FEATURE_SIDES.items()
        for side in sides
    ],
    "move": [("Pick, then drop", "move")],
    "erase": [("Remove feature", "erase")],
}


class BoardEditor(widgets.VBox):
    """A board editor widget; ``board`` always holds the current (immutable) board.

    Parameters
    ----------
    board : Board, optional
        The board to start from (default: the default board).
    path : str, optional
        File name shown in the Load/Save box.
    """

    def __init__(self, board: Board | None = None, *, path: str = "my_board.json"):
        self.board = board if board is not None else default_board()
        self.report: CheckReport = check(self.board)
        self._picked: Cell | None = None
        self.view = BoardView(width_px=380)
        self.layer = tool_picker(_BRUSHES, value="terrain", description="Layer")
        self.brush = widgets.ToggleButtons(options=_BRUSHES["terrain"], description="Brush")
        self.brush.add_class("wb-tools")
        self.layer.add_class("wb-layer")
        self.brush.add_class("wb-brush")
        self.path = widgets.Text(value=path, description="File")
        self.load_button = widgets.Button(description="Load", icon="folder-open")
        self.save_button = widgets.Button(description="Save", icon="save")
        self.status = widgets.Label(value="")
        self.status.add_class("wb-editor-status").add_class("wb-wrap")
        self.summary = widgets.Label(value="")
        self.summary.add_class("wb-check-summary").add_class("wb-wrap")
        self.key = legend([]).add_class("wb-board-key")
        self.table = widgets.HTML()
        self.layer.observe(self._on_layer, names="value")
        self.view.on_cell_event(self._on_cell)
        self.load_button.on_click(lambda _: self.load(self.path.value))
        self.save_button.on_click(lambda _: self.save(self.path.value))
        files = widgets.HBox([self.path, self.load_button, self.save_button])
        left = widgets.VBox(
            [self.view, self.key, self.status], layout=widgets.Layout(width="390px", flex="none")
        )
        self.table.layout = widgets.Layout(max_height="520px", overflow="auto")
        right = widgets.VBox(
            [self.summary, self.table], layout=widgets.Layout(flex="1 1 0", min_width="0")
        )
        super().__init__(
            [style_sheet(), self.layer, self.brush, files, widgets.HBox([left, right])]
        )
        self.add_class("wb-board-editor")
        self._refresh()

    # -- public actions (what the buttons do; handy in tests and notebooks) --------------
    def select(self, layer: str, brush: str) -> None:
        """Choose a layer and a brush, e.g. ``select("terrain", "shore")`` or
        ``select("feature", "capital:north")``."""
        self.layer.value = layer
        self.brush.value = brush

    def apply(self, cell: Cell) -> None:
        """Apply the current brush to one square."""
        layer, brush = self.layer.value, self.brush.value
        board = self.board
        if layer == "terrain":
            board = board.with_terrain(cell, brush)
            board = board.with_region(cell, _region_after(board, cell, brush))
        elif layer == "region":
            board = board.with_region(cell, brush)
        elif layer == "feature":
            kind, side = brush.split(":")
            board = board.with_feature(Feature(kind, side, cell))
        elif layer == "erase":
            board = board.without_feature(cell)
        else:
            board = self._move(cell)
        self.set_board(board)

    def set_board(self, board: Board) -> None:
        """Replace the board and re-check it."""
        self.board = board
        self._refresh()

    def load(self, path: str) -> None:
        """Load a board file; problems are shown in the status line."""
        try:
            board = load_board(path)
        except WorkbenchError as exc:
            self.status.value = f"not loaded: {exc}"
            return
        self._picked = None
        self.set_board(board)
        self.status.value = f"loaded {path}"

    def save(self, path: str) -> None:
        """Save the board to a file (atomically)."""
        try:
            save_board(self.board, path)
        except (WorkbenchError, OSError) as exc:
            self.status.value = f"not saved: {exc}"
            return
        self.status.value = f"saved {path}"

    # -- internals --------------------------------------------------------------------
    def _move(self, cell: Cell) -> Board:
        if self._picked is None:
            if self.board.feature_at(cell) is not None:
                self._picked = cell
                self.status.value = f"picked the feature at {cell_id(cell)}; click where it goes"
            return self.board
        feature = self.board.feature_at(self._picked)
        self._picked = None
        if feature is None or cell == feature.cell:
            return self.board
        moved = self.board.without_feature(feature.cell)
        return moved.with_feature(Feature(feature.kind, feature.side, cell))

    def _on_layer(self, change) -> None:
        self._picked = None
        self.brush.options = _BRUSHES[change["new"]]
        self.brush.value = _BRUSHES[change["new"]][0][1]

    def _on_cell(self, ident: str, kind: str) -> None:
        prefix, cell = parse_cell_id(ident)
        if prefix or (kind == "drag" and self.layer.value not in ("terrain", "region")):
            return
        self.apply((cell[0], cell[1]))

    def _refresh(self) -> None:
        self.report = check(self.board)
        picture = board_picture(self.board)
        self.view.show(picture)
        self.key.value = legend_html(picture.legend)
        self.view.highlighted = [cell_id(self._picked)] if self._picked else []
        self.summary.value = self.report.summary()
        self.table.value = _table_html(self.report)


def _region_after(board: Board, cell: Cell, terrain: str) -> str:
    """Region a square takes when painted: water is open water; land on open water joins
    the most common neighbouring land region (an island if none)."""
    if terrain == "water":
        return "water"
    current = board.region_at(cell)
    if current != "water":
        return current
    around = Counter(
        board.region_at((cell[0] + dr, cell[1] + dc))
        for dr, dc in ORTHOGONAL + DIAGONAL
        if 0 <= cell[0] + dr < board.rows and 0 <= cell[1] + dc < board.cols
    )
    around.pop("water", None)
    return around.most_common(1)[0][0] if around else "island"


def _table_html(report: CheckReport) -> str:
    rows = "".join(
        f"<tr class='{'wb-pass' if c.ok else 'wb-fail'}'><td>{'✔' if c.ok else '✘'}</td>"
        f"<td>{html.escape(c.name)}</td><td>{html.escape(c.measured)}</td>"
        f"<td>{html.escape(c.expected)}</td></tr>"
        for c in sorted(report.checks, key=lambda c: c.ok)  # failures first
    )
    return (
        "<table class='wb-check-table' style='font-size:11px; line-height:1.25; width:100%; "
        "overflow-wrap:anywhere'><tr><th></th><th>check</th>"
        f"<th>measured</th><th>wanted</th></tr>{rows}</table>"
    )
