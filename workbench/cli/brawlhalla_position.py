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
from collections.abc import Collection
from fractions import Fraction
from typing import Any

import pandas as pd

from workbench.cli.output import print_json, print_table
from workbench.cli.rules_options import add_rules_options, rules_from_args
from workbench.errors import DataError
from workbench.games.brawlhalla.agents import AGENT_NAMES, agent_factory
from workbench.games.brawlhalla.movement import SIDES
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


def _is_cell(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)


def _card_words(action: dict[str, Any], cards: Collection[str]) -> tuple[list[int] | None, str]:
    """The square a card play targets (if any) and the card with its other targets in
    words (``cards``: the names of the card table)."""
    name, target = action["card"], action.get("target")
    if target is None or _is_cell(target):
        return target, name
    if isinstance(target, list) and _is_cell(target[0]):  # Njord's wrath: a direction
        return target[0], f"{name} {target[1]}"
    if isinstance(target, int):  # a card of the other side's hand or face down, blind
        return None, f"{name} (their card {target + 1})"
    parts = target if isinstance(target, list) else [target]
    if all(part in cards for part in parts):  # the cards it discards
        return None, f"{name} (discarding {', '.join(parts)})"
    if parts[0] in cards:  # Loki's deception: a card given for one of theirs
        return None, f"{name} ({parts[0]} for their card {parts[1] + 1})"
    if isinstance(parts[0], int):  # Freya's grace: whose dead unit comes back
        return None, f"{name} (a dead {SIDES[parts[0]]} {parts[1][:-1]})"
    return None, f"{name} ({', '.join(map(str, parts))})"


def _row(action: dict[str, Any], cards: Collection[str] = ()) -> dict[str, str]:
    part, to, what = action.get("part"), action.get("to"), action.get("build", "")
    if part:
        what = units_text(tuple(part.values()))
    elif action["kind"] in ("card", "discard"):
        to, what = _card_words(action, cards)
    elif action.get("cards"):
        what = "with " + ", ".join(action["cards"])
    return {
        "kind": action["kind"],
        "from": _cell(action.get("from")),
        "to": _cell(to),
        "what": what,
    }


def _heading(state: BrawlhallaState) -> str:
    text = f"turn {state.turn}: {SIDES[state.to_move]} to act, {state.ap} action point(s)"
    if state.deciding is not None:
        return text + f"; {SIDES[state.current_player()]} answers the attack on {state.deciding[1]}"
    return text + (", a card to discard first" if state.discarding is not None else "")


def _moves(args: argparse.Namespace) -> int:
    state = _position(args)
    actions = [action_to_dict(a) for a in state.legal_actions()]
    if args.json:
        print_json(actions)
        return 0
    print(f"{_heading(state)}; {len(actions)} legal action(s)")
    cards = state.game.cards.families()
    print_table(pd.DataFrame([_row(a, cards) for a in actions]))
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
    row = _row(result["action"], state.game.cards.families())
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
