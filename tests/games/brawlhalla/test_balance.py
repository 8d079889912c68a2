"""North against South: a mirror-image board is even on every measure; the instructions'
own bias matches moves counted square by square."""

from __future__ import annotations

import math
from collections import deque

import numpy as np
import pytest

from tests.games.brawlhalla.small_boards import make_board
from workbench.games.brawlhalla.balance import HEAT_KINDS, fairness, instruction_bias
from workbench.games.brawlhalla.board import Feature, default_board
from workbench.games.brawlhalla.instructions import Instructions, star_cells
from workbench.games.brawlhalla.rules import Rules

NORTH = ["..^..", ".:..:", "~~~~~"]
MIRROR = make_board(
    [*NORTH, *NORTH[::-1]],
    ["nnnnn", "nnnnn", "~~~~~", "~~~~~", "sssss", "sssss"],
    [
        ("capital", "north", (0, 1)),
        ("capital", "south", (5, 1)),
        ("ruin", "", (1, 4)),
        ("ruin", "", (4, 4)),
    ],
)


def test_a_mirror_image_board_is_balanced():
    report = fairness(MIRROR)
    assert set(report.table["favours"]) == {"even"}
    assert report.verdict.startswith("Balanced: North is ahead on 0 of 15 measures, South on 0")
    for kind in HEAT_KINDS:
        heat = report.heat[kind]
        assert np.array_equal(np.isnan(heat), np.isnan(heat[::-1]))
        assert np.allclose(np.nan_to_num(heat), -np.nan_to_num(heat[::-1]))


def test_moving_a_ruin_tips_the_verdict_to_the_side_nearer():
    board = MIRROR.without_feature((4, 4)).with_feature(Feature("ruin", "", (1, 3)))
    report = fairness(board)
    row = report.table.set_index("measure").loc["ruins reached first"]
    assert (row["north"], row["south"], row["favours"]) == (1, 0, "north")  # (1, 4): a tie by boat
    assert report.verdict.startswith("North is favoured")


def test_report_as_json_and_its_limits():
    data = fairness(default_board()).to_dict()
    assert set(data) == {"verdict", "measures"} and len(data["measures"]) == 15
    assert all(
        v is None or not isinstance(v, float) or math.isfinite(v)
        for row in data["measures"]
        for v in row.values()
    )
    with pytest.raises(ValueError, match="both capitals"):
        fairness(MIRROR.without_feature((5, 1)))


def dragon_moves(start, goal, rules, rows=18, cols=12):
    """Moves on an empty board, one king step at a time up to the span of a flight."""
    span = rules.dragon_tiles_per_move
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    if not rules.diagonal_moves_at_sea_and_air:
        steps = [(dr, dc) for dr, dc in steps if dr == 0 or dc == 0]
    flight = {(0, 0)}
    for _ in range(span):
        flight |= {(a + dr, b + dc) for a, b in flight for dr, dc in steps}
    seen, queue = {start: 0}, deque([start])
    while queue:
        cell = queue.popleft()
        for dr, dc in flight:
            nxt = (cell[0] + dr, cell[1] + dc)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in seen:
                seen[nxt] = seen[cell] + 1
                queue.append(nxt)
    return seen[goal]


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(dragon_tiles_per_move=3, diagonal_moves_at_sea_and_air=False)]
)
def test_instruction_bias_counts_dragon_moves_square_by_square(rules):
    table = instruction_bias(rules=rules).set_index("objective")
    stars = star_cells(Instructions())
    for side in ("north", "south"):
        start = stars[f"capital {side}"]
        for name in ("west", "east"):
            want = dragon_moves(start, stars[f"sanctuary {name}"], rules)
            assert table.loc[f"{name} sanctuary", f"{side} dragon moves"] == want
    capital_south = stars["capital south"]
    around = [
        (capital_south[0] + dr, capital_south[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
    ]
    want = 1 + min(
        dragon_moves(stars["capital north"], cell, rules)
        for cell in around
        if cell != capital_south
    )
    assert table.loc["enemy capital", "north dragon moves"] == want
