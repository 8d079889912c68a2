"""The 3-4-5 guardian against every raw roll, the published values and a siege by hand."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from workbench.errors import RulesError
from workbench.games.brawlhalla import Rules, guardian_odds, guardian_siege, guardian_table

GUARDIAN = (5, 4, 3)


def brute_attack(n, *, thor=0, norn=0, guardian=GUARDIAN):
    """P(defeat) and loss counts over every raw roll; cards tried on every die."""
    defeat, losses = 0, Counter()
    for roll in itertools.product(range(1, 7), repeat=n):
        best = None
        for ups in itertools.product(range(n), repeat=thor):
            for downs in itertools.product(range(len(guardian)), repeat=norn):
                mine, theirs = list(roll), list(guardian)
                for i in ups:
                    mine[i] += 1
                for i in downs:
                    theirs[i] -= 1
                pairs = list(zip(sorted(mine)[::-1], sorted(theirs)[::-1], strict=False))
                won = sum(x > y for x, y in pairs)
                best = max(best or (0, 0), (won, len(pairs)))
        won, pairs = best
        defeat += won == pairs == len(guardian)
        losses[pairs - won] += 1
    return Fraction(defeat, 6**n), losses


@pytest.mark.parametrize("n", range(1, 7))
def test_every_raw_roll(n):
    p_defeat, losses = brute_attack(n)
    odds = guardian_odds(n)
    assert odds.p_defeat == p_defeat
    assert odds.losses.probabilities == {k: Fraction(c, 6**n) for k, c in losses.items()}


@pytest.mark.parametrize(("n", "thor", "norn"), [(3, 1, 0), (4, 0, 1), (3, 1, 1), (4, 2, 0)])
def test_every_raw_roll_with_cards(n, thor, norn):
    p_defeat, losses = brute_attack(n, thor=thor, norn=norn)
    odds = guardian_odds(n, attacker_mods=["thor"] * thor + ["norn"] * norn)
    assert odds.p_defeat == p_defeat
    assert odds.losses.probabilities == {k: Fraction(c, 6**n) for k, c in losses.items()}


def test_published_values():
    assert guardian_odds(3).p_defeat == Fraction(2, 27)
    assert guardian_odds(7).p_defeat == Fraction(26305, 46656)
    assert guardian_odds(1).p_defeat == guardian_odds(2).p_defeat == 0


def test_table():
    table = guardian_table()
    assert list(table["dice"]) == list(range(1, 8))
    assert table.loc[2, "p_defeat"] == Fraction(2, 27)
    losses = table.filter(like="p_lose_")
    assert all(sum(row) == 1 for row in losses.itertuples(index=False))
    assert (table["p_defeat"].diff().dropna() >= 0).all()


def test_siege_by_hand():
    """Seven units attack twice: win at once, or lose k units and attack with 7 - k dice."""
    first = guardian_odds(7)
    expected = first.p_defeat
    for lost, p in first.losses.probabilities.items():
        if lost:
            expected += p * guardian_odds(7 - lost).p_defeat
    assert guardian_siege(7, attacks=2) == expected
    assert guardian_siege(7, attacks=1) == first.p_defeat
    assert guardian_siege(7, attacks=0) == 0


def test_siege_without_limit_is_the_limit_of_more_attacks():
    forever = guardian_siege(6)
    many = guardian_siege(6, attacks=12)
    assert many <= forever and forever - many < Fraction(1, 10**9)
    assert guardian_siege(2) == 0


def test_above_the_cap_value_is_lost_on_casualties():
    big = guardian_siege(12, attacks=2)
    kept = guardian_siege(12, attacks=2, rules=Rules(value_above_cap="kept"))
    assert kept > big


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: guardian_odds(0), "attacker dice must be between 1 and 7, got 0"),
        (lambda: guardian_odds(8), "attacker dice must be between 1 and 7, got 8"),
        (lambda: guardian_siege(-2), "attacker units must be >= 1, got -2"),
        (lambda: guardian_odds(3, attacker_mods=["mjolnir"]), "unknown die modifier"),
    ],
)
def test_bad_input(call, message):
    with pytest.raises(RulesError, match=message):
        call()
