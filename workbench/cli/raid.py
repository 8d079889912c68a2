"""``workbench raid``: Viking Raid balance, rules and the print-and-play mat.

    workbench raid simulate MAP.json [--version 0.21] [--rules FILE.json] [--rule KNOB=VALUE]
                            [--agent greedy] [--games N] [--seed S] [--workers W] [--json]
    workbench raid optimise MAP.json [--version 0.21] [--rules ...] [--rule ...]
                            [--agent greedy] [--candidates 32] [--games 200] [--rungs 3]
                            [--generations 1] [--confirm-games 2000] [--seed S]
                            [--workers W] [--out BEST.json] [--json]
    workbench raid rules [--version 0.21] [--rules FILE.json] [--rule KNOB=VALUE] [--json]
    workbench raid print MAP.json --out FILE.svg|FILE.pdf [--cell-mm 30] [--page a4]

Rules are that version's (default 0.21), then the ``--rules`` file, then each
``--rule`` (e.g. ``--rule role_draw=true`` to draw the roles with the d20).
``simulate --json`` prints ``{"games": N, "roles": {"archer": {"win_share": x,
"win_share_ci": [lo, hi], "mean_gold": g}, "huscarl": {...}, "berserker": {...}},
"mean_turns": t}``, where ``mean_turns`` counts the turns Vikings played per game
(all three together; skipped turns are not played).
"""

from __future__ import annotations

import argparse
import pathlib

from workbench.cli.output import print_json, print_table
from workbench.cli.printing import add_print_options, write_sheet
from workbench.cli.rules_options import add_rules_command, add_rules_options, rules_from_args
from workbench.cli.workers import MAX_GAMES, bounded, positive, worker_pool
from workbench.games.viking_raid.balance import AGENTS, balance_table, simulate
from workbench.games.viking_raid.drawing import map_picture
from workbench.games.viking_raid.engine import RaidGame
from workbench.games.viking_raid.optimise import optimise_layout
from workbench.games.viking_raid.raid_map import ROLES, load_map, save_map
from workbench.games.viking_raid.rules import VERSIONS, Rules, version_label
from workbench.jsonio import check_output

__all__ = ["HEX_MM", "MAX_CANDIDATES", "MAX_RACE_GAMES", "MAX_RUNGS", "register"]

#: Default size of a printed hex across its flats: a 25 mm base, the usual one for
#: humanoid figurines, stands inside it with room left for treasure tokens.
HEX_MM = 30.0
#: The most layouts one race runs, and the most rounds it plans.
MAX_CANDIDATES, MAX_RUNGS = 1024, 8
#: The most games one race plays (a few KB each, all held until the race ends):
#: candidates x games x rungs.
MAX_RACE_GAMES = 4 * MAX_GAMES


def register(subparsers) -> None:
    """Add ``raid simulate``, ``raid optimise``, ``raid rules`` and ``raid print``."""
    raid = subparsers.add_parser(
        "raid", help="Viking Raid: role balance, treasure layouts, rules and the printed mat"
    )
    commands = raid.add_subparsers(dest="raid_command", metavar="COMMAND", required=True)
    simulate_cmd = commands.add_parser("simulate", help="self-play games; win share per role")
    _common(simulate_cmd, games=1000)
    simulate_cmd.set_defaults(func=_simulate)
    optimise_cmd = commands.add_parser("optimise", help="race treasure layouts for role balance")
    _common(optimise_cmd, games=200)
    optimise_cmd.add_argument(
        "--candidates",
        type=bounded(MAX_CANDIDATES),
        default=32,
        help="layouts raced",
    )
    optimise_cmd.add_argument(
        "--rungs",
        type=bounded(MAX_RUNGS),
        default=3,
        help="rounds of the race (each round's games shared by the layouts left)",
    )
    optimise_cmd.add_argument(
        "--generations",
        type=bounded(100),
        default=1,
        help="races, each around the last winner",
    )
    optimise_cmd.add_argument(
        "--confirm-games",
        type=bounded(MAX_GAMES),
        default=2000,
        help="fresh-seed games for the final comparison",
    )
    optimise_cmd.add_argument("--out", help="save the best layout as a map file here")
    optimise_cmd.set_defaults(func=_optimise)
    _version_option(add_rules_command(commands, Rules, base=_version_rules))
    print_cmd = commands.add_parser(
        "print",
        help="the hex mat at true scale, with treasure numbers and start hexes",
        description=(
            "Print a map's hex mat at true scale: each hex shows its treasure (the number "
            "of gold tokens to place) or the start letter A, H or B, with a legend and a "
            f"scale bar; tiled over pages with overlap marks when it does not fit. Hexes "
            f"are {HEX_MM:g} mm across their flats by default (--cell-mm): a 25 mm base, "
            "the usual one for humanoid figurines, stands inside a hex with room left for "
            "treasure tokens. The default map then takes two A4 pages or one poster."
        ),
    )
    print_cmd.add_argument("map", metavar="MAP.json", help="a Viking Raid map file")
    add_print_options(print_cmd, cell_mm=HEX_MM)
    print_cmd.set_defaults(func=_print)


