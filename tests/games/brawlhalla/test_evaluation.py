"""The Brawlhalla heuristic: its score terms on hand-set positions, symmetry between the
sides, and values in (-1, 1) summing to zero."""

import math

import pytest

from workbench.games.brawlhalla.evaluation import SCALE, WEIGHTS, evaluation, scores

from .small_boards import duel_game

GAME = duel_game()


def test_the_terms_of_an_empty_board():
    state = GAME.position()
    for side in (0, 1):
        assert scores(state, side) == dict.fromkeys(WEIGHTS, 0.0)
    assert evaluation(state) == (0.0, 0.0)


def test_material_buildings_and_coins():
    state = GAME.position(
        stacks={(1, 2): (0, 2, 1, 1, 0), (5, 3): (1, 1, 0, 0, 1)},
        buildings={(0, 0): (0, "capital"), (6, 0): (1, "capital"), (2, 0): (0, "barracks")},
        coins=(3, 1),
    )
    north, south = scores(state, 0), scores(state, 1)
    assert (north["material"], south["material"]) == (10.0, 1.0)
    assert (north["buildings"], south["buildings"]) == (1.0, 0.0)  # capitals do not count
    assert (north["coins"], south["coins"]) == (3.0, 1.0)
    total = sum(WEIGHTS[k] * (north[k] - south[k]) for k in WEIGHTS)
    assert evaluation(state)[0] == pytest.approx(math.tanh(total / SCALE))


def test_the_war_term_grows_as_land_units_near_the_enemy_capital():
    far = scores(GAME.position(stacks={(0, 5): (0, 1, 0, 0, 0)}), 0)["war"]
    near = scores(GAME.position(stacks={(5, 0): (0, 1, 0, 0, 0)}), 0)["war"]
    step = scores(GAME.position(stacks={(4, 0): (0, 1, 0, 0, 0)}), 0)["war"]
    assert (near, step) == (1.0, 0.5) and 0 < far < step
    assert scores(GAME.position(stacks={(4, 0): (0, 0, 0, 1, 0)}), 0)["war"] == 0.0  # a dragon


def test_holy_and_flag_terms():
    state = GAME.position(stacks={(3, 0): (0, 1, 0, 0, 0)}, guardians=[(3, 3), (3, 6)], holy=(2, 0))
    assert scores(state, 0)["holy"] == 1 + 2 * 2
    carrier = GAME.position(stacks={(1, 0): (0, 1, 0, 0, 0)}, flag=None, carrier=(1, 0))
    far = GAME.position(stacks={(2, 4): (0, 1, 0, 0, 0)}, flag=None, carrier=(2, 4))
    assert scores(carrier, 0)["flag"] > scores(far, 0)["flag"] > 1.0
    assert scores(carrier, 1)["flag"] == 0.0


def test_mirrored_positions_have_mirrored_values():
    north = GAME.position(stacks={(1, 2): (0, 3, 0, 0, 0), (5, 4): (1, 1, 0, 0, 0)})
    south = GAME.position(stacks={(5, 2): (1, 3, 0, 0, 0), (1, 4): (0, 1, 0, 0, 0)})
    a, b = evaluation(north), evaluation(south)
    assert a[0] == pytest.approx(b[1]) and a[0] > 0
    assert all(-1 < v < 1 for v in a) and sum(a) == 0
