"""``workbench odds``: exact Brawlhalla combat odds on the command line.

::

    workbench odds clash 3 2 --attacker-mod thor --json
    workbench odds guardian 5
    workbench odds fight 4 3 --defender-bonus 1 --max-attacks 2

Probabilities are exact; with ``--json`` they are ``"num/den"`` strings. Rules
come from the defaults, a ``--rules`` JSON file (fields of
:class:`workbench.games.brawlhalla.Rules`), then ``--faces``/``--cap`` (shorthands for
``--rule faces=N`` and ``--rule dice_cap=N``), then each ``--rule KNOB=VALUE``.
``workbench brawlhalla rules`` lists the knobs.
"""

from __future__ import annotations

import argparse
from collections import Counter

import pandas as pd

from workbench.cli.output import print_json, print_table
from workbench.cli.rules_options import add_rules_options, rules_from_args
from workbench.games.brawlhalla import Rules, clash_odds, fight, guardian_odds
from workbench.games.brawlhalla.combat import MODIFIER_NAMES, die_modifiers
from workbench.jsonio import fraction_text

__all__ = ["MAX_DICE", "MAX_UNITS", "MODIFIER_COPIES", "register"]

#: The most dice a side may roll here, ``--cap`` included (the game's cap is 7; the exact
#: clash tables grow steeply with the dice).
MAX_DICE = 20
#: The most units a side of ``odds fight`` may have.
MAX_UNITS = 200
#: How many cards of each die modifier the deck holds (Thor's blessing 4, Skofnung 1,
#: Norn's wrath 3, Blood lord 4): a clash cannot take more copies than there are.
MODIFIER_COPIES = {"thor": 4, "skofnung": 1, "norn": 3, "blood_lord": 4}


def _whole(what: str):
    """An argparse type: a whole number, else one line naming ``what``."""

    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, got {text!r}"
            ) from None

    return parse


def _rules(args: argparse.Namespace, dice: tuple[str, ...] = ()) -> Rules:
    """The rules of the command, once the dice (the arguments named ``dice``) and the
    modifiers are checked against the bounds."""
    for name in dice:
        if getattr(args, name) > MAX_DICE:
            raise ValueError(f"{name}: {getattr(args, name):,} dice, at most {MAX_DICE} here")
    mods = Counter(
        m.name.partition(":")[0]
        for side in ("attacker_mod", "defender_mod")
        for m in die_modifiers(getattr(args, side, []))
    )
    for name, copies in mods.items():
        if copies > MODIFIER_COPIES[name]:
            raise ValueError(
                f"{name} is given {copies} times; the deck holds {MODIFIER_COPIES[name]}"
            )
    rules = rules_from_args(args, shorthands={"faces": args.faces, "dice_cap": args.cap})
    if rules.dice_cap > MAX_DICE:
        raise ValueError(f"--cap (dice_cap) {rules.dice_cap:,}: at most {MAX_DICE} here")
    return rules


def _clash(args: argparse.Namespace) -> int:
    rules = _rules(args, ("attacker", "defender"))
    a, d = args.attacker, args.defender
    odds = clash_odds(
        a, d, rules=rules, attacker_mods=args.attacker_mod, defender_mods=args.defender_mod
    )
    if args.json:
        rows = odds[["attacker_losses", "defender_losses", "probability"]].to_dict("records")
        print_json({"attacker": a, "defender": d, "distribution": rows})
    else:
        title = f"clash: {a} attacker dice against {d} defender dice"
        print_table(_readable(odds), title=title)
    return 0


def _guardian(args: argparse.Namespace) -> int:
    rules = _rules(args, ("dice",))
    n = args.dice
    odds = guardian_odds(n, rules=rules, attacker_mods=args.attacker_mod)
    losses = odds.losses.probabilities
    if args.json:
        print_json(
            {"dice": n, "p_defeat": odds.p_defeat, "losses": {str(k): p for k, p in losses.items()}}
        )
    else:
        frame = pd.DataFrame(
            {"attacker_losses": list(losses), "probability": list(losses.values())}
        )
        title = (
            f"guardian {rules.guardian_dice}: {n} dice, P(defeat) = {fraction_text(odds.p_defeat)}"
        )
        print_table(_readable(frame), title=title + f" ~ {float(odds.p_defeat):.4f}")
    return 0


