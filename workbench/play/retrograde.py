"""Retrograde analysis: exact win / loss / draw, with distance to the end, for games with cycles.

For two-player zero-sum games without chance, over a :class:`~workbench.play.statespace.StateGraph`.
Work backwards from the decided terminal states, in the order states are decided: a
state whose mover has a successor won for the mover is won, one move further from the
end than the nearest such successor; a state all of whose successors are won by the
opponent is lost, one move further than the farthest. States never decided are draws:
their mover can avoid losing forever, or reach a drawn end. One compiled pass over a
queue (:func:`~workbench.play.packed_kernels.retrograde_queue`) reads each edge into a
decided state once, so the work is linear in the edges.

Distances count plies with the winner hurrying and the loser delaying; a drawn
state has no distance (-1), except a terminal draw (0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.play.packed_kernels import OPEN, retrograde_queue
from workbench.play.protocol import TERMINAL
from workbench.play.statespace import StateGraph

if TYPE_CHECKING:
    from workbench.play.packed import PackedStateGraph

__all__ = ["DRAW", "retrograde"]

#: ``winner`` of a drawn state.
DRAW = -1


def retrograde(graph: StateGraph | PackedStateGraph) -> tuple[np.ndarray, np.ndarray]:
    """Solve every state of a two-player deterministic graph.

    Parameters
    ----------
    graph : StateGraph or PackedStateGraph
        Seats 0 and 1 only (no chance states); terminal returns decide the winner by
        the sign of seat 0's return.

    Returns
    -------
    winner : numpy.ndarray of int8
        Per state: the seat that wins with perfect play, or :data:`DRAW`.
    distance : numpy.ndarray of int32
        Plies to the end under perfect play; -1 for non-terminal draws.

    Examples
    --------
    >>> from workbench.play.statespace import state_graph
    >>> from workbench.play.toy_games import Pursuit
    >>> graph = state_graph(Pursuit(rows=3, cols=3, hunter=(1, 1), runner=(0, 1)))
    >>> winner, distance = retrograde(graph)
    >>> int(winner[0]), int(distance[0])  # the hunter, to move, catches the runner at once
    (0, 1)
    """
    n = graph.size
    player = graph.player  # int8: one byte a state
    if np.any((player != TERMINAL) & ((player < 0) | (player > 1))):
        raise ValueError("retrograde: only seats 0 and 1 may move (no chance states)")
    winner = np.where(player == TERMINAL, np.int8(DRAW), OPEN - player).astype(np.int8)
    distance = np.full(n, -1, dtype=np.int32)
    ends, values = graph.terminal_values()
    offsets, sources = graph.predecessors()
    remaining = graph.out_degrees().copy()  # counted down (one byte a state when it can)
    retrograde_queue(remaining, ends, values, offsets, sources, winner, distance)
    winner[winner < DRAW] = DRAW
    return winner, distance
