"""The rules object: versions as the changelog says, every number of the text a knob."""

from fractions import Fraction

import pytest

from workbench.errors import RulesError
from workbench.games.viking_raid import VERSIONS, Rules, version_label


def test_versions_differ_exactly_as_the_changelog_says():
    old, mid, new = (Rules.version(v) for v in ("0.11", "0.2", "0.21"))
    diff = lambda a, b: {k for k, v in a.to_dict().items() if b.to_dict()[k] != v}  # noqa: E731
    assert diff(old, mid) == {"tribute_stuns"}
    assert diff(mid, new) == {"huscarl_move", "broke_eliminated"}
    with pytest.raises(RulesError, match=r"unknown Viking Raid version '0\.3'"):
        Rules.version("0.3")


def test_the_defaults_are_the_text_and_the_draw_is_off():
    rules = Rules()
    assert rules == Rules.version("0.21") and not rules.role_draw
    moves = (rules.archer_steps, rules.huscarl_steps, rules.berserker_steps)
    reach = (rules.volley_range, rules.bash_range, rules.cleave_range)
    assert moves == (1, 2, 3) and reach == ((2, 3), 2, 1)
    assert rules.tribute_share == Fraction(1, 2)


@pytest.mark.parametrize("share", [Fraction(1, 2), Fraction(1, 3), Fraction(2, 3), 1, 0, 0.25])
def test_tribute_is_the_share_rounded_up(share):
    rules = Rules(tribute_share=share)
    for gold in range(40):
        exact = Fraction(gold) * Fraction(share)
        paid = rules.tribute(gold)
        assert paid >= exact > paid - 1 or paid == exact == 0


def test_knobs_come_from_the_command_line_text_and_are_checked():
    rules = Rules().with_settings(["role_draw=true", "volley_range=1,4", "tribute_share=1/3"])
    assert rules.role_draw and rules.volley_range == (1, 4)
    assert rules.tribute_share == Fraction(1, 3)
    assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError, match="volley_range: expected"):
        Rules(volley_range=(3, 2))
    with pytest.raises(RulesError, match="volley_range: expected"):
        Rules(volley_range=(0, 2))
    with pytest.raises(RulesError, match="berserker_steps: expected an integer >= 1"):
        Rules(berserker_steps=0)
    with pytest.raises(RulesError, match="tribute_share"):
        Rules(tribute_share=Fraction(3, 2))


def test_version_label_names_the_release_or_the_changes():
    assert [version_label(Rules.version(v)) for v in VERSIONS] == list(VERSIONS)
    assert version_label(Rules.version("0.2", role_draw=True)) == "0.2 with role_draw=True"
    assert version_label(Rules(max_rounds=30)) == "0.21 with max_rounds=30"
