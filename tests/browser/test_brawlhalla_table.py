"""The Brawlhalla table in a real browser: a move with the mouse, an attack's odds before
it is made, the computer's reply, and nothing of the widget clipped."""

import re

from playwright.sync_api import expect

from .conftest import layout_problems, output_widget


def test_move_attack_and_the_computers_reply_in_voila(open_voila):
    page = open_voila("brawlhalla_table_check.ipynb")
    widget = page.locator(".brawlhalla")
    board = widget.locator(".brawlhalla-table .wb-board-svg")
    status = widget.locator(".brawlhalla-status")
    log = widget.locator(".brawlhalla-log textarea")
    stack = board.locator("[data-cell='2,4']")
    expect(stack).to_be_visible(timeout=120_000)
    expect(status).to_contain_text("Turn 1: North (you) to act, 3 action points left")
    assert layout_problems(widget) == []

    stack.click()  # select the stack: its moves light up
    target = board.locator(".wb-highlight[data-cell='2,3']")
    expect(target).to_be_visible()
    target.click()
    expect(log).to_have_value(re.compile(r"North moves 3 warriors from \(2, 4\) to \(2, 3\)"))
    expect(status).to_contain_text("2 action points left")

    board.locator("[data-cell='2,9']").click()
    enemy = board.locator(".wb-highlight[data-cell='2,10']")
    expect(enemy).to_be_visible()
    expect(enemy.locator("title")).to_contain_text("attack: you win 2 pairs or more: 37%")
    enemy.click()  # the first click shows the odds and waits
    odds = widget.locator(".brawlhalla-odds")
    expect(odds).to_contain_text("Attack (2, 10)? you win 2 pairs or more: 37%")
    expect(widget.locator(".brawlhalla-actions button", has_text="Attack")).to_be_visible()
    assert layout_problems(widget) == []
    enemy.click()
    expect(log).to_have_value(re.compile(r"North attacks \(2, 10\) from \(2, 9\): loses \d"))
    expect(odds).to_have_text("")

    widget.locator(".brawlhalla-end").click()
    expect(log).to_have_value(
        re.compile(r"North ends the turn\nTurn 2: South\n(.|\n)*Turn 3: North")
    )
    expect(status).to_contain_text("Turn 3: North (you) to act, 3 action points left")
    assert layout_problems(widget) == []


def test_a_move_with_the_mouse_in_lab(open_lab):
    page = open_lab("brawlhalla_table_check.ipynb")
    board = page.locator(".brawlhalla-table .wb-board-svg")
    stack = board.locator("[data-cell='2,4']")
    expect(stack).to_be_visible(timeout=120_000)
    stack.click()
    board.locator(".wb-highlight[data-cell='3,4']").click()
    expect(page.locator(".brawlhalla-log textarea")).to_have_value(
        re.compile(r"North moves 3 warriors from \(2, 4\) to \(3, 4\), taking the ruin's coin")
    )


def test_a_card_played_with_the_mouse_in_lab(open_lab):
    page = open_lab("brawlhalla_cards_table_check.ipynb")
    widget = page.locator(".brawlhalla")
    board = widget.locator(".brawlhalla-table .wb-board-svg")
    log = widget.locator(".brawlhalla-log textarea")
    hand = widget.locator(".brawlhalla-hand .brawlhalla-card")
    expect(hand).to_have_count(3, timeout=120_000)
    expect(widget.locator(".brawlhalla-other-cards .brawlhalla-back")).to_have_count(3)
    assert layout_problems(widget) == []

    warrior = hand.filter(has_text="Wandering warrior")
    warrior.click()  # selected: its squares light up
    expect(warrior).to_have_class(re.compile("brawlhalla-card-selected"))
    expect(board.locator(".wb-highlight")).to_have_count(2)
    expect(board.locator(".wb-highlight[data-cell='2,9']")).to_be_visible()
    assert layout_problems(widget) == []
    board.locator(".wb-highlight[data-cell='2,3']").click()
    expect(log).to_have_value(re.compile(r"North plays Wandering warrior on \(2, 3\)"))
    expect(board.locator("[data-cell='2,3'] title")).to_contain_text("north stack: 1 warrior")
    expect(hand).to_have_count(2)

    hand.filter(has_text="Bragi's blessing").click()  # no square to aim at: a button
    widget.locator(".brawlhalla-card-actions button", has_text="Play Bragi's blessing").click()
    expect(log).to_have_value(re.compile(r"North plays Bragi's blessing"))
    expect(hand).to_have_count(3)  # Thor's blessing and the two drawn
    expect(widget.locator(".brawlhalla-status")).to_contain_text("1 action points left")

    board.locator("[data-cell='2,9']").click()
    board.locator(".wb-highlight[data-cell='2,10']").click()
    with_card = widget.locator(".brawlhalla-actions button", has_text="Attack with Thor's blessing")
    expect(with_card).to_be_visible()
    expect(widget.locator(".brawlhalla-odds")).to_contain_text("With Thor's blessing: you win")
    assert layout_problems(widget) == []
    text = widget.inner_text()
    assert all(name not in text for name in ("Dragon killer", "Tomb pillager", "Ghost ship"))
    with_card.click()
    expect(log).to_have_value(
        re.compile(r"from \(2, 9\): loses \d, kills \d \(with Thor's blessing\)")
    )


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("brawlhalla_cards_table_check.ipynb"))
    expect(widget.locator(".brawlhalla-hand .brawlhalla-card")).to_have_count(3, timeout=120_000)
    fits(widget)
