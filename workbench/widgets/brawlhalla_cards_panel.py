"""Brawlhalla's cards at the table: your cards as tiles to click, the other side's as backs.

:class:`CardsPanel` shows one side's hand, artifacts and face-down cards as small tiles
in their family's colour (:data:`FAMILY_COLOURS`) and the other side's cards as backs,
face up only where that side was made to show them (:func:`other_cards`). Click a card
you may play: if its targets are squares, :meth:`CardsPanel.cell_targets` says which
(the table lights them on the board and hands a click on one to
:meth:`CardsPanel.pick_cell`); otherwise one button per target says in plain words what
it does. A second click on the card, or *Cancel*, puts it back. A forced discard is a
click on the card to discard.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True))
>>> state = game.position(
...     buildings={(2, 9): (0, "barracks"), (1, 6): (0, "capital"), (16, 6): (1, "capital")},
...     hands=(("Wandering warrior",), ("Gungnir",)))
>>> played = []
>>> panel = CardsPanel(on_play=played.append)
>>> panel.show(state, 0, state.legal_actions())
>>> panel.click_card("Wandering warrior")
>>> panel.cell_targets()
{(2, 9): [('card', 'Wandering warrior', (2, 9))]}
>>> panel.pick_cell((2, 9)), played
(True, [('card', 'Wandering warrior', (2, 9))])
"""

from __future__ import annotations

import html
import pathlib
from collections import Counter
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.narration import card_target_text, is_cell
from workbench.games.brawlhalla.state import BrawlhallaState
from workbench.grids.square import Cell

__all__ = [
    "BACK_COLOUR",
    "FAMILY_COLOURS",
    "CardsPanel",
    "named_cards",
    "new_discards",
    "other_cards",
    "style_sheet",
    "target_cell",
    "target_words",
]

#: A card tile's colour by the card's family.
FAMILY_COLOURS: dict[str, str] = {
    "basic": "#cfe3f3",
    "ruin": "#f3d2b3",
    "artifact": "#f6e58d",
    "face-down": "#dcc6e8",
}
#: The colour of a card seen from the back.
BACK_COLOUR = "#6d4c41"
_CSS = pathlib.Path(__file__).parent / "static" / "brawlhalla_table.css"


def style_sheet() -> str:
    """The table's CSS (card tiles, backs, buttons whose words wrap) as a ``<style>``
    element, for an HTML widget.

    >>> style_sheet().startswith("<style>")
    True
    """
    return f"<style>{_CSS.read_text()}</style>"


def target_cell(target: Any) -> Cell | None:
    """The square a card's target points at: the target itself, or the first part of a
    ``(square, something)`` target (a boat and where to push it); ``None`` for the
    others (cards, a blind pick, no target).

    >>> target_cell((3, 4)), target_cell(((3, 4), "north")), target_cell(("Raid", 0))
    ((3, 4), (3, 4), None)
    """
    if is_cell(target):
        return target
    if isinstance(target, tuple) and len(target) == 2 and is_cell(target[0]):
        return target[0]
    return None


def named_cards(action: tuple) -> list[str]:
    """The cards an action names: the card played and the cards of its target, the card
    discarded, the clash cards of an attack.

    >>> named_cards(("card", "Bragi's bargain", ("Raid", "Pillage")))
    ["Bragi's bargain", 'Raid', 'Pillage']
    >>> named_cards(("attack", (2, 9), (2, 10), ("Blood lord:2",))), named_cards(("end",))
    (['Blood lord'], [])
    """
    if action[0] == "discard":
        return [action[1]]
    if action[0] == "attack" and len(action) > 3:
        return [entry.partition(":")[0] for entry in action[3]]
    if action[0] != "card":
        return []
    target = action[2]
    if isinstance(target, str):
        return [action[1], target]
    if isinstance(target, tuple) and all(isinstance(t, str) for t in target):
        return [action[1], *target]
    return [action[1]]


def new_discards(
    before: BrawlhallaState, after: BrawlhallaState, told: list[str] | tuple = ()
) -> list[str]:
    """The cards put on the discard pile (face up: both sides see it) from ``before`` to
    ``after``, less those ``told`` already: a defender's clash cards, a face-down card
    that did its work, a card taken from a hand.

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> from workbench.games.brawlhalla.rules import Rules
    >>> state = Brawlhalla(rules=Rules(cards=True)).position(hands=(("Loki's treason",), ("Raid",)))
    >>> action = ("card", "Loki's treason", 0)
    >>> new_discards(state, state.apply(action), named_cards(action))
    ['Raid']
    """
    fresh = Counter(after.discard) - Counter(before.discard) - Counter(told)
    return sorted(fresh.elements())


