"""``workbench raid``: the JSON shape of simulate, optimise's map file, one-line errors."""

import json

import pytest

from workbench.cli import main
from workbench.games.viking_raid import DATA_DIR, ROLES, default_map, load_map

DEFAULT = str(DATA_DIR / "default.json")


def test_simulate_json_has_exactly_the_documented_shape(capsys):
    assert main(["raid", "simulate", DEFAULT, "--games", "30", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"games", "roles", "mean_turns"} and out["games"] == 30
    assert list(out["roles"]) == list(ROLES)
    for role in ROLES:
        figures = out["roles"][role]
        assert set(figures) == {"win_share", "win_share_ci", "mean_gold"}
        lo, hi = figures["win_share_ci"]
        assert lo <= figures["win_share"] <= hi
    assert sum(out["roles"][r]["win_share"] for r in ROLES) == pytest.approx(1, abs=1e-3)
    assert sum(out["roles"][r]["mean_gold"] for r in ROLES) == pytest.approx(24, abs=1e-3)


def test_simulate_table_and_same_seed_same_numbers(capsys):
    args = ["raid", "simulate", DEFAULT, "--games", "20", "--version", "0.2", "--seed", "1"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert "rules 0.2, greedy self-play, 20 games" in first
    assert main([*args, "--workers", "2"]) == 0
    assert capsys.readouterr().out == first


def test_optimise_saves_a_valid_map(tmp_path, capsys):
    out = tmp_path / "best.json"
    args = ["raid", "optimise", DEFAULT, "--games", "6", "--candidates", "3", "--rungs", "2"]
    assert main([*args, "--confirm-games", "10", "--out", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {"resolved", "treasure", "best", "original"} <= set(report)
    saved = load_map(out)
    assert saved.total_treasure == default_map().total_treasure and saved.name == "best"
    assert "Confirmation on 10 games with fresh seeds" in saved.notes[-1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["raid", "simulate", "missing.json"], "missing.json: cannot read file"),
        (["raid", "simulate", DEFAULT, "--version", "0.3"], "unknown Viking Raid version"),
        (["raid", "simulate", DEFAULT, "--agent", "genius"], "--agent: expected one of"),
        (["raid", "simulate", DEFAULT, "--games", "0"], "--games: expected a positive"),
        (["raid", "optimise", DEFAULT, "--candidates", "0"], "candidates must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
