"""``workbench valhalla``: solve and generate, JSON keys, and one-line errors with exit 2."""

import json

import pytest

from workbench.cli import main
from workbench.games.valhalla.level import load_level
from workbench.games.valhalla.pack import PACK_DIR

FIRST = str(PACK_DIR / "01_first_blood.json")


def test_solve_json_has_exactly_the_issue_keys_and_star_names(capsys):
    assert main(["valhalla", "solve", FIRST, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert list(answer) == ["winnable", "star_sets", "max_stars", "fewest_lines", "solution",
                            "stats"]  # fmt: skip
    assert answer["winnable"] is True and answer["max_stars"] == 3
    assert answer["star_sets"][0] == ["one_line", "all_but_one", "strong_killer"]
    assert answer["fewest_lines"] == 1
    assert answer["solution"][0][0] == [1, 0]
    assert {"states", "winning_kill_orders", "random_win_share"} <= set(answer["stats"])


def test_solve_prints_a_readable_answer(capsys):
    assert main(["valhalla", "solve", FIRST]) == 0
    out = capsys.readouterr().out
    assert out.startswith("First blood: winnable")
    assert "line 1: 1,0" in out and "achievable" in out


def test_rules_file_changes_the_answer(tmp_path, capsys):
    rules = tmp_path / "rules.json"
    rules.write_text('{"win_share": "1/1"}')
    assert main(["valhalla", "solve", FIRST, "--json", "--rules", str(rules)]) == 0
    assert json.loads(capsys.readouterr().out)["winnable"] is False


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "invalid JSON at line 1"),
        ('{"name": "x"}', "$: missing key 'width' (and"),
        ("[1, 2]", "$: expected an object"),
    ],
)
def test_bad_files_give_one_line_and_exit_2(tmp_path, capsys, content, expected):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["valhalla", "solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err and str(path) in err


def test_missing_file_and_bad_rules_exit_2(tmp_path, capsys):
    assert main(["valhalla", "solve", str(tmp_path / "nope.json")]) == 2
    rules = tmp_path / "rules.json"
    rules.write_text('{"loki_counts": "moons"}')
    assert main(["valhalla", "solve", FIRST, "--rules", str(rules)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert "cannot read file" in err[0] and "Rules.loki_counts: expected one of" in err[1]


def test_generate_writes_verified_levels(tmp_path, capsys):
    out = tmp_path / "made"
    code = main(["valhalla", "generate", "--width", "4", "--height", "4", "--enemies", "3",
                 "--items", "1", "--ability", "to_valhalla", "--stars", "all_but_one",
                 "--count", "2", "--seed", "4", "--out", str(out), "--json"])  # fmt: skip
    assert code == 0
    rows = json.loads(capsys.readouterr().out)
    files = sorted(out.glob("*.json"))
    assert len(rows) == len(files) == 2
    assert all(row["winnable"] for row in rows)
    assert load_level(files[0]).hero.ability == "to_valhalla"
