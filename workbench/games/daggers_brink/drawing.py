"""Daggers Brink cards as pictures: every card of a deck, printed page by page.

A card is a rectangle of poker size (63 x 88 drawing units, millimetres at that size)
with its name at the top and one line per attribute bonus; its fill is the colour of
the attribute it raises most (gold for a wildcard, which also says what discarding it
does). The picture's ``cell`` is a card's width, so a print sheet at ``cell_mm=63``
prints poker-size cards; :func:`deck_pages` lays a deck out as one picture per page,
each holding as many whole cards as the page's drawing area takes.

>>> from workbench.games.daggers_brink.deck import load_deck
>>> pages = deck_pages(load_deck())
>>> len(pages), len(pages[0].shapes), pages[0].cell, cards_per_page()
(15, 6, 63.0, 6)
>>> pages[0].shapes[0]["id"], pages[0].shapes[0]["label"]
('card:0,0', 'Speed +1')
"""

from __future__ import annotations

import math

from workbench.errors import RulesError
from workbench.games.daggers_brink.deck import ATTRIBUTES, CardType, Deck
from workbench.grids.shapes import Key, Picture, cell_id, shape, text_mark
from workbench.grids.sheets import content_size_mm

__all__ = [
    "ATTRIBUTE_COLOURS",
    "CARD_SIZE",
    "CARD_TINTS",
    "WILDCARD_TINT",
    "card_marks",
    "card_shape",
    "cards_per_page",
    "deck_pages",
    "deck_picture",
]

#: A card's width and height in drawing units: poker size, in millimetres at ``cell_mm=63``.
CARD_SIZE = (63.0, 88.0)
#: The ink of each attribute (bonus lines, legend).
ATTRIBUTE_COLOURS = {
    "speed": "#1f618d",
    "health": "#a93226",
    "defend": "#1e8449",
    "attack": "#b9770e",
}
#: The fill of a card that raises mostly that attribute.
CARD_TINTS = {"speed": "#d6eaf8", "health": "#f5d5d1", "defend": "#d5f0df", "attack": "#fae5c8"}
#: The fill of a wildcard.
WILDCARD_TINT = "#f4e4a1"
_INK = "#222222"
_NAME_SIZE, _BONUS_SIZE, _NOTE_SIZE = 5.5, 6.5, 3.2


def _main_attribute(card: CardType) -> str:
    """The attribute the card raises most (the first of equals)."""
    return ATTRIBUTES[card.bonus.index(max(card.bonus))]


def card_shape(card: CardType, ident: str, at: tuple[float, float], *, title: str = "") -> dict:
    """The card's rectangle with its top-left corner ``at``, named at the top."""
    x, y = at
    width, height = CARD_SIZE
    fill = WILDCARD_TINT if card.is_wildcard else CARD_TINTS[_main_attribute(card)]
    corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
    return {
        **shape(
            ident,
            corners,
            fill=fill,
            stroke=_INK,
            label=card.name,
            title=title or card.name,
            label_at=(x + width / 2, y + 9),
        ),
        "width": 0.35,
    }


def card_marks(card: CardType, at: tuple[float, float]) -> list[dict]:
    """The card's bonus lines (one per attribute it raises, in that attribute's colour)
    and, for a wildcard, what discarding it does."""
    x, y = at
    width, height = CARD_SIZE
    lines = [(a, b) for a, b in zip(ATTRIBUTES, card.bonus, strict=True) if b]
    step = 9.0
    top = y + height / 2 - step * (len(lines) - 1) / 2
    marks = [
        text_mark(
            (x + width / 2, top + k * step),
            f"{attribute.capitalize()} {bonus:+d}",
            size=_BONUS_SIZE,
            fill=ATTRIBUTE_COLOURS[attribute],
        )
        for k, (attribute, bonus) in enumerate(lines)
    ]
    if card.is_wildcard:
        for k, note in enumerate(("discard in a fight", "to strip a card")):
            at_note = (x + width / 2, y + height - 12 + 4.5 * k)
            marks.append(text_mark(at_note, note, size=_NOTE_SIZE, bold=False, fill=_INK))
    return marks


