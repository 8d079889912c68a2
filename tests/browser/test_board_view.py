"""The shared board view's wiring, in a real browser: a click reaches Python and back."""

from playwright.sync_api import expect

from .conftest import output_widget


def test_click_reaches_python_in_voila(open_voila):
    page = open_voila("board_view_check.ipynb")
    cell = page.locator(".wb-board-svg [data-cell='1,2']")
    expect(cell).to_be_visible(timeout=120_000)
    cell.click()
    expect(page.locator(".wb-status")).to_contain_text("click 1,2")
    expect(page.locator(".wb-board-svg .wb-highlight")).to_have_attribute("data-cell", "1,2")


def test_click_reaches_python_in_lab(open_lab):
    page = open_lab("board_view_check.ipynb")
    cell = page.locator(".wb-board-svg [data-cell='2,0']")
    expect(cell).to_be_visible(timeout=120_000)
    cell.click()
    expect(page.locator(".wb-status")).to_contain_text("click 2,0")


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("board_view_check.ipynb"))
    expect(widget.locator(".wb-board-svg [data-cell='1,2']")).to_be_visible(timeout=120_000)
    fits(widget)
