"""The Daggers Brink deck editor: card counts and the hit threshold, exact odds live.

Change how many cards of each type the deck holds, or the die face that hits, and
the editor recomputes, exactly, the distribution of a dealt hand's four attributes
and the table of wound chances (Attack x Defend at a chosen Health), drawn as two
figures (each shrunk to the widget's width). A summary line mirrors the numbers (and
is what browser tests read); the edited deck can be saved as a deck file.

Stable CSS hooks: ``deck-count-<i>`` (the count of card type ``i``),
``deck-threshold``, ``deck-health``, ``deck-summary``, ``deck-hands-figure``,
``deck-wound-figure``, ``deck-save``.

>>> editor = DeckEditor()
>>> editor.deck.size
86
>>> editor.counts[11].value = 0  # no more Attack +3 cards
>>> editor.deck.size, "79 cards" in editor.summary.value
(79, True)
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from workbench.errors import WorkbenchError
from workbench.games.daggers_brink.deck import ATTRIBUTES, CardType, Deck, load_deck, save_deck
from workbench.games.daggers_brink.hands import attribute_means, hand_attribute_distribution
from workbench.games.daggers_brink.odds import wound_table
from workbench.games.daggers_brink.plots import attribute_bars, figure_svg, wound_heatmaps
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules
from workbench.widgets.look import style_sheet

__all__ = ["DeckEditor"]

_SIZE = 12  # the wound table covers Attack and Defend 1..12


class DeckEditor(widgets.VBox):
    """Edit a deck's counts and the hit threshold; see the module docstring.

    Parameters
    ----------
    deck : Deck, optional
        Starting deck (default: the standard 86-card deck).
    rules : Rules, optional
        Hand size, base attribute and starting hit threshold.
    health : int
        Health of the wound table shown first.
    draw_figures : bool
        Draw the two figures (turn off for fast headless use).
    """

    def __init__(
        self,
        deck: Deck | None = None,
        *,
        rules: Rules | None = None,
        health: int = 3,
        draw_figures: bool = True,
    ):
        self.rules = rules or DEFAULT_RULES
        self._types = (deck or load_deck()).types
        self._draw = draw_figures
        self.counts = []
        for i, card in enumerate(self._types):
            box = widgets.BoundedIntText(
                value=card.count, min=0, max=99, description=card.name,
                layout=widgets.Layout(width="170px"), style={"description_width": "80px"},
            )  # fmt: skip
            box.add_class(f"deck-count-{i}")
            self.counts.append(box)
        self.threshold = widgets.ToggleButtons(
            options=[(f"{t}+", t) for t in range(2, self.rules.die_sides + 1)],
            value=self.rules.hit_threshold,
            description="hits on",
            style={"button_width": "42px"},
        )
        self.threshold.add_class("deck-threshold").add_class("wb-tools")
        self.health = widgets.IntSlider(value=health, min=1, max=_SIZE, description="Health")
        self.health.add_class("deck-health")
        self.summary = widgets.Label()
        self.summary.add_class("deck-summary").add_class("wb-wrap")
        self.hands_figure = widgets.HTML()
        self.hands_figure.add_class("deck-hands-figure").add_class("wb-fit")
        self.wound_figure = widgets.HTML()
        self.wound_figure.add_class("deck-wound-figure").add_class("wb-fit")
        self.path = widgets.Text(value="my_deck.csv", description="save as")
        self.save_button = widgets.Button(description="Save deck")
        self.save_button.add_class("deck-save")
        self.save_button.on_click(lambda _: self.save(self.path.value))
        self.distribution: dict[tuple[int, int, int, int], Fraction] = {}
        for control in (*self.counts, self.threshold, self.health):
            control.observe(lambda _: self.refresh(), names="value")
        grid = widgets.GridBox(
            self.counts, layout=widgets.Layout(grid_template_columns="repeat(4, 180px)")
        )
        super().__init__(
            [
                style_sheet(),
                grid,
                widgets.HBox([self.threshold, self.health], layout={"flex_flow": "row wrap"}),
                self.summary,
                self.hands_figure,
                self.wound_figure,
                widgets.HBox([self.path, self.save_button]),
            ]
        )
        self.add_class("deck-editor")
        self.refresh()

    def __repr__(self) -> str:
        total = sum(box.value for box in self.counts)
        return f"DeckEditor({total} cards, hits on {self.threshold.value}+)"

    @property
    def deck(self) -> Deck:
        """The deck as edited (raises ``DataError`` if the counts make no deck)."""
        return Deck(
            tuple(
                CardType(card.name, card.kind, card.bonus, box.value)
                for card, box in zip(self._types, self.counts, strict=True)
            )
        )

    def refresh(self) -> None:
        """Recompute the distribution and the wound table and redraw (done on every change)."""
        try:
            deck = self.deck
            self.distribution = hand_attribute_distribution(deck, rules=self.rules)
        except (WorkbenchError, ValueError) as error:
            self.summary.value = f"cannot compute: {error}"
            return
        means = attribute_means(self.distribution)
        threshold, health = self.threshold.value, self.health.value
        table = wound_table(
            _SIZE, _SIZE, range(health, health + 1), rules=self.rules, threshold=threshold
        )
        typical = tuple(min(_SIZE, max(1, round(float(means[a])))) for a in ("attack", "defend"))
        typical_p = table[(table["attack"] == typical[0]) & (table["defend"] == typical[1])]
        self.summary.value = (
            f"{deck.size} cards; mean "
            + ", ".join(f"{a} {float(means[a]):.3f}" for a in ATTRIBUTES)
            + f"; hits on {threshold}+; P(wound) Attack {typical[0]} vs Defend {typical[1]}, "
            f"Health {health}: {float(typical_p['p_wound'].iloc[0]):.4f}"
        )
        if self._draw:
            self.hands_figure.value = figure_svg(attribute_bars({"dealt hand": self.distribution}))
            self.wound_figure.value = figure_svg(wound_heatmaps(table, columns=1, annotate=False))

    def save(self, path: str) -> None:
        """Write the edited deck as a deck file (atomically); the summary says where."""
        try:
            save_deck(self.deck, path)
        except (WorkbenchError, OSError) as error:
            self.summary.value = f"not saved: {error}"
            return
        self.summary.value = f"saved {self.deck.size} cards to {path}"
