"""``workbench valgard``: solve small boards exactly, run tournaments between agents.

Any rules knob can be changed with ``--rule KNOB=VALUE`` (repeatable; values are
read as JSON when they parse, e.g. ``--rule hardcore=true --rule valkyrie_capture=never``).

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
import json
from functools import partial
from typing import Any

from workbench.cli.output import print_json, print_table
from workbench.errors import RulesError
from workbench.games.valgard.engine import ValgardGame
from workbench.games.valgard.exact import small_board_rules, solve_board
from workbench.games.valgard.rules import Rules

__all__ = ["agent_factory", "parse_rule_changes", "register"]


def parse_rule_changes(pairs: list[str]) -> dict[str, Any]:
    """``["hardcore=true", "muster=2"]`` -> ``{"hardcore": True, "muster": 2}``.

    >>> parse_rule_changes(["hardcore=true", "valkyrie_capture=never"])
    {'hardcore': True, 'valkyrie_capture': 'never'}
    """
    changes = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise RulesError(f"--rule {pair!r}: expected KNOB=VALUE")
        try:
            changes[name.strip()] = json.loads(text)
        except json.JSONDecodeError:
            changes[name.strip()] = text
    return changes


def agent_factory(spec: str) -> Any:
    """An agent factory from ``random``, ``greedy`` or ``mcts[:SIMULATIONS]``.

    >>> agent_factory("mcts:50").keywords
    {'simulations': 50, 'rollout_plies': 20}
    """
    from workbench.play import GreedyAgent, MCTSAgent, RandomAgent

    name, _, budget = spec.partition(":")
    if name == "random" and not budget:
        return RandomAgent
    if name == "greedy" and not budget:
        return GreedyAgent
    if name == "mcts" and (not budget or budget.isdigit()) and budget != "0":
        return partial(MCTSAgent, simulations=int(budget or 200), rollout_plies=20)
    raise RulesError(f"--agents {spec!r}: expected random, greedy or mcts[:SIMULATIONS]")


def _solve(args: argparse.Namespace) -> int:
    changes = parse_rule_changes(args.rule)
    rules = small_board_rules(
        args.rows, args.cols, reserve=args.reserve, muster=args.muster, **changes
    )
    result = solve_board(rules, max_states=args.max_states)
    if args.json:
        print_json(result)
    else:
        plies = "-" if result["plies"] is None else result["plies"]
        print(
            f"{args.rows}x{args.cols} board, reserve {rules.reserve}, muster {rules.muster}: "
            f"{result['value']} for the player to move first ({rules.first_player}), "
            f"{plies} plies of perfect play, {result['states']:,} states"
        )
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from workbench.play import tournament
    from workbench.play.metrics import agent_scores, balance_report

    rules = Rules.from_dict(
        {"rows": args.rows, "cols": args.cols, **parse_rule_changes(args.rule)}, source="--rule"
    )
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
        print_table(scores, title=f"{len(results)} games on {args.rows}x{args.cols}")
        print()
        print_table(report, title="balance (95% intervals)")
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``valgard solve`` and ``valgard tournament``."""
    group = subparsers.add_parser("valgard", help="Valgard: exact solving and tournaments")
    commands = group.add_subparsers(dest="valgard_command", metavar="COMMAND", required=True)

    solve = commands.add_parser(
        "solve",
        help="solve a small board exactly (retrograde analysis)",
        description="Value for the player who moves first under perfect play.",
    )
    solve.add_argument("--rows", type=_positive, required=True)
    solve.add_argument("--cols", type=_positive, required=True)
    solve.add_argument("--reserve", type=_positive, help="pieces each (default: scaled down)")
    solve.add_argument("--muster", type=int, help="muster per player (default: scaled down)")
    solve.add_argument("--rule", action="append", default=[], metavar="KNOB=VALUE")
    solve.add_argument("--max-states", type=_positive, default=2_000_000)
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.set_defaults(func=_solve)

    match = commands.add_parser(
        "tournament",
        help="play agents against each other, seats permuted",
        description="Agents: random, greedy, mcts[:SIMULATIONS]. Prints scores and balance.",
    )
    match.add_argument("--agents", nargs="+", default=["mcts:200", "random"])
    match.add_argument("--rows", type=_positive, default=6)
    match.add_argument("--cols", type=_positive, default=6)
    match.add_argument("--rule", action="append", default=[], metavar="KNOB=VALUE")
    match.add_argument("--rounds", type=_positive, default=10)
    match.add_argument("--seed", type=int, default=0)
    match.add_argument("--workers", type=_positive, default=1, help="processes (1: serial)")
    match.add_argument("--json", action="store_true", help="print JSON")
    match.set_defaults(func=_tournament)
