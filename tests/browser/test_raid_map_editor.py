"""The Viking Raid map editor in a real browser: painting a hex changes the total."""

from playwright.sync_api import expect

from .conftest import output_widget


def test_painting_a_hex_changes_the_total(open_voila):
    page = open_voila("raid_map_editor_check.ipynb")
    total = page.locator(".raid-total")
    expect(total).to_contain_text("24 gold on 10 hexes", timeout=120_000)
    page.locator(".wb-board-svg [data-cell='1,0']").click()  # default tool: gold 1
    expect(total).to_contain_text("25 gold on 11 hexes")
    page.get_by_role("button", name="Gold 3").click()
    page.locator(".wb-board-svg [data-cell='1,0']").click()
    expect(total).to_contain_text("27 gold on 11 hexes")
    expect(page.locator(".wb-board-svg [data-label='1,0']")).to_have_text("3")


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("raid_map_editor_check.ipynb"))
    expect(widget.locator(".raid-total")).to_contain_text("24 gold", timeout=120_000)
    fits(widget)
    expect(widget.locator(".raid-key")).to_contain_text("the Huscarl's start")
    expect(widget.locator(".wb-board-svg [data-cell='-4,0'] title")).to_have_text("hex -4,0")
    tall = widget.evaluate(
        """(root) => [...root.querySelectorAll(".raid-summary th")]
        .filter((th) => th.clientHeight > 2.5 * parseFloat(getComputedStyle(th).lineHeight))
        .map((th) => th.textContent)"""
    )
    assert tall == [], f"table headers on 3 lines or more: {tall}"
