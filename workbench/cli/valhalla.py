"""``workbench valhalla``: solve Valhalla Calling levels, generate new ones, print level sheets.

Every command that plays takes the rules the one way (``--rules FILE.json``,
repeated ``--rule KNOB=VALUE``); ``valhalla rules [--json]`` lists the knobs.

>>> from workbench.cli import main
>>> from workbench.games.valhalla.pack import PACK_DIR
>>> main(["valhalla", "solve", str(PACK_DIR / "04_to_valhalla.json")])  # doctest: +ELLIPSIS
To Valhalla: winnable
best: 2 star(s) (one_line, strong_killer); fewest lines: 1; winning kill orders: 1
...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from workbench.cli.output import print_json, print_table
from workbench.cli.printing import add_print_options, write_sheet
from workbench.cli.rules_options import add_rules_command, add_rules_options, rules_from_args
from workbench.cli.workers import bounded, usable_workers, worker_pool
from workbench.games.valhalla.drawing import level_picture
from workbench.games.valhalla.generator import generate
from workbench.games.valhalla.level import ABILITIES, MAX_SIDE, load_level, save_level
from workbench.games.valhalla.rules import STAR_NAMES, Rules
from workbench.games.valhalla.search import MAX_MEMORY
from workbench.games.valhalla.solver import solve
from workbench.games.valhalla.trails import LINE_BUDGET
from workbench.jsonio import check_output

__all__ = ["CELL_MM", "register"]

#: Default size of a printed cell: a 25 mm token or miniature base fits in it, and a
#: level of up to 7x7 cells fits one A4 or Letter page (larger levels are tiled).
CELL_MM = 25.0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``valhalla solve``, ``generate``, ``print`` and ``rules``."""
    group = subparsers.add_parser(
        "valhalla", help="Valhalla Calling: solve, generate and print levels"
    )
    commands = group.add_subparsers(dest="valhalla_command", metavar="COMMAND", required=True)

    solve_cmd = commands.add_parser("solve", help="solve a level file exactly")
    solve_cmd.add_argument("level", help="level JSON file")
    solve_cmd.add_argument("--json", action="store_true", help="print the answer as JSON")
    _common(solve_cmd)
    solve_cmd.set_defaults(func=_solve)

    gen = commands.add_parser("generate", help="generate levels verified by the solver")
    side = bounded(MAX_SIDE, low=2)
    gen.add_argument("--width", type=side, required=True)
    gen.add_argument("--height", type=side, required=True)
    gen.add_argument("--enemies", type=bounded(MAX_SIDE * MAX_SIDE), required=True)
    gen.add_argument("--items", type=bounded(MAX_SIDE * MAX_SIDE, low=0), default=0)
    gen.add_argument("--walls", type=bounded(MAX_SIDE * MAX_SIDE, low=0), default=0)
    gen.add_argument("--ability", choices=ABILITIES, default="none")
    gen.add_argument("--stars", nargs="*", choices=STAR_NAMES, default=[],
                     help="stars some winning play must earn together")  # fmt: skip
    gen.add_argument("--count", type=bounded(1000), default=5, help="levels wanted (default 5)")
    gen.add_argument("--seed", type=bounded(2**63, low=0), default=0)
    gen.add_argument(
        "--tries", type=bounded(1_000_000), default=500, help="random levels drawn at most"
    )
    gen.add_argument("--out", required=True, help="folder for the level files")
    gen.add_argument(
        "--workers", type=bounded(1024), default=1, help="processes solving levels (1: serial)"
    )
    gen.add_argument("--json", action="store_true", help="print the summaries as JSON")
    _common(gen)
    gen.set_defaults(func=_generate)

    why = (
        f"cells are {CELL_MM:g} mm by default: room for a {CELL_MM:g} mm token or miniature "
        "base, and a level of up to 7x7 cells fits one A4 or Letter page (larger ones are "
        "tiled over pages with overlap marks)"
    )
    sheet = commands.add_parser(
        "print",
        help="a level sheet at true scale, with its legend (SVG or PDF)",
        description=f"Print a level at true scale with its legend and a scale bar; {why}.",
    )
    sheet.add_argument("level", help="level JSON file")
    add_print_options(sheet, cell_mm=CELL_MM)
    sheet.add_argument(
        "--solution", action="store_true", help="draw the solver's witness lines on the sheet"
    )
    add_rules_options(sheet, Rules)
    sheet.set_defaults(func=_print)

    add_rules_command(commands, Rules)


