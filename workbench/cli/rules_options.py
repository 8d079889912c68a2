"""Rules on the command line, the same way for every game, built from the knobs.

``add_rules_options(parser, Rules)`` gives a command ``--rules FILE.json`` (fields
that differ from the defaults, as ``Rules.to_dict`` writes them) and repeated
``--rule KNOB=VALUE``; :func:`rules_from_args` applies, in order: the command's
base rules, the file, the command's own shorthands (such as ``raid --version``)
and the ``--rule`` settings. Each value is read and checked by its knob; a bad
one is one line and exit code 2. :func:`add_rules_command` adds ``<game> rules
[--json]``, which prints every knob (``describe()``).

>>> import argparse
>>> from workbench.games.valgard.rules import Rules
>>> parser = argparse.ArgumentParser()
>>> add_rules_options(parser, Rules)
>>> rules_from_args(parser.parse_args(["--rule", "hardcore=true"])).hardcore
True
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from workbench.cli.output import print_json, print_table
from workbench.jsonio import load_json
from workbench.rules import knob_records

__all__ = ["add_rules_command", "add_rules_options", "rules_from_args"]


def add_rules_options(parser: argparse.ArgumentParser, rules_class: type) -> None:
    """Add ``--rules FILE.json`` and repeated ``--rule KNOB=VALUE`` for ``rules_class``."""
    knobs = ", ".join(f.name for f in dataclasses.fields(rules_class))
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--rules",
        metavar="FILE.json",
        help="JSON object of rules knobs that differ from the defaults",
    )
    group.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KNOB=VALUE",
        help=f"set one knob (repeatable): {knobs}",
    )
    parser.set_defaults(rules_class=rules_class)


def rules_from_args(
    args: argparse.Namespace, *, base: Any = None, shorthands: Mapping[str, Any] | None = None
) -> Any:
    """The rules a command runs with: ``base`` (default: the defaults), then ``--rules``,
    then ``shorthands`` (knob -> value, None skipped), then each ``--rule``."""
    rules = base if base is not None else args.rules_class()
    if args.rules:
        rules = args.rules_class.from_dict(load_json(args.rules), source=args.rules, base=rules)
    changes = {k: v for k, v in (shorthands or {}).items() if v is not None}
    if changes:
        rules = rules.replace(**changes)
    return rules.with_settings(args.rule)


def add_rules_command(
    commands: argparse._SubParsersAction,
    rules_class: type,
    *,
    base: Callable[[argparse.Namespace], Any] | None = None,
) -> argparse.ArgumentParser:
    """Add a ``rules`` sub-command that prints every knob, its value and its rule text.

    ``base(args)`` gives the rules it starts from (default: the defaults), for a game
    whose own options pick them (such as ``raid --version``, added to the parser
    returned).
    """
    parser = commands.add_parser(
        "rules", help="list the rules knobs (what the text says, the alternatives)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rules_options(parser, rules_class)
    parser.set_defaults(func=_print_rules, rules_base=base)
    return parser


def _print_rules(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, base=args.rules_base(args) if args.rules_base else None)
    if args.json:
        print_json(knob_records(rules))
        return 0
    frame = rules.describe()
    frame["value"] = frame["value"].map(str)
    frame["default"] = frame["default"].map(str)
    print_table(frame.drop(columns="changed"), title=f"{type(rules).__name__} knobs")
    return 0
