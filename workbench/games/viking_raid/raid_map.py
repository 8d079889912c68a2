"""The Viking Raid map: playable hexes, treasure, the three start hexes and blocked hexes.

A map is a JSON file in ``data/viking_raid/`` (schema in ``data/viking_raid/SCHEMA.md``)::

    {"name": "default",
     "notes": ["why the map looks the way it does", "..."],
     "hexes": [[q, r], ...],                      # playable hexes, axial coordinates
     "blocked": [[q, r], ...],                    # optional: hexes no Viking may enter
     "starts": {"archer": [q, r], "huscarl": [q, r], "berserker": [q, r]},
     "treasure": [[q, r, gold], ...]}             # gold > 0 on playable, open hexes

Loading checks every rule of the schema and reports every problem at once
(:class:`workbench.problems.Problems`), each naming its JSON path; saving is atomic.

>>> m = RaidMap.from_dict({"name": "tiny", "hexes": [[0, 0], [1, 0], [2, 0], [3, 0]],
...     "starts": {"archer": [0, 0], "huscarl": [1, 0], "berserker": [3, 0]},
...     "treasure": [[2, 0, 5]]})
>>> m.total_treasure, m.start("berserker")
(5, (3, 0))
>>> RaidMap.from_dict({"name": "bad", "hexes": [[0, 0]], "starts": {}, "treasure": []})
Traceback (most recent call last):
...
workbench.errors.DataError: map: starts: missing 'archer' (and 2 more problem(s))
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import networkx as nx

from workbench.errors import DataError
from workbench.grids.hexagonal import Hex, hex_grid
from workbench.jsonio import atomic_write_text, load_json
from workbench.problems import Problems, is_integer, shown

__all__ = [
    "ARCHER",
    "BERSERKER",
    "DATA_DIR",
    "HUSCARL",
    "MAX_GOLD",
    "MAX_HEXES",
    "ROLES",
    "RaidMap",
    "default_map",
    "load_map",
    "map_json",
    "map_names",
    "save_map",
]

#: The three Vikings in turn order; a role's number is its index here.
ROLES: tuple[str, ...] = ("archer", "huscarl", "berserker")
ARCHER, HUSCARL, BERSERKER = 0, 1, 2
#: Folder of the shipped maps.
DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "viking_raid"
_NUMBER_LIST = re.compile(r"\[\s*(-?\d+(?:,\s*-?\d+)*)\s*\]")
_KEYS = {"name", "notes", "hexes", "blocked", "starts", "treasure"}
#: The most hexes a map may list: a mat of radius 11 (397 hexes); the shipped mats have 61.
#: The simulations' memory and time grow with the mat.
MAX_HEXES = 400
#: The most gold one hex may hold.
MAX_GOLD = 999


@dataclasses.dataclass(frozen=True, slots=True)
class RaidMap:
    """An immutable Viking Raid map.

    Attributes
    ----------
    name : str
        Short name, used in tables.
    hexes : tuple of Hex
        Playable hexes (sorted), blocked ones included.
    starts : tuple of Hex
        Start hex of each role, in :data:`ROLES` order.
    treasure : tuple of (Hex, int)
        Gold on each treasure hex (sorted by hex).
    blocked : frozenset of Hex
        Hexes of the mat that no Viking may enter or cross.
    notes : tuple of str
        The designer's reasoning, kept with the map.
    """

    name: str
    hexes: tuple[Hex, ...]
    starts: tuple[Hex, ...]
    treasure: tuple[tuple[Hex, int], ...]
    blocked: frozenset[Hex] = frozenset()
    notes: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "map") -> RaidMap:
        """Build a map from its JSON form, raising :class:`DataError` listing every problem."""
        if not isinstance(data, Mapping):
            raise DataError(source, f"expected a JSON object, got {type(data).__name__}")
        problems = Problems(source)
        for key in data:
            if key not in _KEYS:
                problems.add("", f"unknown key {shown(key)} (known: {', '.join(sorted(_KEYS))})")
        name = data.get("name")
        if not isinstance(name, str) or not name:
            problems.add("name", f"expected a non-empty string, got {shown(name)}")
        notes = data.get("notes", [])
        if isinstance(notes, str):
            notes = [notes]
        if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
            problems.add("notes", "expected a string or a list of strings")
            notes = []
        hexes = _hex_list(data.get("hexes"), "hexes", problems, required=True)
        board = set(hexes)
        if len(board) != len(hexes):
            problems.add("hexes", "the same hex is listed twice")
        blocked = _hex_list(data.get("blocked", []), "blocked", problems, required=False)
        for i, h in enumerate(blocked):
            if h not in board:
                problems.add(f"blocked[{i}]", f"{list(h)} is not one of the playable hexes")
        open_hexes = board - set(blocked)
        starts = _starts(data.get("starts"), open_hexes, problems)
        treasure = _treasure(data.get("treasure"), open_hexes, set(starts), problems)
        if open_hexes and not problems and not nx.is_connected(hex_grid(open_hexes)):
            problems.add("hexes", "the open (unblocked) hexes must form one connected region")
        problems.raise_if_any()
        return cls(
            name=name,
            hexes=tuple(sorted(board)),
            starts=tuple(starts),
            treasure=tuple(sorted(treasure.items())),
            blocked=frozenset(blocked),
            notes=tuple(notes),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form read by :meth:`from_dict`."""
        data: dict[str, Any] = {"name": self.name}
        if self.notes:
            data["notes"] = list(self.notes)
        data["hexes"] = [list(h) for h in self.hexes]
        if self.blocked:
            data["blocked"] = [list(h) for h in sorted(self.blocked)]
        data["starts"] = {role: list(h) for role, h in zip(ROLES, self.starts, strict=True)}
        data["treasure"] = [[q, r, gold] for (q, r), gold in self.treasure]
        return data

    @property
    def total_treasure(self) -> int:
        """Gold on the whole map."""
        return sum(gold for _, gold in self.treasure)

    @property
    def open_hexes(self) -> frozenset[Hex]:
        """Hexes a Viking may stand on."""
        return frozenset(self.hexes) - self.blocked

    def gold_at(self, h: Hex) -> int:
        """Gold placed on hex ``h`` at setup (0 if none)."""
        return dict(self.treasure).get(h, 0)

    def start(self, role: str) -> Hex:
        """The start hex of ``role`` (one of :data:`ROLES`)."""
        return self.starts[ROLES.index(role)]

    def replace(self, **changes: Any) -> RaidMap:
        """A validated copy with some fields changed (``treasure`` may be a dict)."""
        treasure = changes.pop("treasure", self.treasure)
        treasure = treasure.items() if isinstance(treasure, Mapping) else treasure
        changed = dataclasses.replace(self, treasure=tuple(sorted(treasure)), **changes)
        return RaidMap.from_dict(changed.to_dict(), source=f"map {changed.name!r}")


