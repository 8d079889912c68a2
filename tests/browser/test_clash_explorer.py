"""The clash explorer in the combat-odds notebook, served by Voila: a click and a key
press reach Python, and the exact value shown changes to the right fraction."""

import re

from playwright.sync_api import expect

from workbench.games.brawlhalla import clash_odds
from workbench.jsonio import fraction_text

from .conftest import output_widget


def sweep(a, d, **mods):
    odds = clash_odds(a, d, **mods)
    return fraction_text(odds.loc[odds["attacker_losses"].idxmin(), "probability"])


def test_toggle_and_slider_change_the_exact_value(open_voila):
    page = open_voila("brawlhalla_combat_odds.ipynb")
    label = page.locator(".wb-clash-sweep")
    expect(label).to_contain_text(f"= {sweep(3, 2)} ", timeout=180_000)  # 1445/3888

    page.locator(".wb-mod-attacker-thor").click()
    expect(label).to_contain_text(f"= {sweep(3, 2, attacker_mods=['thor'])} ")  # 4435/7776
    cell = page.locator(".wb-clash-table .wb-exact[data-defender-losses='2']")
    expect(cell).to_have_text(sweep(3, 2, attacker_mods=["thor"]))

    handle = page.locator(".wb-clash-attacker .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    expect(label).to_contain_text(f"= {sweep(4, 2, attacker_mods=['thor'])} ")


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("clash_explorer_check.ipynb"))
    expect(widget.locator(".wb-clash-sweep")).to_contain_text("P(", timeout=120_000)
    fits(widget)
    thor = widget.locator(".wb-mod-attacker-thor")
    thor.click()
    expect(thor).to_have_class(re.compile("mod-warning"))  # played: orange, bold
    expect(thor).to_have_css("font-weight", "700")
    expect(widget.locator(".wb-mod-defender-thor")).not_to_have_class(re.compile("mod-warning"))
    fits(widget, "played")
