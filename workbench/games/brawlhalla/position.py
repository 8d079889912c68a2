"""Brawlhalla position files: a position in play as diff-friendly JSON, fully validated.

A position file (``data/brawlhalla/SCHEMA.md``, "Positions") names its board (a path
relative to the file, the board inline, or nothing for the default board), optional
rules knobs, and the position: stacks, buildings, works, guardians, ruins, wreckages,
the flag, coins and the turn; with cards in play (``Rules.cards``), every part of
:data:`CARD_FIELDS`: hands, artifacts, face-down cards, the deck and the piles, the card
effects of the turn and what each side has learnt of the other's cards. Any part left
out is as at the start of play (both capitals, every guardian, ruin and wreckage, the
flag at home, no cards held; the deck and the artifact pile hold the cards placed
nowhere else, shuffled from the file's ``seed``). Loading checks everything and
reports every problem at once, each with its JSON path; the state is built with
:meth:`Brawlhalla.position <workbench.games.brawlhalla.engine.Brawlhalla.position>`.

>>> state = position_from_dict({
...     "format": "brawlhalla-position/1",
...     "units": [{"side": "north", "cell": [7, 9], "warriors": 3},
...               {"side": "south", "cell": [8, 9], "warriors": 2}],
... })
>>> ("attack", (7, 9), (8, 9)) in state.legal_actions()
True
>>> unit = position_to_dict(state)["units"][1]
>>> unit["side"], unit["cell"], unit["warriors"], unit["spent"]
('south', [8, 9], 2, 0)
>>> from workbench.errors import DataError
>>> try:
...     position_from_dict({"units": [{"side": "north", "cell": [1, 5], "warriors": 1}]})
... except DataError as exc:
...     print(exc.problems[0])
$.units[0]: 1 warrior cannot stand on this mountain square
>>> state = position_from_dict({
...     "rules": {"cards": True},
...     "units": [{"side": "north", "cell": [7, 9], "warriors": 3},
...               {"side": "south", "cell": [8, 9], "warriors": 2}],
...     "hands": {"north": ["Raid"]}, "relics": {"north": ["Mjolnir"]},
... })
>>> ("card", "Mjolnir", (8, 9)) in state.legal_actions(), len(state.deck)
(True, 89)
>>> position_to_dict(state)["relics"]
{'north': ['Mjolnir'], 'south': []}
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from workbench.errors import DataError, RulesError
from workbench.games.brawlhalla.actions import BUILD_KINDS
from workbench.games.brawlhalla.board import (
    TERRAIN_CHARS,
    Board,
    board_from_dict,
    board_to_dict,
    default_board,
    load_board,
)
from workbench.games.brawlhalla.combat import parse_modifier
from workbench.games.brawlhalla.engine import VICTORIES, Brawlhalla
from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.position_cards import (
    CARD_FIELDS,
    CARD_KEYS,
    MOD_KEYS,
    card_values,
    check_cards,
)
from workbench.games.brawlhalla.position_reader import (
    MAX_COUNT,
    UNIT_KINDS,
    PositionReader,
    entry_places,
)
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.stacking import can_stand
from workbench.games.brawlhalla.state import PLAYING, BrawlhallaState
from workbench.grids.square import Cell
from workbench.jsonio import atomic_write_text, lines_json_text, load_json
from workbench.problems import Problems, shown

__all__ = [
    "CARD_FIELDS",
    "FORMAT",
    "UNIT_KINDS",
    "action_to_dict",
    "load_position",
    "position_from_dict",
    "position_to_dict",
    "position_to_json_text",
    "save_position",
    "units_text",
]

FORMAT = "brawlhalla-position/1"
#: A stack's units, in the order of :data:`~workbench.games.brawlhalla.state.Stack`.
_BUILDINGS = ("capital", "barracks", "nursery", "harbor")
_KEYS = (
    "format", "board", "rules", "turn", "to_move", "action_points", "first", "units",
    "buildings", "works", "guardians", "beaten", "ruins_taken", "wrecks", "earthed", "flag",
    "carrier", "respawn", "coins", "holy", "artifacts", "pending", "winner", "victory",
)  # fmt: skip
#: The default board, read once (boards are immutable).
_default_board = functools.cache(default_board)


def load_position(
    path: str | os.PathLike[str], *, adjust_rules: Callable[[Rules], Rules] | None = None
) -> BrawlhallaState:
    """Read and validate a position file (its board path is relative to the file);
    ``adjust_rules`` turns the file's rules into those to play under (such as the
    command line's settings on top)."""
    path = Path(path)
    return position_from_dict(
        load_json(path), source=str(path), folder=path.parent, adjust_rules=adjust_rules
    )


