"""``workbench tune GAME``: search a game's knobs for rules that meet targets.

``--knob NAME[=LO..HI|=A,B,C]`` (repeatable) names a knob that may move, with its
values from the knob's metadata unless narrowed; ``--target METRIC=VALUE[+-TOL]``,
``METRIC=LO..HI``, ``METRIC<=X`` or ``METRIC>=X`` (``@WEIGHT`` optional, repeatable)
says what a good game looks like: metrics are the balance-report names (``win rate
seat 0``, ``balance``, ``drawishness``, ``duration``...) and the game's per-game summary
columns (``rounds`` for Daggers Brink, ``win_archer`` for Viking Raid...). The run
plays at most about ``--games`` games (and stops racing at ``--seconds``, if given),
seeded by ``--seed`` (the same answer for any ``--workers``, unless the time ends it:
the JSON's ``ended`` says ``time`` then).
Bad knob names, ranges outside a knob's metadata and unknown metrics
print one line and exit 2.

>>> from workbench.cli import main
>>> main(["tune", "toy", "--knob", "speed", "--target", "balance=1"])  # doctest: +SKIP
workbench: error: --knob speed: unknown knob; known: handicap, rounds, sides
"""

from __future__ import annotations

import argparse

from workbench.cli.output import print_json, print_table
from workbench.cli.rules_options import rules_from_args
from workbench.cli.workers import MAX_GAMES, bounded, worker_pool
from workbench.games.tuning import TUNE_GAMES, tune_game
from workbench.play.tune import Space, tune
from workbench.play.tune_space import parse_knob
from workbench.play.tune_targets import parse_target

__all__ = ["register"]


#: The longest time budget: a day.
MAX_SECONDS = 86_400.0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"expected seconds above 0 and at most {MAX_SECONDS:,.0f}, got {text!r}"
        )
    return value


def _tune(args: argparse.Namespace) -> int:
    game = tune_game(args.game)
    args.rules_class = type(game.rules)
    base = rules_from_args(args, base=game.rules)
    knobs = dict(parse_knob(base, text) for text in args.knob)
    targets = [parse_target(text) for text in args.target]
    space = Space.from_rules(base, knobs)
    with worker_pool(args.workers) as pool:
        found = tune(
            space,
            game.arena,
            targets,
            games=args.games,
            seconds=args.seconds,
            seed=args.seed,
            executor=pool,
            progress=not args.json,
        )
    if args.json:
        print_json(found.to_json())
        return 0
    ended = " (stopped by the time budget)" if found.ended == "time" else ""
    print_table(found.table, title=f"{found.games_played} games{ended}; best first")
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
    parser.add_argument("--games", type=bounded(MAX_GAMES), default=2000, help="budget of games")
    parser.add_argument("--seconds", type=_seconds, help="time budget (the games still cap it)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run")
    parser.add_argument(
        "--workers", type=bounded(256), default=1, help="worker processes (1: serial)"
    )
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
