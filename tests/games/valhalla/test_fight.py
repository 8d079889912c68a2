"""Fights: the closed form against a blow-by-blow simulation, and who strikes first."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.valhalla.fight import fight, hero_strikes_first, simulate_fight
from workbench.games.valhalla.rules import Rules

stats = st.integers(1, 30)


@settings(max_examples=1500, deadline=None)
@given(
    health=stats, attack=stats, enemy_attack=st.integers(0, 30), enemy_health=stats,
    hero_first=st.booleans(), mjolnir=st.integers(0, 2), shield=st.integers(0, 2),
    biorn=st.booleans(), zero_spends_shield=st.booleans(),
)  # fmt: skip
def test_closed_form_matches_blow_by_blow(**kwargs):
    health, attack = kwargs.pop("health"), kwargs.pop("attack")
    assert fight(health, attack, **kwargs) == simulate_fight(health, attack, **kwargs)


def test_a_worked_fight():
    # Hero 10/3 strikes first against 4/7: 7 -> 4 (hero 6), 4 -> 1 (hero 2), 1 -> dead.
    result = fight(10, 3, enemy_attack=4, enemy_health=7, hero_first=True)
    assert result.hero_won and result.health == 2
    # Enemy first: 10 -> 6, 7 -> 4, 6 -> 2, 4 -> 1, 2 -> -2: the hero falls, the
    # enemy has 1 left, so To Valhalla's final strike (3) would best it.
    result = fight(10, 3, enemy_attack=4, enemy_health=7, hero_first=False)
    assert not result.hero_won and result.enemy_health == 1 and result.final_strike_kills


def test_a_strike_of_no_damage_leaves_the_shield_unless_the_knob_says_spent():
    from workbench.games.valhalla.engine import ValhallaCalling

    from .conftest import micro

    # A harmless enemy (Attack 0) first, then one the shield must stop.
    level = micro(["SDAB"], health=4, attack=9, enemies={"A": (0, 9), "B": (4, 9)},
                  items={"D": ("dwarven_shield", 0)})  # fmt: skip
    lines = [[(0, 0), (0, 1), (0, 2)]]  # A struck once (for 0) between two blows of 7
    assert ValhallaCalling(level).replay(lines).shield == 1
    assert ValhallaCalling(level, Rules(shield_zero_damage="spent")).replay(lines).shield == 0


def test_shield_and_mjolnir_are_spent_once():
    result = fight(4, 1, enemy_attack=4, enemy_health=9, hero_first=False, mjolnir=1, shield=1)
    assert result.hero_won and result.health == 4 and (result.mjolnir, result.shield) == (0, 0)


@pytest.mark.parametrize(
    ("hero", "enemy", "trickster", "loki", "tie", "first"),
    [
        (5, 3, False, False, "swap", True),
        (3, 5, False, False, "swap", False),
        (4, 4, False, False, "swap", True),  # the hero wins ties
        (5, 3, False, True, "swap", False),  # Loki switches
        (4, 4, False, True, "swap", False),
        (4, 4, False, True, "hero", True),
        (3, 5, True, False, "swap", True),  # Trickster: lower first
        (4, 4, True, False, "swap", True),
        (3, 5, True, True, "swap", False),  # both: they cancel
        (4, 4, True, True, "swap", True),
    ],
)
def test_who_strikes_first(hero, enemy, trickster, loki, tie, first):
    rules = Rules(loki_on_tie=tie)
    assert hero_strikes_first(hero, enemy, trickster=trickster, loki=loki, rules=rules) is first
