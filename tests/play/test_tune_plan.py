import math

import numpy as np
import pytest
from scipy.stats import binom

from workbench.errors import RulesError
from workbench.play.agents import RandomAgent
from workbench.play.stats import wilson_interval
from workbench.play.tournament import tournament
from workbench.play.toy_games.handicap_dice import HandicapDice, Rules
from workbench.play.tune_plan import games_to_tell, paired_saving


def _exact_power(n, a, b):
    """Chance, by the binomial law at the true share b, that the Wilson interval excludes a."""
    wins = np.arange(n + 1)
    excludes = [not (lo <= a <= hi) for lo, hi in (wilson_interval(k, n) for k in wins)]
    return float(binom.pmf(wins, n, b)[np.array(excludes)].sum())


@pytest.mark.parametrize(("a", "b"), [(0.5, 0.53), (0.3, 0.36)])
def test_games_to_tell_gives_the_asked_power(a, b):
    n = games_to_tell(a, b, power=0.8)
    assert _exact_power(n, a, b) == pytest.approx(0.8, abs=0.03)
    assert _exact_power(n // 2, a, b) < 0.7


def test_half_width_reading():
    n = games_to_tell(0.5, 0.53, power=0.5)
    low, high = wilson_interval(n / 2, n)
    assert (high - low) / 2 == pytest.approx(0.03, abs=5e-4)
    with pytest.raises(RulesError, match="must differ"):
        games_to_tell(0.5, 0.5)
    with pytest.raises(RulesError, match="give sd"):
        games_to_tell(10, 12)


def test_paired_saving_is_measured():
    agents = {"random": RandomAgent}
    one = tournament(
        HandicapDice(Rules(handicap=0)), agents, rounds=300, seed=2, executor=None, progress=False
    )
    two = tournament(
        HandicapDice(Rules(handicap=1)), agents, rounds=300, seed=2, executor=None, progress=False
    )
    found = paired_saving(one, two, "win rate seat 0")
    x, y = (one["winner"] == 0).to_numpy(float), (two["winner"] == 0).to_numpy(float)
    assert found["paired"] == pytest.approx(np.var(x - y, ddof=1), abs=1e-6)
    assert found["ratio"] == pytest.approx(found["unpaired"] / found["paired"], rel=1e-3)
    assert found["ratio"] > 3 and not math.isinf(found["ratio"])
