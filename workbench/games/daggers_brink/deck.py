"""The Daggers Brink deck: card types with their bonuses and counts, loaded from CSV.

The deck file (``data/daggers_brink/deck.csv``, schema in ``SCHEMA.md`` beside
it) has one row per card type::

    name,kind,speed,health,defend,attack,count
    Speed +1,bonus,1,0,0,0,7
    Wildcard,wildcard,1,1,1,1,2

``kind`` is ``bonus`` or ``wildcard`` (a wildcard may also be discarded in a
fight to strip a card from the opponent's hand). Cards of one type are
interchangeable, so hands are counted per type.

>>> deck = load_deck()
>>> deck.size, len(deck.types)
(86, 13)
>>> deck.attributes(deck.hand_counts(["Health +3", "Speed +1", "Wildcard"]))
(3, 5, 2, 2)
>>> deck.with_count("Wildcard", 0).size
84
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from workbench.errors import DataError, shown
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules
from workbench.jsonio import atomic_write_text, read_text
from workbench.problems import Problems
from workbench.tableio import csv_rows, formula_risk, integer_cell

__all__ = [
    "ATTRIBUTES",
    "COLUMNS",
    "DEFAULT_DECK_PATH",
    "KINDS",
    "MAX_BONUS",
    "MAX_COUNT",
    "CardType",
    "Deck",
    "load_deck",
    "parse_deck_csv",
    "save_deck",
]

#: The four attributes, in the order used by every tuple of attributes.
ATTRIBUTES = ("speed", "health", "defend", "attack")
#: Kinds of card: ``bonus`` cards only add; ``wildcard`` cards may also strip a card.
KINDS = ("bonus", "wildcard")
#: The deck file's columns, in order.
COLUMNS = ("name", "kind", *ATTRIBUTES, "count")
#: The most cards of one type a deck may hold (the standard deck has at most 7).
MAX_COUNT = 100
#: The largest bonus (or malus) a card may give one attribute (the standard deck's is 3).
MAX_BONUS = 99
#: The standard 86-card deck shipped with the workbench.
DEFAULT_DECK_PATH = Path(__file__).resolve().parents[3] / "data" / "daggers_brink" / "deck.csv"


@dataclass(frozen=True, slots=True)
class CardType:
    """One kind of card: its name, kind, bonus to each attribute and how many are in the deck."""

    name: str
    kind: str
    bonus: tuple[int, int, int, int]
    count: int

    @property
    def is_wildcard(self) -> bool:
        """Whether the card can be discarded in a fight to strip an opponent's card."""
        return self.kind == "wildcard"


