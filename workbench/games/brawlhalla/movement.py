"""Movement on a Brawlhalla board: one networkx graph per unit kind, distances and reach.

Unit kinds (terrain rules of the text, knobs in :class:`~.rules.Rules`):

``terrestrial``
    Viking warriors on foot: earth and shore, orthogonal steps only.
``seaborne``
    The same land units, riding boats: a boat takes them across water and shore
    (diagonally if boats may), boarding and landing on shore squares. A boat is
    assumed at hand wherever it is needed.
``aquatic``
    Boats alone: water and shore; they start from their side's home shore (where
    the harbor must stand), not from the capital.
``flying``
    Dragons: any square, ``dragon_tiles_per_move`` squares a move.

A move costs one action point; a unit makes at most
``min(action_points_per_turn, actions_per_unit_per_turn)`` moves a turn. The
enemy's buildings (its capital) are impassable: reaching the enemy capital means
moving next to it (diagonals included) and attacking, one more action point.

>>> from workbench.games.brawlhalla.board import board_from_dict
>>> board = board_from_dict({"terrain": ["..~.."], "regions": ["nn~ss"], "features": [
...     {"kind": "capital", "side": "north", "cell": [0, 0]},
...     {"kind": "capital", "side": "south", "cell": [0, 4]}]})
>>> distances_from_capital(board, "terrestrial", side="north")
{(0, 0): 0, (0, 1): 1}
>>> distances_from_capital(board, "flying", side="north")[(0, 3)]
2
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import networkx as nx
import numpy as np
from scipy.sparse import csr_array
from scipy.sparse.csgraph import shortest_path

from workbench.errors import RulesError
from workbench.games.brawlhalla.board import Board
from workbench.games.brawlhalla.rules import Rules
from workbench.grids.square import DIAGONAL, ORTHOGONAL, Cell

__all__ = [
    "SIDES",
    "UNIT_KINDS",
    "all_pairs_distances",
    "attack_distance",
    "distances_from_capital",
    "enemy",
    "movement_graph",
    "moves_per_turn",
    "reach",
    "sources",
    "turns",
]

UNIT_KINDS: tuple[str, ...] = ("terrestrial", "seaborne", "aquatic", "flying")
SIDES: tuple[str, ...] = ("north", "south")
_WALKABLE = frozenset(".:")
_SAILABLE = frozenset("~:")


def enemy(side: str) -> str:
    """The other side: ``"north"`` <-> ``"south"``."""
    return {"north": "south", "south": "north"}[side]


def _check(kind: str, side: str | None) -> None:
    if kind not in UNIT_KINDS:
        raise RulesError(f"unit kind {kind!r}: expected one of {', '.join(UNIT_KINDS)}")
    if side is not None and side not in SIDES:
        raise RulesError(f"side {side!r}: expected 'north' or 'south'")


def _steps(kind: str, rules: Rules) -> tuple[Cell, ...]:
    if kind == "terrestrial" or not rules.diagonal_moves_at_sea_and_air:
        return ORTHOGONAL
    return ORTHOGONAL + DIAGONAL


def _blocked(board: Board, side: str | None) -> set[Cell]:
    """Squares the ``side``'s units may not enter: the enemy's buildings."""
    if side is None:
        return set()
    capital = board.capital(enemy(side))
    return {capital} if capital is not None else set()


def _add_step_edges(graph: nx.Graph, allowed, steps: tuple[Cell, ...]) -> None:
    graph.add_edges_from(
        ((r, c), (r + dr, c + dc))
        for r, c in graph.nodes
        for dr, dc in steps
        if (r + dr, c + dc) in graph and allowed((r, c), (r + dr, c + dc))
    )


def movement_graph(
    board: Board, kind: str, *, side: str | None = None, rules: Rules | None = None
) -> nx.Graph:
    """The squares a unit of ``kind`` may stand on, joined when one move links them.

    ``side`` (``"north"``/``"south"``) removes the enemy's buildings; ``None``
    ignores buildings. Nodes carry ``pos`` (drawing centre); one edge = one move.

    >>> from workbench.games.brawlhalla.board import board_from_dict
    >>> b = board_from_dict({"terrain": [".:~"], "regions": ["nn~"], "features": []})
    >>> sorted(movement_graph(b, "seaborne").edges)
    [((0, 0), (0, 1)), ((0, 1), (0, 2))]
    """
    _check(kind, side)
    rules = rules or Rules()
    blocked = _blocked(board, side)
    graph = nx.Graph(kind=kind, side=side, rows=board.rows, cols=board.cols)
    terrain = board.terrain

    def char(cell: Cell) -> str:
        return terrain[cell[0]][cell[1]]

    if kind == "terrestrial":
        ok = _WALKABLE
    elif kind == "aquatic":
        ok = _SAILABLE
    elif kind == "seaborne":
        ok = _WALKABLE | _SAILABLE if rules.boats_carry_land_units else _WALKABLE
    else:
        ok = None
    for cell in board.cells():
        if cell not in blocked and (ok is None or char(cell) in ok):
            graph.add_node(cell, pos=(cell[1] + 0.5, cell[0] + 0.5))

    if kind == "terrestrial":
        _add_step_edges(graph, lambda a, b: True, ORTHOGONAL)
    elif kind == "aquatic":
        _add_step_edges(graph, lambda a, b: True, _steps(kind, rules))
    elif kind == "seaborne":
        _add_step_edges(
            graph, lambda a, b: char(a) in _WALKABLE and char(b) in _WALKABLE, ORTHOGONAL
        )
        if rules.boats_carry_land_units:
            _add_step_edges(
                graph,
                lambda a, b: char(a) in _SAILABLE and char(b) in _SAILABLE,
                _steps("aquatic", rules),
            )
    else:
        _add_flying_edges(graph, blocked, rules)
    return graph


def _add_flying_edges(graph: nx.Graph, blocked: set[Cell], rules: Rules) -> None:
    """Join squares one dragon move apart: up to ``dragon_tiles_per_move`` steps."""
    steps = _steps("flying", rules)
    span = rules.dragon_tiles_per_move
    if rules.flyers_pass_over_buildings or not blocked:
        # Nothing stops a flight: one move reaches every square within ``span`` steps.
        offsets = {(0, 0)}
        for _ in range(span):
            offsets |= {(a + dr, b + dc) for a, b in offsets for dr, dc in steps}
        offsets.discard((0, 0))
        graph.add_edges_from(
            ((r, c), (r + dr, c + dc))
            for r, c in graph.nodes
            for dr, dc in offsets
            if (r + dr, c + dc) in graph
        )
        return
    for start in list(graph.nodes):
        frontier, seen = [start], {start}
        for _ in range(span):
            frontier = [
                (r + dr, c + dc)
                for r, c in frontier
                for dr, dc in steps
                if (r + dr, c + dc) in graph and (r + dr, c + dc) not in seen
            ]
            seen.update(frontier)
        graph.add_edges_from((start, cell) for cell in seen if cell != start)


def sources(board: Board, kind: str, side: str) -> list[Cell]:
    """Where a side's units of ``kind`` start: the capital, or for boats the shore
    squares of the capital's continent (the harbor may stand on any of them)."""
    _check(kind, side)
    capital = board.capital(side)
    if capital is None:
        return []
    if kind != "aquatic":
        return [capital]
    home = board.regions[capital[0]][capital[1]]
    return [
        (r, c)
        for r, c in board.cells()
        if board.regions[r][c] == home and board.terrain[r][c] == ":"
    ]


