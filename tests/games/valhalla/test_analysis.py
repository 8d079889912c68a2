"""Witness walks, lines and random play, checked by replaying them with the engine."""

from fractions import Fraction

import pytest

from workbench.games.valhalla.analysis import random_walk_share, split_lines, witness_walk
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.moves import outcome_class
from workbench.games.valhalla.rules import Rules
from workbench.games.valhalla.search import StateSpace

from .conftest import micro, small_levels


def test_witness_walks_win_their_star_class_when_replayed():
    checked = 0
    for level, rules in small_levels(60, seed=900, max_side=4):
        game = ValhallaCalling(level, rules)
        space = StateSpace(game)
        free = space.classes(space.start)
        for target in (c for c in range(4) if free >> c & 1):
            walk, strike, cunning = witness_walk(space, target=target, multi_line=False)
            outcome = game.replay(split_lines(game, walk), final_strike=strike, cunning=cunning)
            assert outcome.won and outcome_class(game, outcome) == target, level.to_dict()
            checked += 1
    assert checked > 20


def test_the_witness_detours_instead_of_stepping_back_and_forth():
    # After besting A the hero must lose two more Attack before B: a detour through the
    # lower row keeps the play in one line, stepping back and forth would need three.
    level = micro(["S.AB", "...."], health=3, attack=7, enemies={"A": (1, 1), "B": (4, 4)})
    game = ValhallaCalling(level)
    space = StateSpace(game)
    walk, strike, _ = witness_walk(space, target=1, multi_line=True)  # all but one
    assert len(split_lines(game, walk)) == 1
    assert game.replay([walk], final_strike=strike).won


def test_a_class_no_play_wins_has_no_witness(duel):
    with pytest.raises(ValueError, match="star class 1 cannot be won"):
        witness_walk(StateSpace(ValhallaCalling(duel)), target=1, multi_line=False)


@pytest.mark.parametrize(
    ("line_rule", "expected"),
    [
        (
            "no_edge_twice",
            [[(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)], [(0, 0), (0, 1)], [(0, 1), (0, 0)]],
        ),
        ("no_reversal", [[(0, 0), (0, 1), (1, 1), (1, 0), (0, 0), (0, 1)], [(0, 1), (0, 0)]]),
    ],
)
def test_lines_are_cut_where_the_line_rule_says(line_rule, expected):
    # Round the 2x2 square, on along its first edge again, then straight back.
    level = micro(["S.", ".E"], health=9, attack=5, enemies={"E": (1, 1)})
    game = ValhallaCalling(level, Rules(line_rule=line_rule))
    walk = [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0), (0, 1), (0, 0)]
    assert split_lines(game, walk) == expected


def test_random_play_wins_as_often_as_the_coin_says():
    # One step fells the hero; To Valhalla's final strike, a coin flip, then wins.
    level = micro(["SE"], health=1, attack=1, ability="to_valhalla", enemies={"E": (5, 1)})
    share = random_walk_share(ValhallaCalling(level), walks=400, seed=3)
    assert Fraction(1, 3) < share < Fraction(2, 3) and 400 % share.denominator == 0
    always = ValhallaCalling(level, Rules(final_strike="always"))
    assert random_walk_share(always, walks=50) == 1
    hopeless = micro(["SAB"], health=9, attack=5, enemies={"A": (1, 1), "B": (1, 1)})
    assert random_walk_share(ValhallaCalling(hopeless), walks=50) == 0
    assert share == random_walk_share(ValhallaCalling(level), walks=400, seed=3)