def _legend(deck: Deck) -> tuple[Key, ...]:
    keys = [Key(a.capitalize(), CARD_TINTS[a]) for a in ATTRIBUTES]
    if any(card.is_wildcard and card.count for card in deck.types):
        keys.append(Key("Wildcard", WILDCARD_TINT))
    return tuple(keys)


def _cards(deck: Deck) -> list[tuple[CardType, str, str]]:
    """Every physical card: its type, its id (``card:<type>,<copy>``) and its title."""
    return [
        (card, cell_id((t, copy), prefix="card"), f"{card.name} ({copy + 1} of {card.count})")
        for t, card in enumerate(deck.types)
        for copy in range(card.count)
    ]


def _grid(cards: list[tuple[CardType, str, str]], columns: int, title: str, legend) -> Picture:
    shapes, marks = [], []
    width, height = CARD_SIZE
    for k, (card, ident, card_title) in enumerate(cards):
        at = ((k % columns) * width, (k // columns) * height)
        shapes.append(card_shape(card, ident, at, title=card_title))
        marks += card_marks(card, at)
    return Picture(
        shapes, marks=marks, legend=legend, title=title, cell=width, label_size=_NAME_SIZE
    )


def deck_picture(deck: Deck, *, columns: int = 10, title: str = "Daggers Brink deck") -> Picture:
    """Every card of ``deck`` on one picture, ``columns`` to a row (for a quick look).

    >>> from workbench.games.daggers_brink.deck import load_deck
    >>> deck_picture(load_deck()).bounds()
    (0.0, 0.0, 630.0, 792.0)
    """
    if columns < 1:
        raise RulesError(f"columns: expected an integer >= 1, got {columns!r}")
    return _grid(_cards(deck), columns, title, _legend(deck))


def cards_per_page(page: str = "a4", *, cell_mm: float = CARD_SIZE[0]) -> int:
    """How many whole cards ``cell_mm`` wide fit on the drawing area of one page of
    ``page`` paper (the better orientation), as :func:`deck_pages` lays them out.

    >>> cards_per_page("a4"), cards_per_page("a4", cell_mm=50), cards_per_page("poster")
    (6, 10, 78)
    """
    return max(columns * rows for columns, rows in _page_grids(page, cell_mm))


def _page_grids(page: str, cell_mm: float) -> list[tuple[int, int]]:
    """(columns, rows) of cards on a portrait and on a landscape page."""
    scale = cell_mm / CARD_SIZE[0]  # millimetres per drawing unit
    grids = []
    for landscape in (False, True):
        width_mm, height_mm = content_size_mm(page, landscape=landscape)
        columns = math.floor(width_mm / (CARD_SIZE[0] * scale) + 1e-9)
        rows = math.floor(height_mm / (CARD_SIZE[1] * scale) + 1e-9)
        grids.append((columns, rows))
    return grids


def deck_pages(
    deck: Deck,
    *,
    page: str = "a4",
    cell_mm: float = CARD_SIZE[0],
    title: str = "Daggers Brink deck",
) -> list[Picture]:
    """Every card of ``deck`` (each copy), one picture per printed page, each with as many
    whole cards as fit on ``page`` paper at ``cell_mm`` millimetres a card's width; give
    the list to :func:`~workbench.grids.sheets.print_sheet` with the same ``cell_mm``."""
    columns, rows = max(_page_grids(page, cell_mm), key=lambda grid: grid[0] * grid[1])
    if not columns * rows:
        raise RulesError(
            f"cell_mm: a card {cell_mm:g} mm wide does not fit on a page of {page} paper"
        )
    cards, per_page, legend = _cards(deck), columns * rows, _legend(deck)
    pictures = []
    for first in range(0, len(cards), per_page):
        part = cards[first : first + per_page]
        heading = f"{title}, cards {first + 1}-{first + len(part)} of {len(cards)}"
        pictures.append(_grid(part, columns, heading, legend))
    return pictures
