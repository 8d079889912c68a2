"""``workbench brawlhalla simulate``: the JSON shape, intervals around the shares, the
table, one-line errors with exit code 2."""

import json

import pytest

from workbench.cli import main

SHORT = ["--rule", "turn_limit=20", "--seed", "2"]


def test_json_shape_and_intervals(capsys):
    assert (
        main(
            [
                "brawlhalla",
                "simulate",
                "--agents",
                "flag",
                "random",
                "--games",
                "4",
                *SHORT,
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"games", "north", "south", "draws", "victory", "mean_turns"}
    assert out["games"] == 4 and set(out["victory"]) == {"war", "holy", "flag", "turn_limit"}
    for side in ("north", "south"):
        low, high = out[side]["win_share_ci"]
        assert 0 <= low <= out[side]["win_share"] <= high <= 1
    wins = round(out["games"] * (out["north"]["win_share"] + out["south"]["win_share"]))
    assert wins + out["draws"] == out["games"] == sum(out["victory"].values())
    assert 0 < out["mean_turns"] <= 20


def test_table_with_a_board_file(capsys):
    args = ["brawlhalla", "simulate", "data/brawlhalla/board.json", "--games", "2", *SHORT]
    assert main([*args, "--agents", "random"]) == 0
    out = capsys.readouterr().out
    assert "first to move" in out and "turn_limit" in out and "s an action" in out


@pytest.mark.parametrize(
    "bad",
    [
        ["--agents", "bogus"],
        ["--agents", "random", "greedy", "flag"],
        ["--games", "0"],
        ["--rule", "turn_limit=x"],
        ["missing.json"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, bad):
    assert (
        main(
            ["brawlhalla", "simulate", *bad, "--games", "1"]
            if "--games" not in bad
            else ["brawlhalla", "simulate", *bad]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1


def test_luck_reports_each_source_with_an_interval(capsys):
    args = ["brawlhalla", "luck", "--games", "2", "--agents", "random", "random"]
    assert main([*args, "--rule", "turn_limit=6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["changed"] for row in data["sources"]] == ["cards", "dice", "seats"]
    assert all(0 <= r["low"] <= r["share"] <= r["high"] <= 1 for r in data["sources"])
    assert main([*args, "--rule", "turn_limit=6"]) == 0
    assert "cards in play" in capsys.readouterr().out
    assert main(["brawlhalla", "luck", "--agents", "random", "nobody"]) == 2


def test_luck_gives_the_parts_asked_for_each_row_with_its_games(capsys):
    args = ["brawlhalla", "luck", "--games", "2", "--agents", "random", "random", "--json"]
    assert main([*args, "--rule", "turn_limit=4", "--parts", "sources"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"games", "agents", "sources"}  # the old output, unchanged
    more = ["--parts", "skill", "cards", "--budgets", "2", "4", "--card-games", "2"]
    assert main([*args, "--rule", "turn_limit=3", *more, "--skill-rounds", "1", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"games", "agents", "skill", "cards"}
    assert [(r["strong"], r["weak"], r["games"]) for r in data["skill"][:3]] == [
        (4, 2, 4),
        (2, "greedy", 2),
        (4, "greedy", 4),
    ]
    assert {r["turn_limit"] for r in data["skill"]} == {3}  # the rules' limit, under 30
    assert all(r["games"] == 2 and 0 <= r["win_low"] <= r["win_high"] <= 1 for r in data["cards"])


def test_luck_table_and_bad_parts(capsys):
    args = ["brawlhalla", "luck", "--games", "2", "--agents", "random", "random"]
    assert main([*args, "--rule", "turn_limit=3", "--parts", "cards", "--card-games", "2"]) == 0
    assert "card strength: 2 games per card" in capsys.readouterr().out
    assert main([*args, "--parts", "dice"]) == 2
