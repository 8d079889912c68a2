"""Small hand-made Brawlhalla boards for the tests: ``make_board(rows, regions, features)``."""

from __future__ import annotations

from workbench.games.brawlhalla.board import board_from_dict


def make_board(terrain, regions=None, features=()):
    """A board from row strings; regions default to north on land, water elsewhere."""
    if regions is None:
        regions = ["".join("~" if ch == "~" else "n" for ch in row) for row in terrain]
    items = [{"kind": kind, "side": side, "cell": list(cell)} for kind, side, cell in features]
    return board_from_dict({"terrain": list(terrain), "regions": list(regions), "features": items})


#: A 7 x 7 duel board: the north continent (rows 0-2) and the south one (rows 4-6),
#: each with its capital in the west corner, a mountain, and shore on its east coast;
#: between them the west, central and east sanctuaries on row 3, across the strait.
DUEL_TERRAIN = (
    "......~",
    ".^...:~",
    ".....:~",
    ".~~:~~.",
    ".....:~",
    ".^...:~",
    "......~",
)
DUEL_REGIONS = (
    "nnnnnn~",
    "nnnnnn~",
    "nnnnnn~",
    "w~~c~~e",
    "ssssss~",
    "ssssss~",
    "ssssss~",
)
DUEL_FEATURES = (
    ("capital", "north", (0, 0)),
    ("capital", "south", (6, 0)),
    ("sanctuary", "west", (3, 0)),
    ("sanctuary", "central", (3, 3)),
    ("sanctuary", "east", (3, 6)),
    ("wreckage", "north", (2, 5)),
    ("ruin", "", (0, 3)),
    ("ruin", "", (4, 3)),
)


def duel_board():
    """The duel board (see :data:`DUEL_TERRAIN`)."""
    return make_board(DUEL_TERRAIN, DUEL_REGIONS, DUEL_FEATURES)


def duel_game(**knobs):
    """Brawlhalla on the duel board, with the given knobs changed."""
    from workbench.games.brawlhalla.engine import Brawlhalla
    from workbench.games.brawlhalla.rules import Rules

    return Brawlhalla(board=duel_board(), rules=Rules(**knobs))
