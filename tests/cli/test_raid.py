"""``workbench raid``: the JSON shape of simulate, optimise's map file, rules given the one
way, the printed mat read back, one-line errors."""

import json
import math

import pytest

from tests.grids.sheet_reading import cells_on_some_page, read_pages
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
        (
            ["raid", "simulate", DEFAULT, "--games", "0"],
            "--games: expected a whole number from 1 to 100,000, got '0'",
        ),
        (
            ["raid", "optimise", DEFAULT, "--candidates", "0"],
            "--candidates: expected a whole number from 1 to 1,024",
        ),
        (["raid", "simulate", DEFAULT, "--workers", "two"], "--workers: expected a positive"),
        (["raid", "simulate", DEFAULT, "--rule", "role_draw=maybe"], "expected true or false"),
        (["raid", "simulate", DEFAULT, "--rule", "skald_steps=2"], "unknown knob"),
        (["raid", "rules", "--rule", "volley_range=3,2"], "volley_range: expected"),
        (["raid", "rules", "--version", "0.3"], "unknown Viking Raid version"),
        (["raid", "print", DEFAULT, "--out", "mat.png"], "ending in .svg or .pdf"),
        (["raid", "print", DEFAULT, "--out", "mat.svg", "--cell-mm", "0"], "--cell-mm: expected"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_rules_come_from_the_version_then_the_file_then_each_rule(tmp_path, capsys):
    assert main(["raid", "rules", "--json"]) == 0
    knobs = {k["knob"]: k["value"] for k in json.loads(capsys.readouterr().out)}
    assert knobs["role_draw"] is False and knobs["huscarl_move"] == "any"
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"huscarl_move": "any", "berserker_steps": 4}))
    args = ["raid", "rules", "--version", "0.2", "--rules", str(path), "--rule", "role_draw=on"]
    assert main([*args, "--json"]) == 0
    knobs = {k["knob"]: k["value"] for k in json.loads(capsys.readouterr().out)}
    assert (knobs["huscarl_move"], knobs["broke_eliminated"]) == ("any", True)  # file, 0.2
    assert knobs["berserker_steps"] == 4 and knobs["role_draw"] is True
    assert main(args) == 0
    assert "role_draw" in capsys.readouterr().out


def test_simulate_with_the_role_draw_names_the_rules(capsys):
    args = ["raid", "simulate", DEFAULT, "--games", "12", "--rule", "role_draw=true"]
    assert main(args) == 0
    assert "rules 0.21 with role_draw=True, greedy self-play, 12 games" in capsys.readouterr().out


def test_the_printed_mat_has_true_size_hexes_each_whole_on_some_page(tmp_path, capsys):
    assert main(["raid", "print", DEFAULT, "--out", str(tmp_path / "mat.svg")]) == 0
    out = capsys.readouterr().out
    paths = sorted(tmp_path.glob("mat*.svg"))
    assert "2 page(s) of a4" in out and "one cell = 30 mm" in out and len(paths) == 2
    pages = read_pages(paths)
    for page in pages:
        assert page["mm_per_unit"] == pytest.approx(30 / math.sqrt(3))
        for x0, y0, x1, y1 in page["cells"].values():
            assert x1 - x0 == pytest.approx(30, abs=0.01)  # across the flats
            assert y1 - y0 == pytest.approx(60 / math.sqrt(3), abs=0.01)  # corner to corner
    hexes = {f"{q},{r}" for q, r in default_map().hexes}
    assert cells_on_some_page(pages) == hexes
    text = paths[0].read_text() + paths[1].read_text()
    assert all(f">{gold}<" in text for _, gold in default_map().treasure)
    assert all(f">{letter}<" in text for letter in "AHB")


def test_the_mat_prints_on_one_poster_page_and_as_pdf(tmp_path, capsys):
    args = ["raid", "print", DEFAULT, "--cell-mm", "40", "--page", "poster"]
    assert main([*args, "--out", str(tmp_path / "mat.svg")]) == 0
    (page,) = read_pages([tmp_path / "mat.svg"])
    widths = {round(x1 - x0, 2) for x0, _, x1, _ in page["cells"].values()}
    assert widths == {40.0} and len(page["cells"]) == len(default_map().hexes)
    assert main(["raid", "print", DEFAULT, "--out", str(tmp_path / "mat.pdf")]) == 0
    pdf = (tmp_path / "mat.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") >= 1
