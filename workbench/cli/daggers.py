"""``workbench daggers``: Daggers Brink attack odds and simulated games on the command line.

::

    workbench daggers odds 5 3 2                  # Attack 5 against Defend 3, Health 2
    workbench daggers odds 5 3 2 --threshold 5 --json
    workbench daggers simulate --players 4 --games 400 --strategy focus --strategy tank:leader

Odds are exact; with ``--json`` probabilities are ``"num/den"`` strings:
``{"attack": A, "defend": D, "health": H, "threshold": T, "p_wound": "p/q",
"remaining_hits": {"0": "p/q", ...}}``. ``simulate`` plays seeded games through the
shared tournament runner and reports win rates (95% intervals) and game length.
"""

from __future__ import annotations

import argparse

import pandas as pd

from workbench.cli.output import print_json, print_table
from workbench.errors import RulesError
from workbench.games.daggers_brink.agents import STRATEGIES, TARGETS
from workbench.games.daggers_brink.odds import remaining_hits, wound_probability
from workbench.games.daggers_brink.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from workbench.games.daggers_brink.study import game_length, play_games, rotations, win_rates
from workbench.jsonio import fraction_text

__all__ = ["register"]


def _integer(text: str, what: str, low: int, high: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise RulesError(f"{what} must be a whole number, got {text!r}") from None
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise RulesError(f"{what} must be {bound}, got {value}")
    return value


def _odds(args: argparse.Namespace) -> int:
    attack = _integer(args.attack, "attack", 0)
    defend = _integer(args.defend, "defend", 0)
    health = _integer(args.health, "health", 0)
    threshold = _integer(args.threshold, "--threshold", 1, 6)
    p_wound = wound_probability(attack, defend, health, threshold=threshold)
    left = remaining_hits(attack, defend, threshold=threshold)
    if args.json:
        print_json(
            {
                "attack": attack,
                "defend": defend,
                "health": health,
                "threshold": threshold,
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
    title = (
        f"Attack {attack} against Defend {defend}, Health {health}, hits on {threshold}+: "
        f"P(wound) = {fraction_text(p_wound)} ~ {float(p_wound):.4f}"
    )
    print_table(frame, title=title)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    players = _integer(args.players, "--players", MIN_PLAYERS, MAX_PLAYERS)
    games = _integer(args.games, "--games", 1)
    tokens = _integer(args.tokens, "--tokens", 1)
    seed = _integer(args.seed, "--seed", 0)
    workers = _integer(args.workers, "--workers", 1)
    specs = args.strategy or ["focus", "balanced", "tank", "aggressive"]
    strategies = dict.fromkeys(specs)
    shifts = rotations(strategies, players)
    table = play_games(
        {spec: spec for spec in strategies},
        players=players,
        rounds=1,
        seed=seed,
        rules=Rules(starting_tokens=tokens),
        lineups=[shifts[i % len(shifts)] for i in range(games)],
        executor=None if workers == 1 else "processes",
        workers=workers,
        progress=not args.json,
    )
    by_strategy, by_seat, length = win_rates(table), win_rates(table, by="seat"), game_length(table)
    if args.json:
        print_json(
            {
                "players": players,
                "games": games,
                "starting_tokens": tokens,
                "seed": seed,
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


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``workbench daggers odds`` and ``workbench daggers simulate``."""
    group = subparsers.add_parser("daggers", help="Daggers Brink: attack odds and simulated games")
    commands = group.add_subparsers(dest="daggers_command", metavar="COMMAND", required=True)

    odds = commands.add_parser("odds", help="exact odds of one attack")
    odds.add_argument("attack", help="attack dice (the attacker's Attack)")
    odds.add_argument("defend", help="defend dice (the defender's Defend)")
    odds.add_argument("health", help="the defender's Health")
    odds.add_argument("--threshold", default="4", help="a die hits or blocks on this or more")
    odds.add_argument("--json", action="store_true", help="JSON with exact 'num/den' values")
    odds.set_defaults(func=_odds)

    names = ", ".join(STRATEGIES)
    simulate = commands.add_parser("simulate", help="play seeded games and report balance")
    simulate.add_argument("--players", default="4", help="players at the table (3..6)")
    simulate.add_argument("--games", default="200", help="games to play")
    simulate.add_argument(
        "--strategy",
        action="append",
        help=f"NAME[:TARGET], repeatable; names: {names}; targets: {', '.join(TARGETS)}",
    )
    simulate.add_argument("--tokens", default="3", help="starting combat tokens")
    simulate.add_argument("--seed", default="0", help="seed of the whole run")
    simulate.add_argument("--workers", default="1", help="worker processes (1: serial)")
    simulate.add_argument("--json", action="store_true", help="JSON output")
    simulate.set_defaults(func=_simulate)
