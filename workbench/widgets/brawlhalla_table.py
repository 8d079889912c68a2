"""Brawlhalla in JupyterLab: play a whole game against the computer on the shared board view.

The board is the shared :class:`~workbench.widgets.board.BoardView` showing
:func:`workbench.games.brawlhalla.drawing.position_picture`. Click one of your
stacks: its moves light up as green dots (for the part chosen beside the board:
the whole stack, or a split) and its attacks as red rings; works, fusions and the
flag are buttons. An attack shows its exact odds
(:func:`~workbench.games.brawlhalla.narration.attack_odds`) on hover and asks to be
confirmed (click the target again, or the *Attack* button); with cards in play, an
attack the attacker could back with clash cards (Thor's blessing, Skofnung, Blood
lord...) is also offered with each set of them, each with its odds (those the
defender would bring count in every line). Your cards are tiles beside the board,
the other side's are backs (:class:`~workbench.widgets.brawlhalla_cards_panel.CardsPanel`):
click a card, then one of its lit squares or one of its buttons. Set-up decisions are
clicks too (the barrack, the harbor), or a deployment chosen from a list, or *Auto
set-up*. The computer answers its whole turn; dice come from a generator seeded
by ``seed``. *Undo* goes back to before your last action; the log tells the game
in words (:func:`~workbench.games.brawlhalla.narration.describe`).

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> class FirstMove:  # any agent factory; the default is MCTS with 200 simulations
...     def __init__(self, game, *, seed=None):
...         pass
...     def act(self, state):
...         return state.legal_actions()[0]
>>> game = Brawlhalla()
>>> table = BrawlhallaTable(game, agent=FirstMove, state=game.position(
...     stacks={(2, 4): (0, 3, 0, 0, 0), (14, 4): (1, 2, 0, 0, 0)}))
>>> table.click("2,4")
>>> "2,3" in table.view.highlighted
True
>>> table.click("2,3")
>>> table.game_log[0]
'North moves 3 warriors from (2, 4) to (2, 3)'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.brawlhalla.actions import actions_from
from workbench.games.brawlhalla.agents import AGENT_NAMES, agent_factory
from workbench.games.brawlhalla.drawing import position_picture
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.narration import attack_odds, cards_words, describe, units_text
from workbench.games.brawlhalla.setup import setup_side
from workbench.games.brawlhalla.state import PLAYING, BrawlhallaState
from workbench.grids.shapes import cell_id, parse_cell_id
from workbench.grids.square import Cell
from workbench.play.agents import python_random, sample_outcome
from workbench.play.protocol import CHANCE
from workbench.widgets.board import BoardView
from workbench.widgets.brawlhalla_cards_panel import (
    CardsPanel,
    named_cards,
    new_discards,
    style_sheet,
)

__all__ = ["VICTORY_WORDS", "BrawlhallaTable", "agent_choices"]

#: How each victory is told in the game-over banner.
VICTORY_WORDS: dict[str, str] = {
    "war": "war, the enemy capital taken",
    "holy": "holy domination, every sanctuary held",
    "flag": "the flag, brought home to the capital",
    "turn_limit": "the turn limit",
}
_CANDIDATES = ("random", "greedy", "mcts:50", "mcts:200", "mcts:1000")
_SETUP_WORDS = {0: "place your barrack", 1: "place your harbor", 2: "deploy your units"}


def agent_choices(first: str = "") -> list[str]:
    """The computer players on offer: ``first``, then the names of
    :data:`~workbench.games.brawlhalla.agents.AGENT_NAMES` (MCTS at three budgets) and
    a few usual names, each kept only if :func:`agent_factory` knows it.

    >>> agent_choices("mcts:20")[:3]
    ['mcts:20', 'random', 'greedy']
    """
    names = [first] if first else []
    for name in AGENT_NAMES:
        base, _, budget = name.partition("[")
        names += [f"{base}:{n}" for n in (50, 200, 1000)] if budget else [base]
    found: list[str] = []
    for name in [*names, *_CANDIDATES]:
        try:
            agent_factory(name)
        except RulesError:
            continue
        if name not in found:
            found.append(name)
    return found


class BrawlhallaTable(widgets.VBox):
    """Play Brawlhalla against the computer; logic callable without a browser.

    Parameters
    ----------
    game : Brawlhalla, optional
        The game (default: the shipped board under the default rules).
    agent : str or agent factory
        The computer player: a name of :func:`agent_factory` (``random``,
        ``mcts:200``...; a dropdown offers the others) or a factory called as
        ``factory(game, seed=seed)``.
    seed : int
        Seeds the dice, the roll for who begins and the computer player.
    human : {"north", "south"}
        The side you play.
    state : BrawlhallaState, optional
        A position to start from (default: the game's start, its roll made).
    width_px : int
        Width of the board on screen.
    """

    def __init__(
        self,
        game: Brawlhalla | None = None,
        *,
        agent: Any = "mcts:200",
        seed: int = 0,
        human: str = "north",
        state: BrawlhallaState | None = None,
        width_px: int = 400,
    ) -> None:
        if human not in SIDES:
            raise RulesError(f"BrawlhallaTable: human {human!r}: expected north or south")
        self.game = game if game is not None else Brawlhalla()
        self.human = SIDES.index(human)
        self.seed = seed
        self.rng = python_random(seed)
        self.game_log: list[str] = []
        self.history: list[tuple[BrawlhallaState, int]] = []
        self.selected: Cell | None = None
        self.confirming: tuple | None = None
        self._targets: dict[str, tuple] = {}

        given = isinstance(agent, str)
        options = [(name, name) for name in agent_choices(agent if given else "")]
        if not given:
            options.insert(0, ("given", agent))
        self.agent_choice = widgets.Dropdown(options=options, value=agent, description="Computer")
        self.agent_choice.add_class("brawlhalla-agent")
        self.agent = self._make_agent()
        self.agent_choice.observe(lambda _: setattr(self, "agent", self._make_agent()), "value")

        self.view = BoardView(width_px=width_px)
        self.view.add_class("brawlhalla-table")
        self.view.on_cell_event(lambda ident, kind: self.click(ident) if kind == "click" else None)
        self.status = _html("brawlhalla-status")
        self.banner = _html("brawlhalla-banner")
        self.odds = _html("brawlhalla-odds")
        self.part = widgets.Dropdown(description="Move", layout=widgets.Layout(width="340px"))
        self.part.add_class("brawlhalla-part")
        self.part.observe(self._on_part, "value")
        self.buttons = widgets.VBox()
        self.buttons.add_class("brawlhalla-actions")
        self.deployment = widgets.Dropdown(
            description="Deploy", layout=widgets.Layout(width="340px")
        )
        self.deploy_button = _button("Deploy", "check", lambda: self.choose(self.deployment.value))
        self.deploy_box = widgets.VBox([self.deployment, self.deploy_button])
        self.deploy_box.add_class("brawlhalla-deploy")
        self.end_button = _button("End turn", "step-forward", self.end_turn, "brawlhalla-end")
        self.undo_button = _button("Undo", "undo", self.undo, "brawlhalla-undo")
        self.auto_button = _button("Auto set-up", "magic", self.auto_setup, "brawlhalla-auto")
        self.new_button = _button("New game", "refresh", self.new_game, "brawlhalla-new")
        self.log_text = widgets.Textarea(
            disabled=True, layout=widgets.Layout(width="340px", height="220px")
        )
        self.log_text.add_class("brawlhalla-log")
        self.cards = CardsPanel(on_play=self.choose, on_select=self._on_card)
        self.css = widgets.HTML(style_sheet(), layout=widgets.Layout(display="none"))
        panel = widgets.VBox(
            [
                self.odds,
                self.part,
                self.buttons,
                self.cards,
                self.deploy_box,
                self.log_text,
            ],
            layout=widgets.Layout(width="360px"),
        )
        top = widgets.HBox(
            [self.agent_choice, self.end_button, self.undo_button, self.auto_button,
             self.new_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )  # fmt: skip
        board = widgets.HBox([self.view, panel])
        super().__init__([self.css, top, self.status, self.banner, board])
        self.add_class("brawlhalla")
        self._start(state if state is not None else self.game.initial_state(seed=seed))

    # -- what the player does ---------------------------------------------------------
    def click(self, ident: str) -> None:
        """Handle a click on a square (what the board view reports)."""
        if not self._humans_turn():
            return
        _, cell = parse_cell_id(ident)
        if self.cards.selected is not None:
            if self.cards.pick_cell(cell):
                return
            self.cards.unselect()
        action = self._targets.get(ident)
        if action is not None and action[0] == "attack" and action != self.confirming:
            self.confirming = action
        elif action is not None:
            self.choose(action)
            return
        else:
            stack = self.state.stacks.get(cell)
            own = stack is not None and stack[0] == self.human and self.state.setup >= PLAYING
            self.selected = cell if own and cell != self.selected else None
            self.confirming = None
        self._show()

    def choose(self, action: Any) -> None:
        """Play one of your legal actions (``IllegalMoveError`` if it is not one); the
        computer then plays if the turn has passed to it."""
        if not self._humans_turn() or action not in self.state.legal_actions():
            raise IllegalMoveError(f"{action!r} is not one of your actions now")
        self.history.append((self.state, len(self.game_log)))
        self.cards.unselect()
        self._play(action)
        self._computer_turn()
        self._show()

    def end_turn(self) -> None:
        """End your turn; the computer plays its own."""
        self.choose(("end",))

    def undo(self) -> None:
        """Back to the position before your last action (with the computer's moves
        since taken back too); the dice go on from where they are, so an attack made
        again rolls afresh."""
        if self.history:
            self.state, size = self.history.pop()
            del self.game_log[size:]
            self.selected = self.confirming = None
            self.cards.unselect()
            self._show()

    def auto_setup(self) -> None:
        """Let the computer player take your remaining set-up decisions."""
        while self._humans_turn() and self.state.setup < PLAYING:
            self.choose(self.agent.act(self.state))

    def new_game(self) -> None:
        """A new game from the start (the roll for who begins made again)."""
        self._start(self.game.initial_state(seed=self.seed))

    # -- the game going on ------------------------------------------------------------
    def _start(self, state: BrawlhallaState) -> None:
        self.state = state
        self.game_log, self.history = [], []
        self.selected = self.confirming = None
        self.cards.unselect()
        self._computer_turn()
        self._show()

    def _make_agent(self) -> Any:
        spec = self.agent_choice.value
        factory = agent_factory(spec) if isinstance(spec, str) else spec
        return factory(self.game, seed=self.seed)

    def _humans_turn(self) -> bool:
        return _actor(self.state) == self.human

    def _play(self, action: Any) -> None:
        """Apply a decision and, after an attack, roll its dice; log what happened."""
        after = self.state.apply(action)
        if after.current_player() == CHANCE:
            outcome = self._roll(after)
            text, after = describe(after, outcome), after.apply(outcome)
            if action[0] == "attack" and len(action) > 3:
                text += f" (with {cards_words(action[3])})"
        else:
            text = describe(self.state, action)
        spent = new_discards(self.state, after, named_cards(action))
        if spent:
            text += f"; to the discard pile: {cards_words(spent)}"
        self._record(text, after)

    def _record(self, text: str, after: BrawlhallaState) -> None:
        """Log ``text``, then the start of a new turn if ``after`` begins one."""
        self.game_log.append(text)
        if after.turn != self.state.turn and not after.is_terminal():
            self.game_log.append(f"Turn {after.turn}: {SIDES[after.to_move].capitalize()}")
        self.state = after

    def _roll(self, state: BrawlhallaState) -> Any:
        outcomes = [(outcome, float(p)) for outcome, p in state.chance_outcomes()]
        return sample_outcome(outcomes, self.rng)

    def _computer_turn(self) -> None:
        if not self.state.is_terminal() and not self._humans_turn():
            side = SIDES[_actor(self.state)].capitalize() if _actor(self.state) >= 0 else ""
            self.status.value = f"The computer{f' ({side})' if side else ''} is thinking..."
        while not self.state.is_terminal() and not self._humans_turn():
            if self.state.current_player() == CHANCE:
                outcome = self._roll(self.state)
                self._record(describe(self.state, outcome), self.state.apply(outcome))
            else:
                self._play(self.agent.act(self.state))
        self.selected = self.confirming = None

    # -- showing it -------------------------------------------------------------------
    def _options(self) -> list[tuple]:
        """The human's actions from the selected stack, or the set-up clicks."""
        state = self.state
        if not self._humans_turn():
            return []
        if state.setup < PLAYING:
            return [a for a in state.legal_actions() if a[0] in ("barracks", "harbor")]
        if state.deciding is not None:  # your Retreat! or Substitution answers an attack
            return state.legal_actions()
        return actions_from(state, self.selected) if self.selected is not None else []

    def _parts(self, options: list[tuple]) -> list[tuple]:
        found = list(dict.fromkeys(a[3] for a in options if a[0] == "move"))
        return sorted(found, key=lambda part: -sum(part))

    def _on_part(self, _change: dict) -> None:
        if self.selected is not None:
            self.confirming = None
            self._show(keep_part=True)

    def _show(self, *, keep_part: bool = False) -> None:
        """Redraw the board, the targets, the buttons and the words."""
        options = self._options()
        parts = self._parts(options)
        if not keep_part:
            self.part.unobserve(self._on_part, "value")
            self.part.options = [(units_text(p), p) for p in parts]
            self.part.value = parts[0] if parts else None
            self.part.observe(self._on_part, "value")
        self.part.layout.display = "" if len(parts) > 1 else "none"
        self._show_cards()
        self._targets = self._board_targets(options)
        kinds: dict[Cell, str] = {}
        for ident, action in self._targets.items():
            kinds[parse_cell_id(ident)[1]] = "attack" if action[0] == "attack" else "move"
        card_cells = self.cards.cell_targets()
        kinds.update(dict.fromkeys(card_cells, "move"))
        picture = position_picture(self.state, highlight=self.selected, targets=kinds)
        notes = {
            ident: f"attack: {attack_odds(self.state, a, viewer=self.human)['text']}"
            for ident, a in self._targets.items()
            if a[0] == "attack"
        }
        notes.update({cell_id(cell): f"play {self.cards.selected}" for cell in card_cells})
        shapes = [
            {**s, "title": f"{s['title']}; {notes[s['id']]}"} if s["id"] in notes else s
            for s in picture.shapes
        ]
        with self.view.hold_sync():
            self.view.shapes, self.view.marks = shapes, list(picture.marks)
            self.view.highlighted = sorted([*self._targets, *map(cell_id, card_cells)])
        self._show_buttons(options)
        self._show_words()

    def _board_targets(self, options: list[tuple]) -> dict[str, tuple]:
        """Square id -> the action a click there takes: the selected stack's moves (of
        the part chosen) and plain attacks (those with cards are buttons), or a set-up
        placement."""
        part, found = self.part.value, {}
        for action in options:
            kind = action[0]
            if (kind == "attack" and len(action) == 3) or (kind == "move" and action[3] == part):
                found[cell_id(action[2])] = action
            elif kind in ("barracks", "harbor"):
                found[cell_id(action[1])] = action
            elif kind in ("retreat", "substitute"):
                found[cell_id(action[2])] = action
        return found

    def _variants(self, options: list[tuple]) -> list[tuple]:
        """The attack being confirmed, plain first, then with each set of clash cards the
        attacker may bring."""
        if self.confirming is None:
            return []
        where = self.confirming[1:3]
        return [self.confirming] + [
            a for a in options if a[0] == "attack" and a[1:3] == where and len(a) > 3
        ]

    def _show_buttons(self, options: list[tuple]) -> None:
        state, buttons = self.state, []
        for action in self._variants(options):
            text = f"Attack with {cards_words(action[3])}" if len(action) > 3 else "Attack"
            buttons.append(_button(text, "bolt", lambda a=action: self.choose(a)))
        if self.confirming is not None:
            buttons.append(_button("Cancel", "times", self._cancel))
        for action in options:
            if action[0] in ("fuse", "build", "flag", "retreat", "substitute"):
                buttons.append(
                    _button(describe(state, action), "", lambda a=action: self.choose(a))
                )
        self.buttons.children = buttons
        deploying = self._humans_turn() and state.setup < PLAYING and state.setup % 3 == 2
        self.deploy_box.layout.display = "" if deploying else "none"
        if deploying:
            choices = [(_deployment_text(a), a) for a in state.legal_actions()]
            if list(self.deployment.options) != choices:
                self.deployment.options = choices
        setting_up = self._humans_turn() and state.setup < PLAYING
        self.auto_button.layout.display = "" if setting_up else "none"
        answering = state.deciding is not None
        self.end_button.disabled = not self._humans_turn() or setting_up or answering
        self.undo_button.disabled = not self.history

    def _show_cards(self) -> None:
        """With cards in play: your cards as tiles (the card plays and forced discards
        of your turn clickable), the other side's as backs."""
        state = self.state
        shown = state.game.rules.cards and state.setup >= PLAYING
        self.cards.layout.display = "" if shown else "none"
        if shown:
            actions = state.legal_actions() if self._humans_turn() else []
            self.cards.show(state, self.human, actions)

    def _on_card(self) -> None:
        """A card was selected or put back: the stack selected, if any, is let go."""
        self.selected = self.confirming = None
        self._show()

    def _cancel(self) -> None:
        self.confirming = None
        self._show(keep_part=True)

    def _odds_text(self) -> str:
        """The odds of the attack being confirmed, with each set of clash cards the
        attacker may bring (those the defender would bring are in every line)."""
        variants = self._variants(self._options())
        odds = attack_odds(self.state, self.confirming, viewer=self.human)["text"]
        text = f"Attack {self.confirming[2]}? {odds}. Click it again (or Attack) to attack."
        for action in variants[1:]:
            words = html.escape(cards_words(action[3]))
            text += (
                f"<br>With {words}: {attack_odds(self.state, action, viewer=self.human)['text']}."
            )
        return text

    def _show_words(self) -> None:
        state = self.state
        self.log_text.value = "\n".join(self.game_log)
        if self.confirming is not None:
            self.odds.value = self._odds_text()
        elif self.selected is not None and not self._targets and not self.buttons.children:
            self.odds.value = f"The stack on {self.selected} has no action left this turn."
        else:
            self.odds.value = ""
        if state.is_terminal():
            self.banner.layout.display = ""
            self.banner.value = f"<b>Game over: {_result(state, self.human)}</b>"
            self.status.value = f"Turn {min(state.turn, state.game.rules.turn_limit)}: game over."
            return
        self.banner.layout.display = "none"
        side = SIDES[_actor(state)]
        who = f"{side.capitalize()} ({'you' if self._humans_turn() else 'computer'})"
        if state.setup < PLAYING:
            doing = _SETUP_WORDS[state.setup % 3]
            hint = " (click a lit square)" if state.setup % 3 < 2 else ""
            self.status.value = f"Set-up: {who} to {doing}{hint}."
        elif state.deciding is not None:
            self.status.value = (
                f"Turn {state.turn}: your stack on {state.deciding[1]} is attacked: {who} "
                "answers with a face-down card (click a lit square or a button)."
            )
        else:
            self.status.value = (
                f"Turn {state.turn}: {who} to act, {state.ap} action points left. "
                "Click a stack of yours, then a lit square."
            )


def _actor(state: BrawlhallaState) -> int:
    """The seat to act; during the set-up, the side whose decision it is
    (``current_player()`` names the first player for all six set-up decisions)."""
    player = state.current_player()
    return setup_side(state) if player >= 0 and state.setup < PLAYING else player


def _result(state: BrawlhallaState, human: int) -> str:
    if state.winner is None or state.winner < 0:
        return f"a draw at {VICTORY_WORDS['turn_limit']}"
    who = "you win" if state.winner == human else "the computer wins"
    return f"{SIDES[state.winner].capitalize()} wins by {VICTORY_WORDS[state.victory]} ({who})"


def _deployment_text(action: tuple) -> str:
    """A deployment in a few words: ``"capital 2, barrack 3, harbor 0; warlord: harbor"``."""
    _, (capital, barrack, harbor), lords = action
    where = "barrack" if lords == "barracks" else lords
    return f"capital {capital}, barrack {barrack}, harbor {harbor}; warlord: {where}"


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML(layout=widgets.Layout(max_width="760px"))
    box.add_class(css)
    return box


def _button(text: str, icon: str, handler, css: str = "") -> widgets.Button:
    button = widgets.Button(
        description=text, icon=icon, layout=widgets.Layout(width="auto"), tooltip=text
    )
    button.on_click(lambda _: handler())
    if css:
        button.add_class(css)
    return button
