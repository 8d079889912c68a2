"""The board-building instructions as data: every count and every reading is a knob.

The rule text builds the board in numbered steps (a 12x18 grid, compass marks,
five continents with land and shore counts, islands, stars, mountains, ruins,
wreckages). :class:`Instructions` holds those numbers, and, where the text is
vague, the reading chosen; the checker measures a board against it and the
generator takes it as constraints. The positions the text fixes are derived here.

>>> spec = Instructions()
>>> spec.land("north"), spec.shore("east")
(27, 4)
>>> compass_cells(spec.rows, spec.cols)["west"]
((8, 0), (9, 0))
>>> stars = star_cells(spec)
>>> stars["capital north"], stars["capital south"], stars["sanctuary west"], stars["sanctuary east"]
((1, 6), (16, 6), (10, 0), (6, 11))
"""

from __future__ import annotations

from workbench.grids.square import Cell
from workbench.rules import knob, rules_class

__all__ = ["STRAITS", "Instructions", "compass_cells", "star_cells"]

#: The straits that hold islands, as pairs of continents.
STRAITS: tuple[tuple[str, str], ...] = (("north", "west"), ("south", "west"), ("south", "east"))


@rules_class
class Instructions:
    """Step 5 of the rule text ("Step by Step Instruction for the Board") as knobs."""

    rows: int = knob(18, says="12 per 18 tiles: 18 rows north to south.", minimum=5)
    cols: int = knob(12, says="12 per 18 tiles: 12 columns west to east.", minimum=5)
    north_land: int = knob(27, says="North continent: 27 land squares.", minimum=0)
    north_shore: int = knob(12, says="North: 12 water-and-land squares (its coast).", minimum=0)
    south_land: int = knob(27, says="South continent: 27 land squares.", minimum=0)
    south_shore: int = knob(12, says="South: 12 water-and-land squares (its coast).", minimum=0)
    west_land: int = knob(20, says="West continent: 20 land squares.", minimum=0)
    west_shore: int = knob(7, says="West: 7 water-and-land squares (its coast).", minimum=0)
    east_land: int = knob(24, says="East continent: 24 land squares.", minimum=0)
    east_shore: int = knob(4, says="East: 4 water-and-land squares (its coast).", minimum=0)
    central_land: int = knob(13, says="Central continent: 13 land squares.", minimum=0)
    central_shore: int = knob(6, says="Central: 6 water-and-land squares (its coast).", minimum=0)
    mountains_are_land: bool = knob(
        True,
        says="Mountains are drawn on the continents after their land (step 13), so a "
        "mountain square counts among the continent's land squares.",
        alternatives="False: land counts exclude mountains; north and south then need every "
        "square of their four rows (27 + 12 + 9 mountains = 48), and the generator finds "
        "no such 12x18 board.",
    )
    north_south_land_reach: int = knob(
        3,
        says="North (south): a max of 3 land squares towards the south (north), "
        "read as: land lies within 3 rows of its edge of the board.",
        minimum=1,
    )
    north_south_shore_reach: int = knob(
        1,
        says="...and 1 water-and-land square: the coast reaches at most 1 row beyond the land.",
        minimum=0,
    )
    west_east_land_reach: int = knob(
        4,
        says="West (east): a max of 4 land squares towards the east (west): land lies "
        "within 4 columns of its edge. The text bounds no shore there.",
        minimum=1,
    )
    water_gap: int = knob(
        1,
        says="Leave at least 1 square of water between all continents "
        "(diagonal contact counts as touching).",
        minimum=0,
    )
    islands_north_west: int = knob(2, says="2 islands between north and west.", minimum=0)
    islands_south_west: int = knob(2, says="2 islands between south and west.", minimum=0)
    islands_south_east: int = knob(1, says="1 island between south and east.", minimum=0)
    island_max_squares: int = knob(1, says="Each island has a max size of 1 square.", minimum=1)
    west_sanctuary_below: int = knob(
        1,
        says="Put a star under the west symbol: 1 square south of the lower west mark.",
        alternatives="Read 'under' as inward (east of the mark).",
        minimum=1,
    )
    east_sanctuary_above: int = knob(
        2,
        says="Put a star over the east symbol by 2 squares: 2 squares north of the upper mark.",
        minimum=1,
    )
    capital_ring_max_opening: int = knob(
        3,
        says="A mountain range circles each capital: the capital's neighbours that are not "
        "mountains form one opening of at most this many squares (the way in).",
        minimum=1,
        maximum=7,
    )
    capital_range_west: int = knob(
        3, says="...and goes westward for 3 squares beyond the ring.", minimum=0
    )
    central_ridge_length: int = knob(
        5,
        says="On the central continent a mountain range on the north ridge and one on the "
        "south ridge, each 5 squares long: one range (diagonals joining) north and one south "
        "of the sanctuary.",
        minimum=1,
    )
    ruins: int = knob(
        14,
        says="Place evenly 14 ruins: half in each half of the board (north/south, "
        "west/east), none touching another.",
        minimum=0,
    )

    def land(self, continent: str) -> int:
        """Land squares the text asks of a continent."""
        return getattr(self, f"{continent}_land")

    def shore(self, continent: str) -> int:
        """Shore (water-and-land) squares the text asks of a continent."""
        return getattr(self, f"{continent}_shore")

    def islands(self, strait: tuple[str, str]) -> int:
        """Islands asked between the two continents of a strait in :data:`STRAITS`."""
        return getattr(self, f"islands_{strait[0]}_{strait[1]}")


def compass_cells(rows: int, cols: int) -> dict[str, tuple[Cell, ...]]:
    """The two middle squares of each side, which carry the compass marks (step 5)."""
    mid_c, mid_r = ((cols - 1) // 2, cols // 2), ((rows - 1) // 2, rows // 2)
    return {
        "north": tuple(dict.fromkeys((0, c) for c in mid_c)),
        "south": tuple(dict.fromkeys((rows - 1, c) for c in mid_c)),
        "west": tuple(dict.fromkeys((r, 0) for r in mid_r)),
        "east": tuple(dict.fromkeys((r, cols - 1) for r in mid_r)),
    }


def star_cells(spec: Instructions) -> dict[str, Cell]:
    """Where step 12 puts the capitals and the west and east sanctuaries.

    "Under the north symbol on the eastern side": the square south of the eastern
    north mark; the south capital mirrors it. The west sanctuary lies under the
    lower west mark, the east one over the upper east mark.
    """
    marks = compass_cells(spec.rows, spec.cols)
    north_east_mark, south_east_mark = marks["north"][-1], marks["south"][-1]
    return {
        "capital north": (north_east_mark[0] + 1, north_east_mark[1]),
        "capital south": (south_east_mark[0] - 1, south_east_mark[1]),
        "sanctuary west": (marks["west"][-1][0] + spec.west_sanctuary_below, 0),
        "sanctuary east": (marks["east"][0][0] - spec.east_sanctuary_above, spec.cols - 1),
    }
