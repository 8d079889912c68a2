"""Small hand-made Brawlhalla boards for the tests: ``make_board(rows, regions, features)``."""

from __future__ import annotations

from workbench.games.brawlhalla.board import board_from_dict


def make_board(terrain, regions=None, features=()):
    """A board from row strings; regions default to north on land, water elsewhere."""
    if regions is None:
        regions = ["".join("~" if ch == "~" else "n" for ch in row) for row in terrain]
    items = [{"kind": kind, "side": side, "cell": list(cell)} for kind, side, cell in features]
    return board_from_dict({"terrain": list(terrain), "regions": list(regions), "features": items})
