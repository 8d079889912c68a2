"""Paper sizes and the drawing area left inside the margins."""

import pytest

from workbench.errors import RulesError
from workbench.grids.paper import (
    FOOTER_MM,
    HEADER_MM,
    MARGIN_MM,
    PAGE_SIZES,
    content_size_mm,
)


@pytest.mark.parametrize("page", list(PAGE_SIZES))
def test_the_drawing_area_is_the_page_less_its_margins_either_way_round(page):
    width, height = PAGE_SIZES[page]
    assert content_size_mm(page) == (
        width - 2 * MARGIN_MM,
        height - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM,
    )
    wide = content_size_mm(page, landscape=True)
    assert wide == (height - 2 * MARGIN_MM, width - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM)


def test_iso_and_us_sizes():
    assert PAGE_SIZES["a4"] == (210, 297) and PAGE_SIZES["poster"] == (594, 841)  # A1
    assert PAGE_SIZES["letter"] == pytest.approx((8.5 * 25.4, 11 * 25.4))


def test_unknown_paper_is_a_rules_error():
    with pytest.raises(RulesError, match="page: expected one of a4, letter, poster, got 'a3'"):
        content_size_mm("a3")
