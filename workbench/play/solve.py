"""Exact solving of two-player zero-sum games, and an agent that plays perfectly.

:func:`solve` checks the game's declared capabilities. A game with the
:class:`~workbench.play.protocol.HasPackedSuccessors` hook is enumerated a whole layer
at a time on packed codes (:mod:`~workbench.play.packed`) and solved by retrograde
analysis. Otherwise it estimates the number of
reachable states (:func:`~workbench.play.statespace.estimate_state_count`, exact for
small games) and refuses (:class:`~workbench.errors.SearchLimitError`) when that
exceeds ``max_states``, enumerates the states (refusing as soon as there are more),
then solves them: by retrograde analysis when the game declares
cycles (:mod:`~workbench.play.retrograde`: win / loss / draw with distance), by
memoised negamax otherwise (:mod:`~workbench.play.negamax`: exact values, chance
allowed).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import numpy as np

from workbench.errors import RulesError, SearchLimitError
from workbench.memory import small_pages
from workbench.play.agents import Seed, python_random
from workbench.play.negamax import negamax
from workbench.play.packed import PackedStateGraph, packed_start, packed_state_graph
from workbench.play.protocol import Action, Game, State
from workbench.play.retrograde import DRAW, retrograde
from workbench.play.statespace import StateGraph, _estimate, state_graph

__all__ = ["PerfectAgent", "Solution", "solve"]

Outcome = Literal["win", "loss", "draw"]


@dataclass(frozen=True, eq=False)
class Solution:
    """The game-theoretic value of every state reachable from a start.

    Values are seat 0's return under perfect play (seat 1's is the negation).
    ``plies`` counts player decisions to the end with the winner hurrying and the
    loser delaying; it is ``None`` for a retrograde draw (play may never end).

    Attributes
    ----------
    name : str
        The game's name.
    method : {"retrograde", "negamax"}
        How it was solved (retrograde values are +1, -1 or 0 by the sign of the returns).
    graph : StateGraph or PackedStateGraph
        The states solved (packed when the game has the packed-successors hook).
    start : State
        The position solved from.

    Examples
    --------
    >>> from workbench.play.toy_games import Nim, NimState
    >>> solution = solve(Nim((1, 2)))
    >>> solution.value(), solution.plies(), solution.outcome(seat=1)
    (Fraction(1, 1), 3, 'loss')
    >>> solution.best_actions(solution.start)  # leave (1, 1): the second player must break it
    [(1, 1)]
    >>> solution.outcome(NimState((1, 1), 1))  # seat 1, to move there, loses
    'loss'
    """

    name: str
    method: str
    graph: StateGraph | PackedStateGraph
    start: State
    _values: list | np.ndarray
    _plies: list | np.ndarray

    @property
    def states(self) -> int:
        """Number of positions solved (a game that folds mirror images into one packed
        code counts both)."""
        return self.graph.positions

    def value(self, state: State | None = None) -> Fraction:
        """Seat 0's return from ``state`` (default: the start) under perfect play."""
        number = self._number(state)
        if self.method == "retrograde":
            winner = int(self._values[number])
            return Fraction(0) if winner == DRAW else Fraction(1 if winner == 0 else -1)
        return self._values[number]

    def plies(self, state: State | None = None) -> int | Fraction | None:
        """Player decisions to the end under perfect play (None: a draw by endless play)."""
        found = self._plies[self._number(state)]
        if self.method == "retrograde":
            return None if found < 0 else int(found)
        return found

    def outcome(self, state: State | None = None, *, seat: int | None = None) -> Outcome:
        """``"win"``, ``"loss"`` or ``"draw"`` for ``seat`` (default: the seat to move, or 0)."""
        state = self.start if state is None else state
        if seat is None:
            seat = max(state.current_player(), 0)
        value = self.value(state) * (1 if seat == 0 else -1)
        return "win" if value > 0 else "loss" if value < 0 else "draw"

    def best_actions(self, state: State) -> list[Action]:
        """The moves that keep the value, the quickest win or the slowest loss."""
        seat = state.current_player()
        if seat not in (0, 1):
            raise ValueError(f"{self.name}: no decision to make in this state")
        sign = 1 if seat == 0 else -1
        scored = []
        for action in state.legal_actions():
            child = state.apply(action)
            value, plies = sign * self.value(child), self.plies(child)
            scored.append((action, value, -1 if plies is None else plies))
        best = max(value for _, value, _ in scored)
        lengths = [plies for _, value, plies in scored if value == best]
        length = max(lengths) if best < 0 else min(lengths)
        return [action for action, value, plies in scored if value == best and plies == length]

    def summary(self) -> dict:
        """The start's result for the player to move: value (win/loss/draw), plies, states."""
        plies = self.plies()
        if isinstance(plies, Fraction) and plies.denominator == 1:
            plies = int(plies)
        return {
            "value": self.outcome(),
            "plies": plies,
            "states": self.states,
            "method": self.method,
        }

    def _number(self, state: State | None) -> int:
        state = self.start if state is None else state
        number = self.graph.number(state)
        if number is None:
            raise ValueError(f"{self.name}: this state is not reachable from the solved start")
        return number