def _hex(value: Any, where: str, problems: Problems) -> Hex | None:
    if isinstance(value, list) and len(value) == 2 and all(map(is_integer, value)):
        return (value[0], value[1])
    problems.add(where, f"expected a hex [q, r] of two integers, got {shown(value)}")
    return None


def _hex_list(value: Any, where: str, problems: Problems, *, required: bool) -> list[Hex]:
    if not isinstance(value, list) or (required and not value):
        problems.add(where, f"expected a {'non-empty ' if required else ''}list of [q, r]")
        return []
    if len(value) > MAX_HEXES:
        problems.add(where, f"{len(value):,} hexes: a map has at most {MAX_HEXES}")
        return []
    found = [_hex(v, f"{where}[{i}]", problems) for i, v in enumerate(value)]
    return [h for h in found if h is not None]


def _starts(value: Any, open_hexes: set[Hex], problems: Problems) -> list[Hex]:
    if not isinstance(value, Mapping):
        problems.add("starts", f"expected an object with keys {', '.join(ROLES)}")
        return []
    for key in value:
        if key not in ROLES:
            problems.add("starts", f"unknown role {shown(key)} (roles: {', '.join(ROLES)})")
    starts = []
    for role in ROLES:
        if role not in value:
            problems.add("starts", f"missing {role!r}")
            continue
        where = f"starts.{role}"
        h = _hex(value[role], where, problems)
        if h is None:
            continue
        if h not in open_hexes:
            problems.add(where, f"{list(h)} is not an open playable hex")
        elif h in starts:
            problems.add(where, f"{list(h)} is already another role's start")
        starts.append(h)
    return starts


def _treasure(value: Any, open_hexes: set[Hex], starts: set[Hex], problems: Problems):
    if not isinstance(value, list):
        problems.add("treasure", "expected a list of [q, r, gold]")
        return {}
    if len(value) > MAX_HEXES:
        problems.add("treasure", f"{len(value):,} entries: a map has at most {MAX_HEXES} hexes")
        return {}
    treasure: dict[Hex, int] = {}
    for i, item in enumerate(value):
        where = f"treasure[{i}]"
        if not (isinstance(item, list) and len(item) == 3 and all(map(is_integer, item))):
            problems.add(where, f"expected [q, r, gold] of three integers, got {shown(item)}")
            continue
        h, gold = (item[0], item[1]), item[2]
        if not 0 < gold <= MAX_GOLD:
            problems.add(where, f"gold must be an integer from 1 to {MAX_GOLD}, got {shown(gold)}")
        elif h not in open_hexes:
            problems.add(where, f"{list(h)} is not an open playable hex")
        elif h in starts:
            problems.add(where, f"{list(h)} is a start hex (starts carry no treasure)")
        elif h in treasure:
            problems.add(where, f"{list(h)} already has treasure")
        else:
            treasure[h] = gold
    if not treasure and not problems:
        problems.add("treasure", "a map needs at least one treasure hex")
    return treasure


def load_map(path: str | os.PathLike[str]) -> RaidMap:
    """Read and validate a map file (``DataError`` names the file and every problem)."""
    return RaidMap.from_dict(load_json(path), source=str(path))


def map_json(raid_map: RaidMap) -> str:
    """The map as JSON text, one hex per line."""
    text = json.dumps(raid_map.to_dict(), indent=2, ensure_ascii=False)
    return _NUMBER_LIST.sub(_one_line, text) + "\n"


def _one_line(match: re.Match) -> str:
    return "[" + ", ".join(match.group(1).replace(",", " ").split()) + "]"


def save_map(raid_map: RaidMap, path: str | os.PathLike[str]) -> None:
    """Write a map atomically in the JSON form :func:`load_map` reads."""
    atomic_write_text(path, map_json(raid_map))


def map_names() -> list[str]:
    """Names of the maps shipped in :data:`DATA_DIR`."""
    return sorted(p.stem for p in DATA_DIR.glob("*.json"))


def default_map(name: str = "default") -> RaidMap:
    """A shipped map by name (see :func:`map_names`)."""
    if name not in map_names():
        raise DataError(str(DATA_DIR), f"no map {name!r}; shipped maps: {', '.join(map_names())}")
    return load_map(DATA_DIR / f"{name}.json")