def _check_types(types: Sequence[CardType], places: Sequence[str], problems: Problems) -> None:
    """What is wrong with the card types (each at its place) goes into ``problems``."""
    found, seen = len(problems), set()
    for card, where in zip(types, places, strict=True):
        if not card.name.strip():
            problems.add(where, "name is empty")
        elif formula_risk(card.name) or formula_risk(card.kind):
            problems.add(where, f"{shown(card.name)} starts like a spreadsheet formula")
        elif card.name in seen:
            problems.add(where, f"name {card.name!r} appears twice (names must be unique)")
        seen.add(card.name)
        if card.kind not in KINDS:
            problems.add(where, f"kind {card.kind!r}, expected one of {', '.join(KINDS)}")
        if not 0 <= card.count <= MAX_COUNT:
            problems.add(where, f"count {shown(card.count)}, expected 0 to {MAX_COUNT}")
        if not all(-MAX_BONUS <= b <= MAX_BONUS for b in card.bonus):
            problems.add(where, f"bonus {shown(card.bonus)}, each from -{MAX_BONUS} to {MAX_BONUS}")
    if types and len(problems) == found and sum(c.count for c in types) == 0:
        problems.add("", "the deck has no cards (every count is 0)")
    if not types:
        problems.add("", "the deck has no card types")


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck as card types with counts (immutable; :meth:`with_count` makes variants)."""

    types: tuple[CardType, ...]

    def __post_init__(self) -> None:
        problems = Problems("deck")
        _check_types(self.types, [f"card type {c.name!r}" for c in self.types], problems)
        problems.raise_if_any()

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return sum(card.count for card in self.types)

    @property
    def names(self) -> tuple[str, ...]:
        """Card type names, in file order."""
        return tuple(card.name for card in self.types)

    @property
    def counts(self) -> tuple[int, ...]:
        """Number of cards of each type."""
        return tuple(card.count for card in self.types)

    @property
    def bonuses(self) -> tuple[tuple[int, int, int, int], ...]:
        """Bonus vector (speed, health, defend, attack) of each type."""
        return tuple(card.bonus for card in self.types)

    @property
    def wildcards(self) -> tuple[int, ...]:
        """Indices of the wildcard types."""
        return tuple(i for i, card in enumerate(self.types) if card.is_wildcard)

    def index(self, name: str) -> int:
        """Index of the card type called ``name`` (a clear error if there is none)."""
        try:
            return self.names.index(name)
        except ValueError:
            raise DataError(
                "deck", f"no card type named {name!r}; known: {', '.join(self.names)}"
            ) from None

    def with_count(self, name: str, count: int) -> Deck:
        """A copy of the deck with ``count`` cards of type ``name``."""
        i = self.index(name)
        card = self.types[i]
        changed = CardType(card.name, card.kind, card.bonus, count)
        return Deck((*self.types[:i], changed, *self.types[i + 1 :]))

    def cards(self) -> tuple[int, ...]:
        """Every physical card as its type index, in file order (a fresh, unshuffled deck)."""
        return tuple(i for i, card in enumerate(self.types) for _ in range(card.count))

    def hand_counts(self, names: Iterable[str]) -> tuple[int, ...]:
        """Count per type of a hand given by card names."""
        counts = [0] * len(self.types)
        for name in names:
            counts[self.index(name)] += 1
        return tuple(counts)

    def attributes(
        self, counts: Sequence[int], *, rules: Rules | None = None
    ) -> tuple[int, int, int, int]:
        """(speed, health, defend, attack) of a hand given as counts per type: the rules'
        ``base_attribute`` plus the bonuses."""
        totals = [(rules or DEFAULT_RULES).base_attribute] * 4
        for bonus, k in zip(self.bonuses, counts, strict=True):
            if k:
                for a in range(4):
                    totals[a] += k * bonus[a]
        return tuple(totals)  # type: ignore[return-value]

    def to_frame(self) -> pd.DataFrame:
        """The deck as a table, one row per card type (the file's columns)."""
        rows = [
            {
                "name": c.name,
                "kind": c.kind,
                **dict(zip(ATTRIBUTES, c.bonus, strict=True)),
                "count": c.count,
            }
            for c in self.types
        ]
        return pd.DataFrame(rows, columns=list(COLUMNS))

    def to_csv_text(self) -> str:
        """The deck in the file format."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(COLUMNS)
        for c in self.types:
            writer.writerow([c.name, c.kind, *c.bonus, c.count])
        return buffer.getvalue()


def parse_deck_csv(text: str, *, source: str = "deck") -> Deck:
    """Read a deck from CSV text, listing every problem (with its line and column) in one
    DataError (the checks of :func:`workbench.tableio.csv_rows`, then the deck's)."""
    problems = Problems(source)
    types, places = [], []
    for line, row in csv_rows(text, source, COLUMNS):
        where = f"line {line}"
        if not row:
            continue
        bonus = tuple(
            integer_cell(row[a], f"{where}, column {a!r}", problems, -MAX_BONUS, MAX_BONUS)
            for a in ATTRIBUTES
        )
        count = integer_cell(row["count"], f"{where}, column 'count'", problems, 0, MAX_COUNT)
        types.append(CardType(row["name"].strip(), row["kind"].strip(), bonus, count))
        places.append(where)
    _check_types(types, places, problems)
    problems.raise_if_any()
    return Deck(tuple(types))


def load_deck(path: str | os.PathLike[str] | None = None) -> Deck:
    """Load a deck file (default: the standard 86-card deck); never executes the data.

    Raises
    ------
    DataError
        Naming the file and, for each problem, its line and column.
    """
    path = Path(DEFAULT_DECK_PATH if path is None else path)
    return parse_deck_csv(read_text(path), source=str(path))


def save_deck(deck: Deck, path: str | os.PathLike[str]) -> None:
    """Write ``deck`` in the file format, atomically."""
    atomic_write_text(path, deck.to_csv_text())
