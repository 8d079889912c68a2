"""``workbench brawlhalla simulate``: games between agents on a board, North against South;
``luck``: how much luck decides: how often a result changes when only the cards, the
dice or the seats change, whether more thinking wins more (MCTS budgets against each
other and against greedy play, with and without cards), and each card's strength.

::

    workbench brawlhalla simulate [BOARD.json] [--agents greedy mcts:200] [--games N]
                                  [--seed S] [--workers W] [--rule KNOB=VALUE]
                                  [--rules FILE] [--json]
    workbench brawlhalla luck [BOARD.json] [--agents greedy greedy] [--games N] [--seed S]
                              [--parts sources skill cards] [--budgets 10 100]
                              [--skill-rounds R [R ...]] [--skill-turn-limit T]
                              [--card-games G] [--workers W] [--rule KNOB=VALUE] [--json]

One agent name plays itself; two play each other, seats swapped. Agents: random,
greedy, mcts[:SIMULATIONS], dmcts[:SIMULATIONS] (search that cannot see the other
side's cards), rush, holy, flag. ``--json`` prints ``{"games": N,
"north": {"win_share": x, "win_share_ci": [lo, hi]}, "south": {...}, "draws": k,
"victory": {"war": n, "holy": n, "flag": n, "turn_limit": n}, "mean_turns": t}``;
for ``luck`` ``{"games": N, "agents": [...], "sources": [rows], "skill": [rows],
"cards": [rows]}`` (the parts asked for; each row says how many games it rests on).

>>> from workbench.cli import main
>>> main(["brawlhalla", "simulate", "--games", "2", "--agents", "random",
...       "--rule", "turn_limit=4", "--json"])  # doctest: +ELLIPSIS
{
  "games": 2,
...
0
"""

from __future__ import annotations

import argparse

import pandas as pd

from workbench.cli.output import print_json, print_table
from workbench.cli.rules_options import add_rules_options, rules_from_args
from workbench.cli.workers import MAX_GAMES, bounded, positive, worker_pool
from workbench.games.brawlhalla.agents import AGENT_NAMES, agent_factory
from workbench.games.brawlhalla.board import default_board, load_board
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.luck import PARTS, luck_figures
from workbench.games.brawlhalla.play_balance import (
    SECONDS_PER_ACTION,
    first_player_advantage,
    simulate,
    simulation_summary,
)
from workbench.games.brawlhalla.rules import Rules

__all__ = ["register_simulate_command"]


def _agent(text: str) -> str:
    try:
        agent_factory(text)
    except Exception as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def register_simulate_command(commands: argparse._SubParsersAction) -> None:
    """Add ``simulate`` to ``workbench brawlhalla``."""
    parser = commands.add_parser("simulate", help="games between agents: North against South")
    parser.add_argument("board", nargs="?", help="board file (JSON; default: the shipped board)")
    parser.add_argument(
        "--agents",
        nargs="+",
        type=_agent,
        default=["greedy"],
        metavar="AGENT",
        help=f"one or two of: {', '.join(AGENT_NAMES)} (default greedy)",
    )
    parser.add_argument("--games", type=bounded(MAX_GAMES), default=100, help="games (default 100)")
    parser.add_argument("--seed", type=bounded(2**63, low=0), default=0)
    parser.add_argument("--workers", type=positive, default=1, help="worker processes (1: serial)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rules_options(parser, Rules)
    parser.set_defaults(func=_simulate)
    luck = commands.add_parser(
        "luck", help="how often the result changes with only the cards, dice or seats changed"
    )
    luck.add_argument("board", nargs="?", help="board file (JSON; default: the shipped board)")
    luck.add_argument(
        "--agents", nargs=2, type=_agent, default=["greedy", "greedy"], metavar="AGENT"
    )
    luck.add_argument(
        "--games", type=bounded(MAX_GAMES), default=50, help="base games (default 50)"
    )
    luck.add_argument("--seed", type=bounded(2**63, low=0), default=0)
    luck.add_argument(
        "--parts", nargs="+", choices=PARTS, default=list(PARTS), help="figures (default all)"
    )
    luck.add_argument(
        "--budgets", nargs="+", type=positive, default=[10, 100], help="MCTS simulations"
    )
    luck.add_argument(
        "--skill-rounds",
        nargs="+",
        type=positive,
        default=[2],
        metavar="R",
        help="games per seat at each budget: one number, or one per budget (default 2)",
    )
    luck.add_argument(
        "--skill-turn-limit",
        type=positive,
        help="turn limit of the skill games (default: the rules', at most 30)",
    )
    luck.add_argument("--card-games", type=positive, default=20, help="games per card")
    luck.add_argument("--workers", type=positive, default=1, help="worker processes (1: serial)")
    luck.add_argument("--json", action="store_true", help="print JSON")
    add_rules_options(luck, Rules)
    luck.set_defaults(func=_luck)


def _luck(args: argparse.Namespace) -> int:
    board = load_board(args.board) if args.board else default_board()
    rules = rules_from_args(args).replace(cards=True)
    rounds = args.skill_rounds[0] if len(args.skill_rounds) == 1 else args.skill_rounds
    skill_turn_limit = args.skill_turn_limit or min(rules.turn_limit, 30)
    with worker_pool(args.workers) as executor:
        figures = luck_figures(
            Brawlhalla(board, rules),
            args.agents,
            parts=args.parts,
            games=args.games,
            card_games=args.card_games,
            budgets=args.budgets,
            skill_rounds=rounds,
            skill_turn_limit=skill_turn_limit,
            seed=args.seed,
            executor=executor,
            progress=not args.json,
        )
    if args.json:
        tables = {part: table.to_dict("records") for part, table in figures.items()}
        print_json({"games": args.games, "agents": args.agents, **tables})
        return 0
    titles = {
        "sources": f"{' v '.join(args.agents)}, {args.games} games, cards in play",
        "skill": f"skill: MCTS budgets, turn limit {skill_turn_limit}",
        "cards": f"card strength: {args.card_games} games per card, {' v '.join(args.agents)}",
    }
    for part, table in figures.items():
        print_table(table, title=titles[part])
    return 0


def _simulate(args: argparse.Namespace) -> int:
    if len(args.agents) > 2:
        raise ValueError(f"--agents: expected one or two names, got {len(args.agents)}")
    board = load_board(args.board) if args.board else default_board()
    game = Brawlhalla(board, rules_from_args(args))
    with worker_pool(args.workers) as executor:
        table = simulate(
            game,
            args.agents,
            games=args.games,
            seed=args.seed,
            executor=executor,
            progress=not args.json,
        )
    summary = simulation_summary(table)
    if args.json:
        print_json(summary)
        return 0
    rows = [
        {
            "side": side,
            "win share": summary[side]["win_share"],
            "low": summary[side]["win_share_ci"][0],
            "high": summary[side]["win_share_ci"][1],
        }
        for side in ("north", "south")
    ]
    first = first_player_advantage(table)
    rows.append(
        {
            "side": "first to move (decided games)",
            "win share": first["win_share"],
            "low": first["win_share_ci"][0],
            "high": first["win_share_ci"][1],
        }
    )
    print_table(
        pd.DataFrame(rows),
        title=f"{board.name or 'board'}: {' v '.join(args.agents)}, {len(table)} games",
    )
    victory = ", ".join(f"{k} {v}" for k, v in summary["victory"].items())
    print(f"draws {summary['draws']}; ended by: {victory}")
    print(
        f"mean turns {summary['mean_turns']}, mean minutes {table['minutes'].mean():.1f} "
        f"at {SECONDS_PER_ACTION:g} s an action"
    )
    return 0
