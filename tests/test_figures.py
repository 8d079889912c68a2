"""The house style: sizes capped to a notebook column, readable resolution and fonts, and a
check of cut text that finds a label running off the figure (drawn by the renderer)."""

import matplotlib as mpl
import pytest

from workbench.figures import (
    COLUMN_INCHES,
    HOUSE_STYLE,
    house_style,
    new_axes,
    new_figure,
    styled,
    texts_outside,
)


def test_a_figure_is_at_most_a_column_wide_and_sharp():
    figure = new_figure(20, 3)
    assert figure.get_size_inches()[0] == COLUMN_INCHES
    assert figure.dpi >= 100
    assert COLUMN_INCHES * figure.dpi <= 900


def test_a_figure_needs_a_size():
    with pytest.raises(ValueError, match="positive size"):
        new_figure(0, 3)


def test_axes_made_in_the_style_keep_its_tick_sizes_when_drawn_later():
    with house_style():
        axes = new_figure(4, 3).subplots()
        axes.plot([0, 1], [0, 1])
    texts_outside(axes.figure)  # draws
    assert axes.get_xticklabels()[0].get_fontsize() == HOUSE_STYLE["xtick.labelsize"]


def test_pyplot_axes_in_the_style():
    axes = new_axes(5, 3)
    assert axes.figure.dpi == HOUSE_STYLE["figure.dpi"]
    assert tuple(axes.figure.get_size_inches()) == (5, 3)


def test_styled_applies_the_style_only_inside():
    @styled
    def title_size():
        return mpl.rcParams["axes.titlesize"]

    with mpl.rc_context({"axes.titlesize": 3}):
        assert title_size() == HOUSE_STYLE["axes.titlesize"]
        assert mpl.rcParams["axes.titlesize"] == 3


def test_a_y_label_longer_than_the_figure_is_found():
    figure = new_figure(4, 1.2, layout=None)
    axes = figure.subplots()
    axes.set_ylabel("P(the attacker takes the tile), whatever it costs")
    found = texts_outside(figure)
    assert len(found) == 1 and found[0].startswith("axes")


def test_a_label_that_fits_is_not_reported():
    figure = new_figure(4, 3)
    axes = figure.subplots()
    axes.set_ylabel("P(attacker takes the tile)")
    axes.set_title("fits")
    assert texts_outside(figure) == []


def test_a_figure_legend_off_the_edge_is_found():
    figure = new_figure(3, 2, layout=None)
    figure.subplots().plot([0, 1], label="a line with a very long name indeed")
    figure.legend(loc="center left", bbox_to_anchor=(0.8, 0.5))
    assert "legend 0" in [f.split(" (")[0] for f in texts_outside(figure)]
