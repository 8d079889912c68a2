"""Editors and explorers for JupyterLab; the shared clickable board view lives in ``board``.

Pictures (shapes and marks) come from :mod:`workbench.grids.shapes` and the games'
``drawing`` modules; :class:`BoardView` is their live renderer.
:class:`BrawlhallaTable` plays Brawlhalla against the computer on it; :class:`Tuner`
searches a game's knobs for targets.
"""

from workbench.widgets.board import BoardView
from workbench.widgets.brawlhalla_table import BrawlhallaTable
from workbench.widgets.tuner import Tuner

__all__ = ["BoardView", "BrawlhallaTable", "Tuner"]
