"""Editors and explorers for JupyterLab; the shared clickable board view lives in ``board``.

Pictures (shapes and marks) come from :mod:`workbench.grids.shapes` and the games'
``drawing`` modules; :class:`BoardView` is their live renderer.
:class:`BrawlhallaTable` plays Brawlhalla against the computer on it.
"""

from workbench.widgets.board import BoardView
from workbench.widgets.brawlhalla_table import BrawlhallaTable

__all__ = ["BoardView", "BrawlhallaTable"]
