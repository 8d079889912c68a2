"""The Brawlhalla board editor in a real browser: painting tiles changes the checker's count."""

from playwright.sync_api import expect

from .conftest import output_widget

WATER = "#7fb3d5"


def test_painting_changes_the_check_count(open_voila):
    page = open_voila("board_editor_check.ipynb")
    summary = page.locator(".wb-check-summary")
    expect(summary).to_contain_text("checks pass", timeout=120_000)
    expect(summary).not_to_contain_text("failing")
    page.locator(".wb-brush button", has_text="Water").click()
    cell = page.locator(".wb-board-svg [data-cell='1,9']")
    cell.click()
    expect(cell).to_have_attribute("fill", WATER)
    expect(summary).to_contain_text("failing: north continent")

    # Drag-painting: press on one square, move over two more, release.
    start = page.locator(".wb-board-svg [data-cell='2,8']")
    start.hover()
    page.mouse.down()
    page.locator(".wb-board-svg [data-cell='2,9']").hover()
    page.locator(".wb-board-svg [data-cell='2,10']").hover()
    page.mouse.up()
    for ident in ("2,8", "2,9", "2,10"):
        expect(page.locator(f".wb-board-svg [data-cell='{ident}']")).to_have_attribute(
            "fill", WATER
        )
    expect(summary).to_contain_text("failing: north continent")


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("board_editor_check.ipynb"))
    summary = widget.locator(".wb-check-summary")
    expect(summary).to_contain_text("checks pass", timeout=120_000)
    fits(widget)
    expect(widget.locator(".wb-board-key")).to_contain_text("water")
    widget.locator(".wb-brush button", has_text="Water").click()
    widget.locator(".wb-board-svg [data-cell='1,9']").click()
    expect(summary).to_contain_text("failing: north continent")
    expect(widget.locator(".wb-brush button.mod-active")).to_have_css("font-weight", "700")
    fits(widget, "failing")
