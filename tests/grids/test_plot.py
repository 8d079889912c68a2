"""The matplotlib renderer draws what the shapes say, at the scale it is told."""

import matplotlib

matplotlib.use("Agg")

import pytest
from matplotlib.figure import Figure

from workbench.grids.plot import plot_shapes, points_per_unit
from workbench.grids.shapes import (
    Key,
    Picture,
    circle_mark,
    path_mark,
    square_shapes,
    text_mark,
)


def _picture():
    return Picture(
        square_shapes(
            2,
            3,
            fill=lambda c: "#ff0000" if c == (1, 2) else "#ffffff",
            label=lambda c: "A" if c == (0, 0) else "",
        ),
        marks=[
            path_mark([(0.5, 0.5), (2.5, 1.5)], dash="0.2 0.1"),
            circle_mark((1.5, 0.5)),
            text_mark((1.5, 1.5), "V"),
        ],
        legend=[Key("red", "#ff0000")],
        title="two by three",
    )


def test_every_shape_and_mark_is_drawn():
    ax = plot_shapes(_picture())
    polygons = [p for p in ax.patches if p.__class__.__name__ == "Polygon"]
    assert len(polygons) == 6
    assert sum(p.__class__.__name__ == "Circle" for p in ax.patches) == 1
    assert len(ax.lines) == 1
    assert sorted(t.get_text() for t in ax.texts) == ["A", "V"]
    assert ax.get_title() == "two by three"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["red"]
    red = [p for p in polygons if p.get_facecolor()[:3] == (1.0, 0.0, 0.0)]
    assert len(red) == 1


def test_y_runs_down_like_the_board_view():
    ax = plot_shapes(_picture())
    bottom, top = ax.get_ylim()
    assert bottom > top


def test_a_frame_fixes_the_limits_and_a_scale_sizes_text():
    figure = Figure(figsize=(4, 4))
    ax = figure.add_axes((0, 0, 1, 1))
    plot_shapes(_picture(), ax=ax, frame=(0, 0, 4, 4), unit_pt=72, legend=False)
    assert ax.get_xlim() == (0, 4) and ax.get_ylim() == (4, 0)
    label = next(t for t in ax.texts if t.get_text() == "A")
    assert label.get_fontsize() == pytest.approx(0.3 * 72)
    assert ax.get_legend() is None


def test_points_per_unit_is_measured_from_the_axes():
    figure = Figure(figsize=(4, 2))
    ax = figure.add_axes((0, 0, 1, 1))
    assert points_per_unit(ax, (0, 0, 4, 1)) == pytest.approx(72)  # 4 units over 4 inches


def test_bare_shapes_and_marks_are_accepted():
    ax = plot_shapes(square_shapes(1, 1), [circle_mark((0.5, 0.5))], title="")
    assert len(ax.patches) == 2 and ax.get_title() == ""


def test_a_frame_clips_text_to_the_page_but_a_figure_does_not():
    figure = Figure(figsize=(4, 4))
    ax = figure.add_axes((0, 0, 1, 1))
    plot_shapes(_picture(), ax=ax, frame=(0, 0, 1, 1), unit_pt=72, legend=False)
    assert all(t.get_clip_on() for t in ax.texts)
    assert not any(t.get_clip_on() for t in plot_shapes(_picture()).texts)
