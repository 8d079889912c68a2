"""Valgard's Hint mode in a real browser: on a 3x3 board with its solved table, switch
hints on and see a value on each legal target; no label is cut off at the board's edge."""

from playwright.sync_api import expect


def test_hints_show_a_value_on_each_legal_target_and_nothing_is_clipped(open_voila):
    page = open_voila("valgard_hints_check.ipynb")
    board = page.locator(".valgard-board .wb-board-svg")
    target = board.locator(".wb-highlight[data-cell='2,1']")
    expect(target).to_be_visible(timeout=120_000)
    hints = board.locator("text", has_text="D")
    expect(hints).to_have_count(0)
    page.locator(".valgard-hints").click()
    expect(hints).to_have_count(3)  # a draw on each muster octagon of the home row
    inside = page.evaluate(
        """() => {
        const svg = document.querySelector('.valgard-board .wb-board-svg');
        const box = svg.getBoundingClientRect();
        const texts = [...svg.querySelectorAll('text')];
        return texts.length > 6 && texts.every(t => {
            const r = t.getBoundingClientRect();
            return r.left >= box.left && r.right <= box.right
                && r.top >= box.top && r.bottom <= box.bottom;
        });
    }"""
    )
    assert inside
    hint_box = hints.first.bounding_box()
    targets = [board.locator(f"[data-cell='2,{c}']").bounding_box() for c in range(3)]
    assert any(
        t["x"] <= hint_box["x"]
        and hint_box["x"] + hint_box["width"] <= t["x"] + t["width"]
        and t["y"] <= hint_box["y"]
        and hint_box["y"] + hint_box["height"] <= t["y"] + t["height"]
        for t in targets
    )
    expect(page.locator(".valgard-counts")).to_contain_text("muster: 2 placement(s) left")
