"""The states reachable from a start, as an integer-indexed graph, and a size estimate first.

Exact solvers work on a :class:`StateGraph`: states numbered in breadth-first order
(0 is the start), the player to move per state as a numpy array, successors in
compressed sparse row form (``targets[offsets[i]:offsets[i + 1]]``, one entry per
legal action or chance outcome, in the state's own order), chance probabilities and
terminal returns on the side. Building it is the only step that calls the game;
everything after is array work. A game with the optional
:class:`~workbench.play.protocol.HasSuccessorKeys` hook is enumerated on keys alone,
without a state object per move.

Before enumerating, :func:`estimate_state_count` estimates the size in a few
seconds, so a solver can refuse a hopeless problem at once; :func:`state_graph` also
stops as soon as it has found more than ``max_states``.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from workbench.errors import SearchLimitError
from workbench.play.agents import Seed, python_random
from workbench.play.protocol import CHANCE, TERMINAL, Game, HasSuccessorKeys, State

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

    Examples
    --------
    >>> from workbench.play.toy_games import Nim
    >>> graph = state_graph(Nim((2,)))  # heap 2, seat 0 to move; then (1,) or (0,)
    >>> graph.size, graph.successors(0).tolist(), graph.returns[2]  # 2: seat 0 took both
    (4, [1, 2], (1.0, -1.0))
    >>> offsets, sources = graph.predecessors()
    >>> sources[offsets[3] : offsets[4]].tolist()  # heaps (0,), seat 0 to move: reached from 1
    [1]
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

    @property
    def positions(self) -> int:
        """Number of positions the states stand for (each state is one here)."""
        return self.size

    def successors(self, number: int) -> np.ndarray:
        """State numbers reached from state ``number``."""
        return self.targets[self.offsets[number] : self.offsets[number + 1]]

    def number(self, state: State) -> int | None:
        """The number of ``state``, or None when it is not in the graph."""
        return self.index.get(state.key())

    def out_degrees(self) -> np.ndarray:
        """Successors per state."""
        return np.diff(self.offsets)

    def terminal_values(self) -> tuple[np.ndarray, np.ndarray]:
        """``(numbers, seat-0 returns)`` of the terminal states."""
        numbers = np.fromiter(self.returns, dtype=np.int64, count=len(self.returns))
        values = np.array([self.returns[n][0] for n in numbers.tolist()], dtype=np.float64)
        return numbers, values

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

    Uses the game's :class:`~workbench.play.protocol.HasSuccessorKeys` hook when it
    has one (the same graph, faster), else ``legal_actions``, ``apply`` and ``key``.

    Raises
    ------
    SearchLimitError
        As soon as more than ``max_states`` distinct states have been found.

    Examples
    --------
    >>> from workbench.play.toy_games import TicTacToe
    >>> graph = state_graph(TicTacToe())
    >>> graph.size, int((graph.player == TERMINAL).sum())  # the known counts
    (5478, 958)
    """
    start = game.initial_state() if state is None else state
    graph, _, _ = _breadth_first(game, start, max_states)
    if graph is None:
        raise SearchLimitError(
            f"{game.info.name}: more than max_states={max_states:,} states are "
            "reachable; solve a smaller variant or raise max_states"
        )
    return graph


class _Nodes(NamedTuple):
    """How to walk a game's graph: on keys when it has the successor-keys hook, else on states."""

    keyed: bool
    #: ``expand(node) -> (player, child nodes)``.
    expand: Callable[[Any], tuple[int, Sequence[Any]]]
    key_of: Callable[[Any], Hashable]
    state_of: Callable[[Any], State]
    node_of: Callable[[State], Any]


def _nodes(game: Game) -> _Nodes:
    if isinstance(game, HasSuccessorKeys):
        return _Nodes(True, game.successor_keys, _same, game.state_from_key, _key_of)
    return _Nodes(False, _expand_state, _key_of, _same, _same)


def _expand_state(state: State) -> tuple[int, Sequence[State]]:
    player = state.current_player()
    if player == TERMINAL:
        return player, ()
    if player == CHANCE:
        moves: Sequence = [outcome for outcome, _ in state.chance_outcomes()]
    else:
        moves = state.legal_actions()
    return player, [state.apply(move) for move in moves]


def _key_of(state: State) -> Hashable:
    return state.key()


def _same(node: Any) -> Any:
    return node