def save_position(
    state: BrawlhallaState, path: str | os.PathLike[str], *, board: str | None = None
) -> None:
    """Write a position file atomically (see :func:`position_to_dict` for ``board``)."""
    atomic_write_text(path, position_to_json_text(state, board=board))


def position_to_json_text(state: BrawlhallaState, *, board: str | None = None) -> str:
    """The file's text: one key a line, one unit, building or work a line."""
    return lines_json_text(position_to_dict(state, board=board))


# -- writing --------------------------------------------------------------------------
def _cells(cells: Any) -> list[list[int]]:
    return [list(cell) for cell in sorted(cells)]


def _per_side(values: Any) -> dict[str, Any]:
    return dict(zip(SIDES, values, strict=True))


def position_to_dict(state: BrawlhallaState, *, board: str | None = None) -> dict[str, Any]:
    """The JSON-able dict of a position in play (inverse of :func:`position_from_dict`).

    ``board`` is the path to write for the board; without it the board is left out when
    it is the default board and written inline otherwise. Rules knobs are written when
    they differ from the defaults. With cards in play every part of :data:`CARD_FIELDS`
    is written too (and the die cards a pending clash brings); without them none is.
    """
    game = state.game
    if state.setup < PLAYING:
        raise RulesError("a position file holds a position in play, set-up done")
    geometry = game.geometry
    names = {cell: name for name, cell in geometry.sanctuaries}
    data: dict[str, Any] = {"format": FORMAT}
    if board is not None:
        data["board"] = board
    elif game.board != _default_board():
        data["board"] = board_to_dict(game.board)
    defaults = Rules().to_dict()
    changed = {k: v for k, v in game.rules.to_dict().items() if defaults[k] != v}
    if changed:
        data["rules"] = changed
    taken = [set(game.board.ruins) - ruins for ruins in state.ruins]
    data.update(
        turn=state.turn,
        to_move=SIDES[state.to_move],
        action_points=state.ap,
        first=SIDES[state.first],
        units=[
            {
                "side": SIDES[stack[0]],
                "cell": list(cell),
                **dict(zip(UNIT_KINDS, stack[1:5], strict=True)),
                "spent": stack[5],
            }
            for cell, stack in sorted(state.stacks.items())
        ],
        buildings=[
            {"side": SIDES[owner], "kind": kind, "cell": list(cell)}
            for cell, (owner, kind) in sorted(state.buildings.items())
        ],
        works=[
            {
                "side": SIDES[w[0]],
                "kind": w[1],
                "cell": list(cell),
                "warriors": w[2],
                "warlords": w[3],
                "turns_left": w[4],
            }
            for cell, w in sorted(state.works.items())
        ],
        guardians=[name for name, cell in geometry.sanctuaries if cell in state.guardians],
        beaten={names[cell]: SIDES[side] for cell, side in sorted(state.beaten.items())},
        ruins_taken=_cells(taken[0])
        if taken[0] == taken[1]
        else _per_side(_cells(t) for t in taken),
        wrecks={f.side: state.wrecks.get(f.cell, 0) for f in game.board.features_of("wreckage")},
        earthed=_cells(state.earthed),
        flag="home"
        if state.flag is not None and state.flag == geometry.flag_home
        else (state.flag and list(state.flag)),
        carrier=state.carrier and list(state.carrier),
        respawn=state.respawn,
        coins=_per_side(state.coins),
        holy=_per_side(state.holy),
        artifacts=_per_side(list(a) for a in state.artifacts),
    )
    if game.rules.cards:
        data.update({f.key: f.codec.write(getattr(state, f.attribute)) for f in CARD_FIELDS})
    if state.pending is not None:
        src, dst, attack, defence, _ = state.pending
        data["pending"] = {
            "from": list(src),
            "to": list(dst),
            "attack_dice": attack,
            "defence_dice": defence,
        }
        if game.rules.cards:
            data["pending"].update(zip(MOD_KEYS, map(list, state.committed), strict=True))
    if state.winner is not None:
        data["winner"] = "draw" if state.winner < 0 else SIDES[state.winner]
        data["victory"] = state.victory
    return data


