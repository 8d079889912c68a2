"""The cards as pictures: every card once, whole, at poker size, as many as a page takes."""

import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.deck import load_deck
from workbench.games.daggers_brink.drawing import (
    ATTRIBUTE_COLOURS,
    CARD_SIZE,
    CARD_TINTS,
    WILDCARD_TINT,
    cards_per_page,
    deck_pages,
    deck_picture,
)
from workbench.grids.sheets import content_size_mm, print_sheet

from .scripted import SMALL

DECK = load_deck()


def _size(shape):
    xs, ys = zip(*shape["points"], strict=True)
    return (max(xs) - min(xs), max(ys) - min(ys))


@pytest.mark.parametrize(("page", "cell_mm"), [("a4", 63), ("letter", 57), ("poster", 63)])
def test_every_card_is_on_one_page_and_the_pages_are_full(page, cell_mm):
    pages = deck_pages(DECK, page=page, cell_mm=cell_mm)
    ids = [s["id"] for picture in pages for s in picture.shapes]
    expected = [f"card:{t},{k}" for t, card in enumerate(DECK.types) for k in range(card.count)]
    assert ids == expected  # every copy, in deck order, once
    per_page = cards_per_page(page, cell_mm=cell_mm)
    assert [len(p.shapes) for p in pages[:-1]] == [per_page] * (len(pages) - 1)
    assert 0 < len(pages[-1].shapes) <= per_page
    sheet = print_sheet(pages, cell_mm=cell_mm, page=page)
    assert len(sheet.pages) == len(pages)  # each picture fits one page, untiled


def test_a_page_holds_what_its_drawing_area_takes():
    width, height = content_size_mm("a4")  # 190 x 245 mm: 3 x 2 poker cards
    assert (width // 63) * (height // 88) == cards_per_page("a4") == 6
    landscape = content_size_mm("a4", landscape=True)
    assert cards_per_page("a4", cell_mm=40) == max(
        (w // 40) * (h // (40 * 88 / 63)) for w, h in (content_size_mm("a4"), landscape)
    )
    with pytest.raises(RulesError, match="does not fit on a page of a4 paper"):
        deck_pages(DECK, cell_mm=300)


def test_each_card_is_a_poker_size_rectangle_named_with_its_bonuses():
    picture = deck_picture(DECK)
    assert picture.cell == CARD_SIZE[0] == 63.0
    texts = [m["text"] for m in picture.marks]
    for shape, card in zip(
        picture.shapes[::7], [c for c in DECK.types if c.count == 7], strict=False
    ):
        assert _size(shape) == CARD_SIZE and shape["label"] == card.name
    for card in DECK.types:
        for attribute, bonus in zip(
            ("Speed", "Health", "Defend", "Attack"), card.bonus, strict=True
        ):
            if bonus:
                assert texts.count(f"{attribute} +{bonus}") >= card.count
    assert texts.count("Speed +1") == 7 + 2  # seven Speed +1 cards and the two wildcards


def test_fills_and_legend_say_what_a_card_raises():
    picture = deck_picture(DECK)
    fills = {s["label"]: s["fill"] for s in picture.shapes}
    assert fills["Attack +3"] == CARD_TINTS["attack"] and fills["Wildcard"] == WILDCARD_TINT
    assert [key.text for key in picture.legend] == [
        "Speed",
        "Health",
        "Defend",
        "Attack",
        "Wildcard",
    ]
    inks = {m["text"]: m["fill"] for m in picture.marks}
    assert inks["Defend +2"] == ATTRIBUTE_COLOURS["defend"]
    no_wild = deck_picture(SMALL.with_count("W", 0))
    assert "Wildcard" not in [key.text for key in no_wild.legend]
