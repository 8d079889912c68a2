"""An interactive explorer of one Brawlhalla clash: dice, cards and rule knobs.

Sliders choose the attacker's and defender's dice, toggles play die modifiers
(Thor's blessing, Skofnung, Norn's wrath) for either side, a Blood lord slider per
side sacrifices X units for +X on one die (0: not played), dropdowns change rule
knobs; the exact table of losses and a bar chart redraw on every change. The
logic is plain Python (:meth:`ClashExplorer.odds`), so it is tested headless;
the browser test clicks the widgets.

Stable CSS hooks: ``wb-clash-attacker`` / ``wb-clash-defender`` (sliders),
``wb-mod-<side>-<card>`` (toggles), ``wb-blood-lord-<side>`` (sliders),
``wb-rule-<field>`` (dropdowns, each named by its knob's plain label),
``wb-clash-table`` (the exact table), ``wb-clash-sweep`` (a label with the exact
P(attacker wins every pair)).

>>> explorer = ClashExplorer(attacker_dice=3, defender_dice=2, chart=False)
>>> explorer.sweep.value
'P(attacker wins every pair) = 1445/3888 (37.17%)'
>>> explorer.toggles["attacker", "thor"].value = True
>>> explorer.sweep.value
'P(attacker wins every pair) = 4435/7776 (57.03%)'
>>> explorer.blood_lord["defender"].value = 2
>>> explorer.mods("defender")
['blood_lord:2']
"""

from __future__ import annotations

import io
from fractions import Fraction

import ipywidgets as widgets
import pandas as pd

from workbench.games.brawlhalla import Rules, clash_odds
from workbench.jsonio import fraction_text
from workbench.rules import knob_label
from workbench.widgets.look import mark_played, style_sheet

__all__ = ["ClashExplorer"]

_CARDS = {"thor": "Thor's blessing +1", "skofnung": "Skofnung +1", "norn": "Norn's wrath -1"}
_RULE_CHOICES = {
    "faces": (4, 6, 8, 10, 12, 20),
    "ties": ("defender", "attacker"),
    "modifier_order": ("attacker first", "defender first"),
    "modified_dice": ("unbounded", "within faces"),
    "blood_lord_sacrifice": ("any units", "fighting stack"),
}
_MOST_SACRIFICED = 6
_ROW = {"flex_flow": "row wrap", "align_items": "center"}
_FIT = {"description_width": "initial"}  # a description as wide as its words


