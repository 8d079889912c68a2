"""Choke points: squares whose loss cuts the land apart, and the narrowest cuts around capitals.

>>> from workbench.games.brawlhalla.board import board_from_dict
>>> board = board_from_dict({"terrain": ["..^", "...", "^.."], "regions": ["nnn"] * 3,
...     "features": [{"kind": "capital", "side": "north", "cell": [0, 0]}]})
>>> sorted(choke_squares(board))
[(1, 1)]
"""

from __future__ import annotations

import networkx as nx

from workbench.games.brawlhalla.board import Board
from workbench.games.brawlhalla.movement import movement_graph
from workbench.games.brawlhalla.rules import Rules
from workbench.grids.square import Cell

__all__ = ["capital_cut", "choke_squares", "seal_cut"]


def choke_squares(board: Board, *, rules: Rules | None = None) -> set[Cell]:
    """Articulation points of the land units' graph (on foot): one unit there splits the land."""
    return set(nx.articulation_points(movement_graph(board, "terrestrial", rules=rules)))


def capital_cut(board: Board, *, rules: Rules | None = None) -> set[Cell]:
    """A smallest set of squares whose blocking stops land units (boats allowed) going
    from one capital to the other; empty when they cannot meet at all."""
    north, south = board.capital("north"), board.capital("south")
    graph = movement_graph(board, "seaborne", rules=rules)
    if north not in graph or south not in graph or not nx.has_path(graph, north, south):
        return set()
    if graph.has_edge(north, south):
        return set()
    return set(nx.minimum_node_cut(graph, north, south))


def seal_cut(board: Board, side: str, *, rules: Rules | None = None) -> set[Cell]:
    """A smallest set of squares of the capital's own continent that, held, seals the
    capital off from everything outside it (land units, boats allowed): the squares
    its defenders must hold."""
    capital = board.capital(side)
    if capital is None:
        return set()
    home = board.regions[capital[0]][capital[1]]
    graph = movement_graph(board, "seaborne", rules=rules)
    if capital not in graph:
        return set()
    inside = {cell for cell in graph if board.regions[cell[0]][cell[1]] == home}
    small = nx.Graph(graph.subgraph(inside))
    small.add_edges_from(
        ("outside", a) for a in inside for b in graph.neighbors(a) if b not in inside
    )
    if "outside" not in small or not nx.has_path(small, capital, "outside"):
        return set()
    if small.has_edge(capital, "outside"):
        return {capital}
    return set(nx.minimum_node_cut(small, capital, "outside"))
