"""The level editor's Play mode in a real browser: a line drawn with the mouse, the hero
walking it step by step, the outcome against the solver's best, and nothing clipped."""

from playwright.sync_api import expect

from .conftest import layout_problems


def centre(locator):
    """The middle of a board cell on screen (the board is redrawn as a line is drawn, so
    the cell's element may be replaced under the query: ask again)."""
    for _ in range(50):
        box = locator.bounding_box()
        if box is not None:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        locator.page.wait_for_timeout(100)
    raise AssertionError(f"{locator} is not on the page")


def draw(page, board, cells):
    """Press on the first cell and drag the mouse through the others; returns the release."""
    board.scroll_into_view_if_needed()
    page.mouse.move(*centre(board.locator(f"[data-cell='{cells[0]}']")))
    page.mouse.down()
    for cell in cells[1:]:
        page.mouse.move(*centre(board.locator(f"[data-cell='{cell}']")), steps=6)
    return page.mouse.up


def test_draw_lines_with_the_mouse_and_see_the_hero_walk_in_voila(open_voila):
    page = open_voila("level_play_check.ipynb")
    editor = page.locator(".valhalla-editor")
    board = editor.locator(".wb-board-svg")
    hero = editor.locator(".valhalla-hero")
    outcome = editor.locator(".valhalla-outcome")
    expect(board.locator("[data-cell='2,0']")).to_be_visible(timeout=120_000)
    expect(hero).to_have_text("Hero start: at [2, 0], Attack 1, Health 6")
    expect(board.locator(".wb-highlight")).to_have_attribute("data-cell", "2,0")
    assert layout_problems(editor) == []

    # a detour: the line is drawn (dashed) while the button is held, walked on release
    release = draw(page, board, ["2,0", "2,1", "2,2"])
    expect(board.locator("polyline[stroke-dasharray]")).to_have_count(1)
    release()
    expect(hero).to_have_text("Hero line 1, step 1: at [2, 1], Attack 1, Health 6")  # walking
    expect(hero).to_have_text("Hero line 1, step 2: at [2, 2], Attack 1, Health 6")
    expect(outcome).to_have_text("Line 2: draw it from the hero.")
    expect(board.locator("polyline[stroke-dasharray]")).to_have_count(0)

    # back along the bottom row and up into the enemy: the fight, the final strike
    draw(page, board, ["2,2", "2,1", "2,0", "1,0"])()
    expect(hero).to_contain_text("Hero line 2, step 2: at [2, 0]")
    expect(outcome).to_have_text(
        "You won with 1 star (strong killer); 2 stars were possible: show how.", timeout=20_000
    )
    log = editor.locator(".valhalla-log")
    expect(log).to_contain_text("hero strikes 1: enemy Health 7 -> 6")
    expect(log).to_contain_text("the final strike (To Valhalla) bests the enemy")
    expect(board.locator("[data-label='1,0']")).to_have_count(0)  # bested: off the board
    assert layout_problems(editor) == []

    editor.locator(".valhalla-show").click()
    expect(outcome).to_have_text(
        "You won with 2 stars (one line, strong killer); 2 stars were possible.", timeout=20_000
    )
    editor.locator(".valhalla-restart").click()
    expect(hero).to_have_text("Hero start: at [2, 0], Attack 1, Health 6")
    assert layout_problems(editor) == []


def test_a_drawn_line_is_walked_in_lab(open_lab):
    page = open_lab("level_play_check.ipynb")
    editor = page.locator(".valhalla-editor")
    board = editor.locator(".wb-board-svg")
    hero = editor.locator(".valhalla-hero")
    expect(board.locator("[data-cell='2,0']")).to_be_visible(timeout=120_000)
    draw(page, board, ["2,0", "2,1", "2,2"])()
    expect(hero).to_have_text("Hero line 1, step 1: at [2, 1], Attack 1, Health 6")  # walking
    expect(hero).to_have_text("Hero line 1, step 2: at [2, 2], Attack 1, Health 6")
    expect(editor.locator(".valhalla-outcome")).to_have_text("Line 2: draw it from the hero.")
    draw(page, board, ["2,2", "2,1", "2,0", "1,0"])()
    expect(editor.locator(".valhalla-outcome")).to_have_text(
        "You won with 1 star (strong killer); 2 stars were possible: show how.", timeout=20_000
    )


#: A finger's press, move and lift as the page sees them: touch pointer events (a touch
#: pointer stays captured by the cell it went down on, so no pointerover reaches others).
TOUCH = """
([board, cells]) => {
  const at = (id) => {
    const box = board.querySelector(`[data-cell='${id}']`).getBoundingClientRect();
    return { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
  };
  const touch = { pointerType: "touch", pointerId: 7, bubbles: true, buttons: 1 };
  board.querySelector(`[data-cell='${cells[0]}']`)
    .dispatchEvent(new PointerEvent("pointerdown", { ...touch, ...at(cells[0]) }));
  for (const id of cells.slice(1))
    board.dispatchEvent(new PointerEvent("pointermove", { ...touch, ...at(id) }));
  window.dispatchEvent(new PointerEvent("pointerup", { ...touch, buttons: 0 }));
}
"""


def test_a_finger_draws_a_line_too_in_voila(open_voila):
    page = open_voila("level_play_check.ipynb")
    editor = page.locator(".valhalla-editor")
    board = editor.locator(".wb-board-svg")
    expect(board.locator("[data-cell='2,0']")).to_be_visible(timeout=120_000)
    page.evaluate(TOUCH, [board.element_handle(), ["2,0", "1,0"]])
    expect(editor.locator(".valhalla-outcome")).to_have_text(
        "You won with 2 stars (one line, strong killer); 2 stars were possible.", timeout=20_000
    )
