"""The Valhalla level editor in a real browser: palette, board clicks and Solve reach Python."""

from playwright.sync_api import expect

from .conftest import output_widget


def test_click_cells_and_solve_in_voila(open_voila):
    page = open_voila("level_editor_check.ipynb")
    editor = page.locator(".valhalla-editor")
    cell = editor.locator(".wb-board-svg [data-cell='1,1']")
    expect(cell).to_be_visible(timeout=120_000)

    editor.locator(".valhalla-solve").click()
    expect(editor.locator(".valhalla-result")).to_contain_text("Not winnable.")

    editor.get_by_role("button", name="wall", exact=True).click()
    cell.click()
    expect(editor.locator(".valhalla-status")).to_contain_text("wall at [1, 1]")
    expect(cell).to_have_attribute("fill", "#4a4a4a")

    editor.get_by_role("button", name="enemy", exact=True).click()
    editor.locator(".wb-board-svg [data-cell='0,2']").click()
    expect(editor.locator(".valhalla-status")).to_contain_text("enemy at [0, 2]")
    expect(editor.locator(".wb-board-svg [data-label='0,2']")).to_have_text("1/1")

    editor.locator(".valhalla-solve").click()
    expect(editor.locator(".valhalla-result")).to_contain_text("Winnable: best 3 stars")
    expect(editor.locator(".valhalla-stars table")).to_be_visible()
    expect(editor.locator(".wb-board-svg .wb-mark").first).to_be_attached()


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("level_editor_check.ipynb"))
    expect(widget.locator(".wb-board-svg [data-cell='1,1']")).to_be_visible(timeout=120_000)
    fits(widget)
