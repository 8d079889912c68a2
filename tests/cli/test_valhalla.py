"""``workbench valhalla``: solve, generate, print and rules; JSON keys, one-line errors (exit 2)."""

import json
import re

import pytest

from tests.grids.sheet_reading import cells_on_some_page, read_pages
from workbench.cli import main
from workbench.games.valhalla.level import load_level
from workbench.games.valhalla.pack import PACK_DIR

FIRST = str(PACK_DIR / "01_first_blood.json")
HALL = str(PACK_DIR / "14_hall_of_heroes.json")


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
    out, err = capsys.readouterr()
    assert out.startswith("First blood: winnable")
    assert "solving First blood: 5/5, done" in err  # the progress, on stderr
    assert "line 1: 1,0" in out and "achievable" in out


def test_rules_file_changes_the_answer(tmp_path, capsys):
    rules = tmp_path / "rules.json"
    rules.write_text('{"win_share": "1/1"}')
    assert main(["valhalla", "solve", FIRST, "--json", "--rules", str(rules)]) == 0
    assert json.loads(capsys.readouterr().out)["winnable"] is False


def test_rule_settings_change_the_answer_after_the_file(tmp_path, capsys):
    assert main(["valhalla", "solve", FIRST, "--json", "--rule", "win_share=1/1"]) == 0
    assert json.loads(capsys.readouterr().out)["winnable"] is False
    rules = tmp_path / "rules.json"
    rules.write_text('{"win_share": "1/1"}')
    command = ["valhalla", "solve", FIRST, "--json", "--rules", str(rules)]
    assert main([*command, "--rule", "win_share=1/2"]) == 0
    assert json.loads(capsys.readouterr().out)["winnable"] is True


def test_bad_rule_settings_are_one_line_and_exit_2(capsys):
    assert main(["valhalla", "solve", FIRST, "--rule", "loki_counts=moons"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Rules.loki_counts: expected one of" in err


def test_rules_lists_every_knob_with_its_text(capsys):
    assert main(["valhalla", "rules", "--json", "--rule", "final_strike=always"]) == 0
    knobs = {k["knob"]: k for k in json.loads(capsys.readouterr().out)}
    assert {"attack_floor", "loki_counts", "win_share", "strong_killer"} <= set(knobs)
    assert knobs["final_strike"]["value"] == "always"
    assert main(["valhalla", "rules"]) == 0
    assert "loki_on_tie" in capsys.readouterr().out


def test_print_writes_a_level_sheet_at_true_scale(tmp_path, capsys):
    out = tmp_path / "first.svg"
    assert main(["valhalla", "print", FIRST, "--out", str(out)]) == 0
    assert "one cell = 25 mm: wrote" in capsys.readouterr().out
    level = load_level(FIRST)
    (page,) = read_pages([out])
    assert page["mm_per_unit"] == pytest.approx(25)
    assert set(page["cells"]) == {
        f"{r},{c}" for r in range(level.height) for c in range(level.width)
    }
    for x0, y0, x1, y1 in page["cells"].values():
        assert (x1 - x0, y1 - y0) == (pytest.approx(25), pytest.approx(25))
    text = out.read_text()
    assert "enemy (Attack/Health)" in text and "First blood" in text  # the legend and title


def test_a_big_level_is_tiled_and_every_cell_lands_on_some_page(tmp_path, capsys):
    out = tmp_path / "hall.svg"
    command = ["valhalla", "print", HALL, "--out", str(out), "--cell-mm", "40", "--page", "letter"]
    assert main([*command, "--solution"]) == 0
    capsys.readouterr()
    paths = sorted(tmp_path.glob("hall-*.svg"))
    pages = read_pages(paths)
    assert len(pages) > 1
    assert all(page["mm_per_unit"] == pytest.approx(40) for page in pages)
    assert cells_on_some_page(pages) == {f"{r},{c}" for r in range(8) for c in range(8)}
    assert any('stroke="#c0392b"' in path.read_text() for path in paths)  # the witness line


def test_print_writes_a_pdf_too(tmp_path, capsys):
    out = tmp_path / "hall.pdf"
    assert main(["valhalla", "print", HALL, "--out", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/MediaBox", data)) == 2


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


def test_generate_on_two_workers_saves_what_a_serial_run_saves(tmp_path, capsys):
    made = {}
    for workers in ("1", "2"):
        out = tmp_path / workers
        main(["valhalla", "generate", "--width", "4", "--height", "4", "--enemies", "3",
              "--count", "2", "--seed", "6", "--out", str(out), "--workers", workers])  # fmt: skip
        made[workers] = [path.read_text() for path in sorted(out.glob("*.json"))]
        assert "levels tried" in capsys.readouterr().err  # the progress bar
    assert len(made["1"]) == 2
    assert made["1"] == made["2"]


def test_solve_prints_the_tricksters_cunning_choices(tmp_path, capsys):
    level = tmp_path / "choice.json"
    level.write_text(json.dumps({"name": "choice", "width": 3, "height": 1, "start": [0, 0],
        "hero": {"health": 1, "attack": 9, "ability": "tricksters_cunning"},
        "enemies": [{"at": [0, 1], "attack": 1, "health": 1},
                    {"at": [0, 2], "attack": 1, "health": 9}]}))  # fmt: skip
    assert main(["valhalla", "solve", str(level), "--rule", "trickster_cunning=choice"]) == 0
    assert "Tricksters Cunning, fight by fight: not used" in capsys.readouterr().out
