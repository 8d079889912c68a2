import json

import pytest

from workbench.cli import main


def _run(capsys, *args):
    code = main(["tune", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["toy", "--knob", "speed", "--target", "balance=1"],
            "--knob speed: unknown knob; known: handicap",
        ),
        (
            ["toy", "--knob", "sides=1..4", "--target", "balance=1"],
            "range 1..4 is outside its metadata",
        ),
        (
            ["toy", "--knob", "sides=3,13", "--target", "balance=1"],
            "expected an integer >= 2 <= 12, got 13",
        ),
        (
            ["toy", "--knob", "sides", "--target", "length=3"],
            "target 'length': unknown metric; known: win rate",
        ),
        (
            ["toy", "--knob", "sides", "--target", "balance~1"],
            "--target balance~1: expected METRIC=VALUE",
        ),
        (["daggers", "--knob", "starting_tokens", "--target", "rounds=12"], "no finite range"),
        (["toy", "--knob", "sides", "--target", "balance=1", "--games", "10**9"], "to 100,000"),
        (["toy", "--knob", "sides", "--target", "balance=1", "--seconds", "-3"], "above 0"),
        (["toy", "--knob", "sides", "--target", "balance=1", "--workers", "0"], "from 1 to 256"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, message):
    code, out, err = _run(capsys, *args, "--games", "40")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_daggers_example_json(capsys):
    code, out, _ = _run(
        capsys,
        "daggers",
        "--knob",
        "starting_tokens=1..3",
        "--target",
        "rounds=12+-4",
        "--games",
        "400",
        "--seed",
        "2",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"best", "candidates", "games_played", "ended"}
    best = data["best"]
    assert best["rules"]["starting_tokens"] in (1, 2, 3)
    low, high = best["metrics"]["rounds"]["ci"]
    assert low <= best["metrics"]["rounds"]["value"] <= high
    assert [c["starting_tokens"] for c in data["candidates"] if c["chosen"]] == [
        best["rules"]["starting_tokens"]
    ]
    assert data["games_played"] <= 400 + 8


def test_workers_do_not_change_the_answer(capsys):
    args = [
        "toy",
        "--knob",
        "handicap=-2..2",
        "--target",
        "win rate seat 0=0.34",
        "--games",
        "500",
        "--seed",
        "4",
        "--json",
        "--rule",
        "rounds=1",
    ]
    serial = _run(capsys, *args)[1]
    pooled = _run(capsys, *args, "--workers", "2")[1]
    assert json.loads(serial) == json.loads(pooled)
    assert json.loads(serial)["best"]["rules"]["rounds"] == 1


def test_text_output(capsys):
    code, out, _ = _run(
        capsys, "toy", "--knob", "rounds=1..3", "--target", "duration=4", "--games", "300"
    )
    assert code == 0 and "chosen: rounds=2" in out


def test_a_time_budget_is_reported(capsys):
    code, out, _ = _run(
        capsys,
        "toy",
        "--knob",
        "handicap=-1..1",
        "--target",
        "balance=1",
        "--games",
        "3000",
        "--seconds",
        "0.001",
        "--json",
    )
    report = json.loads(out)
    assert code == 0 and report["ended"] == "time" and report["games_played"] < 3000
