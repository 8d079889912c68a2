"""The Valgard board in a real browser: muster, move a piece, see the computer's reply."""

import re

from playwright.sync_api import expect

from .conftest import output_widget


def test_move_a_piece_and_see_the_reply_in_voila(open_voila):
    page = open_voila("valgard_board_check.ipynb")
    board = page.locator(".valgard-board .wb-board-svg")
    status = page.locator(".valgard-status")
    home = board.locator("[data-cell='3,1']")
    expect(home).to_be_visible(timeout=120_000)
    expect(board.locator(".wb-highlight")).to_have_count(4)  # the muster targets
    home.click()
    expect(status).to_contain_text(
        "You (light) played +b1. Computer (dark) played +", timeout=60_000
    )
    home.click()  # select the warrior: its targets light up
    expect(board.locator(".wb-highlight[data-cell='2,1']")).to_be_visible()
    board.locator("[data-cell='2,1']").click()
    expect(status).to_contain_text(
        "You (light) played b1-b2. Computer (dark) played", timeout=60_000
    )
    expect(page.locator(".valgard-position textarea")).to_have_value(re.compile(r"\n2 \. l"))


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("valgard_board_check.ipynb"))
    expect(widget.locator(".wb-board-svg .wb-highlight")).to_have_count(4, timeout=120_000)
    fits(widget)
    box = widget.locator(".valgard-position textarea")
    expect(box).to_have_value(re.compile(r"reserves light 4, dark 4"))
    hidden = box.evaluate("(area) => area.scrollHeight - area.clientHeight")
    assert hidden <= 1, f"the position box hides {hidden} px of its lines"
    marks = widget.locator(".wb-board-svg text.wb-mark")
    for letter in ("a", "d", "1", "4"):  # files and ranks, the status line's notation
        expect(marks.filter(has_text=re.compile(f"^{letter}$"))).to_have_count(1)