def target_words(state: BrawlhallaState, action: tuple) -> str:
    """A card play in plain words, for its button (the target's words: the narration's).

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> from workbench.games.brawlhalla.rules import Rules
    >>> state = Brawlhalla(rules=Rules(cards=True)).position()
    >>> target_words(state, ("card", "Bragi's bargain", ("Raid", "Pillage")))
    "Bragi's bargain: discarding Raid and Pillage"
    >>> target_words(state, ("card", "Norn's wrath", None))
    "Lay Norn's wrath face down"
    """
    _, name, target = action
    words = card_target_text(state, name, target)
    if words:
        return f"{name}: {words}"
    face_down = state.game.cards.families()[name] == "face-down"
    return f"Lay {name} face down" if face_down else f"Play {name}"


def other_cards(state: BrawlhallaState, side: int) -> tuple[list[str | None], list[str | None]]:
    """What ``side`` sees of the other side's cards, as the engine's observation shows
    it: its hand and its face-down cards, each a name where it was revealed (Odin's
    vision, Odin's eye) and ``None`` (a back) where not.

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> from workbench.games.brawlhalla.rules import Rules
    >>> state = Brawlhalla(rules=Rules(cards=True)).position(
    ...     hands=((), ("Gungnir", "Raid")), face_down=((), ("Swan song",)))
    >>> other_cards(state, 0)
    ([None, None], [None])
    """
    other = 1 - side
    hand = state.hands[other]
    shown = list(hand) if state.shown_hand[other] else [None] * len(hand)
    seen = Counter(state.shown_face_down[other])
    laid: list[str | None] = []
    for name in state.face_down[other]:
        laid.append(name if seen[name] > 0 else None)
        seen[name] -= 1
    return shown, laid


