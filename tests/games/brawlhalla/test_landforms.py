"""Shape measures on small hand-made boards, each checked by hand."""

from __future__ import annotations

from tests.games.brawlhalla.small_boards import make_board
from workbench.games.brawlhalla.landforms import (
    capital_ring,
    central_ridges,
    closest_continents,
    encircled_east_point,
    islands_by_strait,
    pieces,
    walled_path,
)


def test_pieces_against_union_find():
    cells = [(0, 0), (0, 1), (1, 2), (3, 3), (2, 2)]
    parent = {c: c for c in cells}

    def find(c):
        while parent[c] != c:
            c = parent[c]
        return c

    for a in cells:
        for b in cells:
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
                parent[find(a)] = find(b)
    groups = {}
    for c in cells:
        groups.setdefault(find(c), []).append(c)
    assert sorted(map(sorted, groups.values())) == sorted(pieces(cells, diagonal=True))
    assert len(pieces(cells)) == 3


def test_closest_continents():
    board = make_board(["..~..", "~~~~~"], ["nn~ss", "~~~~~"])
    assert closest_continents(board) == (2, ("north", "south"))
    touching = make_board([".~", "~."], ["n~", "~w"])
    assert closest_continents(touching) == (1, ("north", "west"))


def test_islands_take_the_strait_of_their_two_nearest_continents():
    board = make_board(
        ["..~~~", "~~~:~", "~~~~~", "..~~~"],
        ["nn~~~", "~~~i~", "~~~~~", "ww~~~"],
    )
    groups, sizes = islands_by_strait(board)
    assert groups[("north", "west")] == [[(1, 3)]] and sizes == [1]
    tie = make_board(["..~~~", "~~~:~", "..~~~"], ["nn~~~", "~~~i~", "ss~~~"])
    assert islands_by_strait(tie)[0][None] == [[(1, 3)]]


def test_capital_ring_and_westward_range():
    board = make_board(
        ["^^^^.^", "~~^.^^", "~~^^^^"],
        ["nnnnnn", "~~nnnn", "~~nnnn"],
    )
    ring = capital_ring(board, (1, 3))
    assert (ring.neighbours, ring.mountains, ring.openings, ring.opening_squares) == (8, 7, 1, 1)
    assert ring.west_extent == 2
    assert capital_ring(board.with_terrain((1, 4), "earth"), (1, 3)).openings == 1
    open_board = board.with_terrain((2, 2), "earth")
    assert capital_ring(open_board, (1, 3)).openings == 2


def test_central_ridges_and_east_point():
    board = make_board(
        ["~^^^~~", "~.:.:~", "~~^^^~", "~~~.^~", "~~~~~~"],
        ["~ccc~~", "~cccc~", "~~ccc~", "~~~cc~", "~~~~~~"],
        [("sanctuary", "central", (1, 2))],
    )
    assert central_ridges(board) == (3, 4)
    point = encircled_east_point(board)
    assert not point.ok and "no mountain north" in point.text


def test_walled_path():
    board = make_board(
        ["^^^^^^", ".....~", "^^^^^^"],
        ["wwwwww", "wwwww~", "wwwwww"],
        [("sanctuary", "west", (1, 0))],
    )
    assert walled_path(board, "west") == 3
    assert walled_path(board.with_terrain((0, 1), "earth"), "west") is None
