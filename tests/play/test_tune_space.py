from fractions import Fraction

import numpy as np
import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.rules import Rules as DaggersRules
from workbench.games.valgard.rules import Rules as ValgardRules
from workbench.play.toy_games.handicap_dice import Rules
from workbench.play.tune_space import Space, knob_values


def test_values_come_from_the_metadata():
    assert knob_values(Rules(), "handicap") == tuple(range(-6, 7))
    assert knob_values(ValgardRules(), "hardcore") == (False, True)
    choices = knob_values(ValgardRules(), "no_move")
    assert set(choices) == set(
        ValgardRules.__dataclass_fields__["no_move"].metadata["knob"]["choices"]
    )


def test_narrowing_and_lists():
    assert knob_values(Rules(), "rounds", (2, 4)) == (2, 3, 4)
    assert knob_values(Rules(), "sides", [4, 4, 8]) == (4, 8)


@pytest.mark.parametrize(
    ("name", "spec", "match"),
    [
        ("speed", None, "no such knob; known: handicap, rounds, sides"),
        ("sides", (1, 6), "outside its metadata"),
        ("sides", (2, 13), "outside its metadata"),
        ("sides", [3, 20], r"expected an integer >= 2 <= 12, got 20"),
    ],
)
def test_bad_knobs_are_named(name, spec, match):
    with pytest.raises(RulesError, match=match):
        knob_values(Rules(), name, spec)


def test_unbounded_knob_needs_a_range():
    with pytest.raises(RulesError, match="no finite range"):
        knob_values(DaggersRules(), "starting_tokens")
    assert knob_values(DaggersRules(), "starting_tokens", (1, 3)) == (1, 2, 3)


def test_fraction_range_is_exact():
    from workbench.rules import knob, rules_class

    @rules_class
    class Odd:
        """A rules class with a fraction knob."""

        bias: Fraction = knob(
            Fraction(1, 2), says="Half.", minimum=Fraction(0), maximum=Fraction(1)
        )

    assert knob_values(Odd(), "bias", (0, 1)) == tuple(Fraction(i, 4) for i in range(5))


def test_grid_skips_combinations_the_cross_checks_refuse():
    space = Space.from_rules(DaggersRules(), {"die_sides": (3, 6), "hit_threshold": (3, 6)})
    grid = space.grid()
    assert all(threshold <= sides for sides, threshold in grid)
    brute = [(s, t) for s in range(3, 7) for t in range(3, 7) if t <= s]
    assert grid == brute and space.size == 16


def test_data_parameters_and_sampling():
    space = Space.from_rules(Rules(), ["rounds"], data={"layout": ("a", "b")})
    candidate = space.grid()[-1]
    assert space.rules(candidate) == Rules(rounds=8) and space.data(candidate) == {"layout": "b"}
    rng = np.random.default_rng(0)
    for _ in range(20):
        sample = space.sample(rng)
        neighbour = space.mutate(sample, rng)
        assert neighbour != sample and space.valid(neighbour)