def action_to_dict(action: tuple) -> dict[str, Any]:
    """An action in play as JSON: ``kind``, the acting stack's square ``from``, and ``to``
    (moves, fusions, attacks, a retreat, a substitute's square), the ``part`` that moves,
    or the work a ``build`` starts;
    the ``cards`` an attack brings; the ``card`` played (and its ``target``, tuples as
    lists, when it has one) or discarded.

    >>> action_to_dict(("move", (1, 6), (0, 6), (2, 0, 0, 0)))["part"]
    {'warriors': 2, 'warlords': 0, 'dragons': 0, 'boats': 0}
    >>> action_to_dict(("build", (0, 3), "harbor")), action_to_dict(("end",))
    ({'kind': 'build', 'from': [0, 3], 'build': 'harbor'}, {'kind': 'end'})
    >>> action_to_dict(("card", "Njord's wrath", ((4, 5), "east")))
    {'kind': 'card', 'card': "Njord's wrath", 'target': [[4, 5], 'east']}
    """
    kind = action[0]
    found: dict[str, Any] = {"kind": kind}
    if kind == "end":
        return found
    if kind in ("card", "discard"):
        found["card"] = action[1]
        if len(action) > 2 and action[2] is not None:
            found["target"] = _as_lists(action[2])
        return found
    found["from"] = list(action[1])
    if kind in ("move", "fuse", "attack", "retreat", "substitute"):
        found["to"] = list(action[2])
    if kind == "move":
        found["part"] = dict(zip(UNIT_KINDS, action[3], strict=True))
    elif kind == "build":
        found["build"] = action[2]
    elif kind == "attack" and len(action) > 3:
        found["cards"] = list(action[3])
    return found


def _as_lists(value: Any) -> Any:
    """``value`` with every tuple in it a list (JSON's shape)."""
    return [_as_lists(v) for v in value] if isinstance(value, tuple) else value


# -- reading --------------------------------------------------------------------------
def position_from_dict(
    data: Any,
    *,
    source: str = "position",
    folder: str | os.PathLike[str] = ".",
    adjust_rules: Callable[[Rules], Rules] | None = None,
) -> BrawlhallaState:
    """Validate a parsed position file and build the state; a :class:`DataError` naming
    ``source`` lists every problem with its JSON path (see :func:`load_position`)."""
    problems = Problems(source)
    if not problems.expect_object(data, "$", (), (*_KEYS, *CARD_KEYS)):
        problems.raise_if_any()
    if "format" in data and data["format"] != FORMAT:
        problems.add("$.format", f"expected {FORMAT!r}, got {data['format']!r}")
    game = _game(data, problems, Path(folder), adjust_rules)
    problems.raise_if_any()
    read = PositionReader(problems, game)
    fields = _fields(data, read)
    cards = card_values(data, read)
    problems.raise_if_any()
    # What position() does not take: the ruins per side (it reads a pair of non-empty
    # lists only), an attack waiting for its dice (and its die cards), a finished game;
    # the card fields are set as they are.
    ruins, pending, winner = (fields.pop(key) for key in ("ruins", "pending", "winner"))
    state = game.position(**fields)
    if ruins is not None:
        state.ruins = ruins
    if pending is not None:
        src, dst, attack, defence, state.committed = pending
        state.pending = (src, dst, attack, defence, dst in state.guardians)
    if winner is not None:
        state.winner, state.victory = winner
    for attribute, value in cards.items():
        setattr(state, attribute, value)
    _check_state(state, data, problems)
    if game.rules.cards:
        check_cards(state, data, problems)
    problems.raise_if_any()
    return state


