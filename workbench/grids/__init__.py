"""Board geometry as networkx graphs (square, hex, octagon-with-sockets) and the shapes
every picture of a board is made of.

Every grid module offers a graph constructor (nodes carry ``pos``, their drawing
centre with x to the right and y down), neighbour and distance functions, and
``*_polygon``/``*_center`` functions. :mod:`~workbench.grids.shapes` turns cells into
drawable shapes; :mod:`~workbench.grids.plot` (matplotlib), :mod:`~workbench.grids.svg`
and :mod:`~workbench.grids.sheets` (print and play) draw them, as the board widget does
live. Nothing here imports a widget.
"""

from workbench.grids import hexagonal, octagonal, shapes, square
from workbench.grids.hexagonal import *  # noqa: F403
from workbench.grids.octagonal import *  # noqa: F403
from workbench.grids.shapes import *  # noqa: F403
from workbench.grids.square import *  # noqa: F403

__all__ = [*hexagonal.__all__, *octagonal.__all__, *shapes.__all__, *square.__all__]
