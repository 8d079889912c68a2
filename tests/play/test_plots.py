"""Plots of toolkit tables: what is drawn matches the table."""

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pandas as pd

from workbench.play.plots import plot_skill_trace


def test_skill_trace_plot_draws_each_step_with_its_interval():
    trace = pd.DataFrame(
        {"strong": [20, 40, 80], "weak": [10, 20, 40], "games": [8, 8, 8],
         "score": [0.5, 0.625, 0.75], "score low": [0.2, 0.3, 0.5],
         "score high": [0.8, 0.9, 1.0], "fair": [0.5] * 3}
    )  # fmt: skip
    ax = plot_skill_trace(trace, title="Valgard")
    line = ax.lines[0]
    assert np.allclose(line.get_xdata(), [20, 40, 80])
    assert np.allclose(line.get_ydata(), [0.5, 0.625, 0.75])
    fair = next(drawn for drawn in ax.lines if drawn.get_linestyle() == "--")
    assert np.allclose(fair.get_ydata(), 0.5)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["20 vs 10", "40 vs 20", "80 vs 40"]


def test_the_skill_trace_is_in_the_house_style_with_nothing_cut():
    import pandas as pd

    from workbench.figures import HOUSE_STYLE, texts_outside
    from workbench.play.plots import plot_skill_trace

    trace = pd.DataFrame({"strong": [20, 40, 80, 160], "weak": [10, 20, 40, 80],
                          "games": [8] * 4, "score": [0.6, 0.7, 0.65, 0.8],
                          "score low": [0.3, 0.4, 0.35, 0.5], "score high": [0.9, 1.0, 0.9, 1.0],
                          "fair": [0.5] * 4})  # fmt: skip
    ax = plot_skill_trace(trace, title="Valgard 6x6: stronger MCTS against weaker")
    assert ax.figure.dpi >= 100
    assert ax.get_xticklabels()[0].get_fontsize() == HOUSE_STYLE["xtick.labelsize"]
    assert texts_outside(ax.figure) == []