def _game(data: dict, problems: Problems, folder: Path, adjust_rules) -> Brawlhalla | None:
    board: Board | None = _default_board()
    value = data.get("board")
    try:
        if isinstance(value, str):
            board = load_board(folder / value)
        elif value is not None:
            board = board_from_dict(value, source="$.board")
    except DataError as exc:
        shown = "" if exc.source == "$.board" else f"{exc.source}: "
        for problem in exc.problems:
            problems.add("$.board", f"{shown}{problem}")
        board = None
    rules = Rules()
    if "rules" in data:
        try:
            rules = Rules.from_dict(data["rules"], source="$.rules")
        except RulesError as exc:
            problems.add("", str(exc))
    if adjust_rules is not None:
        rules = adjust_rules(rules)
    if board is None:
        return None
    try:
        return Brawlhalla(board, rules)
    except RulesError as exc:
        problems.add("$.board", str(exc))
        return None


def _fields(data: dict, read: PositionReader) -> dict[str, Any]:
    """The arguments of :meth:`Brawlhalla.position` (and ``pending``, ``winner``)."""
    game, problems = read.game, read.problems
    rules = game.rules
    most = rules.action_points_per_turn
    fields: dict[str, Any] = {
        "stacks": _units(data, read),
        "works": _works(data, read),
        "turn": read.number(data, "turn", "$", 1, rules.turn_limit + ("winner" in data), 1),
        "ap": read.number(data, "action_points", "$", 0, MAX_COUNT if rules.cards else most, most),
        "to_move": read.side(data, "to_move", "$") if "to_move" in data else 0,
        "first": read.side(data, "first", "$") if "first" in data else 0,
        "earthed": read.cells(data.get("earthed", []), "$.earthed"),
        "flag": data.get("flag", "home"),
        "carrier": None,
        "respawn": data.get("respawn"),
    }
    if "buildings" in data:
        fields["buildings"] = _buildings(data["buildings"], read)
    if "guardians" in data:
        names = problems.expect_list(data["guardians"], "$.guardians", len(read.sanctuaries))
        fields["guardians"] = [read.sanctuary(n, f"$.guardians[{k}]") for k, n in enumerate(names)]
    beaten = data.get("beaten", {})
    if problems.expect_object(beaten, "$.beaten", (), tuple(read.sanctuaries)):
        fields["beaten"] = {
            read.sanctuaries[name]: read.side(beaten, name, "$.beaten")
            for name in beaten
            if name in read.sanctuaries
        }
    if "ruins_taken" in data:
        fields["ruins"] = _ruins(data["ruins_taken"], read)
    else:
        fields["ruins"] = None
    if "wrecks" in data:
        fields["wrecks"] = _wrecks(data["wrecks"], read)
    if fields["flag"] != "home" and fields["flag"] is not None:
        fields["flag"] = read.cell(fields["flag"], "$.flag")
    if data.get("carrier") is not None:
        fields["carrier"] = read.cell(data["carrier"], "$.carrier")
    if fields["respawn"] is not None:
        read.number(data, "respawn", "$", 1, MAX_COUNT)
    fields["coins"] = read.per_side(data.get("coins", {}), "$.coins", MAX_COUNT)
    fields["holy"] = read.per_side(data.get("holy", {}), "$.holy", rules.holy_turns - 1)
    artifacts = data.get("artifacts", {})
    if problems.expect_object(artifacts, "$.artifacts", (), SIDES):
        lists = [
            problems.expect_list(artifacts.get(side, []), f"$.artifacts.{side}", 3)
            for side in SIDES
        ]
        for side, names in zip(SIDES, lists, strict=True):
            for k, name in enumerate(names):
                read.sanctuary(name, f"$.artifacts.{side}[{k}]")
        fields["artifacts"] = (tuple(lists[0]), tuple(lists[1]))
    fields["pending"] = _pending(data.get("pending"), read)
    fields["winner"] = _winner(data, read)
    return fields


def _units(data: dict, read: PositionReader) -> dict[Cell, tuple[int, ...]]:
    stacks: dict[Cell, tuple[int, ...]] = {}
    where: dict[Cell, str] = {}
    items = read.problems.expect_list(data.get("units", []), "$.units", read.size[0] * read.size[1])
    rules = read.game.rules
    spent_most = rules.actions_per_unit_per_turn + rules.cards  # Angurvadal's extra move
    for k, unit in enumerate(items):
        place = f"$.units[{k}]"
        if not read.problems.expect_object(unit, place, ("side", "cell"), (*UNIT_KINDS, "spent")):
            continue
        side = read.side(unit, "side", place)
        cell = read.cell_of(unit, "cell", place)
        counts = [read.number(unit, kind, place, 0, MAX_COUNT) for kind in UNIT_KINDS]
        spent = read.number(unit, "spent", place, 0, spent_most)
        if side is None or cell is None or None in counts or spent is None:
            continue
        if not any(counts):
            read.problems.add(place, "a stack needs at least one unit")
        elif cell in where:
            read.problems.add(f"{place}.cell", f"{list(cell)} already holds {where[cell]}")
        else:
            stacks[cell], where[cell] = (side, *counts, spent), place
    return stacks


