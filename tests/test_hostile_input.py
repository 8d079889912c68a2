"""Hostile input: every loader, given a shipped file with one value replaced by something
it does not expect, answers with a DataError or RulesError naming the file, never with
another exception; the cases are generated here from the shipped files (no big files in
the repository).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from workbench.errors import DataError, RulesError
from workbench.games.brawlhalla.board import load_board
from workbench.games.brawlhalla.deck import load_cards
from workbench.games.brawlhalla.position import load_position
from workbench.games.daggers_brink.deck import COLUMNS as DAGGERS_COLUMNS
from workbench.games.daggers_brink.deck import CardType, Deck, load_deck
from workbench.games.valhalla.level import load_level
from workbench.games.viking_raid.raid_map import load_map

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


#: What replaces one value in turn: the wrong types, huge and negative numbers, a huge
#: string, null, a bool and a deep nesting that the parser still accepts.
HOSTILE: dict[str, Any] = {
    "list": ["capital"],
    "dict": {"kind": "capital"},
    "huge string": "x" * 100_000,
    "huge int": 10**29,
    "negative": -1,
    "null": None,
    "bool": True,
    "float": 0.5,
    "nested": _deep(200),
}


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every place in a JSON document (lists longer than two: their first and last
    entries only, which stand for the rest)."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        indices = range(len(value)) if len(value) <= 2 else (0, len(value) - 1)
        for index in indices:
            yield from _paths(value[index], (*path, index))


def _replaced(document: Any, path: tuple, value: Any) -> Any:
    if not path:
        return copy.deepcopy(value)
    changed = copy.deepcopy(document)
    place = changed
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = copy.deepcopy(value)
    return changed


def _mutations(document: Any) -> Iterator[tuple[str, Any]]:
    for path in _paths(document):
        for name, value in HOSTILE.items():
            yield f"{list(path)} = {name}", _replaced(document, path, value)
    if isinstance(document, dict):
        for key in document:
            yield f"without {key!r}", {k: v for k, v in document.items() if k != key}
        yield "an unknown key", {**document, "unknown": 1}


def _check_loader(tmp_path: Path, shipped: Path, load: Callable[[Path], Any]) -> int:
    """Load every mutation of ``shipped`` (as a file beside a copy of its folder's files);
    return how many cases ran."""
    document = json.loads(shipped.read_text(encoding="utf-8"))
    load(shipped)  # the shipped file itself loads
    path = tmp_path / shipped.name
    cases, wrong = 0, []
    for case, changed in _mutations(document):
        path.write_text(json.dumps(changed), encoding="utf-8")
        try:
            load(path)
        except (DataError, RulesError) as exc:
            if str(path) not in str(exc) or len(str(exc)) > 4000:
                wrong.append(f"{case}: {str(exc)[:200]} ({len(str(exc)):,} characters)")
        except Exception as exc:  # the point of the test: anything else is a defect
            wrong.append(f"{case}: {type(exc).__name__}: {str(exc)[:200]}")
        cases += 1
    assert not wrong, f"{shipped.name}: {len(wrong)} of {cases} cases:\n" + "\n".join(wrong[:40])
    return cases


LOADERS = {
    "brawlhalla board": (DATA / "brawlhalla" / "board.json", load_board),
    "brawlhalla position": (DATA / "brawlhalla" / "positions" / "opening.json", load_position),
    "valhalla level": (DATA / "valhalla_calling" / "levels" / "05_chariot_ride.json", load_level),
    "viking raid map": (DATA / "viking_raid" / "default.json", load_map),
}


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_loader_answers_every_mutation_with_a_data_error_naming_the_file(name, tmp_path):
    shipped, load = LOADERS[name]
    assert _check_loader(tmp_path, shipped, load) > 50


def _rules_classes() -> dict[str, type]:
    from workbench.games.brawlhalla.rules import Rules as Brawlhalla
    from workbench.games.daggers_brink.rules import Rules as Daggers
    from workbench.games.valgard.rules import Rules as Valgard
    from workbench.games.valhalla.rules import Rules as Valhalla
    from workbench.games.viking_raid.rules import Rules as Raid

    return {
        "brawlhalla": Brawlhalla,
        "daggers_brink": Daggers,
        "valgard": Valgard,
        "valhalla": Valhalla,
        "viking_raid": Raid,
    }


@pytest.mark.parametrize("game", sorted(_rules_classes()))
def test_every_rules_knob_refuses_hostile_values_with_a_rules_error(game, tmp_path):
    from workbench.jsonio import load_json

    rules_class = _rules_classes()[game]
    shipped = tmp_path / "defaults.json"
    shipped.write_text(json.dumps(rules_class().to_dict()), encoding="utf-8")

    def load(path: Path) -> Any:
        return rules_class.from_dict(load_json(path), source=str(path))

    assert _check_loader(tmp_path / "..", shipped, load) >= len(
        dataclasses.fields(rules_class)
    ) * len(HOSTILE)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"name": "a", "name": "b"}', "the key 'name' appears twice"),
        ("1" * 5000, "digits"),
        ("NaN", "NaN"),
        ("\u00ff\u00fe", "invalid JSON"),
    ],
)
@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_loader_refuses_unparseable_text_naming_the_file(name, text, expected, tmp_path):
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=expected) as caught:
        LOADERS[name][1](path)
    assert str(path) in str(caught.value)


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_loader_refuses_a_folder_and_a_device(name, tmp_path):
    for path in (tmp_path, Path("/dev/zero")):
        with pytest.raises(DataError, match="not a regular file"):
            LOADERS[name][1](path)


def test_a_board_of_500x500_squares_is_refused_at_load_with_the_bound(tmp_path):
    path = tmp_path / "huge.json"
    rows = ["." * 500] * 500
    path.write_text(json.dumps({"terrain": rows, "regions": ["n" * 500] * 500}), "utf-8")
    with pytest.raises(DataError, match=r"500x500 squares: a board has at most 40 rows"):
        load_board(path)


def test_a_raid_map_of_40000_hexes_is_refused_at_load_with_the_bound(tmp_path):
    path = tmp_path / "huge.json"
    hexes = [[q, r] for q in range(200) for r in range(200)]
    starts = {"archer": [0, 0], "huscarl": [0, 1], "berserker": [0, 2]}
    data = {"name": "huge", "hexes": hexes, "starts": starts, "treasure": [[1, 1, 1]]}
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(DataError, match=r"40,000 hexes: a map has at most 400"):
        load_map(path)


def test_a_valhalla_level_of_500x500_squares_is_refused_at_load(tmp_path):
    path = tmp_path / "huge.json"
    level = json.loads((DATA / "valhalla_calling" / "levels" / "01_first_blood.json").read_text())
    path.write_text(json.dumps({**level, "width": 500, "height": 500}), "utf-8")
    with pytest.raises(DataError, match=r"\$\.height: expected an integer from 1 to \d+, got 500"):
        load_level(path)


CSV_LOADERS = {
    "brawlhalla cards": (
        "name,family,count,cost,effect",
        "Axe,basic,{count},{bonus},axe_effect",
        load_cards,
    ),
    "daggers deck": (
        ",".join(DAGGERS_COLUMNS),
        "Axe,bonus,{bonus},0,0,0,{count}",
        load_deck,
    ),
}

#: Each hostile CSV text (a function of the header and a row template) and the line and
#: column the error must name.
HOSTILE_CSV: dict[str, tuple[Callable[[str, str], bytes], str]] = {
    "empty": (lambda h, r: b"", "the file is empty"),
    "header only": (lambda h, r: f"{h}\n".encode(), "a header and no rows"),
    "truncated": (
        lambda h, r: f"{h}\n{r.format(count=1, bonus=1)}\n{r[:6]}".encode(),
        r"line 3: \d fields, expected \d \(is the file cut short\?\)",
    ),
    "open quote": (lambda h, r: f'{h}\n"Axe,1'.encode(), r"line \d: not valid CSV"),
    "binary": (lambda h, r: b"\x89PNG\r\n\x1a\n\x00\x00\xff", "not UTF-8 text"),
    "NUL bytes": (lambda h, r: f"{h}\nA\0xe,1\n".encode(), "line 2: holds a NUL byte"),
    "200 KB field": (
        lambda h, r: f"{h}\n{'A' * 200_000},{r.format(count=1, bonus=1)}".encode(),
        r"line 2, column 1: a cell of 200,000 characters \(at most 200\)",
    ),
    "extra column": (lambda h, r: f"{h},extra\n".encode(), r"line 1: unknown column\(s\) 'extra'"),
    "extra field": (
        lambda h, r: f"{h}\n{r.format(count=1, bonus=1)},9\n".encode(),
        r"line 2: \d fields, expected \d$",
    ),
    "count 10**30": (
        lambda h, r: f"{h}\n{r.format(count=10**30, bonus=1)}\n".encode(),
        r"line 2, (column 'count'|count): expected a whole number from 0 to \d+, got '1000",
    ),
    "bonus 10**30": (
        lambda h, r: f"{h}\n{r.format(count=1, bonus=10**30)}\n".encode(),
        r"line 2, (column 'speed'|cost): expected a whole number from -?\d+ to \d+, got '1000",
    ),
    "1_000": (
        lambda h, r: f"{h}\n{r.format(count='1_000', bonus=1)}\n".encode(),
        r"line 2, (column 'count'|count): expected a whole number from 0 to \d+, got '1_000'",
    ),
    **{
        f"formula {start!r}": (
            lambda h, r, start=start: f"{h}\n{start}{r.format(count=1, bonus=1)}\n".encode(),
            r"line 2, column name: .* starts like a formula",
        )
        for start in "=+-@"
    },
}


@pytest.mark.parametrize("case", sorted(HOSTILE_CSV))
@pytest.mark.parametrize("name", sorted(CSV_LOADERS))
def test_a_csv_loader_refuses_a_hostile_file_naming_file_line_and_column(name, case, tmp_path):
    header, row, load = CSV_LOADERS[name]
    text, expected = HOSTILE_CSV[case]
    path = tmp_path / "hostile.csv"
    path.write_bytes(text(header, row))
    with pytest.raises(DataError, match=expected) as caught:
        load(path)
    assert str(caught.value).startswith(f"{path}: ")


@pytest.mark.parametrize("name", sorted(CSV_LOADERS))
def test_a_csv_loader_takes_a_plain_row_and_signed_numbers(name, tmp_path):
    header, row, load = CSV_LOADERS[name]
    path = tmp_path / "fine.csv"
    path.write_text(f"{header}\n{row.format(count=2, bonus=1)}\n", encoding="utf-8")
    assert load(path) is not None


def test_a_daggers_deck_with_a_formula_name_is_not_saved(tmp_path):
    deck = load_deck()
    card = deck.types[0]
    with pytest.raises(DataError, match="starts like a spreadsheet formula"):
        Deck((CardType("=cmd()", card.kind, card.bonus, card.count), *deck.types[1:]))
    with pytest.raises(DataError, match="count 1000000000000000000000000000000, expected 0"):
        deck.with_count(card.name, 10**30)


# --- commands: bounded work, one line and exit 2, workers ended on a signal -------------

#: What a command may take here: a bad one fails the test instead of the machine.
MEMORY_CAP = 2 * 2**30
TIME_LIMIT = 60


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _workbench(*argv: str, module: bool = True, **options: Any) -> subprocess.Popen:
    """``python -m workbench ARGV`` (or ``python ARGV``) under the memory cap."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, *(["-m", "workbench"] if module else []), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_capped,
        **options,
    )


