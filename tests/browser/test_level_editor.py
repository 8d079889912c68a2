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

    editor.get_by_role("button", name="Wall", exact=True).click()
    cell.click()
    expect(editor.locator(".valhalla-status")).to_contain_text("Wall at [1, 1]")
    expect(cell).to_have_attribute("fill", "#4a4a4a")

    editor.get_by_role("button", name="Enemy", exact=True).click()
    editor.locator(".wb-board-svg [data-cell='0,2']").click()
    expect(editor.locator(".valhalla-status")).to_contain_text("Enemy at [0, 2]")
    expect(editor.locator(".wb-board-svg [data-label='0,2']")).to_have_text("1/1")

    editor.locator(".valhalla-solve").click()
    expect(editor.locator(".valhalla-result")).to_contain_text("Winnable: best 3 stars")
    expect(editor.locator(".valhalla-stars table")).to_be_visible()
    expect(editor.locator(".wb-board-svg .wb-mark").first).to_be_attached()


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("level_editor_check.ipynb"))
    expect(widget.locator(".wb-board-svg [data-cell='1,1']")).to_be_visible(timeout=120_000)
    fits(widget)
    widget.get_by_role("button", name="Enemy", exact=True).click()
    widget.locator(".wb-board-svg [data-cell='0,2']").click()
    widget.locator(".valhalla-solve").click()
    expect(widget.locator(".valhalla-result")).to_contain_text("Winnable: best 3 stars")
    expect(widget.locator(".valhalla-key")).to_contain_text("enemy (Attack/Health)")
    expect(widget.locator(".wb-board-svg polyline").first).to_be_attached()
    assert widget.evaluate(LINES_OVER_LABELS) == []
    fits(widget, "solved")


#: Cell labels (S, 1/1, 4/4...) that a solution line crosses, in the board's own units.
LINES_OVER_LABELS = """
(root) => {
  const svg = root.querySelector(".wb-board-svg");
  const boxes = [...svg.querySelectorAll("text[data-label]")].map((t) => [t, t.getBBox()]);
  const crossed = new Set();
  for (const line of svg.querySelectorAll("polyline")) {
    const points = line.getAttribute("points").trim().split(/\\s+/)
      .map((p) => p.split(",").map(Number));
    for (let k = 1; k < points.length; k++) {
      const [[x0, y0], [x1, y1]] = [points[k - 1], points[k]];
      for (let s = 0; s <= 20; s++) {
        const [x, y] = [x0 + ((x1 - x0) * s) / 20, y0 + ((y1 - y0) * s) / 20];
        for (const [t, b] of boxes)
          if (x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height)
            crossed.add(t.textContent);
      }
    }
  }
  return [...crossed];
}
"""
