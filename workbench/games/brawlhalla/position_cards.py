"""The cards of a Brawlhalla position file: every card-related part of a state, one row
of :data:`CARD_FIELDS` each (its JSON key, the state's attribute, how it is read and
written), and the checks a position with cards must pass (names of the card table, no
more copies than the table has, hand limits, an answerable defence).

To add a card-related part of the state, add one :class:`CardField` row; a new shape of
value needs one small :class:`Codec`.

>>> [f.key for f in CARD_FIELDS][:3]
['hands', 'relics', 'in_effect']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.games.brawlhalla.card_effects import extra_action_points
from workbench.games.brawlhalla.defence_cards import defence_options
from workbench.games.brawlhalla.geometry import MODES
from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.position_reader import (
    MAX_COUNT,
    UNIT_KINDS,
    PositionReader,
    entry_places,
)
from workbench.games.brawlhalla.turn_effects import PHASING
from workbench.problems import Problems, shown

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState
    from workbench.grids.square import Cell

__all__ = [
    "CARD_FIELDS",
    "CARD_KEYS",
    "MOD_KEYS",
    "CardField",
    "Codec",
    "card_values",
    "check_cards",
]


@dataclass(frozen=True)
class Codec:
    """How one shape of value goes between a file and a state: ``read(reader, value,
    place)`` reports what is wrong with ``value`` at ``place`` and gives the state's value
    (a harmless one when wrong), ``write(value)`` gives the JSON back, and
    ``cards(value, place)`` the ``(JSON path, card name)`` of every card the value holds.
    """

    read: Callable[[PositionReader, Any, str], Any]
    write: Callable[[Any], Any]
    cards: Callable[[Any, str], list[tuple[str, str]]] = lambda value, place: []


#: The modes whose moves a card doubled this turn, and Gridarvolr's phasing.
_DOUBLED = (*MODES, PHASING)


def _card_list(kind: str, *, distinct: bool = False) -> Codec:
    """A list of card names of ``kind`` (``distinct``: at most one of each name)."""

    def read(reader: PositionReader, value: Any, place: str) -> tuple[str, ...]:
        names = reader.problems.expect_list(value, place, MAX_COUNT)
        good = tuple(n for k, n in enumerate(names) if reader.card(n, f"{place}[{k}]", kind))
        for name, count in Counter(good).items():
            if distinct and count > 1:
                reader.problems.add(place, f"{name!r} {count} times: at most one of each name")
        return good

    def cards(value: tuple[str, ...], place: str) -> list[tuple[str, str]]:
        return [(f"{place}[{k}]", name) for k, name in enumerate(value)]

    return Codec(read, list, cards)


def _each_side(codec: Codec, empty: Any) -> Codec:
    """``{"north": ..., "south": ...}`` of ``codec``'s values; ``empty`` for a side left out."""

    def read(reader: PositionReader, value: Any, place: str) -> tuple[Any, Any]:
        if not reader.problems.expect_object(value, place, (), SIDES):
            return (empty, empty)
        found = [
            codec.read(reader, value[s], f"{place}.{s}") if s in value else empty for s in SIDES
        ]
        return (found[0], found[1])

    def write(value: tuple[Any, Any]) -> dict[str, Any]:
        return {side: codec.write(v) for side, v in zip(SIDES, value, strict=True)}

    def cards(value: tuple[Any, Any], place: str) -> list[tuple[str, str]]:
        pairs = zip(SIDES, value, strict=True)
        return [found for side, v in pairs for found in codec.cards(v, f"{place}.{side}")]

    return Codec(read, write, cards)


def _read_count(reader: PositionReader, value: Any, place: str) -> int:
    return value if reader.problems.expect_integer(value, place, 0, MAX_COUNT) else 0


def _read_flag(reader: PositionReader, value: Any, place: str) -> bool:
    if not isinstance(value, bool):
        reader.problems.add(place, f"expected true or false, got {shown(value)}")
    return value is True


def _read_turn(reader: PositionReader, value: Any, place: str) -> int:
    """A turn, or null for never (-1 in the state)."""
    if value is None or not reader.problems.expect_integer(value, place, 1, MAX_COUNT):
        return -1
    return value


def _read_side(reader: PositionReader, value: Any, place: str) -> int | None:
    if value is None or not reader.problems.expect_choice(value, place, SIDES):
        return None
    return SIDES.index(value)


def _read_modes(reader: PositionReader, value: Any, place: str) -> frozenset[str]:
    modes = reader.problems.expect_list(value, place, len(_DOUBLED))
    return frozenset(
        m
        for k, m in enumerate(modes)
        if reader.problems.expect_choice(m, f"{place}[{k}]", _DOUBLED)
    )


def _read_units(reader: PositionReader, value: Any, place: str) -> tuple[int, int, int, int]:
    """``{"warriors": ..., "warlords": ..., "dragons": ..., "boats": ...}`` (0 each)."""
    if not reader.problems.expect_object(value, place, (), UNIT_KINDS):
        return (0, 0, 0, 0)
    counts = [reader.number(value, kind, place, 0, MAX_COUNT) or 0 for kind in UNIT_KINDS]
    return (counts[0], counts[1], counts[2], counts[3])


