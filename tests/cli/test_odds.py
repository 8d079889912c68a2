"""``workbench odds``: JSON shapes, readable tables, one-line errors with exit code 2."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from workbench.cli import main
from workbench.games.brawlhalla import Rules, clash_odds
from workbench.jsonio import save_json


def run_json(capsys, *argv):
    assert main(["odds", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_clash_json_is_the_risk_table(capsys):
    data = run_json(capsys, "clash", "3", "2")
    assert data["attacker"] == 3 and data["defender"] == 2
    assert data["distribution"] == [
        {"attacker_losses": 2, "defender_losses": 0, "probability": "2275/7776"},
        {"attacker_losses": 1, "defender_losses": 1, "probability": "2611/7776"},
        {"attacker_losses": 0, "defender_losses": 2, "probability": "1445/3888"},
    ]


def test_clash_with_modifiers_and_rules_matches_the_library(capsys):
    data = run_json(
        capsys, "clash", "4", "3", "--attacker-mod", "thor", "--attacker-mod", "blood_lord:2",
        "--defender-mod", "norn", "--faces", "8", "--cap", "5",
    )  # fmt: skip
    odds = clash_odds(
        4, 3, rules=Rules(faces=8, dice_cap=5),
        attacker_mods=["thor", "blood_lord:2"], defender_mods=["norn"],
    )  # fmt: skip
    assert [Fraction(r["probability"]) for r in data["distribution"]] == list(odds["probability"])


def test_rules_file(capsys, tmp_path):
    path = tmp_path / "rules.json"
    save_json(path, {"ties": "attacker"})
    data = run_json(capsys, "clash", "1", "1", "--rules", str(path))
    assert data["distribution"][1]["probability"] == "7/12"


def test_rule_settings_come_after_the_file_and_the_shorthands(capsys, tmp_path):
    path = tmp_path / "rules.json"
    save_json(path, {"ties": "attacker", "dice_cap": 6})
    argv = ["clash", "3", "3", "--rules", str(path), "--cap", "4", "--rule", "faces=8"]
    data = run_json(capsys, *argv)
    odds = clash_odds(3, 3, rules=Rules(ties="attacker", dice_cap=4, faces=8))
    assert [Fraction(r["probability"]) for r in data["distribution"]] == list(odds["probability"])
    data = run_json(capsys, "clash", "5", "5", "--cap", "4", "--rule", "dice_cap=5")
    assert data["attacker"] == 5  # --rule wins over the --cap shorthand
    guardian = run_json(capsys, "guardian", "3", "--rule", "guardian_dice=3,2,1")
    assert guardian["p_defeat"] == "1/2"  # 108 of the 216 rolls beat 3, 2 and 1 pair by pair


def test_guardian_and_fight_json(capsys):
    guardian = run_json(capsys, "guardian", "7")
    assert guardian["dice"] == 7 and guardian["p_defeat"] == "26305/46656"
    assert sum(Fraction(p) for p in guardian["losses"].values()) == 1
    battle = run_json(capsys, "fight", "2", "2")
    assert battle["p_attacker_wins"] == "235/648"
    assert sum(Fraction(o["probability"]) for o in battle["outcomes"]) == 1
    bounded = run_json(capsys, "fight", "2", "2", "--max-attacks", "1")
    assert Fraction(bounded["p_attacker_wins"]) == Fraction(295, 1296)


def test_readable_tables(capsys):
    assert main(["odds", "clash", "1", "1"]) == 0
    out = capsys.readouterr().out
    assert "clash: 1 attacker dice against 1 defender dice" in out and "5/12" in out
    assert main(["odds", "guardian", "3"]) == 0
    assert "P(defeat) = 2/27" in capsys.readouterr().out
    assert main(["odds", "fight", "1", "1"]) == 0
    assert "P(attacker wins) = 5/12" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["clash", "0", "2"], "attacker dice must be between 1 and 7, got 0"),
        (["clash", "2", "8"], "defender dice must be between 1 and 7, got 8"),
        (["clash", "-1", "2"], "attacker dice must be between 1 and 7, got -1"),
        (["clash", "x", "2"], "attacker dice must be a whole number, got 'x'"),
        (["clash", "2", "2", "--attacker-mod", "loki"], "unknown die modifier 'loki'"),
        (["clash", "2", "2", "--faces", "1"], "Rules.faces: expected an integer >= 2"),
        (["guardian", "9"], "attacker dice must be between 1 and 7, got 9"),
        (["fight", "0", "3"], "attacker units must be >= 1, got 0"),
        (["fight", "3", "-2"], "defender units must be >= 0, got -2"),
        (["fight", "3", "2", "--max-attacks", "two"], "--max-attacks must be a whole number"),
        (["fight", "3", "2", "--attacker-bonus", "1.5"], "--attacker-bonus must be a whole number"),
        (["clash", "2", "2", "--rule", "ties=nobody"], "--rule ties=nobody: Rules.ties"),
        (["clash", "2", "2", "--rule", "luck=1"], "--rule luck=1: unknown knob"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    assert main(["odds", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_missing_rules_file_names_it(capsys, tmp_path):
    assert main(["odds", "clash", "1", "1", "--rules", str(tmp_path / "nope.json")]) == 2
    assert "nope.json" in capsys.readouterr().err


def test_as_a_process():
    done = subprocess.run(
        [sys.executable, "-m", "workbench", "odds", "clash", "3", "2", "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["distribution"][0]["probability"] == "2275/7776"