def _breadth_first(
    game: Game, start: State, limit: int
) -> tuple[StateGraph | None, dict[Hashable, int], deque]:
    """Enumerate until done or until more than ``limit`` states are found.

    Returns ``(graph, index, frontier)``: the graph when it is complete (else None),
    the keys found, and the nodes found but not yet expanded.
    """
    keyed, expand, _, state_of, node_of = _nodes(game)
    index: dict[Hashable, int] = {start.key(): 0}
    frontier = deque([node_of(start)])
    players: list[int] = []
    offsets: list[int] = [0]
    targets: list[int] = []
    probabilities: dict[int, list] = {}
    returns: dict[int, tuple[float, ...]] = {}
    lookup, pop, push, add_target = index.get, frontier.popleft, frontier.append, targets.append
    while frontier:
        node = pop()
        number = len(players)
        player, children = expand(node)
        players.append(player)
        if player == TERMINAL:
            returns[number] = tuple(state_of(node).returns())
        elif player == CHANCE:
            probabilities[number] = [p for _, p in state_of(node).chance_outcomes()]
        # The hot loop, written out for keys and for states: no call per edge.
        if keyed:
            for key in children:
                found = lookup(key)
                if found is None:
                    found = index[key] = len(index)
                    push(key)
                add_target(found)
        else:
            for child in children:
                key = child.key()
                found = lookup(key)
                if found is None:
                    found = index[key] = len(index)
                    push(child)
                add_target(found)
        offsets.append(len(targets))
        if len(index) > limit:
            return None, index, frontier
    graph = StateGraph(
        index=index,
        player=np.array(players, dtype=np.int8),
        offsets=np.array(offsets, dtype=np.int64),
        targets=np.array(targets, dtype=np.int64),
        probabilities=probabilities,
        returns=returns,
    )
    return graph, index, frontier


def estimate_state_count(
    game: Game,
    *,
    state: State | None = None,
    exact_states: int = 10_000,
    beam: int = 300,
    sample_states: int = 60_000,
    explorations: int = 8,
    seed: Seed = 0,
) -> int:
    """Estimate how many states are reachable: an exact count when there are few.

    First the states are enumerated breadth first, up to ``exact_states`` of them;
    when that finishes, the count is exact. Otherwise the rest is estimated layer by
    layer by capture-recapture. ``explorations`` random breadth-first searches go on
    from the states found but not yet expanded, in step: each expands ``beam`` states
    a layer, drawn at random from its own new states of the layer before. One map
    shared by all gives each state the first layer at which any of them found it, so
    that moves back to earlier layers are seen as such more often than a single
    search would see them, and the searches stay close to the true breadth-first
    layers instead of wandering. Every state a search generates counts as caught by
    it; in each layer, with ``f1`` and ``f2`` its states caught by exactly one and two
    of the ``k`` searches, Chao's estimate ``S + (k - 1) / k * f1**2 / (2 * f2)`` (for
    ``S`` states caught) corrects for some states being far easier to catch than
    others (layers are merged until they hold 30 states caught twice). The layer
    estimates are summed; the searches stop after ``sample_states`` expansions.

    Measured against the exact counts (three seeds each), it lands within x0.45 to
    x1.5 of the truth: x1.0 on the Valgard 3x3 boards and 4x4 with reserve 2, x1.1 to
    x1.2 on 3x4 with reserve 3 and muster 1, x1.4 to x1.5 on 3x4 with reserve 4 and
    muster 3 (x0.65 to x0.75 hardcore), x0.7 to x0.9 on 4x4 with reserve 4 and muster 3
    (37 million states; x0.45 to x0.65 hardcore, 55 million), x1.0 on the toy games, in
    3 s at most. A larger ``sample_states`` lets the searches wander further from the
    true layers, which tends to raise it (at twice the default: x1.6 on 3x4 with
    reserve 4 and muster 3, x1.2 and x0.6 on the 4x4 boards, seed 0).
    The tests hold it within a factor of 3 either way on toy games and the 3x3
    Valgard board (with ``exact_states=300`` or ``500``, so that the sampling decides).
    A space far too large for the searches to catch anything twice gives an estimate
    near ``f1**2 / 2`` (Valgard 6x6: some 10^10), an order of magnitude at best. A
    solver can refuse what the estimate puts well over its limit, and must still stop
    its enumeration at the limit.

    Parameters
    ----------
    state : State, optional
        Where to start (default: the game's start).
    exact_states : int
        States enumerated exactly first.
    beam : int
        States each search expands per layer.
    sample_states : int
        States expanded by all the searches together: the work is about that many
        expansions (and their successors made).
    explorations : int
        Searches (at least 2).
    seed : int, Generator, SeedSequence or None
        For the searches' random choices.

    Examples
    --------
    >>> from workbench.play.toy_games import Pursuit, TicTacToe
    >>> estimate_state_count(TicTacToe())  # few enough to count exactly
    5478
    >>> 5478 / 3 < estimate_state_count(TicTacToe(), exact_states=500) < 5478 * 1.5
    True
    >>> true = state_graph(Pursuit(rows=12, cols=12)).size
    >>> 0.8 < estimate_state_count(Pursuit(rows=12, cols=12), exact_states=300) / true < 1.2
    True
    """
    start = game.initial_state() if state is None else state
    count, _ = _estimate(
        game,
        start,
        exact_states=exact_states,
        beam=beam,
        sample_states=sample_states,
        explorations=explorations,
        seed=seed,
    )
    return count


