"""The shared board view, headless: shapes from each geometry and event dispatch."""

import pytest

from workbench.widgets import (
    BoardView,
    cell_id,
    hex_shapes,
    octagon_shapes,
    parse_cell_id,
    square_shapes,
)


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


def test_events_reach_handlers_and_unknown_ones_do_not():
    view = BoardView(shapes=square_shapes(2, 2))
    seen = []

    def handler(cell, kind):
        seen.append((cell, kind))

    view.on_cell_event(handler)
    view._handle_custom_msg({"event": "click", "cell": "0,1"}, [])
    view._handle_custom_msg({"event": "drag", "cell": "1,1"}, [])
    view._handle_custom_msg({"event": "click", "cell": "9,9"}, [])  # not a shape
    view._handle_custom_msg({"event": "hover", "cell": "0,0"}, [])  # not an event
    assert seen == [("0,1", "click"), ("1,1", "drag")]
    view.on_cell_event(handler, remove=True)
    view._handle_custom_msg({"event": "click", "cell": "0,0"}, [])
    assert len(seen) == 2
