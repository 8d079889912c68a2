"""``workbench valgard``: solve and tournament, JSON output, one-line errors with exit code 2."""

import json
import subprocess
import sys

import pytest

from workbench.cli import main
from workbench.games.valgard import Rules, ValgardGame
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
         "unknown rules field(s) colour"),
        (["solve", "--rows", "3", "--cols", "3", "--rule", "hardcore"],
         "--rule 'hardcore': expected KNOB=VALUE"),
        (["solve", "--rows", "1", "--cols", "3"], "Rules.rows: expected an integer >= 2"),
        (["solve", "--rows", "3", "--cols", "3", "--reserve", "3", "--max-states", "100"],
         "max_states=100"),
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
    assert done.stderr.count("\n") == 1 and "--rows: invalid" in done.stderr


def test_tournament_json(capsys):
    code, out, _ = run(capsys, "tournament", "--rows", "3", "--cols", "3",
                       "--rule", "reserve=2", "--rule", "muster=1", "--rule", "max_plies=20",
                       "--agents", "random", "greedy", "--rounds", "2", "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4
    assert {row["agent"] for row in data["agents"]} == {"random", "greedy"}
    assert {row["metric"] for row in data["balance"]} >= {"balance", "time-outs", "duration"}
