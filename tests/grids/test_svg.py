"""The SVG renderer: well-formed XML with every shape, label and mark."""

import xml.etree.ElementTree as ET

from workbench.grids.shapes import Picture, circle_mark, path_mark, shape, square_shapes, text_mark
from workbench.grids.svg import picture_svg, svg_elements

NS = "{http://www.w3.org/2000/svg}"


def test_a_document_holds_every_shape_and_mark():
    picture = Picture(
        square_shapes(2, 2, label=lambda c: "<&>" if c == (0, 0) else ""),
        marks=[
            path_mark([(0, 0), (1, 1)], dash="0.1 0.1"),
            circle_mark((1, 1)),
            text_mark((0.5, 1.5), "V & W", anchor="start"),
        ],
    )
    root = ET.fromstring(picture_svg(picture, width_px=200))
    cells = [p.get("data-cell") for p in root.iter(f"{NS}polygon")]
    assert cells == ["0,0", "0,1", "1,0", "1,1"]
    texts = sorted(t.text for t in root.iter(f"{NS}text"))
    assert texts == ["<&>", "V & W"]
    assert root.find(f"{NS}polyline").get("stroke-dasharray") == "0.1 0.1"
    assert root.find(f"{NS}circle") is not None
    assert root.get("width") == "200" and root.get("height") == "200"


def test_titles_become_tooltips():
    picture = Picture([shape("a", [(0, 0), (1, 0), (0, 1)], title="north capital")])
    root = ET.fromstring(picture_svg(picture))
    assert root.find(f"{NS}polygon/{NS}title").text == "north capital"


def test_a_region_keeps_only_what_reaches_into_it():
    picture = Picture(square_shapes(1, 10), marks=[circle_mark((9.5, 0.5), r=0.2)])
    kept = svg_elements(picture, inside=(0, 0, 3, 1))
    assert sum(e.startswith("<polygon") for e in kept) == 4  # cells 0..3 (3 touches the edge)
    assert not any(e.startswith("<circle") for e in kept)
