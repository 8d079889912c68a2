"""``workbench tune GAME``: search a game's knobs for rules that meet targets.

``--knob NAME[=LO..HI|=A,B,C]`` (repeatable) names a knob that may move, with its
values from the knob's metadata unless narrowed; ``--target METRIC=VALUE[+-TOL]``,
``METRIC=LO..HI``, ``METRIC<=X`` or ``METRIC>=X`` (``@WEIGHT`` optional, repeatable)
says what a good game looks like: metrics are the balance-report names (``win rate
seat 0``, ``balance``, ``drawishness``, ``duration``...) and the game's per-game summary
columns (``rounds`` for Daggers Brink, ``win_archer`` for Viking Raid...). The run
plays at most about ``--games`` games, seeded by ``--seed`` (the same answer for any
``--workers``). Bad knob names, ranges outside a knob's metadata and unknown metrics
print one line and exit 2.

>>> from workbench.cli import main
>>> main(["tune", "toy", "--knob", "speed", "--target", "balance=1"])  # doctest: +SKIP
workbench: error: --knob speed: unknown knob; known: handicap, rounds, sides
"""

from __future__ import annotations

import argparse

from workbench.cli.output import print_json, print_table
from workbench.cli.rules_options import rules_from_args
from workbench.games.tuning import TUNE_GAMES, tune_game
from workbench.play.tune import Space, tune
from workbench.play.tune_space import parse_knob
from workbench.play.tune_targets import parse_target

__all__ = ["register"]


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text}")
    return value


def _tune(args: argparse.Namespace) -> int:
    game = tune_game(args.game)
    args.rules_class = type(game.rules)
    base = rules_from_args(args, base=game.rules)
    knobs = dict(parse_knob(base, text) for text in args.knob)
    targets = [parse_target(text) for text in args.target]
    space = Space.from_rules(base, knobs)
    found = tune(
        space,
        game.arena,
        targets,
        games=args.games,
        seed=args.seed,
        executor=None if args.workers == 1 else "processes",
        workers=args.workers,
        progress=not args.json,
    )
    if args.json:
        print_json(found.to_json())
        return 0
    print_table(found.table, title=f"{found.games_played} games; best first")
    print()
    chosen = (f"{d.name}={getattr(found.rules, d.name)}" for d in space.dimensions)
    print("chosen:", ", ".join(chosen))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``workbench tune``."""
    parser = subparsers.add_parser("tune", help="search a game's knobs for rules meeting targets")
    parser.add_argument("game", choices=list(TUNE_GAMES), help="the game")
    parser.add_argument(
        "--knob",
        action="append",
        required=True,
        metavar="NAME[=LO..HI|=A,B,C]",
        help="a knob that may move (repeatable)",
    )
    parser.add_argument(
        "--target",
        action="append",
        required=True,
        metavar="METRIC=VALUE[+-TOL]",
        help="what a good game looks like (repeatable)",
    )
    parser.add_argument("--games", type=_positive, default=2000, help="budget of games")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run")
    parser.add_argument("--workers", type=_positive, default=1, help="worker processes (1: serial)")
    parser.add_argument("--json", action="store_true", help="JSON output")
    group = parser.add_argument_group("rules")
    group.add_argument("--rules", metavar="FILE.json", help="JSON object of base rules knobs")
    group.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KNOB=VALUE",
        help="fix one knob of the base rules (repeatable)",
    )
    parser.set_defaults(func=_tune)
