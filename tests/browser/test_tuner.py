"""The Tuner widget served by Voila: tick a knob, set its range, Run; the race table
fills in and the chosen rules appear, the same as the library's."""

import json

from playwright.sync_api import expect

from workbench.games.tuning import tune_game
from workbench.play.tune import Space, Target, tune

from .conftest import output_widget


def test_a_small_run_fills_the_table(open_voila):
    page = open_voila("tuner_check.ipynb")
    tick = page.locator(".wb-tune-knob-handicap input[type=checkbox]")
    expect(tick).to_be_visible(timeout=180_000)
    tick.check()
    field = page.locator(".wb-tune-range-handicap input")
    field.fill("-2..2")
    field.press("Enter")
    page.locator(".wb-tune-run").click()
    expect(page.locator(".wb-tune-status")).to_contain_text("done:", timeout=120_000)
    rows = page.locator(".wb-tune-table table tbody tr")
    expect(rows).to_have_count(5)
    toy = tune_game("toy")
    direct = tune(
        Space.from_rules(toy.rules, {"handicap": (-2, 2)}),
        toy.arena,
        [Target("win rate seat 0", value=0.34)],
        games=600,
        seed=3,
        executor=None,
        progress=False,
    )
    expect(rows.first).to_contain_text(str(direct.rules.handicap))
    best = page.locator(".wb-tune-best textarea")
    expect(best).to_have_value(json.dumps(direct.rules.to_dict()))


def test_fits_a_900px_column_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("tuner_check.ipynb"))
    tick = widget.locator(".wb-tune-knob-handicap input[type=checkbox]")
    expect(tick).to_be_visible(timeout=180_000)
    fits(widget)


def test_knobs_are_listed_in_plain_words_in_lab(open_lab_column, fits):
    widget = output_widget(open_lab_column("tuner_check.ipynb"))
    expect(widget.locator(".wb-tune-knob-handicap")).to_be_visible(timeout=180_000)
    widget.locator(".wb-tune-game select").select_option("raid")
    expect(widget.locator(".wb-tune-knob-archer_steps")).to_be_visible()
    fits(widget, "raid")