def _common(parser: argparse.ArgumentParser) -> None:
    add_rules_options(parser, Rules)
    parser.add_argument("--max-memory", type=float, default=MAX_MEMORY / 2**30,
                        help="GB the search may hold (default 3)")  # fmt: skip
    parser.add_argument("--line-budget", type=bounded(10**9), default=LINE_BUDGET,
                        help="search nodes for one-line / fewest-lines questions")  # fmt: skip


def _solve(args) -> int:
    level = load_level(args.level)
    result = solve(level, rules_from_args(args), line_budget=args.line_budget,
                   max_memory=int(args.max_memory * 2**30), progress=not args.json)  # fmt: skip
    if args.json:
        print_json(result.to_json())
        return 0
    print(f"{level.name}: {'winnable' if result.winnable else 'NOT winnable'}")
    if result.winnable:
        print(f"best: {result.max_stars} star(s) ({', '.join(result.best) or 'none'}); "
              f"fewest lines: {result.fewest_lines}"
              f"{'' if result.fewest_lines_exact else ' (upper bound)'}; "
              f"winning kill orders: {result.kill_orders}")  # fmt: skip
        print_table(result.star_table(), title="star sets:")
        for k, line in enumerate(result.solution, 1):
            print(f"line {k}: " + " ".join(f"{r},{c}" for r, c in line))
        if (
            result.rules.trickster_cunning == "choice"
            and level.hero.ability == "tricksters_cunning"
        ):
            uses = ", ".join("used" if c else "not used" for c in result.cunning)
            print(f"Tricksters Cunning, fight by fight: {uses}")
    stats = pd.DataFrame([{k: str(v) for k, v in result.stats.items()}])
    print_table(stats, title="difficulty:")
    return 0


def _generate(args) -> int:
    out = Path(args.out)
    check_output(out / "generated.json", make_folder=True)  # the folder asked for, before work
    workers = usable_workers(args.workers)
    with worker_pool(workers) as pool:
        found = generate(args.width, args.height, enemies=args.enemies, items=args.items,
                         ability=args.ability, stars=args.stars, walls=args.walls,
                         count=args.count, seed=args.seed, rules=rules_from_args(args),
                         tries=args.tries, line_budget=args.line_budget,
                         max_memory=int(args.max_memory * 2**30), executor=pool,
                         workers=workers, progress=not args.json)  # fmt: skip
        rows = [_saved(result, k, out, args.seed) for k, result in enumerate(found, 1)]
    if args.json:
        print_json(rows)
    elif rows:
        print_table(pd.DataFrame(rows))
    else:
        print(f"no level found in {args.tries} tries")
    return 0 if rows else 1


def _saved(result, k: int, out: Path, seed: int) -> dict:
    """Save the ``k``-th level found (as soon as it is found) and return its table row."""
    description = f"generated with seed {seed}; grade {result.grade}"
    level = result.level.replace(name=f"Generated {seed}-{k}", description=description)
    path = out / f"generated_{seed}_{k:02d}.json"
    save_level(level, path)
    return {**result.summary(), "level": level.name, "file": str(path)}


def _print(args) -> int:
    level = load_level(args.level)
    solution = solve(level, rules_from_args(args)) if args.solution else None
    return write_sheet(level_picture(level, solution), args)
