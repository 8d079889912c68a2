"""Distances from each capital to every objective, per unit kind, in action points and turns.

Objectives: each sanctuary, the flag (on the central sanctuary), each ruin and the
enemy capital (reached by moving next to it and attacking).

>>> from workbench.games.brawlhalla.board import default_board
>>> table = objective_distances(default_board())
>>> list(table.columns)
['side', 'unit', 'objective', 'cell', 'action points', 'turns']
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
import pandas as pd

from workbench.games.brawlhalla.board import Board
from workbench.games.brawlhalla.movement import (
    SIDES,
    UNIT_KINDS,
    attack_distance,
    distances_from_capital,
    enemy,
    movement_graph,
    turns,
)
from workbench.games.brawlhalla.rules import Rules
from workbench.grids.square import Cell

__all__ = ["Distances", "board_distances", "objective_distances", "objectives"]


def objectives(board: Board, side: str) -> list[tuple[str, Cell]]:
    """The side's objectives as ``(name, cell)``: sanctuaries, the flag, ruins, enemy capital."""
    found = [(f"{s} sanctuary", board.sanctuary(s)) for s in ("west", "east", "central")]
    flag = board.sanctuary("central")
    found.append(("flag", flag))
    found += [(f"ruin {i + 1}", cell) for i, cell in enumerate(board.ruins)]
    found.append(("enemy capital", board.capital(enemy(side))))
    return [(name, cell) for name, cell in found if cell is not None]


@dataclass(frozen=True)
class Distances:
    """Every movement graph of a board and the distances from each side's start.

    ``graphs[side, kind]`` is the movement graph; ``steps[side, kind]`` maps each
    reachable square to its action points.
    """

    board: Board
    rules: Rules
    graphs: dict[tuple[str, str], nx.Graph]
    steps: dict[tuple[str, str], dict[Cell, int]]

    def to(self, side: str, kind: str, cell: Cell | None) -> int | None:
        """Action points for ``side``'s unit of ``kind`` to reach (or attack) ``cell``."""
        if cell is None:
            return None
        steps = self.steps[side, kind]
        if cell == self.board.capital(enemy(side)):
            return attack_distance(steps, cell)
        return steps.get(cell)

    def round_trip(self, side: str, kind: str, cell: Cell | None) -> int | None:
        """Action points to go to ``cell`` and back to the side's capital."""
        graph, home = self.graphs[side, kind], self.board.capital(side)
        there = self.to(side, kind, cell)
        if there is None or home not in graph:
            return None
        try:
            return there + nx.shortest_path_length(graph, cell, home)
        except nx.NetworkXNoPath:
            return None


def board_distances(board: Board, *, rules: Rules | None = None) -> Distances:
    """Build every movement graph (per side and unit kind) and the distances from each start."""
    rules = rules or Rules()
    graphs, steps = {}, {}
    for side in SIDES:
        for kind in UNIT_KINDS:
            graph = movement_graph(board, kind, side=side, rules=rules)
            graphs[side, kind] = graph
            steps[side, kind] = distances_from_capital(
                board, kind, side=side, rules=rules, graph=graph
            )
    return Distances(board, rules, graphs, steps)


def objective_distances(
    board: Board, *, rules: Rules | None = None, distances: Distances | None = None
) -> pd.DataFrame:
    """One row per side, unit kind and objective: action points and turns (NaN: out of reach)."""
    distances = distances or board_distances(board, rules=rules)
    rows = []
    for side in SIDES:
        for kind in UNIT_KINDS:
            for name, cell in objectives(board, side):
                ap = distances.to(side, kind, cell)
                rows.append(
                    {
                        "side": side,
                        "unit": kind,
                        "objective": name,
                        "cell": cell,
                        "action points": ap,
                        "turns": turns(ap, distances.rules),
                    }
                )
    frame = pd.DataFrame(rows)
    for column in ("action points", "turns"):
        frame[column] = frame[column].astype("Int64")
    return frame
