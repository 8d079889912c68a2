"""Board geometry as networkx graphs: square, hex (axial) and octagon-with-sockets.

Every grid module offers a graph constructor (nodes carry ``pos``, their drawing
centre with x to the right and y down), neighbour and distance functions, and
``*_polygon``/``*_center`` functions that the shared board view draws from.
"""

from workbench.grids.hexagonal import (
    HEX_DIRECTIONS,
    Hex,
    hex_add,
    hex_center,
    hex_disc,
    hex_distance,
    hex_grid,
    hex_line,
    hex_neighbours,
    hex_polygon,
    hex_ray,
    hex_ring,
    straight_line_direction,
)
from workbench.grids.octagonal import (
    CORNER_CUT,
    octagon_center,
    octagon_grid,
    octagon_polygon,
    octagon_sockets,
    socket_center,
    socket_octagons,
    socket_polygon,
    sockets,
)
from workbench.grids.square import (
    DIAGONAL,
    ORTHOGONAL,
    Cell,
    chebyshev,
    in_bounds,
    manhattan,
    square_center,
    square_grid,
    square_neighbours,
    square_polygon,
)

__all__ = [
    "CORNER_CUT",
    "DIAGONAL",
    "HEX_DIRECTIONS",
    "ORTHOGONAL",
    "Cell",
    "Hex",
    "chebyshev",
    "hex_add",
    "hex_center",
    "hex_disc",
    "hex_distance",
    "hex_grid",
    "hex_line",
    "hex_neighbours",
    "hex_polygon",
    "hex_ray",
    "hex_ring",
    "in_bounds",
    "manhattan",
    "octagon_center",
    "octagon_grid",
    "octagon_polygon",
    "octagon_sockets",
    "socket_center",
    "socket_octagons",
    "socket_polygon",
    "sockets",
    "square_center",
    "square_grid",
    "square_neighbours",
    "square_polygon",
    "straight_line_direction",
]
