"""The states reachable from a start, as an integer-indexed graph, and a size estimate first.

Exact solvers work on a :class:`StateGraph`: states numbered in breadth-first order
(0 is the start), the player to move per state as a numpy array, successors in
compressed sparse row form (``targets[offsets[i]:offsets[i + 1]]``, one entry per
legal action or chance outcome, in the state's own order), chance probabilities and
terminal returns on the side. Building it is the only step that calls the game;
everything after is array work.

Before enumerating, :func:`estimate_state_count` guesses the size by capture-recapture
over random walks, so a solver can refuse a hopeless problem at once;
:func:`state_graph` also stops as soon as it has found more than ``max_states``.

>>> from workbench.play.toy_games import TicTacToe
>>> graph = state_graph(TicTacToe())
>>> graph.size, int((graph.player == TERMINAL).sum())  # the known counts
(5478, 958)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from workbench.errors import SearchLimitError
from workbench.play.agents import Seed, python_random
from workbench.play.protocol import CHANCE, TERMINAL, Game, State

__all__ = ["StateGraph", "estimate_state_count", "state_graph"]


@dataclass(frozen=True, eq=False)
class StateGraph:
    """Every state reachable from a start, numbered in breadth-first order.

    Attributes
    ----------
    index : dict
        State key -> state number (insertion order is the numbering).
    player : numpy.ndarray of int8
        Seat to move per state, or ``CHANCE`` / ``TERMINAL``.
    offsets, targets : numpy.ndarray of int64
        Successors of state ``i``: ``targets[offsets[i]:offsets[i + 1]]``.
    probabilities : dict
        Chance state -> probabilities aligned with its successors.
    returns : dict
        Terminal state -> its per-seat returns.
    """

    index: dict[Hashable, int]
    player: np.ndarray
    offsets: np.ndarray
    targets: np.ndarray
    probabilities: dict[int, list[Fraction | float]]
    returns: dict[int, tuple[float, ...]]

    @property
    def size(self) -> int:
        """Number of states."""
        return len(self.player)

    def successors(self, number: int) -> np.ndarray:
        """State numbers reached from state ``number``."""
        return self.targets[self.offsets[number] : self.offsets[number + 1]]

    def predecessors(self) -> tuple[np.ndarray, np.ndarray]:
        """The reversed graph in the same CSR form: ``(offsets, sources)``."""
        sources = np.repeat(np.arange(self.size), np.diff(self.offsets))
        order = np.argsort(self.targets, kind="stable")
        counts = np.bincount(self.targets, minlength=self.size)
        offsets = np.concatenate(([0], np.cumsum(counts)))
        return offsets, sources[order]


def state_graph(
    game: Game, *, state: State | None = None, max_states: int = 2_000_000
) -> StateGraph:
    """Enumerate every state reachable from ``state`` (default: the start) breadth first.

    Raises
    ------
    SearchLimitError
        As soon as more than ``max_states`` distinct states have been found.
    """
    start = game.initial_state() if state is None else state
    index: dict[Hashable, int] = {start.key(): 0}
    frontier = deque([start])
    players: list[int] = []
    offsets: list[int] = [0]
    targets: list[int] = []
    probabilities: dict[int, list] = {}
    returns: dict[int, tuple[float, ...]] = {}
    while frontier:
        current = frontier.popleft()
        number = len(players)
        player = current.current_player()
        players.append(player)
        if player == TERMINAL:
            returns[number] = tuple(current.returns())
            offsets.append(len(targets))
            continue
        if player == CHANCE:
            outcomes = current.chance_outcomes()
            probabilities[number] = [p for _, p in outcomes]
            moves: Sequence = [outcome for outcome, _ in outcomes]
        else:
            moves = current.legal_actions()
        for move in moves:
            child = current.apply(move)
            key = child.key()
            found = index.get(key)
            if found is None:
                found = index[key] = len(index)
                if found >= max_states:
                    raise SearchLimitError(
                        f"{game.info.name}: more than max_states={max_states:,} states are "
                        "reachable; solve a smaller variant or raise max_states"
                    )
                frontier.append(child)
            targets.append(found)
        offsets.append(len(targets))
    return StateGraph(
        index=index,
        player=np.array(players, dtype=np.int8),
        offsets=np.array(offsets, dtype=np.int64),
        targets=np.array(targets, dtype=np.int64),
        probabilities=probabilities,
        returns=returns,
    )


def estimate_state_count(
    game: Game,
    *,
    state: State | None = None,
    walks: int = 100,
    seed: Seed = 0,
    max_plies: int = 200,
) -> int:
    """Guess how many states are reachable, from two batches of random walks.

    Each batch of ``walks`` random playouts marks the states it visits; with ``A`` and
    ``B`` states marked and ``m`` marked by both, Chapman's capture-recapture estimate
    is ``(A + 1)(B + 1) / (m + 1) - 1`` (never below the ``A | B`` states actually
    seen). Random walks meet the states near the start far more often than the rest,
    which inflates ``m``: the estimate is usually *low*, so refusing when even it is
    too large is safe.

    Parameters
    ----------
    walks : int
        Playouts per batch.
    max_plies : int
        Length cap of a playout; at most ``2 * walks * max_plies`` states are applied.

    Examples
    --------
    >>> from workbench.play.toy_games import TicTacToe
    >>> 1_000 < estimate_state_count(TicTacToe(), walks=300) <= 5_478
    True
    """
    start = game.initial_state() if state is None else state
    limit = max_plies
    rng = python_random(seed)
    batches = []
    for _ in range(2):
        seen: set[Hashable] = set()
        for _ in range(walks):
            current = start
            seen.add(current.key())
            for _ in range(limit):
                player = current.current_player()
                if player == TERMINAL:
                    break
                if player == CHANCE:
                    moves: Sequence = [outcome for outcome, _ in current.chance_outcomes()]
                else:
                    moves = current.legal_actions()
                current = current.apply(rng.choice(moves))
                seen.add(current.key())
        batches.append(seen)
    first, second = batches
    both = len(first & second)
    chapman = (len(first) + 1) * (len(second) + 1) // (both + 1) - 1
    return max(chapman, len(first | second))
