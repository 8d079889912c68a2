"""What a square holds and what leaves a stack together, against a reading of the
rules written out square by square."""

from __future__ import annotations

import itertools

from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.stacking import mode, moving_parts, parts, square_limits, standable


def test_parts_are_the_whole_stack_then_every_split_a_boat_can_carry():
    found = parts((2, 1, 0, 1), capacity=2)
    assert found[0] == (2, 1, 0, 1)
    assert len(found) == len(set(found))
    assert (2, 1, 0, 0) in found and (0, 0, 0, 1) in found and (2, 0, 0, 1) in found
    assert (0, 0, 0, 0) not in found
    # a boat never sails with more than its capacity, nor with a dragon
    assert all(p[0] + p[1] <= 2 for p in found[1:] if p[3])
    assert all(not p[2] for p in parts((1, 0, 1, 1), capacity=4)[1:] if p[3])
    assert (mode((1, 0, 0, 1)), mode((1, 0, 1, 0)), mode((0, 0, 2, 0))) == (
        "aquatic",
        "terrestrial",
        "flying",
    )


def _reading(units, terrain, rules: Rules) -> bool:
    """The stacking rules as the text and the knobs say them, one clause at a time."""
    warriors, warlords, dragons, boats = units
    land = warriors + warlords
    square = rules.warriors_per_square + (rules.fusion == "five on a square")
    counted = land + dragons if rules.stack_limit == "units" else warriors
    carried = rules.boat_capacity if rules.boats_carry_land_units else 0
    checks = [
        boats <= 1,
        counted <= square,
        not (boats and dragons),
        not boats or land <= carried,
        terrain != "^" or (land == 0 and boats == 0),
        terrain != "~" or boats == 1 or land == 0,
        terrain != "." or boats == 0,
    ]
    return all(checks)


def test_standable_agrees_with_the_rules_read_clause_by_clause():
    for rules in (
        Rules(),
        Rules(stack_limit="units"),
        Rules(boats_carry_land_units=False),
        Rules(fusion="five on a square", boat_capacity=2),
    ):
        limits = square_limits(rules)
        for units in itertools.product(range(6), range(3), range(3), range(3)):
            for terrain in ".~:^":
                assert standable(units, terrain, limits) == _reading(units, terrain, rules), (
                    rules,
                    units,
                    terrain,
                )


def test_moving_parts_groups_every_part_by_how_it_moves():
    units = (3, 1, 1, 1)
    groups = dict(moving_parts(units, False, 4))
    flat = [part for group in groups.values() for part in group]
    assert sorted(flat) == sorted(parts(units, capacity=4))
    assert all(mode(part) == how for how, group in groups.items() for part in group)
    held = dict(moving_parts(units, True, 4))
    assert [p for g in held.values() for p in g][-1] == units  # the whole stack comes last
