"""Rules on the command line: file, shorthands and --rule in order; one-line errors."""

import argparse
import json

import pytest

from workbench.cli.rules_options import add_rules_command, add_rules_options, rules_from_args
from workbench.errors import DataError, RulesError
from workbench.games.valgard.rules import Rules


def _parser():
    parser = argparse.ArgumentParser()
    add_rules_options(parser, Rules)
    return parser


def test_defaults_without_options():
    assert rules_from_args(_parser().parse_args([])) == Rules()


def test_file_then_shorthands_then_settings(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"hardcore": True, "rows": 5}))
    args = _parser().parse_args(["--rules", str(path), "--rule", "cols=4", "--rule", "rows=4"])
    rules = rules_from_args(args, base=Rules(muster=1), shorthands={"rows": 3, "cols": None})
    assert (rules.hardcore, rules.rows, rules.cols, rules.muster) == (True, 4, 4, 1)


def test_bad_files_and_settings_are_workbench_errors(tmp_path):
    with pytest.raises(DataError, match="cannot read file"):
        rules_from_args(_parser().parse_args(["--rules", str(tmp_path / "none.json")]))
    (tmp_path / "bad.json").write_text('{"colour": 1}')
    with pytest.raises(RulesError, match=r"bad\.json: unknown rules field\(s\) colour"):
        rules_from_args(_parser().parse_args(["--rules", str(tmp_path / "bad.json")]))
    with pytest.raises(RulesError, match=r"--rule rows=1: Rules\.rows: expected"):
        rules_from_args(_parser().parse_args(["--rule", "rows=1"]))


def test_the_rules_command_prints_every_knob(capsys):
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers()
    add_rules_command(commands, Rules)
    args = parser.parse_args(["rules", "--json", "--rule", "hardcore=true"])
    assert args.func(args) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["knob"] for r in records] == [f.name for f in Rules.__dataclass_fields__.values()]
    assert next(r for r in records if r["knob"] == "hardcore")["value"] is True
    args = parser.parse_args(["rules"])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rules knobs") and "hardcore" in out and "rule text" in out