class ClashExplorer(widgets.VBox):
    """Dice sliders, card toggles and rule dropdowns above an exact table and a chart."""

    def __init__(
        self,
        *,
        rules: Rules | None = None,
        attacker_dice: int = 3,
        defender_dice: int = 2,
        chart: bool = True,
    ):
        self.base_rules = rules or Rules()
        cap = self.base_rules.dice_cap
        self.attacker = widgets.IntSlider(
            attacker_dice, 1, cap, description="Attacker dice", style=_FIT
        )
        self.defender = widgets.IntSlider(
            defender_dice, 1, cap, description="Defender dice", style=_FIT
        )
        self.attacker.add_class("wb-clash-attacker")
        self.defender.add_class("wb-clash-defender")
        self.toggles: dict[tuple[str, str], widgets.ToggleButton] = {}
        for side in ("attacker", "defender"):
            for card, label in _CARDS.items():
                toggle = widgets.ToggleButton(
                    False, description=label, tooltip=f"{side}: {label}", layout={"width": "auto"}
                )
                toggle.add_class(f"wb-mod-{side}-{card}")
                self.toggles[side, card] = mark_played(toggle)
        self.blood_lord = {
            side: widgets.IntSlider(0, 0, _MOST_SACRIFICED, description="Blood lord X", style=_FIT)
            for side in ("attacker", "defender")
        }
        for side, slider in self.blood_lord.items():
            slider.add_class(f"wb-blood-lord-{side}")
        self.rule_pickers = {}
        for field, choices in _RULE_CHOICES.items():
            picker = widgets.Dropdown(
                options=choices,
                value=getattr(self.base_rules, field),
                description=knob_label(Rules, field),
                style=_FIT,
                layout={"width": "auto"},
            )
            picker.add_class(f"wb-rule-{field.replace('_', '-')}")
            self.rule_pickers[field] = picker
        self.sweep = widgets.Label()
        self.sweep.add_class("wb-clash-sweep")
        self.table = widgets.HTML()
        self.table.add_class("wb-clash-table")
        self.chart = widgets.Image(format="png", width=380) if chart else None
        controls = [self.attacker, self.defender, *self.toggles.values()]
        for control in [*controls, *self.blood_lord.values()]:
            control.observe(self._redraw, names="value")
        for picker in self.rule_pickers.values():
            picker.observe(self._redraw, names="value")
        cards = [
            widgets.HBox([widgets.Label(f"{side.capitalize()} plays:")] + [
                self.toggles[side, card] for card in _CARDS
            ] + [self.blood_lord[side]], layout=_ROW)
            for side in ("attacker", "defender")
        ]  # fmt: skip
        results = [self.table] + ([self.chart] if self.chart is not None else [])
        pickers = list(self.rule_pickers.values())
        super().__init__(
            [
                style_sheet(),
                widgets.HBox([self.attacker, self.defender], layout=_ROW),
                *cards,
                widgets.HBox(pickers, layout=_ROW),
                self.sweep,
                widgets.HBox(results, layout=_ROW),
            ]
        )
        self.add_class("wb-clash-explorer")
        self._redraw()

    # ------------------------------------------------------------------ logic
    @property
    def rules(self) -> Rules:
        """The rules with the dropdowns' values."""
        return self.base_rules.replace(
            **{field: picker.value for field, picker in self.rule_pickers.items()}
        )

    def mods(self, side: str) -> list[str]:
        """The cards played by ``side``: the toggled ones, then Blood lord if X > 0."""
        cards = [card for (who, card), t in self.toggles.items() if who == side and t.value]
        sacrificed = self.blood_lord[side].value
        return cards + ([f"blood_lord:{sacrificed}"] if sacrificed else [])

    def odds(self) -> pd.DataFrame:
        """The exact joint distribution of losses for the current settings."""
        return clash_odds(
            self.attacker.value,
            self.defender.value,
            rules=self.rules,
            attacker_mods=self.mods("attacker"),
            defender_mods=self.mods("defender"),
        )

    # ---------------------------------------------------------------- drawing
    def _redraw(self, _change=None) -> None:
        odds = self.odds()
        sweep = odds.loc[odds["attacker_losses"].idxmin(), "probability"]
        self.sweep.value = f"P(attacker wins every pair) = {_percent(sweep)}"
        self.table.value = _html_table(odds)
        if self.chart is not None:
            self.chart.value = _bar_chart(odds)


def _percent(p: Fraction) -> str:
    return f"{fraction_text(p)} ({float(p):.2%})"


def _html_table(odds: pd.DataFrame) -> str:
    rows = "".join(
        f"<tr><td>{r.attacker_losses}</td><td>{r.defender_losses}</td>"
        f'<td class="wb-exact" data-defender-losses="{r.defender_losses}">'
        f"{fraction_text(r.probability)}</td><td>{r.p:.2%}</td></tr>"
        for r in odds.itertuples()
    )
    head = "<tr><th>attacker loses</th><th>defender loses</th><th>exact</th><th>%</th></tr>"
    return f"<table>{head}{rows}</table>"


def _bar_chart(odds: pd.DataFrame) -> bytes:
    from workbench.figures import new_figure

    figure = new_figure(4, 2.6)
    axes = figure.subplots()
    labels = [
        f"{a}-{d}" for a, d in zip(odds["attacker_losses"], odds["defender_losses"], strict=True)
    ]
    axes.bar(labels, odds["p"], color="#8c564b")
    axes.set_xlabel("losses: attacker-defender")
    axes.set_ylabel("probability")
    axes.set_ylim(0, 1)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()