def _buildings(value: Any, read: PositionReader) -> dict[Cell, tuple[int, str]]:
    found: dict[Cell, tuple[int, str]] = {}
    for k, item in enumerate(read.problems.expect_list(value, "$.buildings", MAX_COUNT)):
        place = f"$.buildings[{k}]"
        if not read.problems.expect_object(item, place, ("side", "kind", "cell")):
            continue
        side, cell = read.side(item, "side", place), read.cell_of(item, "cell", place)
        kind = item.get("kind")
        if not read.problems.expect_choice(kind, f"{place}.kind", _BUILDINGS):
            continue
        if side is None or cell is None:
            continue
        if cell in found:
            read.problems.add(f"{place}.cell", f"{list(cell)} already holds a building")
        found[cell] = (side, kind)
    return found


def _works(data: dict, read: PositionReader) -> dict[Cell, tuple[int, str, int, int, int]]:
    found: dict[Cell, tuple[int, str, int, int, int]] = {}
    keys = ("side", "kind", "cell", "turns_left")
    for k, item in enumerate(
        read.problems.expect_list(data.get("works", []), "$.works", MAX_COUNT)
    ):
        place = f"$.works[{k}]"
        if not read.problems.expect_object(item, place, keys, ("warriors", "warlords")):
            continue
        side, cell = read.side(item, "side", place), read.cell_of(item, "cell", place)
        kind_ok = read.problems.expect_choice(item.get("kind"), f"{place}.kind", BUILD_KINDS)
        held = [read.number(item, key, place, 0, MAX_COUNT) for key in ("warriors", "warlords")]
        turns = read.number(item, "turns_left", place, 1, MAX_COUNT, 1)
        if not kind_ok or None in (side, cell, turns, *held):
            continue
        if cell in found:
            read.problems.add(f"{place}.cell", f"{list(cell)} already holds a work")
        found[cell] = (side, item["kind"], held[0], held[1], turns)
    return found


def _ruins(value: Any, read: PositionReader) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """What each side can still gain: the board's ruins but those taken (one list for
    both sides, or one per side)."""
    if not isinstance(value, dict):
        both = _ruins_left(value, "$.ruins_taken", read)
        return both, both
    read.problems.expect_object(value, "$.ruins_taken", (), SIDES)
    north, south = (_ruins_left(value.get(s, []), f"$.ruins_taken.{s}", read) for s in SIDES)
    return north, south


def _ruins_left(value: Any, place: str, read: PositionReader) -> frozenset[Cell]:
    ruins = set(read.game.board.ruins)
    taken = read.cells(value, place)
    for k, cell in enumerate(taken):
        if cell is not None and cell not in ruins:
            read.problems.add(f"{place}[{k}]", f"{list(cell)} is not a ruin of the board")
    return frozenset(ruins - set(taken))


def _wrecks(value: Any, read: PositionReader) -> dict[Cell, int]:
    wreckages = {f.side: f.cell for f in read.game.board.features_of("wreckage")}
    uses = read.game.rules.wreckage_uses
    if not read.problems.expect_object(value, "$.wrecks", (), tuple(wreckages)):
        return {}
    return {
        cell: read.number(value, side, "$.wrecks", 0, uses, uses)
        for side, cell in wreckages.items()
    }