def _estimate(
    game: Game,
    start: State,
    *,
    exact_states: int = 10_000,
    beam: int = 300,
    sample_states: int = 60_000,
    explorations: int = 8,
    seed: Seed = 0,
) -> tuple[int, StateGraph | None]:
    """:func:`estimate_state_count`, and the whole graph when the exact count finished."""
    if explorations < 2:
        raise ValueError(f"explorations must be at least 2, got {explorations}")
    graph, index, frontier = _breadth_first(game, start, exact_states)
    if graph is not None or not frontier:
        return len(index), graph
    rng = python_random(seed)
    layer_of, caught = _explore(
        _nodes(game), list(frontier), index, searches=explorations, beam=beam,
        expansions=sample_states, rng=rng,
    )  # fmt: skip
    rest = _layered_chao(layer_of, caught)
    return len(index) + max(round(rest), len(layer_of)), None


def _explore(
    walk: _Nodes,
    starts: list,
    known: dict[Hashable, int],
    *,
    searches: int,
    beam: int,
    expansions: int,
    rng: random.Random,
) -> tuple[dict[Hashable, int], list[set[Hashable]]]:
    """Random breadth-first searches in step, each thinned to ``beam`` states a layer.

    Returns the first layer at which any search found each state outside ``known``,
    and per search the states it generated. A search's next layer is drawn from its
    successors that are new or were first found in this same layer.
    """
    layer_of: dict[Hashable, int] = {}
    caught: list[set[Hashable]] = [set() for _ in range(searches)]
    beams = [rng.sample(starts, min(beam, len(starts))) for _ in range(searches)]
    layer, spent = 0, 0
    while any(beams) and spent < expansions:
        layer += 1
        nexts = []
        for nodes, seen in zip(beams, caught, strict=True):
            spent += len(nodes)
            fresh = _expand_layer(walk, nodes, known, layer_of, seen, layer)
            nexts.append(rng.sample(fresh, min(beam, len(fresh))))
        beams = nexts
    return layer_of, caught


def _expand_layer(
    walk: _Nodes,
    nodes: list,
    known: dict[Hashable, int],
    layer_of: dict[Hashable, int],
    seen: set[Hashable],
    layer: int,
) -> list:
    """Expand one search's ``nodes``: record what it catches, return its next layer's candidates."""
    fresh: dict[Hashable, Any] = {}
    for node in nodes:
        for child in walk.expand(node)[1]:
            key = walk.key_of(child)
            if key in known:
                continue
            seen.add(key)
            first = layer_of.setdefault(key, layer)
            if first == layer:
                fresh[key] = child
    return list(fresh.values())


def _layered_chao(
    layer_of: dict[Hashable, int], caught: list[set[Hashable]], min_doubles: int = 30
) -> float:
    """Chao's estimates per layer, summed; layers merge until ``min_doubles`` are caught twice."""
    catches: Counter[Hashable] = Counter()
    for seen in caught:
        catches.update(seen)
    by_layer: dict[int, Counter[int]] = defaultdict(Counter)
    for key, times in catches.items():
        by_layer[layer_of[key]][times] += 1
    total, merged = 0.0, Counter()
    for layer in sorted(by_layer):
        merged.update(by_layer[layer])
        if merged[2] >= min_doubles:
            total += _chao(merged, len(caught))
            merged = Counter()
    return total + (_chao(merged, len(caught)) if merged else 0.0)


def _chao(frequencies: Counter[int], samples: int) -> float:
    """Chao's lower-bound estimate of a population from ``samples`` samples of it.

    ``frequencies[j]`` is how many individuals were caught by exactly ``j`` samples.

    >>> _chao(Counter({1: 40, 2: 10, 3: 5}), samples=4)  # 55 seen, 60 more estimated
    115.0
    """
    seen = sum(frequencies.values())
    once, twice = frequencies[1], max(frequencies[2], 1)
    return seen + (samples - 1) / samples * once * once / (2 * twice)