def distances_from_capital(
    board: Board,
    kind: str,
    *,
    side: str,
    rules: Rules | None = None,
    graph: nx.Graph | None = None,
) -> dict[Cell, int]:
    """Action points (moves) from the side's start squares to every square a unit reaches."""
    graph = graph if graph is not None else movement_graph(board, kind, side=side, rules=rules)
    starts = [s for s in sources(board, kind, side) if s in graph]
    if not starts:
        return {}
    if len(starts) == 1:
        return dict(nx.single_source_shortest_path_length(graph, starts[0]))
    return dict(nx.multi_source_dijkstra_path_length(graph, starts))


def attack_distance(distances: dict[Cell, int], target: Cell) -> int | None:
    """Action points to attack ``target``: reach a square next to it (diagonals count,
    attacks may be diagonal), then one more for the attack. None if out of reach."""
    around = [
        distances[(target[0] + dr, target[1] + dc)]
        for dr, dc in ORTHOGONAL + DIAGONAL
        if (target[0] + dr, target[1] + dc) in distances
    ]
    return min(around) + 1 if around else None


def moves_per_turn(rules: Rules | None = None) -> int:
    """Moves one unit makes in a turn: min(action points, actions allowed per unit),
    the same bound as on its attacks."""
    return (rules or Rules()).attacks_per_turn


def turns(action_points: int | None, rules: Rules | None = None) -> int | None:
    """Turns a single unit needs to spend ``action_points`` moves (None stays None).

    >>> turns(5), turns(0), turns(None)
    (3, 0, None)
    """
    if action_points is None:
        return None
    return math.ceil(action_points / moves_per_turn(rules))


def reach(
    board: Board, kind: str, *, side: str, within: int, rules: Rules | None = None
) -> set[Cell]:
    """Squares a side's unit of ``kind`` reaches within ``within`` action points."""
    return {
        cell
        for cell, d in distances_from_capital(board, kind, side=side, rules=rules).items()
        if d <= within
    }


def all_pairs_distances(graph: nx.Graph, nodes: Iterable[Cell] | None = None):
    """All-pairs move counts as ``(nodes, matrix)``; unreachable pairs are ``inf``.

    Breadth-first search from every node in compiled code (scipy), so the whole
    12x18 board takes milliseconds.
    """
    order = list(nodes) if nodes is not None else list(graph.nodes)
    if not order:
        return order, np.zeros((0, 0))
    index = {node: i for i, node in enumerate(order)}
    pairs = np.array([(index[a], index[b]) for a, b in graph.edges if a in index and b in index])
    pairs = pairs.reshape(-1, 2)
    matrix = csr_array(
        (np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])), shape=(len(order), len(order))
    )
    return order, shortest_path(matrix, method="D", unweighted=True, directed=False)
