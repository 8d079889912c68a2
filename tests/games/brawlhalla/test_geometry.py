"""The lookup tables of a Brawlhalla board, checked against the terrain rules square by
square and the distances against a breadth-first search written here."""

from collections import deque

from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.geometry import MODES, BrawlhallaGeometry
from workbench.games.brawlhalla.rules import Rules

from .small_boards import duel_board

BOARD = duel_board()


def test_steps_follow_the_terrain_rules_of_each_unit():
    geometry = BrawlhallaGeometry(BOARD)
    terrain = geometry.terrain
    assert set(MODES) == set(geometry.steps)
    for cell, kind in terrain.items():
        for mode in MODES:
            for nxt in geometry.steps[mode][cell]:
                dr, dc = abs(nxt[0] - cell[0]), abs(nxt[1] - cell[1])
                if mode == "terrestrial":
                    assert dr + dc == 1 and {kind, terrain[nxt]} <= {".", ":"}
                elif mode == "aquatic":
                    assert max(dr, dc) == 1 and {kind, terrain[nxt]} <= {"~", ":"}
                else:
                    assert 0 < max(dr, dc) <= 2
    assert geometry.steps["terrestrial"][(1, 1)] == ()  # a mountain
    assert geometry.steps["aquatic"][(2, 6)] == ((1, 5), (1, 6), (2, 5), (3, 5))
    assert len(geometry.steps["flying"][(3, 3)]) == 24


def test_the_steps_knobs_change_the_tables():
    plain = BrawlhallaGeometry(BOARD, Rules(diagonal_moves_at_sea_and_air=False))
    assert all(
        abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
        for a, nexts in plain.steps["aquatic"].items()
        for b in nexts
    )
    short = BrawlhallaGeometry(BOARD, Rules(dragon_tiles_per_move=1))
    assert len(short.steps["flying"][(3, 3)]) == 8


def test_around_home_capitals_sanctuaries_and_wreckages():
    geometry = BrawlhallaGeometry(BOARD)
    assert len(geometry.around[(3, 3)]) == 8 and len(geometry.around[(0, 0)]) == 3
    assert set(geometry.home[0]) == {(r, c) for r in range(3) for c in range(6)} - {(1, 1)}
    assert set(geometry.home[1]) == {(r, c) for r in range(4, 7) for c in range(6)} - {(5, 1)}
    assert geometry.capitals == ((0, 0), (6, 0))
    assert dict(geometry.sanctuaries) == {"west": (3, 0), "east": (3, 6), "central": (3, 3)}
    assert geometry.flag_home == (3, 3) and geometry.wreckages == ((2, 5),)
    assert [geometry.side_of_region(c) for c in [(0, 4), (5, 5), (3, 3), (3, 1)]] == [
        0,
        1,
        None,
        None,
    ]


def breadth_first(board, side, target):
    """Moves to a square next to ``target``: on foot on land, by boat on water and shore
    (diagonals at sea), never through the enemy capital."""
    terrain = {(r, c): board.terrain[r][c] for r in range(board.rows) for c in range(board.cols)}
    enemy = board.capital(("north", "south")[1 - side])

    def steps(cell):
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nxt = (cell[0] + dr, cell[1] + dc)
                if nxt in (cell, enemy) or nxt not in terrain or terrain[nxt] == "^":
                    continue
                on_foot = dr * dc == 0 and {terrain[cell], terrain[nxt]} <= {".", ":"}
                by_boat = {terrain[cell], terrain[nxt]} <= {"~", ":"}
                if on_foot or by_boat:
                    yield nxt

    starts = [
        (target[0] + dr, target[1] + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0)
        and (target[0] + dr, target[1] + dc) in terrain
        and (target[0] + dr, target[1] + dc) != enemy
        and terrain[(target[0] + dr, target[1] + dc)] != "^"
    ]
    found = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        cell = queue.popleft()
        for nxt in steps(cell):
            if nxt not in found:
                found[nxt] = found[cell] + 1
                queue.append(nxt)
    return found


def test_distances_to_a_target_match_a_breadth_first_search():
    for board in (BOARD, default_board()):
        geometry = BrawlhallaGeometry(board)
        for side in (0, 1):
            for target in (geometry.capitals[1 - side], geometry.flag_home):
                assert geometry.distances_to(side, target) == breadth_first(board, side, target)
        assert geometry.distances_to(0, geometry.capitals[1]) is geometry.distances_to(
            0, geometry.capitals[1]
        )
    geometry = BrawlhallaGeometry(BOARD)
    assert geometry.distances_to(0, (6, 0))[(0, 0)] == 5  # down the west coast, past (3, 0)
