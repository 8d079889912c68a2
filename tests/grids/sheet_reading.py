"""Reading printed SVG pages back: the scale, and which cells each page shows whole.

Used by the sheet tests and by every game's print tests; it knows only SVG.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

NS = "{http://www.w3.org/2000/svg}"


def _mm(text: str) -> float:
    assert text.endswith("mm"), f"page size {text!r} is not in millimetres"
    return float(text[:-2])


def read_page(path: str | Path) -> dict:
    """A page's paper size (mm), its tile's scale (mm per unit) and the cells it shows
    whole: ``{"size": (w, h), "mm_per_unit": s, "cells": {id: (x0, y0, x1, y1) in mm}}``."""
    root = ET.parse(path).getroot()
    size = (_mm(root.get("width")), _mm(root.get("height")))
    assert root.get("viewBox") == f"0 0 {size[0]:g} {size[1]:g}", "viewBox is not millimetres"
    tile = root.find(f"{NS}svg")
    vx, vy, vw, vh = (float(v) for v in tile.get("viewBox").split())
    tx, ty = float(tile.get("x")), float(tile.get("y"))
    tw, th = float(tile.get("width")), float(tile.get("height"))
    scale_x, scale_y = tw / vw, th / vh
    assert abs(scale_x - scale_y) < 1e-6 * scale_x, "the tile is stretched"
    cells = {}
    for polygon in tile.iter(f"{NS}polygon"):
        points = [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        whole = (
            min(xs) >= vx - 1e-6
            and max(xs) <= vx + vw + 1e-6
            and (min(ys) >= vy - 1e-6 and max(ys) <= vy + vh + 1e-6)
        )
        if whole:
            cells[polygon.get("data-cell")] = (
                tx + (min(xs) - vx) * scale_x,
                ty + (min(ys) - vy) * scale_y,
                tx + (max(xs) - vx) * scale_x,
                ty + (max(ys) - vy) * scale_y,
            )
    return {"size": size, "mm_per_unit": scale_x, "cells": cells}


def read_pages(paths) -> list[dict]:
    """:func:`read_page` of each file."""
    return [read_page(p) for p in paths]


def cells_on_some_page(pages: list[dict]) -> set[str]:
    """Ids of the cells shown whole on at least one page."""
    return {ident for page in pages for ident in page["cells"]}
