"""Distances to the objectives, against breadth-first search done by hand on small boards."""

from __future__ import annotations

import math

from tests.games.brawlhalla.small_boards import make_board
from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.movement import SIDES, UNIT_KINDS
from workbench.games.brawlhalla.objectives import (
    board_distances,
    objective_distances,
    objectives,
)
from workbench.games.brawlhalla.rules import Rules

# North capital at the west end of a corridor, south capital at the east end;
# a ruin and the central sanctuary on the way.
CORRIDOR = make_board(
    ["......."],
    features=[
        ("capital", "north", (0, 0)),
        ("capital", "south", (0, 6)),
        ("ruin", "", (0, 2)),
        ("sanctuary", "central", (0, 4)),
    ],
)


def test_objectives_of_a_side():
    assert objectives(CORRIDOR, "north") == [
        ("central sanctuary", (0, 4)),
        ("flag", (0, 4)),
        ("ruin 1", (0, 2)),
        ("enemy capital", (0, 6)),
    ]
    assert objectives(CORRIDOR, "south")[-1] == ("enemy capital", (0, 0))


def test_walking_the_corridor():
    distances = board_distances(CORRIDOR)
    # On foot: one action point a square; the enemy capital is attacked from next door.
    assert distances.to("north", "terrestrial", (0, 2)) == 2
    assert distances.to("north", "terrestrial", (0, 6)) == 5 + 1
    assert distances.to("south", "terrestrial", (0, 4)) == 2
    assert distances.round_trip("north", "terrestrial", (0, 4)) == 8
    assert distances.to("north", "terrestrial", None) is None
    # Dragons fly two squares a move.
    assert distances.to("north", "flying", (0, 4)) == 2
    assert distances.round_trip("north", "aquatic", (0, 4)) is None  # no boats on dry land


def test_the_table_has_a_row_per_side_unit_and_objective():
    table = objective_distances(CORRIDOR, rules=Rules(actions_per_unit_per_turn=1))
    assert len(table) == len(SIDES) * len(UNIT_KINDS) * 4
    row = table[(table["side"] == "north") & (table["unit"] == "terrestrial")]
    by_objective = dict(zip(row["objective"], row["action points"], strict=True))
    assert by_objective == {"central sanctuary": 4, "flag": 4, "ruin 1": 2, "enemy capital": 6}
    turns = dict(zip(row["objective"], row["turns"], strict=True))
    assert turns["enemy capital"] == 6  # one move a turn with these rules
    boats = table[table["unit"] == "aquatic"]
    assert boats["action points"].isna().all()


def test_turns_are_two_moves_a_turn_on_the_default_board():
    table = objective_distances(default_board()).dropna(subset=["action points"])
    assert len(table) > 50
    for points, turns in zip(table["action points"], table["turns"], strict=True):
        assert turns == math.ceil(points / 2)
