import itertools
from fractions import Fraction

import numpy as np
import pytest

from workbench.play import RandomAgent, check_game, play_game
from workbench.play.toy_games.handicap_dice import HandicapDice, Rules, exact_win_shares


def _by_enumeration(rules: Rules) -> tuple[Fraction, Fraction]:
    """Every sequence of rolls played through the game itself."""
    game = HandicapDice(rules)
    faces = range(1, rules.sides + 1)
    wins = [Fraction(0), Fraction(0)]
    for rolls in itertools.product(faces, repeat=2 * rules.rounds):
        state = game.initial_state()
        for face in rolls:
            state = state.apply("roll").apply(face)
        returns = state.returns()
        for seat in (0, 1):
            wins[seat] += returns[seat] > 0
    total = rules.sides ** (2 * rules.rounds)
    return wins[0] / total, wins[1] / total


@pytest.mark.parametrize(
    "rules",
    [Rules(rounds=1, sides=3), Rules(rounds=2, sides=3, handicap=2), Rules(sides=4, handicap=-1)],
)
def test_exact_shares_match_enumeration_through_the_game(rules):
    assert exact_win_shares(rules) == _by_enumeration(rules)


def test_protocol_and_length():
    game = HandicapDice(Rules(rounds=3))
    assert check_game(game, games=5) == []
    agents = [RandomAgent(game, seed=s) for s in range(2)]
    assert play_game(game, agents, seed=3).plies == 6


def test_simulated_share_is_near_the_exact_one():
    game = HandicapDice(Rules(handicap=1))
    wins = 0
    for seed in range(400):
        agents = [RandomAgent(game, seed=s) for s in range(2)]
        wins += play_game(game, agents, seed=np.random.SeedSequence(seed)).returns[0] > 0
    assert abs(wins / 400 - float(exact_win_shares(game.rules)[0])) < 0.08
