"""The figures show the numbers they are given, checked against the exact odds."""

from fractions import Fraction

import numpy as np
import pytest

from workbench.games.daggers_brink.hands import hand_attribute_distribution
from workbench.games.daggers_brink.odds import wound_probability, wound_table
from workbench.games.daggers_brink.plots import (
    attribute_bars,
    figure_svg,
    win_rate_bars,
    wound_curves,
    wound_heatmaps,
)
from workbench.games.daggers_brink.rules import Rules

from .scripted import SMALL


def test_each_heat_map_holds_the_wound_chances_of_its_health():
    figure = wound_heatmaps(wound_table(4, 3, 2))
    maps = [ax for ax in figure.axes if ax.images]
    assert [ax.get_title() for ax in maps] == ["Health 1", "Health 2"]
    for health, ax in enumerate(maps, start=1):
        expected = [
            [float(wound_probability(a, d, health)) for d in (1, 2, 3)] for a in (1, 2, 3, 4)
        ]
        np.testing.assert_allclose(ax.images[0].get_array(), expected)
    hidden = wound_heatmaps(wound_table(2, 2, 4), columns=3)
    assert sum(not ax.get_visible() for ax in hidden.axes) == 2  # 4 maps on 2 x 3 places


def test_attribute_bars_are_each_attributes_distribution():
    dealt = hand_attribute_distribution(SMALL)
    figure = attribute_bars({"dealt": dealt})
    speed = figure.axes[0]
    expected: dict[int, Fraction] = {}
    for (s, _, _, _), p in dealt.items():
        expected[s] = expected.get(s, Fraction(0)) + p
    heights = {round(bar.get_x() + bar.get_width() / 2): bar.get_height() for bar in speed.patches}
    shown = {value: height for value, height in heights.items() if height}  # others: 0
    assert shown == pytest.approx({k: float(v) for k, v in expected.items()})
    assert [ax.get_title() for ax in figure.axes] == ["Speed", "Health", "Defend", "Attack"]


def test_win_rate_bars_show_the_rates_and_the_fair_share():
    import pandas as pd

    rates = pd.DataFrame(
        {"strategy": ["a", "b"], "rate": [0.25, 0.5], "low": [0.1, 0.3], "high": [0.4, 0.7],
         "fair": [1 / 3, 1 / 3]}
    )  # fmt: skip
    ax = win_rate_bars(rates, title="t").axes[0]
    assert [bar.get_height() for bar in ax.patches] == [0.25, 0.5]
    assert ax.lines[-1].get_ydata()[0] == pytest.approx(1 / 3) and ax.get_title() == "t"


def test_wound_curves_pass_through_the_exact_odds_and_mark_the_rules_thresholds():
    fights = [(3, 2, 2), (4, 1, 1)]
    ax = wound_curves(fights).axes[0]
    curves = [line for line in ax.lines if len(line.get_xdata()) == 101]
    for line, (a, d, h) in zip(curves, fights, strict=True):
        assert line.get_ydata()[50] == pytest.approx(float(wound_probability(a, d, h)))
        third = float(wound_probability(a, d, h, threshold=5))
        assert np.interp(1 / 3, line.get_xdata(), line.get_ydata()) == pytest.approx(
            third, abs=0.01
        )
    marks = sorted(t.get_text() for t in ax.texts)
    assert marks == ["3+", "4+", "5+"]
    on_a_d8 = wound_curves(fights, rules=Rules(die_sides=8, hit_threshold=8)).axes[0]
    assert sorted(t.get_text() for t in on_a_d8.texts) == ["7+", "8+"]
    lines_at = sorted(line.get_xdata()[0] for line in on_a_d8.lines if len(line.get_xdata()) == 2)
    assert lines_at == pytest.approx([1 / 8, 2 / 8])


def test_figure_svg_is_the_same_text_for_the_same_figure():
    figure = wound_curves([(3, 2, 2)])
    text = figure_svg(figure)
    assert text.startswith("<svg") and text == figure_svg(figure)


def _every_figure():
    import pandas as pd

    rates = pd.DataFrame({"strategy": ["focus", "spread", "random"], "rate": [0.3, 0.4, 0.3],
                          "low": [0.2, 0.3, 0.2], "high": [0.4, 0.5, 0.4],
                          "fair": [1 / 3] * 3})  # fmt: skip
    dealt = hand_attribute_distribution(SMALL)
    return {
        "wound heat maps": lambda: wound_heatmaps(wound_table(6, 6, 6)),
        "attribute bars": lambda: attribute_bars(
            {"dealt (exact)": dealt, "2 draws, keep best (exact)": dealt, "simulated": dealt}
        ),
        "win rate bars": lambda: win_rate_bars(rates, title="win rates"),
        "wound curves": lambda: wound_curves([(3, 2, 2), (4, 1, 1), (6, 3, 4)]),
    }


@pytest.mark.parametrize("name", list(_every_figure()))
def test_every_figure_fits_a_column_sharp_with_nothing_cut(name):
    from workbench.figures import COLUMN_INCHES, texts_outside

    figure = _every_figure()[name]()
    assert figure.dpi >= 100 and figure.get_figwidth() <= COLUMN_INCHES
    assert texts_outside(figure) == []
    sizes = [t.get_fontsize() for ax in figure.axes for t in (*ax.texts, *ax.get_xticklabels())]
    assert min(sizes) >= 8
