"""``workbench brawlhalla moves`` and ``best``: legal actions and the computer's choice.

::

    workbench brawlhalla moves POSITION.json [--json] [--rules FILE] [--rule KNOB=VALUE]
    workbench brawlhalla best POSITION.json [--agent mcts:1000] [--seed S] [--json]

Both read a position file (``data/brawlhalla/SCHEMA.md``, "Positions", with cards or
without) under its own rules, then ``--rules``, then each ``--rule``. ``moves`` lists
every legal action of the side to act (card plays with their targets, the discards a
side over its hand limit owes); ``best`` asks an agent (``random``,
``mcts:SIMULATIONS``, ``dmcts:SIMULATIONS`` that sees only its own cards, ...) for its
action and, for an attack, gives the exact odds of the clash it starts.

>>> from workbench.cli import main
>>> main(["brawlhalla", "best", "data/brawlhalla/positions/attack.json", "--agent", "random",
...       "--seed", "1"])  # doctest: +ELLIPSIS
north plays ...
0
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

import pandas as pd

from workbench.cli.output import print_json, print_table
from workbench.cli.rules_options import add_rules_options, rules_from_args
from workbench.errors import DataError
from workbench.games.brawlhalla.agents import AGENT_NAMES, agent_factory
from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.narration import card_target_text, cards_words
from workbench.games.brawlhalla.position import action_to_dict, load_position, units_text
from workbench.games.brawlhalla.resolve import attack_dice
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.state import BrawlhallaState
from workbench.jsonio import fraction_text

__all__ = ["attack_odds", "register_position_commands"]


def _position(args: argparse.Namespace) -> BrawlhallaState:
    """The position file under its rules and the command line's; a side must be to act."""
    state = load_position(
        args.position, adjust_rules=lambda rules: rules_from_args(args, base=rules)
    )
    if state.is_terminal():
        raise DataError(args.position, f"the game is over ({state.victory}): no side to act")
    if state.current_player() < 0:
        raise DataError(args.position, "an attack waits for its dice: no side to act")
    return state


def _cell(cell: list[int] | None) -> str:
    return "" if cell is None else f"({cell[0]}, {cell[1]})"


def _row(state: BrawlhallaState, action: tuple) -> dict[str, str]:
    """An action as a table row; card plays and clash cards in the game log's words."""
    found = action_to_dict(action)
    part, what = found.get("part"), found.get("build", "")
    if part:
        what = units_text(tuple(part.values()))
    elif action[0] == "card":
        aim = card_target_text(state, action[1], action[2])
        what = f"{action[1]} {aim}".strip()
    elif action[0] == "discard":
        what = action[1]
    elif "cards" in found:
        what = "with " + cards_words(found["cards"])
    return {
        "kind": action[0],
        "from": _cell(found.get("from")),
        "to": _cell(found.get("to")),
        "what": what,
    }


def _heading(state: BrawlhallaState) -> str:
    text = f"turn {state.turn}: {SIDES[state.to_move]} to act, {state.ap} action point(s)"
    if state.deciding is not None:
        return text + f"; {SIDES[state.current_player()]} answers the attack on {state.deciding[1]}"
    return text + (", a card to discard first" if state.discarding is not None else "")


def _moves(args: argparse.Namespace) -> int:
    state = _position(args)
    actions = state.legal_actions()
    if args.json:
        print_json([action_to_dict(a) for a in actions])
        return 0
    print(f"{_heading(state)}; {len(actions)} legal action(s)")
    print_table(pd.DataFrame([_row(state, a) for a in actions]))
    return 0


def _p(value: Fraction) -> dict[str, Any]:
    return {"probability": fraction_text(value), "p": float(value)}


def attack_odds(state: BrawlhallaState, action: tuple) -> dict[str, Any]:
    """The exact odds of the clash ``action`` (an attack) starts: the dice, each outcome
    and the chance the attacker wins more pairs (against a guardian: that it falls).

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> state = Brawlhalla().position(stacks={(7, 9): (0, 3, 0, 0, 0), (8, 9): (1, 1, 0, 0, 0)})
    >>> odds = attack_odds(state, ("attack", (7, 9), (8, 9)))
    >>> odds["dice"], odds["odds"][0]["probability"], odds["attacker_wins_more_pairs"]
    ({'attack': 3, 'defence': 1}, '49/144', '95/144')
    """
    after = state.apply(action)
    if after.pending is None:  # nothing defends: the target falls at once
        src = action[1]
        dice = {"attack": attack_dice(state, src, state.stacks[src]), "defence": 0}
        return {"dice": dice, "odds": [], **_share("attacker_wins_more_pairs", Fraction(1))}
    _, _, attack, defence, guardian = after.pending
    outcomes = after.chance_outcomes()
    second = "guardian_falls" if guardian else "defender_losses"
    odds = [
        {"attacker_losses": lost, second: bool(won) if guardian else won, **_p(p)}
        for (lost, won), p in outcomes
    ]
    if guardian:
        name, wins = "guardian_falls", sum((p for (_, won), p in outcomes if won), Fraction(0))
    else:
        won_more = (p for (lost, won), p in outcomes if won > lost)
        name, wins = "attacker_wins_more_pairs", sum(won_more, Fraction(0))
    return {"dice": {"attack": attack, "defence": defence}, "odds": odds, **_share(name, wins)}


def _share(name: str, value: Fraction) -> dict[str, Any]:
    """``name`` as exact text and ``p_<name>`` as a float."""
    return {name: fraction_text(value), f"p_{name}": float(value)}


def _best(args: argparse.Namespace) -> int:
    state = _position(args)
    factory = agent_factory(args.agent)
    action = factory(state.game, seed=args.seed).act(state)
    result: dict[str, Any] = {"agent": args.agent, "action": action_to_dict(action)}
    if action[0] == "attack":
        result.update(attack_odds(state, action))
    if args.json:
        print_json(result)
        return 0
    row = _row(state, action)
    words = " ".join(w for w in (row["kind"], row["what"], row["from"]) if w)
    print(f"{SIDES[state.current_player()]} plays {words}{' -> ' + row['to'] if row['to'] else ''}")
    if "dice" in result:
        dice = result["dice"]
        print(f"clash: {dice['attack']} dice against {dice['defence']}")
        if result["odds"]:
            print_table(pd.DataFrame(result["odds"]))
        name = next(k for k in ("attacker_wins_more_pairs", "guardian_falls") if k in result)
        print(f"{name.replace('_', ' ')}: {result[name]} ({result['p_' + name]:.3f})")
    return 0


def register_position_commands(commands: argparse._SubParsersAction) -> None:
    """Add ``moves`` and ``best`` to ``workbench brawlhalla``."""
    moves = commands.add_parser("moves", help="every legal action in a position file")
    best = commands.add_parser("best", help="the action an agent picks in a position file")
    for parser in (moves, best):
        parser.add_argument("position", help="position file (JSON)")
        parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
        add_rules_options(parser, Rules)
    best.add_argument(
        "--agent", default="mcts:1000", help=f"one of {', '.join(AGENT_NAMES)} (default mcts:1000)"
    )
    best.add_argument("--seed", type=int, default=None, help="the agent's seed (default: any)")
    moves.set_defaults(func=_moves)
    best.set_defaults(func=_best)