RAID_MAP = str(DATA / "viking_raid" / "default.json")
THOR = ("--attacker-mod", "thor")
_GENERATE = ("valhalla", "generate", "--width", "4", "--height", "4", "--enemies", "2", "--out")
_GENERATE = (*_GENERATE, "levels")

#: Command lines that asked for unbounded work, and what their one line must say.
UNBOUNDED = {
    "50 Thor modifiers": (("odds", "clash", "7", "7", *THOR * 50), "the deck holds 4"),
    "huge clash": (("odds", "clash", "100000", "100000", "--cap", "100000"), "at most 20"),
    "huge cap by a rule": (("odds", "clash", "3", "3", "--rule", "dice_cap=500"), "<= 20"),
    "huge fight": (("odds", "fight", "5000", "3"), "at most 200"),
    "daggers odds": (("daggers", "odds", "1000000000", "3", "2"), "at most 1,000"),
    "raid games": (("raid", "simulate", RAID_MAP, "--games", "1000000000"), "to 100,000"),
    "daggers games": (("daggers", "simulate", "--games", "1000000000"), "to 100,000"),
    "raid rungs": (("raid", "optimise", RAID_MAP, "--rungs", "100"), "from 1 to 8"),
    "raid rungs and games": (
        ("raid", "optimise", RAID_MAP, "--rungs", "8", "--games", "5000"),
        "a race of 1,280,000 games; at most 400,000",
    ),
    "raid candidates and games": (
        ("raid", "optimise", RAID_MAP, "--candidates", "1024", "--games", "10000"),
        "a race of 30,720,000 games; at most 400,000",
    ),
    "1_000 games": (("raid", "simulate", RAID_MAP, "--games", "1_000"), "got '1_000'"),
    "negative seed": (("raid", "simulate", RAID_MAP, "--seed", "-1"), "argument --seed"),
    "brawlhalla games": (("brawlhalla", "simulate", "--games", "1000000000"), "to 100,000"),
    "brawlhalla luck seed": (("brawlhalla", "luck", "--seed", "-1"), "argument --seed"),
    "valgard seed": (("valgard", "tournament", "--seed", "-1"), "argument --seed"),
    "valhalla count": ((*_GENERATE, "--count", "-1"), "argument --count"),
    "valhalla no count": ((*_GENERATE, "--count", "0"), "argument --count"),
    "valhalla tries": ((*_GENERATE, "--tries", "-5"), "argument --tries"),
    "valhalla items": ((*_GENERATE, "--items", "-1"), "argument --items"),
    "valhalla huge board": (
        (
            "valhalla",
            "generate",
            "--width",
            "500",
            "--height",
            "4",
            "--enemies",
            "1",
            "--out",
            "levels",
        ),
        "argument --width",
    ),
    "valhalla line budget": (
        (
            "valhalla",
            "solve",
            str(DATA / "valhalla_calling" / "levels" / "01_first_blood.json"),
            "--line-budget",
            "-1",
        ),
        "argument --line-budget",
    ),
}


