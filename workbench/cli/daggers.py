"""``workbench daggers``: attack odds, simulated games, the rules and print-and-play cards.

::

    workbench daggers odds 5 3 2                  # Attack 5 against Defend 3, Health 2
    workbench daggers odds 5 3 2 --threshold 5 --json
    workbench daggers odds 5 3 2 --rule die_sides=8 --rule hit_threshold=6
    workbench daggers simulate --players 4 --games 400 --strategy focus --strategy tank:leader
    workbench daggers simulate --rules variant.json --tokens 5
    workbench daggers rules --json
    workbench daggers print --out cards.pdf       # the shipped deck, poker-size cards
    workbench daggers print my_deck.csv --out cards.svg --cell-mm 57 --page letter

Odds are exact; with ``--json`` probabilities are ``"num/den"`` strings:
``{"attack": A, "defend": D, "health": H, "threshold": T, "p_wound": "p/q",
"remaining_hits": {"0": "p/q", ...}}``. ``simulate`` plays seeded games through the
shared tournament runner and reports win rates (95% intervals) and game length. Both
take the rules as every game command does (``--rules FILE.json``, ``--rule KNOB=VALUE``);
``--threshold`` (``hit_threshold``) and ``--tokens`` (``starting_tokens``) are shorthands.
``print`` lays every card of a deck file out at true scale, page by page (``--cell-mm`` is
a card's width).
"""

from __future__ import annotations

import argparse

import pandas as pd

from workbench.cli.output import print_json, print_table
from workbench.cli.printing import add_print_options, write_sheet
from workbench.cli.rules_options import add_rules_command, add_rules_options, rules_from_args
from workbench.cli.workers import MAX_GAMES, bounded, positive, worker_pool
from workbench.games.daggers_brink.agents import TARGETS
from workbench.games.daggers_brink.balance import game_length, play_games, rotations, win_rates
from workbench.games.daggers_brink.deck import load_deck
from workbench.games.daggers_brink.drawing import CARD_SIZE, deck_pages
from workbench.games.daggers_brink.odds import remaining_hits, wound_probability
from workbench.games.daggers_brink.rules import DEFAULT_RULES, MAX_PLAYERS, MIN_PLAYERS, Rules
from workbench.games.daggers_brink.strategies import STRATEGIES
from workbench.jsonio import fraction_text

__all__ = ["MAX_DICE", "register"]

#: The most dice ``odds`` rolls on a side (Attack and Defend of a hand are a dozen or so);
#: the exact distributions grow with the square of the dice.
MAX_DICE = 1000


def _odds(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, shorthands={"hit_threshold": args.threshold})
    attack, defend, health = args.attack, args.defend, args.health
    for name, value in (("attack", attack), ("defend", defend), ("health", health)):
        if value > MAX_DICE:
            raise ValueError(f"{name}: {value:,} dice, at most {MAX_DICE:,}")
    p_wound = wound_probability(attack, defend, health, rules=rules)
    left = remaining_hits(attack, defend, rules=rules)
    threshold = rules.hit_threshold
    if args.json:
        print_json(
            {
                "attack": attack,
                "defend": defend,
                "health": health,
                "threshold": threshold,
                "die_sides": rules.die_sides,
                "p_wound": p_wound,
                "remaining_hits": {str(k): p for k, p in left.items()},
            }
        )
        return 0
    frame = pd.DataFrame(
        {
            "remaining_hits": list(left),
            "probability": [fraction_text(p) for p in left.values()],
            "float": [round(float(p), 4) for p in left.values()],
        }
    )
    die = "" if rules.die_sides == DEFAULT_RULES.die_sides else f" of a d{rules.die_sides}"
    title = (
        f"Attack {attack} against Defend {defend}, Health {health}, hits on {threshold}+{die}: "
        f"P(wound) = {fraction_text(p_wound)} ~ {float(p_wound):.4f}"
    )
    print_table(frame, title=title)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, shorthands={"starting_tokens": args.tokens})
    players, games = args.players, args.games
    specs = args.strategy or ["focus", "balanced", "tank", "aggressive"]
    strategies = dict.fromkeys(specs)
    shifts = rotations(strategies, players)
    with worker_pool(args.workers) as executor:
        table = play_games(
            {spec: spec for spec in strategies},
            players=players,
            rounds=1,
            seed=args.seed,
            rules=rules,
            lineups=[shifts[i % len(shifts)] for i in range(games)],
            executor=executor,
            progress=not args.json,
        )
    by_strategy, by_seat, length = win_rates(table), win_rates(table, by="seat"), game_length(table)
    if args.json:
        print_json(
            {
                "players": players,
                "games": games,
                "starting_tokens": rules.starting_tokens,
                "seed": args.seed,
                "rules": rules.to_dict(),
                "win_rates": by_strategy.to_dict("records"),
                "seat_win_rates": by_seat.to_dict("records"),
                "length": length.to_dict("records"),
                "time_outs": int(table["time_out"].sum()),
            }
        )
        return 0
    print_table(by_strategy.round(4), title=f"{games} games of {players} players: win rates")
    print()
    print_table(by_seat.round(4), title="win rates by seat")
    print()
    print_table(length.round(3), title="game length")
    return 0


