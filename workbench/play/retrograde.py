"""Retrograde analysis: exact win / loss / draw, with distance to the end, for games with cycles.

For two-player zero-sum games without chance, over a :class:`~workbench.play.statespace.StateGraph`.
Work backwards from the decided terminal states, layer by layer: a state whose mover
has a successor won for the mover is won, one move further from the end than the
nearest such successor; a state all of whose successors are won by the opponent is
lost, one move further than the farthest. States never decided are draws: their
mover can avoid losing forever, or reach a drawn end. Each layer is a handful of
numpy operations over all the edges into it, so the work is linear in the edges.

Distances count plies with the winner hurrying and the loser delaying; a drawn
state has no distance (-1), except a terminal draw (0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

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
    undecided = np.int8(-2)
    winner = np.full(n, undecided, dtype=np.int8)
    distance = np.full(n, -1, dtype=np.int32)
    ends, values = graph.terminal_values()
    distance[ends] = 0
    winner[ends[values > 0]] = 0
    winner[ends[values < 0]] = 1
    remaining = graph.out_degrees().astype(np.int32)
    pred_offsets, pred_sources = graph.predecessors()
    frontier = np.flatnonzero(winner != undecided)
    depth = 0
    while frontier.size:
        starts, stops = pred_offsets[frontier], pred_offsets[frontier + 1]
        lengths = stops - starts
        total = int(lengths.sum())
        if not total:
            break
        first = np.repeat(starts - np.cumsum(lengths) + lengths, lengths)
        sources = pred_sources[first + np.arange(total)]
        child_winner = np.repeat(winner[frontier], lengths)
        open_ = winner[sources] == undecided
        sources, child_winner = sources[open_], child_winner[open_]
        good = player[sources] == child_winner
        won = np.unique(sources[good])
        winner[won] = player[won]
        distance[won] = depth + 1
        blocked = sources[~good]
        blocked = blocked[winner[blocked] == undecided]
        hit, counts = np.unique(blocked, return_counts=True)
        remaining[hit] -= counts
        lost = hit[remaining[hit] == 0]
        winner[lost] = 1 - player[lost]
        distance[lost] = depth + 1
        frontier = np.concatenate((won, lost))
        depth += 1
    winner[winner == undecided] = DRAW
    return winner, distance
