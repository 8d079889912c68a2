"""The editors' shared look, headless: plain names on palettes, legends, played marks."""

import ipywidgets as widgets
import pytest

from workbench.grids.shapes import Key
from workbench.widgets.look import CSS, legend, legend_html, mark_played, style_sheet, tool_picker


def test_a_palette_names_tools_in_plain_words_and_keeps_their_values():
    picker = tool_picker(
        ["gold 1", "archer start", "lokis_trickery"],
        value="gold 1",
        description="Tool",
        names={"lokis_trickery": "Loki's Trickery"},
    )
    assert picker.options == (
        ("Gold 1", "gold 1"),
        ("Archer start", "archer start"),
        ("Loki's Trickery", "lokis_trickery"),
    )
    picker.value = "archer start"
    assert picker.label == "Archer start" and "wb-tools" in picker._dom_classes


def test_the_selected_tool_and_a_played_card_are_styled_to_stand_out():
    assert ".wb-tools .jupyter-button.mod-active" in CSS and "font-weight: bold" in CSS
    sheet = style_sheet()
    assert sheet.layout.display == "none" and CSS in sheet.value


@pytest.mark.parametrize("played", [False, True])
def test_a_played_toggle_is_marked_both_ways(played):
    toggle = mark_played(widgets.ToggleButton(description="Thor's blessing +1"))
    toggle.value = played
    toggle.value = not played
    toggle.value = played
    assert toggle.button_style == ("warning" if played else "")
    assert toggle.tooltip.endswith(": played" if played else ": not played")


def test_a_legend_shows_every_key_escaped_in_order():
    keys = [Key("water", "#7fb3d5"), Key("north <capital>", "#ffffff", "N")]
    text = legend_html(keys)
    assert text.count('class="wb-key"') == 2
    assert text.index("water") < text.index("north &lt;capital&gt;")
    assert 'style="background:#ffffff">N</span>' in text
    assert legend(keys).value == text and legend([]).value == '<div class="wb-legend"></div>'
