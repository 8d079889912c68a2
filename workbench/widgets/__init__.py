"""Editors and explorers for JupyterLab; the shared clickable board view lives in ``board``.

Pictures (shapes and marks) come from :mod:`workbench.grids.shapes` and the games'
``drawing`` modules; :class:`BoardView` is their live renderer.
"""

from workbench.widgets.board import BoardView

__all__ = ["BoardView"]
