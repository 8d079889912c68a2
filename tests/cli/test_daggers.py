"""``workbench daggers``: exact JSON odds, simulated games, one-line errors with exit code 2."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from workbench.cli import main
from workbench.games.daggers_brink.odds import remaining_hits, wound_probability


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
        (["odds", "5", "x", "2"], "defend must be a whole number, got 'x'"),
        (["odds", "5", "3", "2", "--threshold", "7"], "--threshold must be 1..6, got 7"),
        (["odds", "-1", "3", "2"], "attack must be >= 0, got -1"),
        (["simulate", "--players", "8"], "--players must be 3..6, got 8"),
        (["simulate", "--games", "2", "--strategy", "luck"], "strategy 'luck': expected one of"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, argv, message):
    assert main(["daggers", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_module_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "workbench", "daggers", "odds", "1", "1", "1", "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["p_wound"] == "1/4"