class CardsPanel(widgets.VBox):
    """One side's cards as tiles to click, the other side's as backs, and the targets of
    the card selected.

    Parameters
    ----------
    on_play : callable
        Called with the card action (``("card", name, target)`` or ``("discard", name)``)
        the player chose.
    on_select : callable, optional
        Called with no argument when the card selected changes (to light its squares).
    """

    def __init__(
        self,
        on_play: Callable[[tuple], None],
        on_select: Callable[[], None] = lambda: None,
    ) -> None:
        self.on_play, self.on_select = on_play, on_select
        self.selected: str | None = None
        self.picking: Cell | None = None
        self.state: BrawlhallaState | None = None
        self.side = 0
        self.actions: list[tuple] = []
        self.hint = _html("brawlhalla-cards-hint")
        self.hand = _row("brawlhalla-hand")
        self.kept_title = _html("brawlhalla-kept-title")
        self.kept_title.value = "<b>Artifacts and cards face down</b>"
        self.kept = _row("brawlhalla-kept")
        self.others = _html("brawlhalla-other-cards")
        self.choices = widgets.VBox()
        self.choices.add_class("brawlhalla-card-actions")
        super().__init__(
            [self.hint, self.hand, self.kept_title, self.kept, self.others, self.choices]
        )
        self.add_class("brawlhalla-cards")

    # -- what the player does ------------------------------------------------------------
    def click_card(self, name: str) -> None:
        """A click on one of your card tiles: a forced discard discards it; a card you may
        play is selected (or put back, if it was)."""
        discard = ("discard", name)
        if discard in self.actions:
            self.on_play(discard)
            return
        if not self._plays(name):
            return
        self.selected = None if name == self.selected else name
        self.picking = None
        self._redraw()
        self.on_select()

    def cancel(self) -> None:
        """Put the selected card back."""
        self.unselect()
        self._redraw()
        self.on_select()

    def unselect(self) -> None:
        """Forget the card selected (without redrawing: the table redraws)."""
        self.selected = self.picking = None

    def cell_targets(self) -> dict[Cell, list[tuple]]:
        """The selected card's plays by the square they aim at (empty when its targets
        are not squares)."""
        found: dict[Cell, list[tuple]] = {}
        for action in self._plays(self.selected):
            cell = target_cell(action[2])
            if cell is None:
                return {}
            found.setdefault(cell, []).append(action)
        return found

    def pick_cell(self, cell: Cell) -> bool:
        """A click on a square while a card is selected: plays the card there (or, with
        several plays there, offers them as buttons); ``False`` if it is no target."""
        plays = self.cell_targets().get(cell)
        if not plays:
            return False
        if len(plays) == 1:
            self.on_play(plays[0])
        else:
            self.picking = cell
            self._redraw()
        return True

    # -- showing it ----------------------------------------------------------------------
    def show(self, state: BrawlhallaState, side: int, actions: list[tuple]) -> None:
        """Show ``side``'s cards in ``state``; ``actions`` are its legal actions now (none
        when it is not its turn), of which the card plays and discards are clickable."""
        self.state, self.side = state, side
        self.actions = [a for a in actions if a[0] in ("card", "discard")]
        if self.selected is not None and not self._plays(self.selected):
            self.selected = self.picking = None
        self._redraw()

    def _plays(self, name: str | None) -> list[tuple]:
        return [a for a in self.actions if a[0] == "card" and a[1] == name]

    def _redraw(self) -> None:
        state, side = self.state, self.side
        if state is None:
            return
        hand = state.hands[side]
        kept = state.relics[side] + state.in_effect[side] + state.face_down[side]
        marked = (hand + state.relics[side]).index(self.selected) if self.selected else -1
        self.hand.children = [self._tile(name, k == marked) for k, name in enumerate(hand)]
        self.kept.children = [
            self._tile(name, k + len(hand) == marked) for k, name in enumerate(kept)
        ]
        self.kept.layout.display = self.kept_title.layout.display = "" if kept else "none"
        self.others.value = self._others_html()
        self.hint.value = self._hint()
        self.choices.children = self._choices()

    def _tile(self, name: str, selected: bool) -> widgets.Button:
        family = self.state.game.cards.families()[name]
        clickable = bool(self._plays(name)) or ("discard", name) in self.actions
        when = "" if clickable else "; not to play now"
        tile = widgets.Button(description=name, tooltip=f"{name} ({family}{when})")
        tile.style.button_color = FAMILY_COLOURS.get(family, "#eeeeee")
        tile.add_class("brawlhalla-card")
        tile.add_class(f"brawlhalla-card-{family}")
        tile.add_class("brawlhalla-card-playable" if clickable else "brawlhalla-card-idle")
        if selected:
            tile.add_class("brawlhalla-card-selected")
        tile.on_click(lambda _: self.click_card(name))
        return tile

    def _others_html(self) -> str:
        hand, laid = other_cards(self.state, self.side)
        who = SIDES[1 - self.side].capitalize()

        def tiles(cards: list[str | None]) -> str:
            return "".join(_face_html(self.state, c) if c else _BACK for c in cards) or "none"

        return (
            f"<div><b>{who}</b>: {len(hand)} in hand</div><div>{tiles(hand)}</div>"
            f"<div>{len(laid)} face down</div><div>{tiles(laid)}</div>"
        )

    def _hint(self) -> str:
        if any(a[0] == "discard" for a in self.actions):
            return "<b>Your hand</b>: too many cards; click one to discard it."
        if self.selected is None:
            playable = any(a[0] == "card" for a in self.actions)
            return "<b>Your hand</b>" + (": click a card to play it." if playable else "")
        where = "a lit square" if self.cell_targets() else "what it does, below"
        if self.picking is not None:
            where = f"what it does on {self.picking}, below"
        name = html.escape(self.selected)
        return f"<b>Your hand</b>: playing <b>{name}</b>; choose {where}, or Cancel."

    def _choices(self) -> list[widgets.Button]:
        if self.selected is None:
            return []
        plays = self._plays(self.selected)
        if self.cell_targets():
            plays = self.cell_targets().get(self.picking, [])
        buttons = [_button(target_words(self.state, a), lambda a=a: self.on_play(a)) for a in plays]
        return [*buttons, _button("Cancel", self.cancel, "brawlhalla-card-cancel")]


_BACK = (
    f"<span class='brawlhalla-back' title='a card, unseen' style='background:{BACK_COLOUR}'></span>"
)


def _face_html(state: BrawlhallaState, name: str) -> str:
    family = state.game.cards.families()[name]
    colour = FAMILY_COLOURS.get(family, "#eeeeee")
    text = html.escape(name)
    return f"<span class='brawlhalla-face' style='background:{colour}'>{text}</span>"


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


def _row(css: str) -> widgets.HBox:
    row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
    row.add_class(css)
    return row


def _button(text: str, handler: Callable[[], None], css: str = "") -> widgets.Button:
    button = widgets.Button(description=text, tooltip=text, layout=widgets.Layout(width="auto"))
    button.add_class("brawlhalla-wrap")
    if css:
        button.add_class(css)
    button.on_click(lambda _: handler())
    return button
