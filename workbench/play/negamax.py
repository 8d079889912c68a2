"""Memoised negamax for acyclic two-player zero-sum games, chance nodes included.

Every state of a :class:`~workbench.play.statespace.StateGraph` is valued once (the
memo is an array indexed by state number), children before parents: the order is
found by peeling the graph from its terminal states (Kahn's algorithm, reversed), and
a state left over lies on a cycle, which this solver refuses. Values are exact
``Fraction`` objects: terminal returns converted exactly, chance nodes the
probability-weighted sum (exact when the game gives ``Fraction`` probabilities).

Seat 0 maximises its return, seat 1 minimises it (zero-sum: seat 1's return is the
negation). Among equally valued moves, the mover prefers the quickest end when
winning or drawing and the slowest when losing, so ``plies`` is the length of
perfect play (an expectation when chance is involved; chance steps are not plies).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from workbench.errors import RulesError
from workbench.play.protocol import CHANCE, TERMINAL
from workbench.play.statespace import StateGraph

__all__ = ["negamax", "topological_order"]


def topological_order(graph: StateGraph) -> np.ndarray:
    """State numbers, every state after all its successors.

    Raises
    ------
    RulesError
        When some states lie on (or lead only into) a cycle.

    Examples
    --------
    >>> from workbench.play.statespace import state_graph
    >>> from workbench.play.toy_games import Nim
    >>> graph = state_graph(Nim((2,)))
    >>> [key for key in graph.index]  # (heaps, seat to move), numbered 0 to 3
    [((2,), 0), ((1,), 1), ((0,), 1), ((0,), 0)]
    >>> topological_order(graph).tolist()  # the ends first, the start last
    [2, 3, 1, 0]
    """
    remaining = np.diff(graph.offsets)
    pred_offsets, pred_sources = graph.predecessors()
    layer = np.flatnonzero(remaining == 0)
    layers = []
    while layer.size:
        layers.append(layer)
        starts, stops = pred_offsets[layer], pred_offsets[layer + 1]
        lengths = stops - starts
        first = np.repeat(starts - np.cumsum(lengths) + lengths, lengths)
        sources = pred_sources[first + np.arange(int(lengths.sum()))]
        hit, counts = np.unique(sources, return_counts=True)
        remaining[hit] -= counts
        layer = hit[remaining[hit] == 0]
    order = np.concatenate(layers) if layers else np.zeros(0, dtype=np.int64)
    if order.size < graph.size:
        raise RulesError(
            f"negamax: {graph.size - order.size:,} of {graph.size:,} states lie on cycles; "
            "solve this game by retrograde analysis"
        )
    return order


def negamax(graph: StateGraph) -> tuple[list, list]:
    """Value (seat 0's return under perfect play) and plies to the end, per state.

    Returns
    -------
    values : list of Fraction
        Per state number: seat 0's expected return with both seats playing perfectly.
    plies : list
        Per state number: player decisions to the end (expected, with chance).

    Examples
    --------
    >>> from workbench.play.statespace import state_graph
    >>> from workbench.play.toy_games import Nim
    >>> values, plies = negamax(state_graph(Nim((1, 2))))
    >>> values[0], plies[0]  # the first player wins in 3 plies: take one from the 2-heap
    (Fraction(1, 1), 3)
    """
    values: list = [None] * graph.size
    plies: list = [None] * graph.size
    offsets, targets, player = graph.offsets, graph.targets, graph.player
    for number in topological_order(graph).tolist():
        mover = int(player[number])
        if mover == TERMINAL:
            values[number], plies[number] = Fraction(graph.returns[number][0]), 0
            continue
        children = targets[offsets[number] : offsets[number + 1]].tolist()
        if mover == CHANCE:
            probabilities = graph.probabilities[number]
            values[number] = sum(
                (p * values[c] for p, c in zip(probabilities, children, strict=True)), Fraction(0)
            )
            plies[number] = sum(
                (p * plies[c] for p, c in zip(probabilities, children, strict=True)), Fraction(0)
            )
            continue
        sign = 1 if mover == 0 else -1
        best_value = max(sign * values[c] for c in children)
        lengths = [plies[c] for c in children if sign * values[c] == best_value]
        values[number] = sign * best_value
        plies[number] = 1 + (max(lengths) if best_value < 0 else min(lengths))
    return values, plies
