"""Shapes and pictures: every geometry's builders, ids, label anchors, marks, bounds."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.grids.hexagonal import hex_disc, hex_polygon
from workbench.grids.shapes import (
    Key,
    Picture,
    cell_id,
    circle_mark,
    hex_shapes,
    line_marks,
    octagon_shapes,
    parse_cell_id,
    path_mark,
    polygon_centre,
    shape,
    square_shapes,
    text_mark,
)
from workbench.grids.square import square_center


def test_shape_builders_cover_every_cell():
    assert len(square_shapes(12, 18)) == 216
    assert len(hex_shapes([(0, 0), (1, 0), (0, 1)])) == 3
    shapes = octagon_shapes(6, 6, socket_fill=lambda s: "#000")
    assert len(shapes) == 36 + 25
    assert sum(s["id"].startswith("s:") for s in shapes) == 25
    assert {len(s["points"]) for s in shapes} == {8, 4}


def test_fill_and_label_callbacks_are_used():
    shapes = square_shapes(1, 2, fill=lambda c: "#111" if c == (0, 1) else "#fff", label=str)
    assert [s["fill"] for s in shapes] == ["#fff", "#111"]
    assert shapes[1]["label"] == "(0, 1)"


@pytest.mark.parametrize("cell", [(0, 0), (3, 17), (-2, 5)])
def test_ids_round_trip(cell):
    assert parse_cell_id(cell_id(cell)) == ("", cell)
    assert parse_cell_id(cell_id(cell, prefix="s")) == ("s", cell)


@pytest.mark.parametrize(
    "shapes",
    [square_shapes(3, 4), hex_shapes(hex_disc((0, 0), 2)), octagon_shapes(3, 3)],
    ids=["squares", "hexes", "octagons and sockets"],
)
def test_labels_sit_at_the_middle_of_every_regular_shape(shapes):
    for s in shapes:
        xs, ys = zip(*s["points"], strict=True)
        middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        assert s["at"] == pytest.approx(list(middle), abs=1e-3)


@given(st.floats(-50, 50), st.floats(-50, 50), st.floats(0.1, 20), st.floats(0.1, 20))
def test_centre_of_a_rectangle_is_its_middle_whichever_way_round(x, y, w, h):
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    for points in (corners, corners[::-1]):
        cx, cy = polygon_centre(points)
        assert cx == pytest.approx(x + w / 2, abs=1e-6)
        assert cy == pytest.approx(y + h / 2, abs=1e-6)


def test_a_hex_centre_is_the_hex_centre_computed_independently():
    points = hex_polygon((2, -1))
    mean = (sum(p[0] for p in points) / 6, sum(p[1] for p in points) / 6)
    assert polygon_centre(points) == pytest.approx(mean)


def test_label_position_can_be_given():
    s = shape("a", [(0, 0), (2, 0), (2, 2), (0, 2)], label="x", label_at=(0.2, 1.8))
    assert s["at"] == [0.2, 1.8]


def test_marks_are_json_like_dicts():
    assert path_mark([(0, 0), (1, 1)], dash="0.2 0.1")["dash"] == "0.2 0.1"
    assert "dash" not in path_mark([(0, 0), (1, 1)])
    assert circle_mark((1, 2), r=0.5)["at"] == [1, 2]
    assert text_mark((0, 0), "V", size=0.5, anchor="start")["size"] == 0.5
    lines = line_marks([[(0, 0), (0, 1)], [(1, 0), (1, 1)]], square_center, spread=0.1)
    assert [m["kind"] for m in lines] == ["path", "circle", "path", "circle"]
    assert lines[0]["points"][0] == pytest.approx([0.4, 0.4])  # line 1 shifted by -0.1
    assert lines[2]["points"][0] == pytest.approx([0.5, 1.5])  # line 2 not shifted


def test_bounds_cover_shapes_and_marks():
    picture = Picture(square_shapes(2, 2), marks=[circle_mark((3.0, 0.5), r=0.5)])
    assert picture.bounds() == (0.0, 0.0, 3.5, 2.0)
    assert Picture(()).bounds() == (0.0, 0.0, 1.0, 1.0)


def test_pictures_are_frozen_values_with_tuples():
    picture = Picture([shape("a", [(0, 0), (1, 0), (0, 1)])], legend=[Key("open")])
    assert isinstance(picture.shapes, tuple) and isinstance(picture.legend, tuple)
    assert picture.replace(title="t").title == "t" and picture.title == ""
    assert math.isclose(picture.replace(cell=2.0).outline, 2 * picture.outline)
