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
>>> from workbench.errors import DataError
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
from dataclasses import dataclass
from typing import Any

import networkx as nx

from workbench.grids.square import Cell, square_grid
from workbench.jsonio import load_json, save_json
from workbench.problems import Problems

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
        _check(self.to_dict(), f"level {self.name!r}")

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "level") -> Level:
        """Validate ``data`` (parsed JSON) and build the level; a
        :class:`~workbench.errors.DataError` lists every problem with its JSON path."""
        _check(data, source)
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


def _check(data: Any, source: str) -> None:
    """Raise one :class:`~workbench.errors.DataError` naming every problem of ``data``."""
    check = Problems(source)
    _collect(data, check)
    check.raise_if_any()


def _collect(data: Any, check: Problems) -> None:
    top = ("name", "width", "height", "start", "hero", "enemies")
    if not check.expect_object(data, "$", top, ("items", "walls", "description")):
        return
    for key in ("name", "description"):
        if key in data:
            check.expect_string(data[key], f"$.{key}")
    sizes = [check.expect_integer(data.get(k), f"$.{k}", 1, MAX_SIDE) for k in ("height", "width")]
    size = (data["height"], data["width"]) if all(sizes) else None
    placed: dict[Cell, str] = {}

    def place(value: Any, path: str) -> None:
        cell = check.expect_cell(value, path, size)
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
        if check.expect_object(hero, "$.hero", ("health", "attack"), ("ability",)):
            for key in ("health", "attack"):
                if key in hero:
                    check.expect_integer(hero[key], f"$.hero.{key}", 1, _MAX_STAT)
            check.expect_choice(hero.get("ability", "none"), "$.hero.ability", ABILITIES)
    if "enemies" in data:
        enemies = check.expect_list(data["enemies"], "$.enemies", _MAX_ENEMIES)
        if isinstance(data["enemies"], list) and not enemies:
            check.add("$.enemies", "a level needs at least one enemy")
        for k, enemy in enumerate(enemies):
            path = f"$.enemies[{k}]"
            if check.expect_object(enemy, path, ("at", "attack", "health")):
                if "at" in enemy:
                    place(enemy["at"], f"{path}.at")
                if "attack" in enemy:
                    check.expect_integer(enemy["attack"], f"{path}.attack", 0, _MAX_STAT)
                if "health" in enemy:
                    check.expect_integer(enemy["health"], f"{path}.health", 1, _MAX_STAT)
    for k, item in enumerate(check.expect_list(data.get("items", []), "$.items", _MAX_ITEMS)):
        path = f"$.items[{k}]"
        if check.expect_object(item, path, ("at", "kind"), ("turns",)):
            if "at" in item:
                place(item["at"], f"{path}.at")
            kind = item.get("kind")
            if "kind" in item:
                check.expect_choice(kind, f"{path}.kind", ITEM_KINDS)
            if kind in TIMED_ITEMS:
                if "turns" not in item:
                    check.add(path, f"missing key 'turns' (needed by {kind})")
                else:
                    check.expect_integer(item["turns"], f"{path}.turns", 1, _MAX_TURNS)
            elif "turns" in item and kind in ITEM_KINDS:
                check.add(f"{path}.turns", f"only {' and '.join(TIMED_ITEMS)} take turns")
    for k, wall in enumerate(check.expect_list(data.get("walls", []), "$.walls", MAX_SIDE**2)):
        place(wall, f"$.walls[{k}]")
