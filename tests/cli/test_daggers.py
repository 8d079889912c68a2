"""``workbench daggers``: exact JSON odds, simulated games, rules, printed cards, one-line
errors with exit code 2."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from tests.grids.sheet_reading import cells_on_some_page, read_pages
from workbench.cli import main
from workbench.games.daggers_brink.deck import load_deck, save_deck
from workbench.games.daggers_brink.odds import remaining_hits, wound_probability
from workbench.games.daggers_brink.rules import Rules
from workbench.jsonio import save_json


def _exit(argv):
    """``main``'s exit code, whether it returns it or argparse exits."""
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code


def test_odds_json_is_exact(capsys):
    assert main(["daggers", "odds", "5", "3", "2", "--threshold", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert Fraction(data["p_wound"]) == wound_probability(5, 3, 2, threshold=5)
    assert {int(k): Fraction(v) for k, v in data["remaining_hits"].items()} == remaining_hits(
        5, 3, threshold=5
    )
    assert (data["attack"], data["defend"], data["health"], data["threshold"]) == (5, 3, 2, 5)


def test_odds_table(capsys):
    assert main(["daggers", "odds", "3", "1", "2"]) == 0
    assert "P(wound) = 5/16" in capsys.readouterr().out


def test_simulate_json(capsys):
    argv = ["daggers", "simulate", "--players", "3", "--games", "4", "--json"]
    assert main([*argv, "--strategy", "focus", "--strategy", "tank:leader"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["players"] == 3
    assert {row["strategy"] for row in data["win_rates"]} == {"focus", "tank:leader"}
    assert sum(row["wins"] for row in data["seat_win_rates"]) + data["time_outs"] == 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "5", "x", "2"], "argument defend: invalid int value: 'x'"),
        (
            ["odds", "5", "3", "2", "--threshold", "7"],
            "hit_threshold: expected an integer >= 1 <= 6",
        ),
        (["odds", "-1", "3", "2"], "attack: expected an integer >= 0, got -1"),
        (["odds", "1", "1", "1", "--rule", "die_sides=d8"], "--rule die_sides=d8: Rules.die_sides"),
        (["odds", "1", "1", "1", "--rule", "luck=1"], "--rule luck=1: unknown knob"),
        (["simulate", "--players", "8"], "argument --players: invalid choice: 8"),
        (
            ["simulate", "--games", "0"],
            "argument --games: expected a whole number from 1 to 100,000, got '0'",
        ),
        (["simulate", "--tokens", "0"], "Rules.starting_tokens: expected an integer >= 1, got 0"),
        (["simulate", "--games", "2", "--strategy", "luck"], "strategy 'luck': expected one of"),
        (["print", "--out", "cards.png"], "expected a file name ending in .svg or .pdf"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, argv, message):
    assert _exit(["daggers", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_odds_take_the_rules_file_then_the_shorthand_then_each_rule(capsys, tmp_path):
    path = tmp_path / "rules.json"
    save_json(path, {"die_sides": 8, "hit_threshold": 7})
    assert main(["daggers", "odds", "3", "1", "2", "--rules", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rules = Rules(die_sides=8, hit_threshold=7)
    assert Fraction(data["p_wound"]) == wound_probability(3, 1, 2, rules=rules)
    assert (data["threshold"], data["die_sides"]) == (7, 8)
    argv = ["daggers", "odds", "3", "1", "2", "--rules", str(path), "--threshold", "5"]
    assert main([*argv, "--rule", "hit_threshold=6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["threshold"] == 6  # --rule comes last
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["threshold"] == 5


def test_simulate_takes_rules_and_the_tokens_shorthand(capsys):
    argv = ["daggers", "simulate", "--players", "3", "--games", "2", "--json", "--tokens", "1"]
    assert main([*argv, "--rule", "max_rounds=3", "--strategy", "tank"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["starting_tokens"] == 1 and data["rules"]["max_rounds"] == 3
    assert data["rules"] == Rules(starting_tokens=1, max_rounds=3).to_dict()


def test_rules_lists_every_knob(capsys):
    assert main(["daggers", "rules", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["knob"] for r in records] == list(Rules().to_dict())
    assert main(["daggers", "rules", "--rule", "roll_off_dice=2"]) == 0
    assert "roll_off_dice" in capsys.readouterr().out


def _card_ids(deck):
    return {f"card:{t},{copy}" for t, card in enumerate(deck.types) for copy in range(card.count)}


def test_print_puts_every_card_whole_on_some_page_at_its_width(capsys, tmp_path):
    assert main(["daggers", "print", "--out", str(tmp_path / "cards.svg")]) == 0
    assert "15 page(s) of a4 portrait; one cell = 63 mm" in capsys.readouterr().out
    paths = sorted(tmp_path.glob("cards-*.svg"))
    pages = read_pages(paths)
    assert len(pages) == 15 and all(page["size"] == (210.0, 297.0) for page in pages)
    assert cells_on_some_page(pages) == _card_ids(load_deck())  # each of the 86 cards
    for page in pages:
        for x0, y0, x1, y1 in page["cells"].values():
            assert x1 - x0 == pytest.approx(63, abs=0.01) and y1 - y0 == pytest.approx(88, abs=0.01)
    assert sum(len(page["cells"]) for page in pages) == 86  # no card printed twice


def test_print_a_deck_file_at_another_width_and_as_pdf(capsys, tmp_path):
    deck = load_deck().with_count("Wildcard", 5).with_count("Speed +1", 0)
    save_deck(deck, tmp_path / "mine.csv")
    argv = ["daggers", "print", str(tmp_path / "mine.csv"), "--cell-mm", "50", "--page", "letter"]
    assert main([*argv, "--out", str(tmp_path / "mine.svg")]) == 0
    pages = read_pages(sorted(tmp_path.glob("mine-*.svg")))
    assert cells_on_some_page(pages) == _card_ids(deck)
    widths = {round(x1 - x0, 2) for page in pages for x0, _, x1, _ in page["cells"].values()}
    assert widths == {50.0}
    assert main([*argv, "--out", str(tmp_path / "mine.pdf")]) == 0
    assert (tmp_path / "mine.pdf").read_bytes().startswith(b"%PDF")
    assert "mine.pdf" in capsys.readouterr().out


def test_the_module_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "workbench", "daggers", "odds", "1", "1", "1", "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["p_wound"] == "1/4"