def _fight(args: argparse.Namespace) -> int:
    rules = _rules(args)
    for name in ("attacker", "defender"):
        if getattr(args, name) > MAX_UNITS:
            raise ValueError(f"{name}: {getattr(args, name):,} units, at most {MAX_UNITS}")
    odds = fight(
        args.attacker,
        args.defender,
        rules=rules,
        attacker_bonus=args.attacker_bonus,
        defender_bonus=args.defender_bonus,
        max_attacks=args.max_attacks,
    )
    if args.json:
        outcomes = odds.outcomes[["attacker_left", "defender_left", "result", "probability"]]
        print_json(
            {
                "attacker": odds.attacker_units,
                "defender": odds.defender_units,
                "max_attacks": odds.max_attacks,
                "p_attacker_wins": odds.p_attacker_wins,
                "expected_clashes": odds.expected_clashes,
                "outcomes": outcomes.to_dict("records"),
            }
        )
    else:
        title = (
            f"fight: {odds.attacker_units} against {odds.defender_units} units, "
            f"P(attacker wins) = {fraction_text(odds.p_attacker_wins)} "
            f"~ {float(odds.p_attacker_wins):.4f}, expected clashes "
            f"{float(odds.expected_clashes):.3f}"
        )
        print_table(_readable(odds.outcomes.drop(columns="p")), title=title)
    return 0


def _readable(frame: pd.DataFrame) -> pd.DataFrame:
    """Exact probabilities as "p/q" text next to their float value."""
    return frame.assign(
        p=[float(p) for p in frame["probability"]],
        probability=[fraction_text(p) for p in frame["probability"]],
    )


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--faces", type=_whole("--faces"), metavar="N", help="faces of the dice (default 6)"
    )
    parser.add_argument(
        "--cap", type=_whole("--cap"), metavar="N", help="most dice a side may roll (default 7)"
    )
    parser.add_argument("--json", action="store_true", help="JSON output, exact 'p/q' strings")
    add_rules_options(parser, Rules)


def _mods(parser: argparse.ArgumentParser, side: str) -> None:
    parser.add_argument(
        f"--{side}-mod",
        action="append",
        default=[],
        metavar="NAME",
        help=f"a die modifier of the {side}, repeatable: {', '.join(MODIFIER_NAMES)}",
    )


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``odds clash``, ``odds guardian`` and ``odds fight``."""
    odds = subparsers.add_parser("odds", help="exact Brawlhalla combat odds")
    commands = odds.add_subparsers(dest="odds_command", metavar="KIND", required=True)

    clash = commands.add_parser("clash", help="one clash: joint distribution of losses")
    clash.add_argument("attacker", type=_whole("attacker dice"), help="attacker dice (1..cap)")
    clash.add_argument("defender", type=_whole("defender dice"), help="defender dice (1..cap)")
    _mods(clash, "attacker")
    _mods(clash, "defender")
    _common(clash)
    clash.set_defaults(func=_clash)

    guardian = commands.add_parser("guardian", help="one attack on the 3-4-5 guardian")
    guardian.add_argument("dice", type=_whole("attacker dice"), help="attacker dice (1..cap)")
    _mods(guardian, "attacker")
    _common(guardian)
    guardian.set_defaults(func=_guardian)

    battle = commands.add_parser("fight", help="repeated clashes until one stack is gone")
    battle.add_argument("attacker", type=_whole("attacker units"), help="attacker units")
    battle.add_argument("defender", type=_whole("defender units"), help="defender units")
    for side in ("attacker", "defender"):
        battle.add_argument(
            f"--{side}-bonus",
            type=_whole(f"--{side}-bonus"),
            default=0,
            metavar="N",
            help="flat power bonus",
        )
    battle.add_argument(
        "--max-attacks", type=_whole("--max-attacks"), metavar="K", help="stop after K clashes"
    )
    _common(battle)
    battle.set_defaults(func=_fight)
