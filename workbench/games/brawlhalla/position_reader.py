"""Reading a Brawlhalla position file: one reader per file, each problem added with its
JSON path (used by :mod:`.position` and :mod:`.position_cards`).

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.problems import Problems
>>> problems = Problems("position.json")
>>> reader = PositionReader(problems, Brawlhalla())
>>> reader.cell([1, 2], "$.flag"), reader.cell([99, 0], "$.flag")
((1, 2), None)
>>> problems.messages[0]  # doctest: +ELLIPSIS
'$.flag: ...'
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from workbench.games.brawlhalla.card_effects import LASTING
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.movement import SIDES
from workbench.grids.square import Cell
from workbench.problems import Problems

__all__ = ["CARD_KINDS", "MAX_COUNT", "UNIT_KINDS", "PositionReader", "entry_places"]

#: The unit kinds of a stack, in a file's order.
UNIT_KINDS = ("warriors", "warlords", "dragons", "boats")
#: The largest count (coins, turns, cards owed...) a position file may hold.
MAX_COUNT = 999

#: What a card list may hold: in words, and a test of a card's family and effect id.
CARD_KINDS: dict[str, tuple[str, Callable[[str, str], bool]]] = {
    "drawn": ("a card of the draw deck (basic, ruin or face-down)", lambda f, e: f != "artifact"),
    "artifact": ("an artifact card", lambda f, e: f == "artifact"),
    "face-down": ("a face-down card", lambda f, e: f == "face-down"),
    "lasting": ("an artifact that lasts once played", lambda f, e: e in LASTING),
}


class PositionReader:
    """Reads the parts of one position file, each problem added with its JSON path."""

    def __init__(self, problems: Problems, game: Brawlhalla) -> None:
        self.problems, self.game = problems, game
        self.size = (game.board.rows, game.board.cols)
        self.sanctuaries = dict(game.geometry.sanctuaries)

    def side(self, item: dict, key: str, place: str) -> int | None:
        if key in item and self.problems.expect_choice(item[key], f"{place}.{key}", SIDES):
            return SIDES.index(item[key])
        return None

    def cell(self, value: Any, place: str) -> Cell | None:
        return self.problems.expect_cell(value, place, self.size)

    def cell_of(self, item: dict, key: str, place: str) -> Cell | None:
        """``item[key]`` as a cell (None, already reported, when the key is missing)."""
        return self.cell(item[key], f"{place}.{key}") if key in item else None

    def cells(self, value: Any, place: str) -> list[Cell | None]:
        items = self.problems.expect_list(value, place, self.size[0] * self.size[1])
        return [self.cell(item, f"{place}[{k}]") for k, item in enumerate(items)]

    def number(self, item: dict, key: str, place: str, low: int, high: int, default: int = 0):
        value = item.get(key, default)
        return value if self.problems.expect_integer(value, f"{place}.{key}", low, high) else None

    def per_side(self, value: Any, place: str, high: int) -> tuple[int, int] | None:
        if not self.problems.expect_object(value, place, (), SIDES):
            return None
        found = [self.number(value, side, place, 0, high) for side in SIDES]
        return (found[0], found[1]) if None not in found else None

    def sanctuary(self, name: Any, place: str) -> Cell | None:
        if self.problems.expect_choice(name, place, tuple(self.sanctuaries)):
            return self.sanctuaries[name]
        return None

    def card(self, name: Any, place: str, kind: str) -> bool:
        """``name`` is a card of the game's card table, of ``kind`` (:data:`CARD_KINDS`)."""
        if not self.problems.expect_string(name, place):
            return False
        families = self.game.cards.families()
        if name not in families:
            close = difflib.get_close_matches(name, list(families), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else " (see cards.csv)"
            self.problems.add(place, f"{name!r} is not a card of the card table{hint}")
            return False
        what, fits = CARD_KINDS[kind]
        if not fits(families[name], self.game.cards.table()[name][0]):
            self.problems.add(place, f"{name!r} is a {families[name]} card; expected {what}")
            return False
        return True


def entry_places(data: dict, key: str) -> dict[Cell, str]:
    """Cell -> the JSON path of the entry of ``data[key]`` on it."""
    return {tuple(item["cell"]): f"$.{key}[{k}]" for k, item in enumerate(data.get(key, []))}
