"""Alpha-beta search with iterative deepening and a transposition table.

:class:`AlphaBetaAgent` plays two-player games; :class:`ParanoidAgent` plays any
number of players by assuming every opponent plays against it (the *paranoid*
reduction to two sides). Both search the same way: leaves (terminal states, or the
depth horizon) are valued by :func:`~workbench.play.agents.evaluate` and
:func:`~workbench.play.agents.margin` for the searching seat; the searching seat
maximises, the others minimise; chance nodes take the expectation (searched with a
full window). The transposition table only answers for the same remaining depth, so
a search to depth ``d`` returns exactly the depth-``d`` minimax value (the tests
check this against plain minimax). Ties are broken by a seeded shuffle of the moves.

>>> from workbench.play.toy_games import TicTacToe
>>> game = TicTacToe()
>>> agent = AlphaBetaAgent(game, depth=9, seed=0)
>>> agent.search(game.initial_state()).value  # perfect play draws
0.0
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import ClassVar

from workbench.play.agents import Seed, evaluate, margin, python_random
from workbench.play.protocol import CHANCE, TERMINAL, Action, Game, State

__all__ = ["AlphaBetaAgent", "ParanoidAgent", "SearchResult"]

_EXACT, _LOWER, _UPPER = 0, 1, 2


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The outcome of a search from one position.

    Attributes
    ----------
    value : float
        Margin for the searching seat under the search's assumptions.
    action : Action
        The move chosen.
    depth : int
        Depth of the deepest completed iteration.
    nodes : int
        Positions visited over all iterations.
    exact : bool
        No leaf was cut at the horizon, so ``value`` is the game-theoretic value.
    """

    value: float
    action: Action
    depth: int
    nodes: int
    exact: bool


class _OutOfTime(Exception):
    pass


class ParanoidAgent:
    """Depth-limited paranoid alpha-beta: every other seat plays against this one.

    Parameters
    ----------
    game : Game
        Any number of players; chance nodes are averaged.
    depth : int, optional
        Deepest iteration (plies, chance steps included); default 4, or unlimited
        when ``seconds`` is given.
    seconds : float, optional
        Stop deepening when this time is up and play the last completed iteration's move.
    seed : int, Generator, SeedSequence or None
        Breaks ties between equally valued moves.

    Examples
    --------
    >>> from workbench.play.toy_games import Nim, NimState
    >>> game = Nim((1, 2), players=3)
    >>> ParanoidAgent(game, depth=3, seed=0).act(NimState((0, 2), 1, 3))  # take both
    (1, 2)
    """

    #: The number of players the agent is for (None: any).
    players: ClassVar[int | None] = None

    def __init__(
        self,
        game: Game,
        *,
        depth: int | None = None,
        seconds: float | None = None,
        seed: Seed = None,
    ) -> None:
        if self.players is not None and game.info.num_players != self.players:
            raise ValueError(
                f"{type(self).__name__}: {game.info.name} has {game.info.num_players} players, "
                f"expected {self.players}; use ParanoidAgent or MaxNAgent"
            )
        self.game = game
        self.depth = depth if depth is not None else (4 if seconds is None else 10_000)
        self.seconds = seconds
        self._random = python_random(seed)

    def act(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.search(state).action

    def search(self, state: State, *, depth: int | None = None) -> SearchResult:
        """Deepen from 1 to ``depth`` (default: the agent's) and report the last iteration."""
        seat = state.current_player()
        if seat < 0:
            raise ValueError(f"{type(self).__name__}: no decision to make in this state")
        self._seat, self._table, self._nodes = seat, {}, 0
        self._deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        root_actions = list(state.legal_actions())
        self._random.shuffle(root_actions)
        result = None
        for iteration in range(1, (depth or self.depth) + 1):
            self._horizon_hit = False
            try:
                value, action = self._root(state, root_actions, iteration)
            except _OutOfTime:
                break
            result = SearchResult(value, action, iteration, self._nodes, not self._horizon_hit)
            root_actions.remove(action)
            root_actions.insert(0, action)
            if result.exact:
                break
        if result is None:  # not even depth 1 finished in time
            result = SearchResult(math.nan, root_actions[0], 0, self._nodes, False)
        return result

    def _root(self, state: State, actions: list[Action], depth: int) -> tuple[float, Action]:
        alpha, best_action = -math.inf, actions[0]
        for action in actions:
            value = self._value(state.apply(action), depth - 1, alpha, math.inf)
            if value > alpha:
                alpha, best_action = value, action
        return alpha, best_action

    def _leaf(self, state: State) -> float:
        return margin(evaluate(self.game, state), self._seat)

    def _value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self._nodes += 1
        deadline = self._deadline
        if deadline is not None and not self._nodes % 256 and time.perf_counter() > deadline:
            raise _OutOfTime
        player = state.current_player()
        if player == TERMINAL:
            return self._leaf(state)
        if depth == 0:
            self._horizon_hit = True
            return self._leaf(state)
        if player == CHANCE:
            return sum(
                float(p) * self._value(state.apply(outcome), depth - 1, -math.inf, math.inf)
                for outcome, p in state.chance_outcomes()
            )
        key = state.key()
        entry = self._table.get(key)
        actions = list(state.legal_actions())
        if entry is not None:
            stored_depth, stored, flag, stored_action = entry
            if stored_depth == depth:
                if flag == _EXACT:
                    return stored
                if flag == _LOWER:
                    alpha = max(alpha, stored)
                else:
                    beta = min(beta, stored)
                if alpha >= beta:
                    return stored
            actions.remove(stored_action)
            actions.insert(0, stored_action)
        low, high = alpha, beta
        maximising = player == self._seat
        best, best_action = (-math.inf if maximising else math.inf), actions[0]
        for action in actions:
            value = self._value(state.apply(action), depth - 1, alpha, beta)
            if maximising and value > best:
                best, best_action, alpha = value, action, max(alpha, value)
            elif not maximising and value < best:
                best, best_action, beta = value, action, min(beta, value)
            if alpha >= beta:
                break
        flag = _UPPER if best <= low else _LOWER if best >= high else _EXACT
        if entry is None or entry[0] <= depth:
            self._table[key] = (depth, best, flag, best_action)
        return best

    def __repr__(self) -> str:
        return f"{type(self).__name__}(depth={self.depth}, seconds={self.seconds})"


class AlphaBetaAgent(ParanoidAgent):
    """Minimax with alpha-beta pruning for two-player games (see :class:`ParanoidAgent`).

    With two players the paranoid assumption *is* minimax, so this is the same search,
    refused for other player counts.

    Examples
    --------
    >>> from workbench.play.toy_games import Pursuit
    >>> game = Pursuit(rows=3, cols=3, hunter=(1, 1), runner=(0, 1))
    >>> AlphaBetaAgent(game, depth=2, seed=0).search(game.initial_state()).value  # catch now
    1.0
    """

    players = 2