def _agent_kind(text: str) -> str:
    if text not in AGENTS:
        raise argparse.ArgumentTypeError(f"expected one of {', '.join(AGENTS)}, got {text!r}")
    return text


def _version_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--version",
        default=VERSIONS[-1],
        help=f"start from the rules of this version: {', '.join(VERSIONS)}",
    )


def _version_rules(args: argparse.Namespace) -> Rules:
    return Rules.version(args.version)


def _common(parser: argparse.ArgumentParser, *, games: int) -> None:
    parser.add_argument("map", metavar="MAP.json", help="a Viking Raid map file")
    _version_option(parser)
    add_rules_options(parser, Rules)
    parser.add_argument(
        "--agent", type=_agent_kind, default="greedy", help=f"agent kind: {', '.join(AGENTS)}"
    )
    parser.add_argument(
        "--games", type=bounded(MAX_GAMES), default=games, help="games (per candidate)"
    )
    parser.add_argument("--seed", type=bounded(2**63, low=0), default=0)
    parser.add_argument(
        "--workers",
        type=positive,
        default=1,
        help="worker processes (1: serial; at most the machine's cores)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


def _setup(args):
    return load_map(args.map), rules_from_args(args, base=_version_rules(args))


def _simulate(args) -> int:
    raid_map, rules = _setup(args)
    with worker_pool(args.workers) as executor:
        results = simulate(
            RaidGame(raid_map, rules),
            args.agent,
            games=args.games,
            seed=args.seed,
            executor=executor,
            progress=not args.json,
        )
    table = balance_table(results)
    if args.json:
        roles = {
            row["role"]: {
                "win_share": row["win share"],
                "win_share_ci": [row["win share lo"], row["win share hi"]],
                "mean_gold": row["gold"],
            }
            for _, row in table.iterrows()
        }
        print_json(
            {"games": len(results), "roles": roles, "mean_turns": float(results["plies"].mean())}
        )
        return 0
    shown = table[
        [
            "role",
            "win share",
            "win share lo",
            "win share hi",
            "gold",
            "tribute given",
            "tribute taken",
        ]
    ].round(3)
    title = (
        f"{raid_map.name}, rules {version_label(rules)}, {args.agent} self-play, "
        f"{len(results)} games, {results['rounds'].mean():.1f} rounds on average"
    )
    print_table(shown, title=title)
    return 0


def _optimise(args) -> int:
    held = args.candidates * args.games * args.rungs
    if held > MAX_RACE_GAMES:
        raise ValueError(
            f"--candidates {args.candidates} x --games {args.games} x --rungs {args.rungs}: "
            f"a race of {held:,} games; at most {MAX_RACE_GAMES:,}"
        )
    raid_map, rules = _setup(args)
    if args.out:
        check_output(args.out)
    with worker_pool(args.workers) as executor:
        result = optimise_layout(
            raid_map,
            rules,
            agent=args.agent,
            candidates=args.candidates,
            games=args.games,
            rungs=args.rungs,
            generations=args.generations,
            confirm_games=args.confirm_games,
            seed=args.seed,
            executor=executor,
            progress=not args.json,
        )
    if args.out:
        save_map(result.best_map(pathlib.Path(args.out).stem), args.out)
    spreads = result.spreads.set_index("map")
    shares = result.confirmation.set_index(["map", "role"])
    if args.json:
        print_json(
            {
                "resolved": result.resolved,
                "treasure": [[q, r, g] for (q, r), g in result.best.treasure],
                **{
                    label: {
                        "spread": spreads.loc[label, "spread"],
                        "spread_ci": [
                            spreads.loc[label, "spread lo"],
                            spreads.loc[label, "spread hi"],
                        ],
                        "win_share": {
                            role: shares.loc[(label, role), "win share"] for role in ROLES
                        },
                    }
                    for label in ("best", "original")
                },
            }
        )
        return 0
    print_table(result.spreads.round(3), title="Spread of role win shares (fresh seeds)")
    print_table(
        result.confirmation[["map", "role", "win share", "win share lo", "win share hi"]].round(3)
    )
    ranking = (
        "supported (every other layout dropped)"
        if result.resolved
        else "NOT resolved at this budget (several layouts survived)"
    )
    print(f"ranking of the finalists: {ranking}")
    if args.out:
        print(f"saved the best layout to {args.out}")
    return 0


def _print(args) -> int:
    raid_map = load_map(args.map)
    return write_sheet(map_picture(raid_map, title=f"Viking Raid: {raid_map.name}"), args)
