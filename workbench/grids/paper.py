"""Paper: page sizes and the margins every print sheet keeps.

>>> content_size_mm("a4"), content_size_mm("a4", landscape=True)
((190.0, 245.0), (277.0, 158.0))
"""

from __future__ import annotations

from workbench.errors import RulesError

__all__ = [
    "FOOTER_MM",
    "HEADER_MM",
    "MARGIN_MM",
    "OVERLAP_MM",
    "PAGE_SIZES",
    "content_size_mm",
]

#: Paper sizes in millimetres (portrait: width, height); a poster is A1.
PAGE_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "poster": (594.0, 841.0),
}
#: White border all round, where printers cannot print.
MARGIN_MM = 10.0
#: The title line above the drawing area.
HEADER_MM = 8.0
#: Legend and scale bar below the drawing area.
FOOTER_MM = 24.0
#: At least this much of the picture is on both of two neighbouring pages.
OVERLAP_MM = 10.0


def content_size_mm(page: str, *, landscape: bool = False) -> tuple[float, float]:
    """Width and height of the drawing area of a page, in millimetres.

    >>> content_size_mm("a4")
    (190.0, 245.0)
    """
    if page not in PAGE_SIZES:
        raise RulesError(f"page: expected one of {', '.join(PAGE_SIZES)}, got {page!r}")
    width, height = PAGE_SIZES[page]
    if landscape:
        width, height = height, width
    return (width - 2 * MARGIN_MM, height - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM)
