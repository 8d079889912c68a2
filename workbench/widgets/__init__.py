"""Editors and explorers for JupyterLab; the shared clickable board view lives in ``board``."""

from workbench.widgets.board import (
    BoardView,
    cell_id,
    hex_shapes,
    octagon_shapes,
    parse_cell_id,
    shape,
    square_shapes,
)

__all__ = [
    "BoardView",
    "cell_id",
    "hex_shapes",
    "octagon_shapes",
    "parse_cell_id",
    "shape",
    "square_shapes",
]