def _pending(value: Any, read: PositionReader) -> tuple | None:
    """``(from, to, attack_dice, defence_dice, (attacker_mods, defender_mods))``."""
    keys = ("from", "to", "attack_dice", "defence_dice")
    if value is None or not read.problems.expect_object(value, "$.pending", keys, MOD_KEYS):
        return None
    most = max(read.game.rules.dice_cap, len(read.game.rules.guardian_dice))
    found = (
        read.cell_of(value, "from", "$.pending"),
        read.cell_of(value, "to", "$.pending"),
        read.number(value, "attack_dice", "$.pending", 1, most),
        read.number(value, "defence_dice", "$.pending", 1, most),
    )
    mods = [_modifiers(value.get(key, []), f"$.pending.{key}", read) for key in MOD_KEYS]
    return None if None in found else (*found, (mods[0], mods[1]))


def _modifiers(value: Any, place: str, read: PositionReader) -> tuple[str, ...]:
    """The die modifiers a side's cards bring to the pending clash (sorted, as the engine
    keeps them): ``thor``, ``skofnung``, ``norn``, ``blood_lord:X``."""
    if value and not read.game.rules.cards:
        read.problems.add(place, "cards are off (rules.cards): no die cards")
    found = []
    for k, text in enumerate(read.problems.expect_list(value, place, MAX_COUNT)):
        try:
            known = isinstance(text, str) and parse_modifier(text).name == text
        except RulesError:
            known = False
        if known:
            found.append(text)
        else:
            read.problems.add(
                f"{place}[{k}]", f"expected thor, skofnung, norn or blood_lord:X; got {shown(text)}"
            )
    return tuple(sorted(found))


def _winner(data: dict, read: PositionReader) -> tuple[int, str] | None:
    if "winner" not in data and "victory" not in data:
        return None
    winner, victory = data.get("winner"), data.get("victory")
    sides = (*SIDES, "draw")
    if not read.problems.expect_choice(winner, "$.winner", sides):
        return None
    if not read.problems.expect_choice(victory, "$.victory", VICTORIES):
        return None
    if (winner == "draw") != (victory == "turn_limit"):
        read.problems.add("$.victory", "a draw comes with the turn limit, and only a draw")
    return (-1 if winner == "draw" else SIDES.index(winner)), victory


# -- what a built position must satisfy -------------------------------------------------
def units_text(units: tuple[int, ...]) -> str:
    """``(warriors, warlords, dragons, boats)`` in words.

    >>> units_text((2, 1, 0, 1))
    '2 warriors, 1 warlord, 1 boat'
    """
    words = [
        f"{n} {kind if n > 1 else kind[:-1]}"
        for n, kind in zip(units, UNIT_KINDS, strict=True)
        if n
    ]
    return ", ".join(words)


def _check_state(state: BrawlhallaState, data: dict, problems: Problems) -> None:
    """Checks of the built state: where stacks stand, the buildings, works and limits."""
    _check_stacks(state, entry_places(data, "units"), problems)
    _check_buildings(state, entry_places(data, "buildings"), problems)
    _check_works(state, entry_places(data, "works"), problems)
    _check_objectives(state, problems)
    for k, cell in enumerate(data.get("earthed", [])):
        if state.game.geometry.terrain[tuple(cell)] not in ".:":
            problems.add(
                f"$.earthed[{k}]", "only a building's square (earth or shore) turns to earth"
            )


def _check_stacks(state: BrawlhallaState, places: dict, problems: Problems) -> None:
    rules = state.game.rules
    names = {cell: name for name, cell in state.game.geometry.sanctuaries}
    for cell, stack in state.stacks.items():
        place, units = places[cell], stack[1:5]
        if not can_stand(state, units, cell):
            terrain = TERRAIN_CHARS[state.terrain(cell)]
            problems.add(place, f"{units_text(units)} cannot stand on this {terrain} square")
        building = state.buildings.get(cell)
        if building is not None and building[0] != stack[0]:
            problems.add(place, f"on the {SIDES[building[0]]} {building[1]}")
        if cell in state.guardians:
            problems.add(place, f"on the {names[cell]} sanctuary, whose guardian stands")
    limits = (rules.warrior_pool, rules.warlord_pool, rules.dragon_limit, rules.boat_pool)
    kinds = ("warriors", "warlords", "dragons", "boats")
    totals = {SIDES[side]: tuple(state.count(side, k) for k in kinds) for side in (0, 1)}
    if rules.dragon_limit_shared:
        dragons = sum(counts[2] for counts in totals.values())
        totals = {who: (c[0], c[1], 0, c[3]) for who, c in totals.items()}
        totals["the board"] = (0, 0, dragons, 0)
    for who, counts in totals.items():
        for kind, count, most in zip(UNIT_KINDS, counts, limits, strict=True):
            if count > most:
                problems.add("$.units", f"{who} has {count} {kind}, at most {most}")


