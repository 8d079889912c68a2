"""``workbench brawlhalla``: check a board, judge its fairness, print it, list the rules, play.

::

    workbench brawlhalla check BOARD.json [--json] [--rule boats_carry_land_units=false]
    workbench brawlhalla fairness BOARD.json [--json] [--rules FILE.json]
    workbench brawlhalla print BOARD.json --out board.pdf [--cell-mm 40] [--page poster]
    workbench brawlhalla rules [--json]
    workbench brawlhalla cards [CARDS.csv] [--json]
    workbench brawlhalla moves POSITION.json [--json]
    workbench brawlhalla best POSITION.json [--agent mcts:1000] [--json]
    workbench brawlhalla simulate [BOARD.json] --agents greedy rush --games N [--json]

``check`` and ``fairness`` move units by the rules (defaults, then ``--rules``, then
each ``--rule KNOB=VALUE``); ``print`` lays the board out at true scale, 4 cm squares
as the build instructions ask unless ``--cell-mm`` says otherwise.

>>> from workbench.cli import main
>>> main(["brawlhalla", "check", "data/brawlhalla/board.json"])  # doctest: +ELLIPSIS
board: Default board
...
0
"""

from __future__ import annotations

import argparse

from workbench.cli.brawlhalla_position import register_position_commands
from workbench.cli.brawlhalla_simulate import register_simulate_command
from workbench.cli.output import print_json, print_table
from workbench.cli.printing import add_print_options, write_sheet
from workbench.cli.rules_options import add_rules_command, add_rules_options, rules_from_args
from workbench.games.brawlhalla.balance import fairness
from workbench.games.brawlhalla.board import load_board
from workbench.games.brawlhalla.card_effects import card_table
from workbench.games.brawlhalla.checker import check
from workbench.games.brawlhalla.deck import load_cards
from workbench.games.brawlhalla.drawing import SQUARE_MM, board_picture
from workbench.games.brawlhalla.rules import Rules

__all__ = ["register"]


def _check(args: argparse.Namespace) -> int:
    board = load_board(args.board)
    report = check(board, rules=rules_from_args(args))
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
    report = fairness(load_board(args.board), rules=rules_from_args(args))
    if args.json:
        print_json(report.to_dict())
    else:
        print_table(report.table.fillna("-"))
        print(report.verdict)
    return 0


def _cards(args: argparse.Namespace) -> int:
    table = card_table(load_cards(args.cards) if args.cards else load_cards())
    if args.json:
        print_json(table.to_dict(orient="records"))
    else:
        shown = table.assign(implemented=table["implemented"].map({True: "yes", False: "not yet"}))
        print_table(shown, title=f"{int(table['implemented'].sum())} of {len(table)} cards in play")
    return 0


def _print(args: argparse.Namespace) -> int:
    return write_sheet(board_picture(load_board(args.board)), args)


def _board_command(commands, name: str, help_text: str, func, *, rules: bool = True):
    parser = commands.add_parser(name, help=help_text)
    parser.add_argument("board", help="board file (JSON)")
    if rules:
        parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
        add_rules_options(parser, Rules)
    parser.set_defaults(func=func)
    return parser


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``brawlhalla check``, ``fairness``, ``print``, ``rules``, ``cards``, ``moves``,
    ``best`` and ``simulate``."""
    parser = subparsers.add_parser(
        "brawlhalla", help="Brawlhalla boards: instruction checks, fairness, print and play"
    )
    commands = parser.add_subparsers(dest="brawlhalla_command", metavar="COMMAND", required=True)
    _board_command(
        commands,
        "check",
        "check a board file against the build instructions (exit 1 if a check fails)",
        _check,
    )
    _board_command(commands, "fairness", "North against South: figures and verdict", _fairness)
    sheet = _board_command(
        commands,
        "print",
        "print a board at true scale (4 cm squares) with its legend and a scale bar",
        _print,
        rules=False,
    )
    add_print_options(sheet, cell_mm=SQUARE_MM)
    add_rules_command(commands, Rules)
    cards = commands.add_parser("cards", help="the cards: count, family, effect, in play or not")
    cards.add_argument("cards", nargs="?", help="card list (CSV; default the shipped cards.csv)")
    cards.add_argument("--json", action="store_true", help="print JSON instead of a table")
    cards.set_defaults(func=_cards)
    register_position_commands(commands)
    register_simulate_command(commands)
