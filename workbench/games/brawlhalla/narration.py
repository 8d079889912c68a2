"""Brawlhalla's actions in plain words for a game log, and the exact odds of an attack.

:func:`describe` says what an action (or a chance outcome) does, from the position it
is taken in; :func:`attack_odds` gives an attack's exact odds before the dice roll,
from the clash's chance outcomes (exact fractions, so no interval goes with them).

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> state = Brawlhalla().position(stacks={(2, 4): (0, 3, 0, 0, 0)})
>>> describe(state, ("move", (2, 4), (2, 3), (3, 0, 0, 0)))
'North moves 3 warriors from (2, 4) to (2, 3)'
>>> describe(state, ("end",))
'North ends the turn'
>>> state = Brawlhalla().position(stacks={(7, 0): (0, 3, 0, 0, 0), (7, 1): (1, 2, 0, 0, 0)})
>>> attack_odds(state, ("attack", (7, 0), (7, 1)))["text"]
'you win 2 pairs or more: 37%; 1 pair or more: 71%; it falls: 37%'
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from workbench.games.brawlhalla.card_effects import EFFECTS
from workbench.games.brawlhalla.defence_cards import defence_card
from workbench.games.brawlhalla.hidden_cards import clash_worlds
from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.setup import setup_side
from workbench.games.brawlhalla.state import PLAYING, ROLL
from workbench.games.brawlhalla.works import work_cost

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = [
    "FACE_DOWN_PICKS",
    "WORK_NAMES",
    "attack_odds",
    "card_target_text",
    "cards_words",
    "describe",
    "is_cell",
    "percent",
    "units_text",
]

#: What a ``build`` action starts, in words.
WORK_NAMES: dict[str, str] = {
    "barracks": "a barrack",
    "nursery": "a dragon nursery",
    "harbor": "a harbor",
    "boat": "a boat",
    "dragon": "a dragon",
    "salvage": "salvaging a boat",
}
_UNITS = ("warrior", "warlord", "dragon", "boat")


def units_text(part: tuple[int, ...]) -> str:
    """``(warriors, warlords, dragons, boats)`` in words.

    >>> units_text((3, 1, 0, 1)), units_text((1, 0, 0, 0)), units_text((0, 0, 2, 0))
    ('3 warriors, a warlord and a boat', 'a warrior', '2 dragons')
    """
    words = [
        f"{n} {name}s" if n > 1 else f"a {name}" for n, name in zip(part, _UNITS, strict=True) if n
    ]
    if len(words) < 2:
        return "".join(words) or "nobody"
    return ", ".join(words[:-1]) + " and " + words[-1]


def percent(p: Fraction | float) -> str:
    """A probability as a whole percentage; never "0%" or "100%" unless it is certain.

    >>> percent(Fraction(61, 100)), percent(Fraction(1, 1000)), percent(Fraction(1))
    ('61%', '<1%', '100%')
    """
    if 0 < p < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < p < 1:
        return ">99%"
    return f"{round(100 * float(p))}%"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _target(state: BrawlhallaState, cell: tuple[int, int]) -> str:
    if cell in state.guardians:
        return f"the guardian on {cell}"
    building = state.buildings.get(cell)
    if cell not in state.stacks and building is not None:
        return f"the {SIDES[building[0]]} {building[1]} on {cell}"
    return str(cell)


def _clash(state: BrawlhallaState, outcome: tuple[int, int]) -> str:
    src, dst, _, _, guardian = state.pending
    who = SIDES[state.to_move].capitalize()
    lost, won = outcome
    head = f"{who} attacks {_target(state, dst)} from {src}: loses {lost}, "
    if guardian:
        return head + ("the guardian falls" if won else "the guardian stands")
    return head + f"kills {won}"


def describe(state: BrawlhallaState, action: Any) -> str:
    """What ``action`` does in ``state``, in words (a chance outcome at a chance node:
    who begins, or an attack's result).

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> state = Brawlhalla().position(stacks={(7, 0): (0, 3, 0, 0, 0), (7, 1): (1, 2, 0, 0, 0)})
    >>> describe(state, ("attack", (7, 0), (7, 1)))
    'North attacks (7, 1) from (7, 0)'
    >>> describe(state.apply(("attack", (7, 0), (7, 1))), (1, 1))
    'North attacks (7, 1) from (7, 0): loses 1, kills 1'
    """
    if state.setup == ROLL:
        return f"{SIDES[action].capitalize()} begins"
    if state.pending is not None:
        return _clash(state, action)
    if state.setup < PLAYING:
        return _setup_text(state, action)
    who = SIDES[state.to_move].capitalize()
    kind = action[0]
    if kind == "end":
        return f"{who} ends the turn"
    if kind == "move":
        _, src, dst, part = action
        text = f"{who} moves {units_text(part)} from {src} to {dst}"
        if dst in state.ruins[state.to_move]:
            text += ", taking the ruin's coin"
        return text
    if kind == "fuse":
        _, src, dst = action
        lead = f"{who} moves a warrior from {src} to {dst} and" if src != dst else who
        return f"{lead} fuses warriors into a warlord on {dst}"
    if kind == "attack":
        src, dst = action[1:3]
        text = f"{who} attacks {_target(state, dst)} from {src}"
        if len(action) > 3:
            text += f" with {cards_words(action[3])}"
        after = state.apply(action)
        if after.deciding is not None:
            return text + ": the other side answers with a face-down card"
        return text if after.pending is not None else text + ": it falls at once"
    if kind == "build":
        _, cell, what = action
        owned = state.count(state.to_move, what) if what in ("barracks", "nursery") else 0
        units, turns = work_cost(what, owned, state.game.rules)
        cost = f"{_count(units, 'unit')}, {_count(turns, 'turn')}"
        return f"{who} starts {WORK_NAMES[what]} at {cell} ({cost})"
    if kind == "card":
        return _card_text(state, action, who)
    if kind == "discard":
        return f"{SIDES[state.discarding].capitalize()} discards {action[1]}"
    if kind in ("retreat", "substitute"):
        return _defence_text(state, action)
    return f"{who} takes the flag at {action[1]}"


def _card_text(state: BrawlhallaState, action: tuple, who: str) -> str:
    """A card play in words; the cards of the other side stay hidden (places, not names).

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> from workbench.games.brawlhalla.rules import Rules
    >>> state = Brawlhalla(rules=Rules(cards=True)).position(hands=(("Loki's treason",), ()))
    >>> describe(state, ("card", "Loki's treason", 2))
    "North plays Loki's treason on the other side's card 3, unseen"
    """
    _, name, target = action
    if EFFECTS[state.game.cards.table()[name][0]].timing == "face-down":
        return f"{who} lays a card face down"
    words = card_target_text(state, name, target)
    return f"{who} plays {name}" + (f" {words}" if words else "")


#: Effects whose target is a place among the other side's face-down cards (not its hand).
FACE_DOWN_PICKS = frozenset({"destroy_face_down_card", "reveal_face_down_card"})


def card_target_text(state: BrawlhallaState, name: str, target: Any) -> str:
    """What a card play aims at, in words (``""`` for none): a square, a card of the
    other side (by its place, unseen), cards to discard, a unit to recruit or bring back.

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> from workbench.games.brawlhalla.rules import Rules
    >>> state = Brawlhalla(rules=Rules(cards=True)).position()
    >>> card_target_text(state, "Bragi's bargain", ("Raid", "Pillage"))
    'discarding Raid and Pillage'
    >>> card_target_text(state, "Mimir's well", 0)
    "on the other side's face-down card 1, unseen"
    >>> card_target_text(state, "Loki's deception", ("Raid", 1))
    "giving Raid for the other side's card 2, unseen"
    >>> card_target_text(state, "Njord's wrath", ((4, 4), "north"))
    'on (4, 4), pushing it north'
    >>> card_target_text(state, "Freya's grace", (0, "warriors"))
    'bringing back a dead warrior'
    """
    effect_id = state.game.cards.table()[name][0]
    if target is None:
        return ""
    if isinstance(target, int):
        where = "face-down card" if effect_id in FACE_DOWN_PICKS else "card"
        return f"on the other side's {where} {target + 1}, unseen"
    if effect_id == "build_all_buildings":
        return f"recruiting a {target}"
    if isinstance(target, str):
        return f"discarding {target}"
    if is_cell(target):
        return f"on {target}"
    first, second = target[0], target[1] if len(target) == 2 else None
    if is_cell(first) and isinstance(second, str):
        return f"on {first}, pushing it {second}"
    if isinstance(first, str) and isinstance(second, int):
        return f"giving {first} for the other side's card {second + 1}, unseen"
    if isinstance(first, int) and isinstance(second, str):
        whose = "" if first == state.to_move else " of the other side's"
        return f"bringing back a dead {UNIT_NAMES[second]}{whose}"
    return f"discarding {cards_words(target)}"


#: A unit kind (as the cards name it) -> one unit in words.
UNIT_NAMES = {"warriors": "warrior", "warlords": "warlord", "dragons": "dragon", "boats": "boat"}


def cards_words(names: tuple[str, ...] | list[str]) -> str:
    """Cards in words, copies counted; Blood lord's ``"Blood lord:X"`` says its
    sacrifice.

    >>> cards_words(("Thor's blessing", "Thor's blessing", "Blood lord:2"))
    "2 Thor's blessings and Blood lord (2 warriors sacrificed)"
    >>> cards_words(("Skofnung",))
    'Skofnung'
    """
    words = []
    for entry, n in Counter(names).items():
        name, _, sacrificed = entry.partition(":")
        if sacrificed:
            name = f"{name} ({sacrificed} warrior{'s' if sacrificed != '1' else ''} sacrificed)"
        words.append(f"{n} {name}s" if n > 1 else name)
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def is_cell(item: Any) -> bool:
    """Whether ``item`` is a board square ``(row, column)``.

    >>> is_cell((2, 9)), is_cell(("Raid", 1)), is_cell(3)
    (True, False, False)
    """
    return (
        isinstance(item, tuple)
        and len(item) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
    )


def _defence_text(state: BrawlhallaState, action: tuple) -> str:
    """The defender's Retreat! or Substitution in words.

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> from workbench.games.brawlhalla.rules import Rules
    >>> state = Brawlhalla(rules=Rules(cards=True)).position(
    ...     stacks={(2, 4): (0, 3, 0, 0, 0), (3, 4): (1, 2, 0, 0, 0)},
    ...     face_down=((), ("Retreat !",)))
    >>> describe(state.apply(("attack", (2, 4), (3, 4))), ("retreat", (3, 4), (3, 6)))
    'South plays Retreat !: its stack on (3, 4) leaves the combat for (3, 6)'
    """
    kind, cell, other = action
    played = f"{SIDES[1 - state.to_move].capitalize()} plays {defence_card(state, action)}"
    if kind == "retreat":
        return f"{played}: its stack on {cell} leaves the combat for {other}"
    return f"{played}: its stack on {other} takes the place of the one on {cell}"


def _setup_text(state: BrawlhallaState, action: tuple) -> str:
    who = SIDES[setup_side(state)].capitalize()
    if action[0] in ("barracks", "harbor"):
        building = "barrack" if action[0] == "barracks" else "harbor"
        return f"{who} places its {building} at {action[1]}"
    _, split, lords_on = action
    places = ", ".join(
        f"{n} on the {place}"
        for n, place in zip(split, ("capital", "barrack", "harbor"), strict=True)
    )
    lords = state.game.rules.setup_warlords
    if not lords:
        return f"{who} deploys its warriors: {places}"
    lords_text = "its warlord" if lords == 1 else f"its {lords} warlords"
    where = {"capital": "capital", "barracks": "barrack", "harbor": "harbor"}[lords_on]
    return f"{who} deploys its warriors: {places}; {lords_text} on the {where}"


def attack_odds(
    state: BrawlhallaState, action: tuple, *, viewer: int | None = None
) -> dict[str, Any]:
    """The exact odds of ``("attack", src, dst)`` in ``state``, before its dice roll.

    With ``viewer`` (the side the odds are shown to), the other side's hidden cards are
    not peeked at: the odds are averaged over the clash cards it may hold, each world
    at its exact chance (:func:`~.hidden_cards.clash_worlds`); without, they are those
    of the position as it is (both sides' cards known).

    Returns ``outcomes`` (the clash's ``((attacker_losses, defender_losses),
    probability)``), ``at_least`` (k -> P(the attacker wins k pairs or more), for each
    k of the clash's pairs; empty against a guardian or a target that falls at once),
    ``falls`` (P(nothing of the enemy is left on ``dst``: its stack wiped out, the
    guardian beaten, the undefended target destroyed)) and ``text``, a sentence for
    the player.

    >>> from workbench.games.brawlhalla.engine import Brawlhalla
    >>> game = Brawlhalla()
    >>> west = dict(game.geometry.sanctuaries)["west"]
    >>> state = game.position(stacks={(9, 0): (0, 4, 1, 0, 0)})
    >>> odds = attack_odds(state, ("attack", (9, 0), west))
    >>> odds["text"], odds["at_least"]
    ('the guardian falls: 56%', {})
    """
    worlds = [(Fraction(1), state)] if viewer is None else clash_worlds(state, viewer)
    mixed: dict[tuple[int, int], Fraction] = {}
    falls, guardian, fights = Fraction(0), action[2] in state.guardians, Fraction(0)
    for chance, world in worlds:
        outcomes, world_falls = _world_odds(world, action)
        falls += chance * world_falls
        fights += chance if outcomes else 0
        for outcome, p in outcomes:
            mixed[outcome] = mixed.get(outcome, Fraction(0)) + chance * p
    outcomes = sorted(mixed.items())
    if not outcomes:
        text = "it falls at once" if falls == 1 else f"it falls: {percent(falls)}"
        return {"outcomes": [], "at_least": {}, "falls": falls, "text": text}
    if guardian:
        return {
            "outcomes": outcomes,
            "at_least": {},
            "falls": falls,
            "text": f"the guardian falls: {percent(falls)}",
        }
    pairs = max(lost + won for (lost, won), _ in outcomes)
    at_least = {
        k: sum((p for (_, won), p in outcomes if won >= k), Fraction(0))
        for k in range(pairs, 0, -1)
    }
    parts = [f"{_count(k, 'pair')} or more: {percent(p)}" for k, p in at_least.items()]
    text = "you win " + "; ".join(parts) + f"; it falls: {percent(falls)}"
    if fights != 1:
        text += f" (no clash at all: {percent(1 - fights)})"
    return {"outcomes": outcomes, "at_least": at_least, "falls": falls, "text": text}


def _world_odds(state: BrawlhallaState, action: tuple) -> tuple[list, Fraction]:
    """The clash's outcomes with their chances (none: decided at once) and the chance
    that nothing of the enemy is left on the target, in one fully known position."""
    after = state.apply(action)
    dst, side = action[2], state.to_move
    if after.pending is None:
        there = after.stacks.get(dst)
        gone = after.deciding is None and (there is None or there[0] == side)
        gone = gone and dst not in after.guardians and dst not in _enemy_buildings(after, side)
        return [], Fraction(int(gone))
    outcomes = after.chance_outcomes()

    def gone(outcome) -> bool:
        final = after.apply(outcome)
        if dst in state.guardians:
            return dst not in final.guardians
        there = final.stacks.get(dst)
        return there is None or there[0] == side

    return outcomes, sum((p for outcome, p in outcomes if gone(outcome)), Fraction(0))


def _enemy_buildings(state: BrawlhallaState, side: int) -> set:
    return {cell for cell, (owner, _) in state.buildings.items() if owner != side}