def _check_buildings(state: BrawlhallaState, places: dict, problems: Problems) -> None:
    board, rules = state.game.board, state.game.rules
    limits = {"barracks": len(rules.barracks_costs), "nursery": rules.nursery_limit, "harbor": 1}
    for side, name in enumerate(SIDES):
        capital = state.buildings.get(board.capital(name))
        if capital != (side, "capital") and state.winner is None:
            problems.add("$.buildings", f"no {name} capital on its square: the game is over")
        for kind, most in limits.items():
            if state.count(side, kind) > most:
                problems.add("$.buildings", f"{name} has more than {most} {kind} (works count)")
    for cell, (side, kind) in state.buildings.items():
        place = places.get(cell, "$.buildings")
        if kind == "capital":
            if cell != board.capital(SIDES[side]):
                problems.add(place, "a capital stands on its side's capital square")
            continue
        if board.feature_at(cell) is not None:
            problems.add(place, f"the square holds the board's {board.feature_at(cell).kind}")
        if state.terrain(cell) not in (":" if kind == "harbor" else ".:"):
            problems.add(place, f"not on {'shore' if kind == 'harbor' else 'earth or shore'}")


def _check_works(state: BrawlhallaState, places: dict, problems: Problems) -> None:
    wreckages = {f.cell for f in state.game.board.features_of("wreckage")}
    for cell, work in state.works.items():
        side, kind, warriors, warlords, _ = work
        place = places[cell]
        stack = state.stacks.get(cell)
        if (warriors or warlords) and (
            stack is None or stack[0] != side or stack[1] < warriors or stack[2] < warlords
        ):
            problems.add(place, "its builders must stand on the square, in a stack of its side")
        building = state.buildings.get(cell)
        if kind in ("barracks", "nursery", "harbor") and building is not None:
            problems.add(place, f"the square already holds the {SIDES[building[0]]} {building[1]}")
        need = {"boat": "harbor", "dragon": "nursery"}.get(kind)
        if need is not None and building != (side, need):
            problems.add(place, f"a {kind} is made on its side's {need}")
        if kind == "salvage" and cell not in wreckages:
            problems.add(place, "salvage is done on a boat wreckage")


def _check_objectives(state: BrawlhallaState, problems: Problems) -> None:
    names = {cell: name for name, cell in state.game.geometry.sanctuaries}
    for cell in state.beaten:
        if cell in state.guardians:
            problems.add(f"$.beaten.{names[cell]}", "its guardian still stands (see guardians)")
    for side, won in enumerate(state.artifacts):
        for k, name in enumerate(won):
            if state.beaten.get(state.game.geometry.board.sanctuary(name)) != side:
                where = f"$.artifacts.{SIDES[side]}[{k}]"
                problems.add(where, f"{SIDES[side]} did not beat the {name} guardian (see beaten)")
    if state.carrier is not None:
        stack = state.stacks.get(state.carrier)
        if stack is None:
            problems.add("$.carrier", "no stack stands there to carry the flag")
        if state.flag is not None:
            problems.add("$.flag", "the flag is carried: it lies nowhere (null)")
    missing = state.flag is None and state.carrier is None and state.respawn is None
    if missing and state.game.geometry.flag_home is not None:
        problems.add("$.flag", "the flag is nowhere: give where it lies, its carrier or respawn")
    if state.respawn is not None and (state.flag is not None or state.carrier is not None):
        problems.add("$.respawn", "only a flag that is neither on the board nor carried respawns")
    if state.pending is not None:
        src, dst = state.pending[:2]
        stack = state.stacks.get(src)
        if stack is None or stack[0] != state.to_move:
            problems.add("$.pending.from", "the side to act has no stack there")
        if dst not in state.game.geometry.around[src]:
            problems.add("$.pending.to", "not next to the attacker")
        elif not (dst in state.stacks or dst in state.buildings or dst in state.guardians):
            problems.add("$.pending.to", "nothing to attack there")