def _print(args: argparse.Namespace) -> int:
    deck = load_deck(args.deck)
    return write_sheet(deck_pages(deck, page=args.page, cell_mm=args.cell_mm), args)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``workbench daggers odds``, ``simulate``, ``rules`` and ``print``."""
    group = subparsers.add_parser(
        "daggers", help="Daggers Brink: attack odds, simulated games, rules, printed cards"
    )
    commands = group.add_subparsers(dest="daggers_command", metavar="COMMAND", required=True)

    odds = commands.add_parser("odds", help="exact odds of one attack")
    odds.add_argument("attack", type=int, help="attack dice (the attacker's Attack)")
    odds.add_argument("defend", type=int, help="defend dice (the defender's Defend)")
    odds.add_argument("health", type=int, help="the defender's Health")
    odds.add_argument(
        "--threshold", type=int, help="a die hits or blocks on this or more (hit_threshold)"
    )
    odds.add_argument("--json", action="store_true", help="JSON with exact 'num/den' values")
    add_rules_options(odds, Rules)
    odds.set_defaults(func=_odds)

    names = ", ".join(STRATEGIES)
    simulate = commands.add_parser("simulate", help="play seeded games and report balance")
    simulate.add_argument(
        "--players",
        type=int,
        choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        default=4,
        metavar="N",
        help=f"players at the table ({MIN_PLAYERS}..{MAX_PLAYERS})",
    )
    simulate.add_argument("--games", type=bounded(MAX_GAMES), default=200, help="games to play")
    simulate.add_argument(
        "--strategy",
        action="append",
        help=f"NAME[:TARGET], repeatable; names: {names}; targets: {', '.join(TARGETS)}",
    )
    simulate.add_argument("--tokens", type=int, help="starting combat tokens (starting_tokens)")
    simulate.add_argument(
        "--seed", type=bounded(2**63, low=0), default=0, help="seed of the whole run"
    )
    simulate.add_argument(
        "--workers",
        type=positive,
        default=1,
        help="worker processes (1: serial; at most the machine's cores)",
    )
    simulate.add_argument("--json", action="store_true", help="JSON output")
    add_rules_options(simulate, Rules)
    simulate.set_defaults(func=_simulate)

    add_rules_command(commands, Rules)

    sheet = commands.add_parser(
        "print", help="print-and-play cards of a deck file, at true scale, page by page"
    )
    sheet.add_argument(
        "deck", nargs="?", metavar="DECK.csv", help="the deck file (default: the shipped deck)"
    )
    add_print_options(sheet, cell_mm=CARD_SIZE[0])
    sheet.set_defaults(func=_print)
