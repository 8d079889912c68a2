"""``workbench valgard``: solve small boards exactly, run tournaments, list the rules,
print the board.

Every command takes rules the one way: ``--rules FILE.json`` and repeated
``--rule KNOB=VALUE`` (values read and checked by the knob, e.g. ``--rule
hardcore=true --rule valkyrie_capture=never``); ``--rows``, ``--cols``, ``--reserve``
and ``--muster`` are shorthands for those knobs.

>>> from workbench.cli import main
>>> main(["valgard", "solve", "--rows", "3", "--cols", "3", "--reserve", "2", "--json"])
{
  "value": "draw",
  "plies": null,
  "states": 5978
}
0
"""

from __future__ import annotations

import argparse
from typing import Any

from workbench.cli.output import print_json, print_table
from workbench.cli.printing import add_print_options, write_sheet
from workbench.cli.rules_options import add_rules_command, add_rules_options, rules_from_args
from workbench.cli.workers import bounded, positive
from workbench.errors import RulesError
from workbench.games.valgard.agents import mcts_agent
from workbench.games.valgard.drawing import PRINT_CELL_MM, board_picture
from workbench.games.valgard.engine import ValgardGame
from workbench.games.valgard.exact import small_board_rules, solve_board
from workbench.games.valgard.rules import Rules

__all__ = ["agent_factory", "register"]


def agent_factory(spec: str) -> Any:
    """An agent factory from ``random``, ``greedy`` or ``mcts[:SIMULATIONS]``.

    >>> agent_factory("mcts:50").keywords
    {'simulations': 50, 'rollout_plies': 20}
    """
    from workbench.play import GreedyAgent, RandomAgent

    name, _, budget = spec.partition(":")
    if name == "random" and not budget:
        return RandomAgent
    if name == "greedy" and not budget:
        return GreedyAgent
    if name == "mcts" and (not budget or budget.isdigit()) and budget != "0":
        return mcts_agent(int(budget or 200))
    raise RulesError(f"--agents {spec!r}: expected random, greedy or mcts[:SIMULATIONS]")


def _board_shorthands(args: argparse.Namespace) -> dict[str, Any]:
    """The knobs given by ``--rows``/``--cols`` (and ``--reserve``/``--muster`` where the
    command has them); None where not given."""
    return {name: getattr(args, name, None) for name in ("rows", "cols", "reserve", "muster")}


def _solve(args: argparse.Namespace) -> int:
    base = small_board_rules(args.rows, args.cols, reserve=args.reserve, muster=args.muster)
    rules = rules_from_args(args, base=base, shorthands=_board_shorthands(args))
    max_memory = None if args.max_memory is None else int(args.max_memory * 2**30)
    result = solve_board(rules, max_states=args.max_states, max_memory=max_memory)
    if args.json:
        print_json(result)
    else:
        plies = "-" if result["plies"] is None else result["plies"]
        print(
            f"{rules.rows}x{rules.cols} board, reserve {rules.reserve}, muster {rules.muster}: "
            f"{result['value']} for the player to move first ({rules.first_player}), "
            f"{plies} plies of perfect play, {result['states']:,} states"
        )
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from workbench.play import tournament
    from workbench.play.metrics import agent_scores, balance_report

    rules = rules_from_args(args, shorthands=_board_shorthands(args))
    factories = {spec: agent_factory(spec) for spec in args.agents}
    results = tournament(
        ValgardGame(rules),
        factories,
        rounds=args.rounds,
        seed=args.seed,
        executor=None if args.workers == 1 else "processes",
        workers=args.workers,
        progress=not args.json,
    )
    scores = agent_scores(results)
    report = balance_report(results)
    if args.json:
        print_json(
            {
                "games": len(results),
                "agents": scores.to_dict(orient="records"),
                "balance": report.to_dict(orient="records"),
            }
        )
    else:
        print_table(scores, title=f"{len(results)} games on {rules.rows}x{rules.cols}")
        print()
        print_table(report, title="balance (95% intervals)")
    return 0


def _print(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, shorthands=_board_shorthands(args))
    return write_sheet(board_picture(rules), args)


def _add_board_size(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    """``--rows`` and ``--cols``, shorthands for the knobs (default: the rules')."""
    for name in ("rows", "cols"):
        parser.add_argument(
            f"--{name}", type=positive, required=required, help=f"shorthand for --rule {name}=N"
        )


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``valgard solve``, ``tournament``, ``rules`` and ``print``."""
    group = subparsers.add_parser(
        "valgard", help="Valgard: exact solving, tournaments, rules, print-and-play board"
    )
    commands = group.add_subparsers(dest="valgard_command", metavar="COMMAND", required=True)

    solve = commands.add_parser(
        "solve",
        help="solve a small board exactly (retrograde analysis)",
        description="Value for the player who moves first under perfect play. Reserve and "
        "muster are scaled down to the board unless given; --rules and --rule apply on top.",
    )
    _add_board_size(solve, required=True)
    solve.add_argument("--reserve", type=positive, help="pieces each (default: scaled down)")
    solve.add_argument("--muster", type=int, help="muster per player (default: scaled down)")
    add_rules_options(solve, Rules)
    solve.add_argument(
        "--max-states", type=positive, help="refuse beyond this many states (default: by board)"
    )
    solve.add_argument(
        "--max-memory", type=float, help="GB the solve may use (default: what is available)"
    )
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.set_defaults(func=_solve)

    match = commands.add_parser(
        "tournament",
        help="play agents against each other, seats permuted",
        description="Agents: random, greedy, mcts[:SIMULATIONS]. Prints scores and balance.",
    )
    match.add_argument("--agents", nargs="+", default=["mcts:200", "random"])
    _add_board_size(match)
    add_rules_options(match, Rules)
    match.add_argument("--rounds", type=positive, default=10)
    match.add_argument("--seed", type=bounded(2**63, low=0), default=0)
    match.add_argument("--workers", type=positive, default=1, help="processes (1: serial)")
    match.add_argument("--json", action="store_true", help="print JSON")
    match.set_defaults(func=_tournament)

    add_rules_command(commands, Rules)

    defaults = Rules()
    sheet = commands.add_parser(
        "print",
        help="print the empty board with its rune sockets at true scale (SVG or PDF)",
        description="The board to play on: octagons, both home rows, every rune socket "
        f"(the game starts on the empty board; print {defaults.reserve} pieces a player "
        f"besides). Default {PRINT_CELL_MM:g} mm octagons: the {defaults.rows}x{defaults.cols} "
        f"board then measures {defaults.cols * PRINT_CELL_MM / 10:g} cm and fits one A4 or "
        "Letter page, and an octagon holds a piece up to about 25 mm across. Larger "
        "boards or octagons are tiled over pages with overlap marks.",
    )
    _add_board_size(sheet)
    add_rules_options(sheet, Rules)
    add_print_options(sheet, cell_mm=PRINT_CELL_MM)
    sheet.set_defaults(func=_print)
