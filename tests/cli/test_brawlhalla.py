"""``workbench brawlhalla check|fairness|print|rules``: JSON shape, exit codes, bad files,
rules from the command line, true-scale print sheets read back."""

from __future__ import annotations

import json

import pytest

from tests.grids.sheet_reading import cells_on_some_page, read_pages
from workbench.cli import main
from workbench.games.brawlhalla.balance import fairness
from workbench.games.brawlhalla.board import default_board, save_board
from workbench.games.brawlhalla.rules import Rules
from workbench.jsonio import save_json


def test_check_json_shape(capsys):
    assert main(["brawlhalla", "check", "data/brawlhalla/board.json", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"valid", "checks"} and data["valid"] is True
    assert all(set(c) == {"name", "ok", "measured", "expected"} for c in data["checks"])
    assert all(isinstance(c["ok"], bool) for c in data["checks"])


def test_check_fails_with_exit_1_on_a_broken_board(tmp_path, capsys):
    path = tmp_path / "b.json"
    board = default_board()
    save_board(board.with_terrain((0, 0), "water").with_region((0, 0), "water"), path)
    assert main(["brawlhalla", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "north continent" in out


def test_fairness_table_and_json(capsys):
    assert main(["brawlhalla", "fairness", "data/brawlhalla/board.json"]) == 0
    out = capsys.readouterr().out
    assert "favoured" in out or "Balanced" in out
    assert main(["brawlhalla", "fairness", "data/brawlhalla/board.json", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"verdict", "measures"}


def test_bad_files_give_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"terrain": ["x"], "regions": ["n"], "features": []}')
    for command in ("check", "fairness"):
        assert main(["brawlhalla", command, str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "row 0, column 0" in err
    assert main(["brawlhalla", "check", str(tmp_path / "none.json")]) == 2
    assert "cannot read file" in capsys.readouterr().err


def test_check_and_fairness_take_rules(tmp_path, capsys):
    board = "data/brawlhalla/board.json"
    argv = ["brawlhalla", "check", board, "--rule", "boats_carry_land_units=false"]
    assert main(argv) == 1  # some ruins are out of reach without boats carrying land units
    assert "FAIL" in capsys.readouterr().out
    path = tmp_path / "rules.json"
    save_json(path, {"dragon_tiles_per_move": 1})
    assert main(["brawlhalla", "fairness", board, "--rules", str(path), "--json"]) == 0
    slow = json.loads(capsys.readouterr().out)
    want = fairness(default_board(), rules=Rules(dragon_tiles_per_move=1)).to_dict()
    assert slow == json.loads(json.dumps(want))
    assert main(["brawlhalla", "fairness", board, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) != slow


def test_bad_rule_is_one_line_and_exit_2(capsys):
    argv = ["brawlhalla", "check", "data/brawlhalla/board.json", "--rule", "hand_limit=many"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--rule hand_limit=many" in err


def test_rules_command_lists_every_knob(capsys):
    assert main(["brawlhalla", "rules", "--json"]) == 0
    knobs = json.loads(capsys.readouterr().out)
    names = [k["knob"] for k in knobs]
    assert {"opening_hand", "draws_per_turn", "hand_limit", "face_up_limit"} <= set(names)
    assert main(["brawlhalla", "rules", "--rule", "hand_limit=7"]) == 0
    assert "Every player starts with 5 basic cards." in capsys.readouterr().out


@pytest.mark.parametrize(("page", "cell_mm", "pages"), [("a4", None, 12), ("a4", 25, 4)])
def test_print_at_true_scale_every_square_whole_on_some_page(
    tmp_path, capsys, page, cell_mm, pages
):
    argv = ["brawlhalla", "print", "data/brawlhalla/board.json", "--out", str(tmp_path / "b.svg")]
    argv += ["--page", page] + (["--cell-mm", str(cell_mm)] if cell_mm else [])
    assert main(argv) == 0
    assert f"{pages} page(s)" in capsys.readouterr().out
    read = read_pages(sorted(tmp_path.glob("b*.svg")))
    size = cell_mm or 40  # the build instructions' 4 cm squares
    assert len(read) == pages
    for page_read in read:
        assert page_read["mm_per_unit"] == pytest.approx(size)
        for x0, y0, x1, y1 in page_read["cells"].values():
            assert (x1 - x0, y1 - y0) == (pytest.approx(size), pytest.approx(size))
    board = default_board()
    assert cells_on_some_page(read) == {f"{r},{c}" for r, c in board.cells()}


def test_print_one_poster_page_with_legend_and_scale_bar_and_a_pdf(tmp_path, capsys):
    board = "data/brawlhalla/board.json"
    out = tmp_path / "board.svg"
    assert main(["brawlhalla", "print", board, "--out", str(out), "--page", "poster"]) == 0
    (page,) = read_pages([out])
    assert len(page["cells"]) == 18 * 12
    text = out.read_text(encoding="utf-8")
    for words in ("earth", "mountain", "capitals", "ruins", "boat wreckages", "6 cm", "40 mm"):
        assert words in text
    pdf = tmp_path / "board.pdf"
    assert main(["brawlhalla", "print", board, "--out", str(pdf), "--page", "poster"]) == 0
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert "wrote" in capsys.readouterr().out


def test_print_refuses_other_files_in_one_line(tmp_path, capsys):
    board = "data/brawlhalla/board.json"
    assert main(["brawlhalla", "print", board, "--out", str(tmp_path / "b.png")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["brawlhalla", "print", board, "--out", "b.svg", "--cell-mm", "x"]) == 2
    assert "--cell-mm" in capsys.readouterr().err


def test_cards_lists_every_card_and_whether_it_is_in_play(capsys):
    from workbench.games.brawlhalla.card_effects import EFFECTS
    from workbench.games.brawlhalla.deck import load_cards

    assert main(["brawlhalla", "cards", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    cards = load_cards()
    assert [r["name"] for r in rows] == list(cards["name"])
    assert all(r["implemented"] == (r["effect"] in EFFECTS) for r in rows)
    assert main(["brawlhalla", "cards"]) == 0
    assert "cards in play" in capsys.readouterr().out
    assert main(["brawlhalla", "cards", "no/such/cards.csv"]) == 2
