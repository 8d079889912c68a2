"""Rebuild ``data/brawlhalla/board.json`` from the build instructions (needs OR-Tools).

The north and south continents are drawn here by hand as mirror images (the
instructions place both capitals the same way); the constraint solver builds
the rest: west, east and central continents, islands, ruins, wreckages.

Run: PYTHONPATH=. python scripts/brawlhalla_default_board.py [--seconds 300]
"""

from __future__ import annotations

import argparse

from workbench.games.brawlhalla.board import DATA_DIR, Board, save_board
from workbench.games.brawlhalla.checker import check
from workbench.games.brawlhalla.generator import Layout, generate_board

NORTH = ("~~:....^...~", "~~^^^^.^....", "~~:..^^^....", "~~::::::::::")
NORTH_REGIONS = ("~~nnnnnnnnn~", "~~nnnnnnnnnn", "~~nnnnnnnnnn", "~~nnnnnnnnnn")

DESCRIPTION = """\
Reconstructed from the build instructions (step 5) with workbench.games.brawlhalla.generator
(OR-Tools CP-SAT); north and south drawn by hand as mirror images, the rest solved.
Rebuild with scripts/brawlhalla_default_board.py. Choices where the text is vague:
1. Mountains are drawn on the continents' land (step 13), so they count among its land squares.
2. Reach: north/south land lies within 3 rows of its edge, the coast at most 1 row further;
   west/east land within 4 columns of its edge (the text bounds no shore there).
3. Between continents at least 1 square of water with diagonal contact counting as touching;
   so a continent is one piece when its squares touch, diagonals included.
4. Islands are single shore squares surrounded by water; an island lies in the strait of its
   two nearest continents. The north-west and south-west islands sit off the board's west corners.
5. Stars: each capital one square inward from the eastern mark of its compass pair; the west
   sanctuary one square south of the lower west mark ('under'); the east one two squares north
   of the upper east mark ('over by 2'); the central one on the central continent's square
   nearest its centroid.
6. Capital ranges: every neighbour of a capital except the two compass squares is a mountain
   (the opening faces the board's edge) and the range runs 3 squares west along the capital's
   row; the capital's corridor leads west along the edge to a shore square (a natural harbor).
7. Central continent: a range of 5 mountains north and one south of the sanctuary (diagonals
   join), and its easternmost flat square has a mountain north and south, open to the west.
8. West and east: a path walled by mountains (at least two of each square's four sides) leads
   from the continent's square nearest the board's centre to the sanctuary.
9. Ruins evenly: 7 in each half (north/south and west/east), none touching, on squares units
   can walk on, mirrored north/south where the solver could.
10. Wreckages on the easternmost squares of the north and south continents.
11. Every shore square touches water. The east (4 shore) and central (6 shore) continents
    have too little shore for every water-facing square to be shore, so land touches water too.
"""


def template() -> Board:
    middle = ("~" * 12,) * 10
    south = tuple(reversed(NORTH))
    south_regions = tuple(row.replace("n", "s") for row in reversed(NORTH_REGIONS))
    return Board(terrain=NORTH + middle + south, regions=NORTH_REGIONS + middle + south_regions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300.0, help="solver time limit")
    parser.add_argument("--out", default=str(DATA_DIR / "board.json"))
    args = parser.parse_args()
    board = generate_board(
        layout=Layout(keep=template(), time_limit_s=args.seconds),
        name="Default board",
        description=DESCRIPTION.rstrip(),
    )
    report = check(board)
    print(report.summary())
    save_board(board, args.out)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
