"""The shared board view, headless: pictures shown and event dispatch."""

from workbench.grids.shapes import Picture, circle_mark, square_shapes
from workbench.widgets import BoardView


def test_a_picture_is_shown_with_its_marks():
    picture = Picture(square_shapes(2, 3), marks=[circle_mark((0.5, 0.5))])
    view = BoardView.of(picture, width_px=200)
    assert [s["id"] for s in view.shapes] == [s["id"] for s in picture.shapes]
    assert view.marks == list(picture.marks) and view.width_px == 200
    view.highlighted = ["0,1"]
    view.show(Picture(square_shapes(1, 1)))
    assert len(view.shapes) == 1 and view.marks == [] and view.highlighted == ["0,1"]


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


def test_a_release_reaches_release_handlers_only():
    view = BoardView(shapes=square_shapes(2, 2))
    cells, releases = [], []
    view.on_cell_event(lambda cell, kind: cells.append((cell, kind)))
    view.on_release(lambda: releases.append(True))
    view._handle_custom_msg({"event": "click", "cell": "0,0"}, [])
    view._handle_custom_msg({"event": "release"}, [])
    assert cells == [("0,0", "click")] and releases == [True]
    handler = view._release_handlers[0]
    view.on_release(handler, remove=True)
    view._handle_custom_msg({"event": "release"}, [])
    assert releases == [True]