#: Runs each command line given as JSON on stdin through ``main`` in one process (one
#: start-up for all cases), printing ``[exit code, stderr]`` per case as JSON.
_DRIVER = """
import contextlib, io, json, sys
from workbench.cli import main
answers = []
for argv in json.load(sys.stdin):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        answers.append([main(argv), err.getvalue()])
print(json.dumps(answers))
"""


def _outputs(tmp: Path) -> dict[str, tuple[tuple[str, ...], str]]:
    """Command lines whose output cannot be written, and what their one line must say
    (before any work: a whole optimisation would be lost)."""
    (tmp / "afile").write_text("mine")
    optimise = ("raid", "optimise", RAID_MAP, "--games", "5000", "--rungs", "1", "--out")
    return {
        "out in /proc": ((*optimise, "/proc/x.json"), "/proc/x.json: cannot write there"),
        "out a folder": ((*optimise, str(tmp)), "is a folder"),
        "out under a file": ((*optimise, f"{tmp}/afile/x.json"), "afile is a file, not a folder"),
        "out /dev/full": ((*optimise, "/dev/full"), "not a regular file"),
        "out in a missing folder": (
            ("raid", "print", RAID_MAP, "--out", f"{tmp}/missing/mat.pdf"),
            "missing does not exist (make it first)",
        ),
    }


