"""``workbench brawlhalla``: check a board against the build instructions, judge its fairness.

>>> from workbench.cli import main
>>> main(["brawlhalla", "check", "data/brawlhalla/board.json"])  # doctest: +ELLIPSIS
board: Default board
...
0
"""

from __future__ import annotations

import argparse

from workbench.cli.output import print_json, print_table

__all__ = ["register"]


def _check(args: argparse.Namespace) -> int:
    from workbench.games.brawlhalla.board import load_board
    from workbench.games.brawlhalla.checker import check

    board = load_board(args.board)
    report = check(board)
    if args.json:
        print_json(report.to_dict())
    else:
        print(f"board: {board.name or args.board}")
        frame = report.to_frame()
        frame["ok"] = frame["ok"].map({True: "pass", False: "FAIL"})
        print_table(frame)
        print(report.summary())
    return 0 if report.valid else 1


def _fairness(args: argparse.Namespace) -> int:
    from workbench.games.brawlhalla.board import load_board
    from workbench.games.brawlhalla.balance import fairness

    report = fairness(load_board(args.board))
    if args.json:
        print_json(report.to_dict())
    else:
        print_table(report.table.fillna("-"))
        print(report.verdict)
    return 0


def register(subparsers) -> None:
    """Add ``brawlhalla check`` and ``brawlhalla fairness``."""
    parser = subparsers.add_parser(
        "brawlhalla", help="Brawlhalla boards: instruction checks and fairness"
    )
    commands = parser.add_subparsers(dest="brawlhalla_command", metavar="COMMAND", required=True)
    check = commands.add_parser(
        "check",
        help="check a board file against the build instructions (exit 1 if a check fails)",
    )
    check.add_argument("board", help="board file (JSON)")
    check.add_argument("--json", action="store_true", help="print JSON instead of a table")
    check.set_defaults(func=_check)
    fair = commands.add_parser("fairness", help="North against South: figures and verdict")
    fair.add_argument("board", help="board file (JSON)")
    fair.add_argument("--json", action="store_true", help="print JSON instead of a table")
    fair.set_defaults(func=_fairness)