def _read_deciding(reader: PositionReader, value: Any, place: str) -> tuple | None:
    """An attack waiting for the defender's Retreat! or Substitution: ``from``, ``to`` and
    the attacker's clash ``cards`` (as the attack names them, ``Blood lord:X``)."""
    if value is None or not reader.problems.expect_object(value, place, ("from", "to"), ("cards",)):
        return None
    src, dst = reader.cell_of(value, "from", place), reader.cell_of(value, "to", place)
    cards = reader.problems.expect_list(value.get("cards", []), f"{place}.cards", MAX_COUNT)
    for k, entry in enumerate(cards):
        name = entry.partition(":")[0] if isinstance(entry, str) else entry
        reader.card(name, f"{place}.cards[{k}]", "drawn")
    return None if src is None or dst is None else (src, dst, tuple(cards))


def _write_deciding(deciding: tuple | None) -> dict[str, Any] | None:
    if deciding is None:
        return None
    src, dst, cards = deciding
    return {"from": list(src), "to": list(dst), "cards": list(cards)}


def _read_frozen(reader: PositionReader, value: Any, place: str) -> dict[Cell, int]:
    found: dict[Cell, int] = {}
    for k, item in enumerate(reader.problems.expect_list(value, place, MAX_COUNT)):
        where = f"{place}[{k}]"
        if not reader.problems.expect_object(item, where, ("cell", "turns")):
            continue
        cell, turns = (
            reader.cell_of(item, "cell", where),
            reader.number(item, "turns", where, 1, MAX_COUNT),
        )
        if cell in found:
            reader.problems.add(f"{where}.cell", f"{list(cell)} is frozen twice")
        elif cell is not None and turns is not None:
            found[cell] = turns
    return found


_COUNT = Codec(_read_count, int)
_FLAG = Codec(_read_flag, bool)
_TURN = Codec(_read_turn, lambda turn: None if turn < 0 else turn)
_SIDE = Codec(_read_side, lambda side: None if side is None else SIDES[side])
_MODES = Codec(_read_modes, lambda modes: [m for m in _DOUBLED if m in modes])
_UNITS = Codec(_read_units, lambda units: dict(zip(UNIT_KINDS, units, strict=True)))
_DECIDING = Codec(_read_deciding, _write_deciding)
_FROZEN = Codec(
    _read_frozen, lambda cells: [{"cell": list(c), "turns": n} for c, n in sorted(cells.items())]
)


#: Per side, face-down cards (at most one of each name).
_LAID = _each_side(_card_list("face-down", distinct=True), ())


@dataclass(frozen=True)
class CardField:
    """One card-related part of a state in position files: its JSON ``key``, the state's
    ``attribute``, its :class:`Codec`, and the ``pool`` (``drawn``: the draw deck, or
    ``artifact``) whose copies its cards count against. A ``rest`` field left out of a
    file holds the cards of its pool that no other field holds, shuffled from ``seed``.
    """

    key: str
    attribute: str
    codec: Codec
    pool: str = ""
    rest: bool = False


#: Every card-related part of a state, in the order files list them. A new part of the
#: state is one more row: its JSON key, the state's attribute and a codec (a list of
#: cards of a kind, per side or not, a count, a flag, a turn, a side, modes, cells with
#: turns, or a new :class:`Codec`); ``pool`` when its cards count against the copies.
CARD_FIELDS: tuple[CardField, ...] = (
    CardField("hands", "hands", _each_side(_card_list("drawn"), ()), "drawn"),
    CardField("relics", "relics", _each_side(_card_list("artifact"), ()), "artifact"),
    CardField("in_effect", "in_effect", _each_side(_card_list("lasting"), ()), "artifact"),
    CardField("face_down", "face_down", _LAID, "drawn"),
    CardField("deck", "deck", _card_list("drawn"), "drawn", rest=True),
    CardField("discard", "discard", _card_list("drawn"), "drawn"),
    CardField("artifact_pile", "artifact_pile", _card_list("artifact"), "artifact", rest=True),
    CardField("cards_due", "cards_due", _each_side(_COUNT, 0)),
    CardField("sacrificed", "sacrificed", _COUNT),
    CardField("discarding", "discarding", _SIDE),
    CardField("hand_shown", "shown_hand", _each_side(_FLAG, False)),
    CardField("face_down_seen", "shown_face_down", _LAID),
    CardField("skofnung_used", "skofnung", _each_side(_TURN, -1)),
    CardField("extra_move_used", "extra_move", _each_side(_TURN, -1)),
    CardField("dead", "dead", _each_side(_UNITS, (0, 0, 0, 0))),
    CardField("deciding", "deciding", _DECIDING),
    CardField("doubled", "doubled", _MODES),
    CardField("frozen", "frozen", _FROZEN),
)  # fmt: skip
CARD_KEYS = (*(f.key for f in CARD_FIELDS), "seed")
#: The die cards of a pending clash, in ``pending``: the attacker's, the defender's.
MOD_KEYS = ("attacker_mods", "defender_mods")