def test_every_command_asking_for_unbounded_work_or_a_bad_output_is_refused_in_one_line(
    tmp_path,
):
    refused = {**UNBOUNDED, **_outputs(tmp_path)}
    cases = sorted(refused)
    run = _workbench("-c", _DRIVER, module=False, stdin=subprocess.PIPE)
    out, err = run.communicate(json.dumps([refused[c][0] for c in cases]), timeout=TIME_LIMIT)
    assert run.returncode == 0, err
    for case, (code, message) in zip(cases, json.loads(out), strict=True):
        assert code == 2 and refused[case][1] in message, (case, message)
        assert len(message.strip().splitlines()) == 1, (case, message)
    assert (tmp_path / "afile").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


@pytest.mark.parametrize("stop", ["SIGTERM", "Ctrl-C"])
def test_many_workers_are_cut_to_the_cores_and_stopping_the_run_ends_them(stop):
    cores = os.cpu_count() or 1
    run = _workbench(
        "raid", "simulate", RAID_MAP, "--games", "100000", "--workers", "500", "--json",
        start_new_session=True,
    )  # fmt: skip
    children: set[int] = set()
    deadline = time.monotonic() + TIME_LIMIT
    while len(children) < min(cores, 2) and time.monotonic() < deadline:
        children |= set(_children(run.pid))
        time.sleep(0.2)
    assert 0 < len(children) <= cores + 1  # the pool's workers (and its resource tracker)
    if stop == "SIGTERM":
        run.send_signal(signal.SIGTERM)
    else:  # a terminal's Ctrl-C reaches every process of the group, workers included
        os.killpg(run.pid, signal.SIGINT)
    _, err = run.communicate(timeout=TIME_LIMIT)
    assert run.returncode == 130
    lines = err.strip().splitlines()
    assert lines == [
        f"workbench: --workers 500: this machine has {cores} cores; using {cores}",
        "workbench: stopped (interrupted); nothing more was written",
    ], err
    time.sleep(0.5)
    assert not [pid for pid in children if Path(f"/proc/{pid}").exists()]


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in found.read_text().split()] if found.exists() else []
