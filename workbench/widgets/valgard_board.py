"""Valgard in JupyterLab: a position editor and a board to play against the computer.

The board is the shared :class:`~workbench.widgets.board.BoardView` showing the
picture of :func:`workbench.games.valgard.drawing.position_picture`: dead land
shaded, runes in their sockets, pieces as discs (a Valkyrie has a ring and a
``V``). In *play* mode, click one of your pieces to see its legal targets
highlighted (octagons, or sockets for a rune), then click a target; the computer
answers. Click an empty home-row octagon to deploy. In *edit* mode, click octagons
to place the palette's piece and sockets to toggle runes, and choose who moves.

With a solved table (:mod:`workbench.games.valgard.solved`), *Hints* shows on each
target its exact value for the side to move (``W3``: a win in 3 plies, ``D``: a
draw, ``L4``: a loss in 4), and the *perfect* opponent plays from the table. The
board names its files and ranks, marks the last two moves (red, then blue), says
why a click was refused, shows the reserves and the muster, and announces the end
of the game in a banner.

>>> from workbench.games.valgard import Rules, ValgardGame
>>> class FirstMove:  # any agent with act(state); the default is MCTS
...     def act(self, state):
...         return state.legal_actions()[0]
>>> board = ValgardBoard(ValgardGame(Rules(rows=3, cols=3, reserve=3, muster=1)),
...                      agent=FirstMove())
>>> board.click("2,1")  # light musters on b1, the computer answers
>>> board.status.value[:51]
'You (light) played +b1. Computer (dark) played +a3.'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from workbench.errors import RulesError
from workbench.games.valgard.agents import mcts_agent
from workbench.games.valgard.drawing import coordinate_marks, hint_marks, position_picture
from workbench.games.valgard.engine import ValgardGame, ValgardState
from workbench.games.valgard.hints import TablePlayer, move_values
from workbench.games.valgard.moves import CAST, DEPLOY
from workbench.games.valgard.rules import PLAYER_NAMES
from workbench.games.valgard.solved import SolvedTable
from workbench.grids.shapes import cell_id, parse_cell_id
from workbench.widgets.board import BoardView
from workbench.widgets.look import style_sheet

__all__ = ["ValgardBoard", "refusal", "rows_shown", "targets_of"]

_PALETTE = {
    "light warrior": "l",
    "light Valkyrie": "L",
    "dark warrior": "d",
    "dark Valkyrie": "D",
    "empty": "",
}


#: The position box's width, and how many of its monospace characters fit on a row
#: (fewer than fit: a row to spare is better than a line hidden).
_POSITION_PX, _ROW_CHARS = 300, 34
#: The position box's font: monospace, so the board's columns line up.
_CSS = "<style>.valgard-position textarea { font-family: monospace; font-size: 12px; }</style>"


def rows_shown(text: str) -> int:
    """Rows the position box needs to show all of ``text``: one a line, more for a line
    longer than a row (it wraps).

    >>> rows_shown("a b c\\n1 . . .\\n" + "x" * 40)
    4
    """
    return sum(max(1, -(-len(line) // _ROW_CHARS)) for line in text.split("\n"))


def targets_of(state: ValgardState, source: tuple[int, int] | None) -> dict[str, int]:
    """Shape id -> action for the legal actions starting on ``source`` (deploys if None).

    Moves target octagons (``"r,c"``), rune casts target sockets (``"s:r,c"``).
    """
    geometry = state.game.geometry
    out = {}
    for action in state.legal_actions():
        kind, origin, target = action >> 16, action >> 8 & 255, action & 255
        if source is None:
            if kind == DEPLOY:
                out[cell_id(geometry.cell(target))] = action
        elif kind != DEPLOY and origin == geometry.index(source):
            prefix = "s" if kind == CAST else ""
            out[cell_id(geometry.cell(target), prefix=prefix)] = action
    return out


def refusal(state: ValgardState, selected: tuple[int, int] | None, ident: str) -> str:
    """Why a click on shape ``ident`` plays nothing, with ``selected`` the piece chosen
    (None: none), when it is neither a target nor one of the mover's pieces.

    >>> from workbench.games.valgard import Rules, ValgardGame
    >>> state = ValgardGame(Rules(rows=3, cols=3, reserve=3, muster=1)).initial_state()
    >>> refusal(state, None, "1,1")
    'during the muster, pieces go on your home row (rank 1)'
    """
    geometry = state.game.geometry
    prefix, cell = parse_cell_id(ident)
    name = geometry.name(geometry.index(cell))
    piece = state.pieces().get(cell, "")
    chosen = None if selected is None else geometry.name(geometry.index(selected))
    if prefix:
        if cell in state.runes():
            return "that socket already holds a rune"
        if chosen is None:
            return "to cast a rune, click one of your warriors first, then a highlighted socket"
        if state.pieces()[selected].isupper():
            return "a Valkyrie cannot become a rune"
        return (
            f"{chosen} cannot cast a rune there: a rune fills an empty socket at a corner of "
            "its octagon whose other three octagons are empty"
        )
    if cell in state.dead():
        return f"{name} is dead land: no piece may enter it"
    home = 1 if state.mover == 0 else geometry.rows
    if chosen is not None:
        what = (
            f"{name} holds a piece {chosen} cannot take"
            if piece
            else f"{chosen} cannot reach {name}"
        )
        return f"{what}: see the highlighted targets"
    if piece:
        return f"{name} holds a {PLAYER_NAMES[1 - state.mover]} piece: click one of yours"
    if state.muster_left:
        return f"during the muster, pieces go on your home row (rank {home})"
    if not state.game.rules.deploy or not state.reserves[state.mover]:
        return "you have no piece to deploy: click one of your pieces to move it"
    return (
        f"deploys go on an empty octagon of your home row (rank {home}); click a piece to move it"
    )


class ValgardBoard(widgets.VBox):
    """Play Valgard against an agent, or edit a position; every part is clickable.

    Parameters
    ----------
    game : ValgardGame, optional
        The game (default: the rule text's 6x6 game).
    agent : object with ``act(state)``, optional
        The computer player (default: Valgard's MCTS,
        :func:`~workbench.games.valgard.agents.mcts_agent`, 300 simulations a move, seed 0).
    computer : {"dark", "light", "nobody"}
        The side the computer plays.
    state : ValgardState, optional
        The starting position (default: the game's initial state).
    table : SolvedTable, optional
        The solved table of the game's rules: turns on *Hints* and the *perfect* opponent.
    """

    def __init__(
        self,
        game: ValgardGame | None = None,
        *,
        agent: Any = None,
        computer: str = "dark",
        state: ValgardState | None = None,
        width_px: int = 420,
        table: SolvedTable | None = None,
    ):
        self.game = game if game is not None else ValgardGame()
        if table is not None and table.rules != self.game.rules:
            raise RulesError("ValgardBoard: the solved table was made under other rules")
        self.table = table
        self.agent = agent if agent is not None else mcts_agent(300)(self.game, seed=0)
        self.state = state if state is not None else self.game.initial_state()
        self.history: list[ValgardState] = []
        self.selected: tuple[int, int] | None = None
        self._targets: dict[str, int] = {}
        self._played: list[int] = []

        self.view = BoardView(width_px=width_px)
        self.view.add_class("valgard-board")
        self.view.on_cell_event(lambda ident, kind: self.click(ident) if kind == "click" else None)
        self.mode = widgets.ToggleButtons(
            options=[("Play", "play"), ("Edit", "edit")], value="play"
        )
        self.mode.add_class("valgard-mode").add_class("wb-tools")
        self.computer = widgets.Dropdown(
            options=["dark", "light", "nobody"], value=computer, description="Computer"
        )
        self.opponent = widgets.Dropdown(
            options=["standard", "perfect"] if table is not None else ["standard"],
            value="standard",
            description="Opponent",
        )
        self.opponent.add_class("valgard-opponent")
        self.hints = widgets.ToggleButton(
            description="Hints",
            icon="lightbulb-o",
            disabled=table is None,
            tooltip="each move's exact value" if table else "no solved table for this board",
        )
        self.hints.add_class("valgard-hints")
        self.hints.observe(lambda _: self._redraw(), names="value")
        self._perfect = TablePlayer(table, seed=0) if table is not None else None
        self.palette = widgets.ToggleButtons(options=list(_PALETTE), value="light warrior")
        self.palette.add_class("valgard-palette").add_class("wb-tools")
        self.to_move = widgets.ToggleButtons(options=list(PLAYER_NAMES), description="To move")
        self.to_move.add_class("wb-tools")
        self.reserves = [
            widgets.BoundedIntText(min=0, max=255, description=f"{name} hand", value=value)
            for name, value in zip(PLAYER_NAMES, self.state.reserves, strict=True)
        ]
        fit = {"width": "auto"}
        self.new_game = widgets.Button(description="New game", icon="refresh", layout=fit)
        self.undo = widgets.Button(description="Undo", icon="undo", layout=fit)
        self.computer_move = widgets.Button(description="Computer move", icon="cogs", layout=fit)
        self.status = widgets.Label()
        self.status.add_class("valgard-status").add_class("wb-wrap")
        self.counts = widgets.Label()
        self.counts.add_class("valgard-counts").add_class("wb-wrap")
        self.banner = widgets.HTML()
        self.banner.add_class("valgard-banner")
        self.position_text = widgets.Textarea(
            disabled=True, layout=widgets.Layout(width=f"{_POSITION_PX}px", height="auto")
        )
        self.position_text.add_class("valgard-position")

        self.mode.observe(self._on_mode, names="value")
        self.to_move.observe(self._on_edit_fields, names="value")
        for box in self.reserves:
            box.observe(self._on_edit_fields, names="value")
        self.new_game.on_click(lambda _: self.reset())
        self.undo.on_click(lambda _: self.take_back())
        self.computer_move.on_click(lambda _: self.play_computer())

        self.editor = widgets.VBox([self.palette, self.to_move, widgets.HBox(self.reserves)])
        self.editor.layout.display = "none"
        buttons = widgets.HBox(
            [self.mode, self.computer, self.new_game, self.undo, self.computer_move],
            layout={"flex_flow": "row wrap"},
        )
        super().__init__(
            [
                style_sheet(),
                widgets.HTML(_CSS, layout=widgets.Layout(display="none")),
                buttons,
                widgets.HBox([self.opponent, self.hints]),
                self.editor,
                self.banner,
                widgets.HBox([self.view, self.position_text]),
                self.counts,
                self.status,
            ]
        )
        self.add_class("valgard")
        self._announce([])

    # -- actions ------------------------------------------------------------------
    def click(self, ident: str) -> None:
        """Handle a click on a shape id (what the board view reports)."""
        if self.mode.value == "edit":
            self._edit(ident)
        else:
            self._play_click(ident)
        self._redraw()

    def reset(self) -> None:
        """Back to the game's start position, in play mode."""
        self.state = self.game.initial_state()
        self.history, self.selected, self._played = [], None, []
        self.mode.value = "play"
        self._announce([])

    def take_back(self) -> None:
        """Undo the last human move (and the computer's reply to it)."""
        while self.history:
            self.state = self.history.pop()
            self._played = self._played[:-1]
            if self._whose_turn() != "computer":
                break
        self._announce([])

    def play_computer(self) -> None:
        """Let the computer play one move for the side to move."""
        if self.mode.value == "play" and not self.state.is_terminal():
            self._announce([self._apply(self._agent().act(self.state), by="Computer")])

    # -- play mode ----------------------------------------------------------------
    def _agent(self) -> Any:
        """The perfect player where the table knows the position (an edited position may
        not be reachable from the start), else the standard agent."""
        perfect = self.opponent.value == "perfect" and self._in_table()
        return self._perfect if perfect else self.agent

    def _in_table(self) -> bool:
        if self.table is None:
            return False
        try:
            self.table.result(self.state)
        except KeyError:
            return False
        return True

    def _whose_turn(self) -> str:
        side = PLAYER_NAMES[self.state.mover]
        return "computer" if self.computer.value == side else "human"

    def _play_click(self, ident: str) -> None:
        if self.state.is_terminal():
            self.status.value = "Not allowed: the game is over (press New game, or Undo)."
            return
        if self._whose_turn() == "computer":
            self.status.value = "Not allowed: it is the computer's turn (press Computer move)."
            return
        action = self._targets.get(ident, targets_of(self.state, None).get(ident))
        if action is not None:  # a target of the selected piece, or a deploy
            said = [self._apply(action, by="You")]
            if not self.state.is_terminal() and self._whose_turn() == "computer":
                said.append(self._apply(self._agent().act(self.state), by="Computer"))
            self._announce(said)
            return
        prefix, cell = parse_cell_id(ident)
        own = "lL" if self.state.mover == 0 else "dD"
        name = self.game.geometry.name(self.game.geometry.index(cell))
        if not prefix and self.state.pieces().get(cell, "-") in own and cell != self.selected:
            self.selected = cell
            self._targets = targets_of(self.state, cell)
            if self._targets:
                self.status.value = f"{name} chosen: click a highlighted target."
            else:
                self.status.value = f"Not allowed: {name} has no legal move."
        else:
            refused = cell != self.selected or prefix
            why = refusal(self.state, self.selected, ident) if refused else ""
            self.selected = None
            self._targets = targets_of(self.state, None)
            self.status.value = f"Not allowed: {why}." if why else "Choice cleared."

    def _apply(self, action: int, *, by: str) -> str:
        """Play ``action``; returns the sentence that reports it."""
        text = self.game.action_text(self.state, action)
        self._played.append(action)
        self.history.append(self.state)
        self.state = self.state.apply(action)
        return f"{by} ({PLAYER_NAMES[1 - self.state.mover]}) played {text}."

    def _announce(self, said: list[str]) -> None:
        """Clear the selection, offer the human's targets, and say what happened."""
        self.selected = None
        human = self._whose_turn() == "human" and not self.state.is_terminal()
        self._targets = targets_of(self.state, None) if human else {}
        mover = PLAYER_NAMES[self.state.mover].capitalize()
        if self.state.is_terminal():
            light, _ = self.state.returns()
            result = "a draw" if light == 0 else f"{PLAYER_NAMES[0 if light > 0 else 1]} wins"
            said = [*said, f"{mover} cannot move: {result}."]
            self.banner.value = f"<h3>Game over: {mover.lower()} cannot move, {result}.</h3>"
        elif human:
            said = [*said, f"{mover} to move: click a piece, then a highlighted target."]
        else:
            said = [*said, f"{mover} to move: the computer's turn (press Computer move)."]
        if not self.state.is_terminal():
            self.banner.value = ""
        self.status.value = " ".join(said)
        self._redraw()

    # -- edit mode ----------------------------------------------------------------
    def _on_mode(self, change: dict) -> None:
        editing = change["new"] == "edit"
        self.editor.layout.display = "" if editing else "none"
        if editing:
            self.to_move.value = PLAYER_NAMES[self.state.mover]
            for box, value in zip(self.reserves, self.state.reserves, strict=True):
                box.value = value
            self.status.value = "Editing: click octagons to place pieces, sockets to toggle runes."
            self.selected = None
            self._redraw()
        else:
            self.history, self._played = [], []
            self._announce([])

    def _on_edit_fields(self, _change: dict) -> None:
        if self.mode.value == "edit":
            self._rebuild(self.state.pieces(), self.state.runes())

    def _edit(self, ident: str) -> None:
        prefix, cell = parse_cell_id(ident)
        pieces, runes = self.state.pieces(), self.state.runes()
        if prefix:
            runes = [s for s in runes if s != cell] if cell in runes else [*runes, cell]
        else:
            code = _PALETTE[self.palette.value]
            if code:
                pieces[cell] = code
            else:
                pieces.pop(cell, None)
        self._rebuild(pieces, runes)

    def _rebuild(self, pieces: dict, runes: list) -> None:
        try:
            self.state = self.game.position(
                pieces,
                runes=runes,
                to_move=self.to_move.value,
                reserves=tuple(box.value for box in self.reserves),
            )
        except RulesError as error:
            self.status.value = f"Not allowed: {error}."
            return
        self.status.value = "Editing: click octagons to place pieces, sockets to toggle runes."
        self._redraw()

    def hint_texts(self) -> dict[str, tuple[str, str]]:
        """Shape id -> (outcome, ``"W3"``/``"D"``/``"L4"``) of the targets offered now,
        when hints are on and the table knows the position (else empty)."""
        if not (self.hints.value and self._targets and self._in_table()):
            return {}
        values = move_values(self.table, self.state)
        return {
            ident: (values[action].outcome, values[action].short)
            for ident, action in self._targets.items()
        }

    def _redraw(self) -> None:
        last, previous = [None, None, *self._played][-1:-3:-1]
        picture = position_picture(self.state, selected=self.selected, last=last, previous=previous)
        playing = self.mode.value == "play"
        hints = hint_marks(self.hint_texts()) if playing else []
        geometry = self.game.geometry
        with self.view.hold_sync():
            self.view.show(picture)
            self.view.marks = [*self.view.marks, *coordinate_marks(geometry), *hints]
            self.view.highlighted = sorted(self._targets) if playing else []
        self.position_text.value = self.state.render()
        self.position_text.rows = rows_shown(self.position_text.value)
        light, dark = self.state.reserves
        muster = self.state.muster_left
        mustering = f"muster: {muster} placement(s) left" if muster else "muster over"
        self.counts.value = f"Reserves: light {light}, dark {dark}; {mustering}."
