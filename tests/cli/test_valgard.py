"""``workbench valgard``: solve, tournament, rules and print; JSON output, rules given
the one way (``--rules``/``--rule``, board shorthands), one-line errors with exit code 2."""

import json
import subprocess
import sys

import pytest

from tests.grids.sheet_reading import cells_on_some_page, read_pages
from workbench.cli import main
from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.drawing import board_picture
from workbench.games.valgard.exact import small_board_rules, solve_board
from workbench.grids import CORNER_CUT
from workbench.play import solve


def run(capsys, *argv):
    code = main(["valgard", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_is_the_solvers_summary(capsys):
    code, out, _ = run(capsys, "solve", "--rows", "2", "--cols", "2", "--reserve", "2",
                       "--rule", "hardcore=true", "--json")  # fmt: skip
    expected = solve(ValgardGame(Rules(rows=2, cols=2, reserve=2, muster=1, hardcore=True)))
    summary = expected.summary()
    assert code == 0
    assert json.loads(out) == {k: summary[k] for k in ("value", "plies", "states")}
    assert json.loads(out)["value"] == "loss"


def test_solve_prints_a_sentence_by_default(capsys):
    code, out, _ = run(capsys, "solve", "--rows", "2", "--cols", "2", "--reserve", "2",
                       "--rule", "hardcore=true")  # fmt: skip
    assert code == 0
    assert out.startswith("2x2 board, reserve 2, muster 1: loss for the player to move first")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--rows", "3", "--cols", "3", "--rule", "colour=red"],
         "--rule colour=red: unknown knob"),
        (["solve", "--rows", "3", "--cols", "3", "--rule", "hardcore"],
         "--rule hardcore: expected KNOB=VALUE"),
        (["solve", "--rows", "3", "--cols", "3", "--rule", "hardcore=maybe"],
         "Rules.hardcore: expected true or false, got 'maybe'"),
        (["tournament", "--rule", "muster=9"], "Rules.muster: expected at most cols (6)"),
        (["print", "--out", "board.png"], "--out board.png: expected a file name ending in"),
        (["solve", "--rows", "1", "--cols", "3"], "Rules.rows: expected an integer >= 2"),
        (["solve", "--rows", "3", "--cols", "3", "--reserve", "3", "--max-states", "100"],
         "max_states=100"),
        (["solve", "--rows", "3", "--cols", "3", "--reserve", "3", "--max-memory", "0.0001"],
         "of memory"),
        (["tournament", "--agents", "alphazero"], "--agents 'alphazero': expected random"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and message in err


def test_argument_errors_are_one_line_too():
    done = subprocess.run(
        [sys.executable, "-m", "workbench", "valgard", "solve", "--rows", "x", "--cols", "3"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "--rows: expected a positive whole number, got 'x'" in done.stderr


def test_tournament_json(capsys):
    code, out, _ = run(capsys, "tournament", "--rows", "3", "--cols", "3",
                       "--rule", "reserve=2", "--rule", "muster=1", "--rule", "max_plies=20",
                       "--agents", "random", "greedy", "--rounds", "2", "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4
    assert {row["agent"] for row in data["agents"]} == {"random", "greedy"}
    assert {row["metric"] for row in data["balance"]} >= {"balance", "time-outs", "duration"}


def test_solve_rules_file_and_rule_come_on_top_of_the_scaled_board(tmp_path, capsys):
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"hardcore": True, "charge": False}))
    code, out, _ = run(capsys, "solve", "--rows", "2", "--cols", "2", "--rules", str(path),
                       "--rule", "charge=true", "--json")  # fmt: skip
    expected = solve_board(small_board_rules(2, 2, hardcore=True))
    assert code == 0 and json.loads(out) == expected


def test_tournament_board_shorthands_and_rule_settings(capsys):
    code, out, _ = run(capsys, "tournament", "--rows", "3", "--cols", "4", "--rule", "reserve=2",
                       "--rule", "muster=1", "--rule", "max_plies=10",
                       "--agents", "random", "greedy", "--rounds", "1")  # fmt: skip
    assert code == 0 and "2 games on 3x4" in out


def test_rules_lists_every_knob_with_the_changes(capsys):
    code, out, _ = run(capsys, "rules", "--json", "--rule", "hardcore=on")
    records = {r["knob"]: r for r in json.loads(out)}
    assert code == 0 and set(records) == {f for f in Rules().to_dict()}
    assert records["hardcore"]["value"] is True and records["hardcore"]["default"] is False
    code, out, _ = run(capsys, "rules")
    assert code == 0 and "valkyrie_capture" in out and "Valkyries are immune" in out


def test_print_the_board_at_true_scale_every_octagon_and_socket_on_a_page(tmp_path, capsys):
    code, out, _ = run(capsys, "print", "--out", str(tmp_path / "board.svg"))
    assert code == 0 and "1 page(s) of a4 portrait; one cell = 30 mm" in out
    pages = read_pages([tmp_path / "board.svg"])
    assert pages[0]["size"] == (210.0, 297.0) and pages[0]["mm_per_unit"] == pytest.approx(30)
    octagons = {k: v for k, v in pages[0]["cells"].items() if k[0].isdigit()}
    sockets = {k: v for k, v in pages[0]["cells"].items() if k.startswith("s:")}
    assert len(octagons) == 36 and len(sockets) == 25
    for x0, y0, x1, y1 in octagons.values():  # an octagon spans one cell
        assert (x1 - x0, y1 - y0) == (pytest.approx(30), pytest.approx(30))
    for x0, _, x1, _ in sockets.values():  # a socket spans the two corner cuts
        assert x1 - x0 == pytest.approx(2 * CORNER_CUT * 30, abs=0.05)  # SVG keeps 4 digits


def test_a_large_board_is_tiled_and_every_shape_lands_on_some_page(tmp_path, capsys):
    code, out, _ = run(capsys, "print", "--rows", "9", "--rule", "cols=8", "--cell-mm", "40",
                       "--page", "letter", "--out", str(tmp_path / "big.svg"))  # fmt: skip
    assert code == 0 and "tiles that overlap; one cell = 40 mm" in out
    paths = sorted(tmp_path.glob("big-*.svg"))
    pages = read_pages(paths)
    assert len(paths) > 1 and all(p["mm_per_unit"] == pytest.approx(40) for p in pages)
    expected = {s["id"] for s in board_picture(Rules(rows=9, cols=8)).shapes}
    assert cells_on_some_page(pages) == expected
    for page in pages:
        for ident, (x0, _, x1, _) in page["cells"].items():
            if not ident.startswith("s:"):
                assert x1 - x0 == pytest.approx(40)


def test_print_writes_a_pdf_too(tmp_path, capsys):
    path = tmp_path / "board.pdf"
    code, out, _ = run(capsys, "print", "--rows", "4", "--cols", "5", "--out", str(path))
    assert code == 0 and str(path) in out
    data = path.read_bytes()
    assert (
        data.startswith(b"%PDF") and data.count(b"/Type /Page") - data.count(b"/Type /Pages") == 1
    )