def card_values(data: dict, read: PositionReader) -> dict[str, Any]:
    """State attribute -> value of every card field (none with cards off, where a card
    key is a problem); the copies of each card checked, the ``rest`` fields filled."""
    if not read.game.rules.cards:
        for key in CARD_KEYS:
            if key in data:
                read.problems.add(f"$.{key}", "cards are off (rules.cards)")
        return {}
    given = {
        f.key: f.codec.read(read, data[f.key], f"$.{f.key}") for f in CARD_FIELDS if f.key in data
    }
    rng = np.random.default_rng(read.number(data, "seed", "$", 0, 2**63 - 1))
    cards = read.game.cards
    for pool, copies in (("drawn", cards.pile()), ("artifact", cards.artifacts())):
        fields = [f for f in CARD_FIELDS if f.pool == pool]
        rest = list(_count_copies(fields, given, Counter(copies), read.problems).elements())
        for f in fields:
            if f.rest and f.key not in given:
                given[f.key] = tuple(rest[i] for i in rng.permutation(len(rest)))
    return {f.attribute: given[f.key] for f in CARD_FIELDS if f.key in given}


def _count_copies(
    fields: list[CardField], given: dict[str, Any], copies: Counter, problems: Problems
) -> Counter:
    """Check no card is placed more often than the card table has it (the first copy too
    many is reported); the copies left, in the order of the card table."""
    held: Counter = Counter()
    for f in (f for f in fields if f.key in given):
        for place, name in f.codec.cards(given[f.key], f"$.{f.key}"):
            held[name] += 1
            if held[name] == copies[name] + 1:
                problems.add(place, f"one {name!r} too many: the card table has {copies[name]}")
    return copies - held


def check_cards(state: BrawlhallaState, data: dict, problems: Problems) -> None:
    """The action points (Tyrfing's too), the hands within ``Rules.hand_limit`` (or their
    side discarding), frozen stacks, a guardian's die cards, an attack waiting for the
    defender's answer, units that acted once more (Angurvadal)."""
    rules = state.game.rules
    most = rules.action_points_per_turn + extra_action_points(state, state.to_move)
    if state.ap > most:
        problems.add("$.action_points", f"at most {most} (action_points_per_turn, Tyrfing)")
    _check_hands(state, problems)
    for k, item in enumerate(data.get("frozen", [])):
        if tuple(item["cell"]) not in state.stacks:
            problems.add(f"$.frozen[{k}].cell", "no stack stands there to be frozen")
    if state.pending is not None and state.pending[4] and state.committed[1]:
        problems.add("$.pending.defender_mods", "a guardian brings no die cards")
    if state.deciding is not None:
        _check_deciding(state, problems)
    places = entry_places(data, "units")
    for cell, stack in state.stacks.items():
        last = state.turn - (stack[0] != state.to_move)  # its side's turn, or the last one
        if stack[5] > rules.actions_per_unit_per_turn and state.extra_move[stack[0]] != last:
            problems.add(
                f"{places[cell]}.spent",
                "beyond actions_per_unit_per_turn only by Angurvadal's move (extra_move_used)",
            )


def _check_hands(state: BrawlhallaState, problems: Problems) -> None:
    """Each hand within ``Rules.hand_limit`` (or ``opening_hand``), but the hand of the
    side to act that must discard, which holds more."""
    rules = state.game.rules
    for side, name in enumerate(SIDES):
        held = len(state.hands[side])
        if state.discarding == side and held <= rules.hand_limit:
            problems.add(
                "$.discarding", f"{name} holds {held} card(s), within hand_limit {rules.hand_limit}"
            )
        elif state.discarding != side and held > max(rules.hand_limit, rules.opening_hand):
            problems.add(
                f"$.hands.{name}",
                f"{held} cards, over hand_limit {rules.hand_limit} (unless discarding)",
            )
    if state.discarding not in (None, state.to_move):
        problems.add("$.discarding", "only the side to act discards")


def _check_deciding(state: BrawlhallaState, problems: Problems) -> None:
    """An attack waiting for the defender's answer: the side to act attacks from ``from``
    an enemy stack on ``to`` that has a Retreat! or Substitution to answer with."""
    src, dst, _ = state.deciding
    attacker, defender = state.stacks.get(src), state.stacks.get(dst)
    if attacker is None or attacker[0] != state.to_move:
        problems.add("$.deciding.from", "the side to act has no stack there")
    if defender is None or defender[0] == state.to_move:
        problems.add("$.deciding.to", "no enemy stack there")
    elif not defence_options(state, dst):
        problems.add("$.deciding.to", "its side has no Retreat! or Substitution that can answer")
    if state.pending is not None:
        problems.add("$.deciding", "an attack waits for its dice (pending) already")