#: The state-count estimate can run low (down to about half the true count on the boards
#: measured): a solve is refused, in a few seconds at most, when this many times the
#: estimate exceeds ``max_states``, rather than after enumerating up to the limit.
ESTIMATE_MARGIN = 2


def solve(
    game: Game,
    *,
    state: State | None = None,
    method: Literal["retrograde", "negamax"] | None = None,
    max_states: int = 2_000_000,
    max_memory: int | None = None,
    estimate: bool = True,
    seed: Seed = 0,
) -> Solution:
    """Solve ``game`` exactly from ``state`` (default: its start).

    Parameters
    ----------
    game : Game
        Two players, zero-sum; with cycles (``info.cycles``) also without chance.
    state : State, optional
        Where to start.
    method : {"retrograde", "negamax"}, optional
        Default: retrograde when the game declares cycles, else negamax.
    max_states : int
        Refuse problems with more reachable states than this.
    max_memory : int, optional
        For games with the packed hook: refuse, as soon as the states and moves found
        so far show it, a solve that would need more bytes than this (default: the
        memory the system has available). The enumeration is then its own estimate.
    estimate : bool
        Estimate the size first (a second or two) and refuse at once when it is too
        large; False goes straight to the enumeration.
    seed : int, Generator, SeedSequence or None
        For the estimate's random sampling.

    Raises
    ------
    RulesError
        The game is not two-player zero-sum, or has both chance and cycles.
    SearchLimitError
        The estimate, or the enumeration itself, exceeds ``max_states`` (or, on the
        packed path, ``max_memory``).

    Examples
    --------
    >>> from workbench.play.toy_games import TicTacToe
    >>> solution = solve(TicTacToe())
    >>> solution.summary()
    {'value': 'draw', 'plies': 9, 'states': 5478, 'method': 'negamax'}
    """
    info = game.info
    if info.num_players != 2 or not info.zero_sum:
        raise RulesError(
            f"solve: {info.name} must be a two-player zero-sum game "
            f"(it has {info.num_players} players, zero_sum={info.zero_sum})"
        )
    method = method or ("retrograde" if info.cycles else "negamax")
    if method not in ("retrograde", "negamax"):
        raise RulesError(f"solve: method must be 'retrograde' or 'negamax', got {method!r}")
    if method == "retrograde" and info.chance:
        raise RulesError(f"solve: retrograde analysis needs a game without chance ({info.name})")
    start = game.initial_state() if state is None else state
    if method == "retrograde" and packed_start(game, start) is not None:
        with small_pages():  # its arrays are big and fresh: see workbench.memory
            graph = packed_state_graph(game, state=start, max_states=max_states,
                                       max_memory=max_memory)  # fmt: skip
            values, plies = retrograde(graph)  # then the predecessor lists are not needed
        return Solution(info.name, method, graph.without_predecessors(), start, values, plies)
    graph = None
    if estimate:
        count, graph = _estimate(game, start, seed=seed)
        if graph is not None and count > max_states:
            raise SearchLimitError(
                f"{info.name}: {count:,} reachable states exceed max_states={max_states:,}; "
                "solve a smaller variant or raise max_states"
            )
        if graph is None and count * ESTIMATE_MARGIN > max_states:
            raise SearchLimitError(
                f"{info.name}: about {count:,} reachable states (an estimate, which can run low: "
                f"x{ESTIMATE_MARGIN} is {count * ESTIMATE_MARGIN:,}) exceed "
                f"max_states={max_states:,}; solve a smaller variant or raise max_states"
            )
    if graph is None:
        graph = state_graph(game, state=start, max_states=max_states)
    values, plies = retrograde(graph) if method == "retrograde" else negamax(graph)
    return Solution(info.name, method, graph, start, values, plies)


class PerfectAgent:
    """Plays a best move of a :class:`Solution` (solved on construction if not given).

    Ties between equally good moves are broken at random. Pass ``solution=`` (e.g.
    through ``functools.partial``) to share one solution across a tournament.

    >>> from workbench.play.toy_games import Nim
    >>> game = Nim((1, 2))
    >>> PerfectAgent(game, seed=0).act(game.initial_state())
    (1, 1)
    """

    def __init__(
        self,
        game: Game,
        *,
        solution: Solution | None = None,
        seed: Seed = None,
        max_states: int = 2_000_000,
    ) -> None:
        self.solution = solution or solve(game, max_states=max_states)
        self._random = python_random(seed)

    def act(self, state: State) -> Action:
        return self._random.choice(self.solution.best_actions(state))

    def __repr__(self) -> str:
        return f"PerfectAgent({self.solution.name}, {self.solution.states:,} states)"
