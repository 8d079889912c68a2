"""Valhalla Calling levels: immutable values, JSON with full validation, atomic saving.

A level file looks like this (cells are ``[row, col]``, row 0 at the top)::

    {"name": "First blood", "width": 5, "height": 5, "start": [0, 0],
     "hero": {"health": 20, "attack": 5, "ability": "none"},
     "enemies": [{"at": [2, 3], "attack": 4, "health": 6}],
     "items": [{"at": [1, 1], "kind": "thors_chariot", "turns": 3}],
     "walls": [[4, 4]]}

``items``, ``walls`` and ``description`` are optional. Loading checks everything
and reports every problem at once, each with its JSON path.

>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 4}]})
>>> level.enemies[0]
Enemy(at=(0, 2), attack=5, health=4)
>>> bad = {**level.to_dict(), "width": 0, "hero": {"health": 5}}
>>> try:
...     Level.from_dict(bad, source="duel.json")
... except DataError as error:
...     print(error.details())
duel.json: $.width: expected an integer from 1 to 16, got 0
duel.json: $.hero: missing key 'attack'
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import networkx as nx

from workbench.errors import DataError
from workbench.grids.square import Cell, square_grid
from workbench.jsonio import load_json, save_json

__all__ = [
    "ABILITIES",
    "ITEM_KINDS",
    "MAX_SIDE",
    "TIMED_ITEMS",
    "Enemy",
    "Hero",
    "Item",
    "Level",
    "level_graph",
    "load_level",
    "save_level",
]

#: Special abilities of the hero.
ABILITIES: tuple[str, ...] = ("none", "to_valhalla", "tricksters_cunning", "biorns_curse")
#: Item kinds; the timed ones need ``turns``.
ITEM_KINDS: tuple[str, ...] = (
    "mjolnir",
    "lokis_trickery",
    "dwarven_shield",
    "thors_chariot",
    "potion_of_vitality",
)
TIMED_ITEMS: tuple[str, ...] = ("lokis_trickery", "thors_chariot")
#: Largest width/height; also bounds on counts and stats keep solver states small.
MAX_SIDE = 16
_MAX_ENEMIES = 24
_MAX_ITEMS = 12
_MAX_STAT = 999
_MAX_TURNS = 99


@dataclass(frozen=True, slots=True)
class Hero:
    """The hero's Health, starting Attack and special ability."""

    health: int
    attack: int
    ability: str = "none"


@dataclass(frozen=True, slots=True)
class Enemy:
    """An enemy on cell ``at``."""

    at: Cell
    attack: int
    health: int


