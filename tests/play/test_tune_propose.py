import numpy as np

from workbench.play.toy_games.handicap_dice import Rules
from workbench.play.tune_propose import propose
from workbench.play.tune_space import Space


def _loss(candidate):
    rounds, sides, handicap = candidate
    return abs(rounds - 5) + abs(sides - 9) / 2 + abs(handicap + 2)


def test_proposals_approach_the_exhaustive_optimum():
    space = Space.from_rules(Rules(), ["rounds", "sides", "handicap"])
    exhaustive = min(space.grid(), key=_loss)
    picks = propose(space, _loss, iterations=300, count=5, rng=np.random.default_rng(3))
    assert len(set(picks)) == 5
    assert _loss(picks[0]) <= _loss(exhaustive) + 1
    assert min(map(_loss, picks)) <= 1


def test_seeded():
    space = Space.from_rules(Rules(), ["rounds", "sides"])
    first = propose(space, _loss_two, iterations=40, count=3, rng=np.random.default_rng(5))
    again = propose(space, _loss_two, iterations=40, count=3, rng=np.random.default_rng(5))
    assert first == again


def _loss_two(candidate):
    return abs(candidate[0] - 2) + abs(candidate[1] - 3)
