"""The clash explorer's logic, headless: every control reaches the exact table."""

import ast
from fractions import Fraction
from pathlib import Path

from workbench.games.brawlhalla import Rules, clash_odds
from workbench.widgets import clash_explorer
from workbench.widgets.clash_explorer import ClashExplorer


def shown(explorer):
    """Exact probabilities in the HTML table, by defender losses."""
    cells = explorer.table.value.split('class="wb-exact" data-defender-losses="')[1:]
    return {int(c.split('"')[0]): Fraction(c.split(">")[1].split("<")[0]) for c in cells}


def expected(a, d, rules=None, **mods):
    odds = clash_odds(a, d, rules=rules, **mods)
    return dict(zip(odds["defender_losses"], odds["probability"], strict=True))


def test_sliders_toggles_and_rules_redraw_the_exact_table():
    explorer = ClashExplorer(attacker_dice=3, defender_dice=2, chart=False)
    assert shown(explorer) == expected(3, 2)
    explorer.attacker.value = 5
    explorer.defender.value = 4
    assert shown(explorer) == expected(5, 4)
    explorer.toggles["attacker", "thor"].value = True
    explorer.toggles["defender", "norn"].value = True
    assert explorer.mods("attacker") == ["thor"] and explorer.mods("defender") == ["norn"]
    assert shown(explorer) == expected(5, 4, attacker_mods=["thor"], defender_mods=["norn"])
    explorer.rule_pickers["ties"].value = "attacker"
    explorer.rule_pickers["faces"].value = 8
    rules = Rules(ties="attacker", faces=8)
    assert explorer.rules == rules
    assert shown(explorer) == expected(
        5, 4, rules=rules, attacker_mods=["thor"], defender_mods=["norn"]
    )
    sweep = expected(5, 4, rules=rules, attacker_mods=["thor"], defender_mods=["norn"])[4]
    assert explorer.sweep.value.startswith(f"P(attacker wins every pair) = {sweep.numerator}/")


def test_chart_is_a_png():
    explorer = ClashExplorer(attacker_dice=1, defender_dice=1)
    assert bytes(explorer.chart.value).startswith(b"\x89PNG")
    before = bytes(explorer.chart.value)
    explorer.toggles["attacker", "skofnung"].value = True
    assert bytes(explorer.chart.value) != before


def test_blood_lord_sliders_and_sacrifice_rule_reach_the_table():
    explorer = ClashExplorer(attacker_dice=2, defender_dice=2, chart=False)
    explorer.blood_lord["attacker"].value = 2
    assert explorer.mods("attacker") == ["blood_lord:2"] and explorer.mods("defender") == []
    assert shown(explorer) == expected(2, 2, attacker_mods=["blood_lord:2"])
    explorer.rule_pickers["blood_lord_sacrifice"].value = "fighting stack"
    rules = Rules(blood_lord_sacrifice="fighting stack")
    odds = clash_odds(2, 2, rules=rules, attacker_mods=["blood_lord:2"])
    assert explorer.odds().equals(odds)
    assert odds["attacker_losses"].min() == 2  # the two sacrificed units are losses now
    explorer.blood_lord["attacker"].value = 0
    assert explorer.mods("attacker") == [] and shown(explorer) == expected(2, 2, rules=rules)


def test_the_widget_does_not_reach_into_the_command_line():
    tree = ast.parse(Path(clash_explorer.__file__).read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m.startswith("workbench.cli") for m in modules)


def test_controls_are_named_in_plain_words_and_a_played_card_is_marked():
    from workbench.rules import knob_label

    explorer = ClashExplorer(chart=False)
    for field, picker in explorer.rule_pickers.items():
        assert picker.description == knob_label(Rules, field)
        assert "_" not in picker.description
    assert explorer.rule_pickers["modifier_order"].description == "Card modifiers apply"
    thor = explorer.toggles["attacker", "thor"]
    assert thor.button_style == ""
    thor.value = True
    assert thor.button_style == "warning" and "wb-played" in thor._dom_classes
    assert explorer.toggles["defender", "thor"].button_style == ""
