"""The deck editor in a real browser: changing a count recomputes the summary and a figure."""

from playwright.sync_api import expect

from .conftest import output_widget


def test_changing_a_count_changes_the_figure_in_voila(open_voila):
    page = open_voila("deck_editor_check.ipynb")
    summary = page.locator(".deck-summary")
    expect(summary).to_contain_text("86 cards", timeout=120_000)
    figure = page.locator(".deck-hands-figure svg")
    expect(figure).to_be_visible()
    before = figure.inner_html()
    count = page.locator(".deck-count-11 input")  # Attack +3
    count.fill("0")
    count.press("Enter")
    expect(summary).to_contain_text("79 cards")
    expect(summary).to_contain_text("attack 2.456")
    page.wait_for_function(
        "old => document.querySelector('.deck-hands-figure svg').innerHTML !== old", arg=before
    )
    page.locator(".deck-threshold button", has_text="5+").click()
    expect(summary).to_contain_text("hits on 5+")


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("deck_editor_check.ipynb"))
    expect(widget.locator(".deck-hands-figure svg")).to_be_visible(timeout=120_000)
    fits(widget)
    chosen = widget.locator(".deck-threshold button.mod-active")
    expect(chosen).to_have_text("4+")
    expect(chosen).to_have_css("font-weight", "700")