@dataclass(frozen=True, slots=True)
class Item:
    """An item on cell ``at``; ``turns`` only for Loki's Trickery and Thor's Chariot."""

    at: Cell
    kind: str
    turns: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """A validated level. Build it with :meth:`from_dict` or directly (also validated)."""

    name: str
    width: int
    height: int
    start: Cell
    hero: Hero
    enemies: tuple[Enemy, ...]
    items: tuple[Item, ...] = ()
    walls: tuple[Cell, ...] = ()
    description: str = ""

    def __post_init__(self) -> None:
        problems = _problems(self.to_dict())
        if problems:
            raise DataError(f"level {self.name!r}", problems)

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "level") -> Level:
        """Validate ``data`` (parsed JSON) and build the level; :class:`DataError` lists
        every problem with its JSON path."""
        problems = _problems(data)
        if problems:
            raise DataError(source, problems)
        hero = data["hero"]
        return cls(
            name=data["name"],
            width=data["width"],
            height=data["height"],
            start=tuple(data["start"]),
            hero=Hero(hero["health"], hero["attack"], hero.get("ability", "none")),
            enemies=tuple(Enemy(tuple(e["at"]), e["attack"], e["health"]) for e in data["enemies"]),
            items=tuple(
                Item(tuple(i["at"]), i["kind"], i.get("turns", 0)) for i in data.get("items", [])
            ),
            walls=tuple(sorted(tuple(w) for w in data.get("walls", []))),
            description=data.get("description", ""),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the inverse of :meth:`from_dict`)."""
        data: dict[str, Any] = {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "start": list(self.start),
            "hero": {
                "health": self.hero.health,
                "attack": self.hero.attack,
                "ability": self.hero.ability,
            },
            "enemies": [
                {"at": list(e.at), "attack": e.attack, "health": e.health} for e in self.enemies
            ],
            "items": [_item_dict(i) for i in self.items],
            "walls": [list(w) for w in self.walls],
        }
        if self.description:
            data["description"] = self.description
        return data

    def replace(self, **changes: Any) -> Level:
        """A copy with some fields changed (validated again)."""
        return dataclasses.replace(self, **changes)


def _item_dict(item: Item) -> dict[str, Any]:
    data: dict[str, Any] = {"at": list(item.at), "kind": item.kind}
    if item.kind in TIMED_ITEMS:
        data["turns"] = item.turns
    return data


def load_level(path: str | os.PathLike[str]) -> Level:
    """Read and validate a level file; every problem is reported with its JSON path."""
    return Level.from_dict(load_json(path), source=str(path))


def save_level(level: Level, path: str | os.PathLike[str]) -> None:
    """Write ``level`` as JSON, atomically (a crash never leaves half a file)."""
    save_json(path, level.to_dict())


def level_graph(level: Level) -> nx.Graph:
    """The walkable grid: ``square_grid`` without the wall cells."""
    graph = square_grid(level.height, level.width)
    graph.remove_nodes_from(level.walls)
    return graph


# --- validation -------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    """Collects problems, each prefixed with a JSON path such as ``$.enemies[2].at``."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}")

    def object(self, value: Any, path: str, required: tuple, optional: tuple = ()) -> bool:
        if not isinstance(value, Mapping):
            self.add(path, f"expected an object, got {_show(value)}")
            return False
        for key in required:
            if key not in value:
                self.add(path, f"missing key {key!r}")
        for key in value:
            if key not in required and key not in optional:
                known = ", ".join(required + optional)
                self.add(f"{path}.{key}", f"unknown key (known: {known})")
        return True

    def integer(self, value: Any, path: str, low: int, high: int) -> bool:
        if not _is_int(value) or not low <= value <= high:
            self.add(path, f"expected an integer from {low} to {high}, got {_show(value)}")
            return False
        return True

    def choice(self, value: Any, path: str, options: tuple[str, ...]) -> None:
        if value not in options:
            self.add(path, f"expected one of {', '.join(options)}; got {_show(value)}")

    def cell(self, value: Any, path: str, size: tuple[int, int] | None) -> Cell | None:
        if not (isinstance(value, list) and len(value) == 2 and all(map(_is_int, value))):
            self.add(path, f"expected a cell [row, col], got {_show(value)}")
            return None
        if size is not None and not (0 <= value[0] < size[0] and 0 <= value[1] < size[1]):
            self.add(
                path,
                f"cell {value} is outside the {size[0]}x{size[1]} grid "
                f"(rows 0..{size[0] - 1}, cols 0..{size[1] - 1})",
            )
            return None
        return (value[0], value[1])

    def array(self, value: Any, path: str, most: int) -> list:
        if not isinstance(value, list):
            self.add(path, f"expected a list, got {_show(value)}")
            return []
        if len(value) > most:
            self.add(path, f"at most {most} entries, got {len(value)}")
        return value


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _problems(data: Any) -> list[str]:
    check = _Checker()
    top = ("name", "width", "height", "start", "hero", "enemies")
    if not check.object(data, "$", top, ("items", "walls", "description")):
        return check.problems
    if "name" in data and not isinstance(data["name"], str):
        check.add("$.name", f"expected a string, got {_show(data['name'])}")
    if "description" in data and not isinstance(data["description"], str):
        check.add("$.description", f"expected a string, got {_show(data['description'])}")
    sizes = [check.integer(data.get(k), f"$.{k}", 1, MAX_SIDE) for k in ("height", "width")]
    size = (data["height"], data["width"]) if all(sizes) else None
    placed: dict[Cell, str] = {}

    def place(value: Any, path: str) -> None:
        cell = check.cell(value, path, size)
        if cell is None:
            return
        if cell in placed:
            check.add(path, f"cell {list(cell)} already holds {placed[cell]}")
        else:
            placed[cell] = path

    if "start" in data:
        place(data["start"], "$.start")
    if "hero" in data:
        hero = data["hero"]
        if check.object(hero, "$.hero", ("health", "attack"), ("ability",)):
            for key in ("health", "attack"):
                if key in hero:
                    check.integer(hero[key], f"$.hero.{key}", 1, _MAX_STAT)
            check.choice(hero.get("ability", "none"), "$.hero.ability", ABILITIES)
    if "enemies" in data:
        enemies = check.array(data["enemies"], "$.enemies", _MAX_ENEMIES)
        if isinstance(data["enemies"], list) and not enemies:
            check.add("$.enemies", "a level needs at least one enemy")
        for k, enemy in enumerate(enemies):
            path = f"$.enemies[{k}]"
            if check.object(enemy, path, ("at", "attack", "health")):
                if "at" in enemy:
                    place(enemy["at"], f"{path}.at")
                if "attack" in enemy:
                    check.integer(enemy["attack"], f"{path}.attack", 0, _MAX_STAT)
                if "health" in enemy:
                    check.integer(enemy["health"], f"{path}.health", 1, _MAX_STAT)
    for k, item in enumerate(check.array(data.get("items", []), "$.items", _MAX_ITEMS)):
        path = f"$.items[{k}]"
        if check.object(item, path, ("at", "kind"), ("turns",)):
            if "at" in item:
                place(item["at"], f"{path}.at")
            kind = item.get("kind")
            if "kind" in item:
                check.choice(kind, f"{path}.kind", ITEM_KINDS)
            if kind in TIMED_ITEMS:
                if "turns" not in item:
                    check.add(path, f"missing key 'turns' (needed by {kind})")
                else:
                    check.integer(item["turns"], f"{path}.turns", 1, _MAX_TURNS)
            elif "turns" in item and kind in ITEM_KINDS:
                check.add(f"{path}.turns", f"only {' and '.join(TIMED_ITEMS)} take turns")
    for k, wall in enumerate(check.array(data.get("walls", []), "$.walls", MAX_SIDE**2)):
        place(wall, f"$.walls[{k}]")
    return check.problems
