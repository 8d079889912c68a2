"""Monte Carlo tree search (UCT) for any number of players, with chance nodes.

Each simulation walks down the tree choosing, at a decision node, the child that
maximises UCB1 for the seat to move there (mean :func:`~workbench.play.agents.margin`
plus ``exploration * sqrt(ln N / n)``); at a chance node it samples an outcome with
its probability. It expands one new node, plays random moves to the end (or to
``rollout_plies``, then judges the position with the game's heuristic), and adds the
margins of every seat along the path. The move played is the most visited one.

>>> from workbench.play.toy_games import TicTacToe
>>> game = TicTacToe()
>>> state = game.initial_state()
>>> for cell in (0, 4, 1):
...     state = state.apply(cell)
>>> MCTSAgent(game, simulations=400, seed=1).act(state)  # blocks the top row
2
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import pandas as pd

from workbench.play.agents import Seed, evaluate, python_random, sample_outcome
from workbench.play.protocol import CHANCE, TERMINAL, Action, Game, State

__all__ = ["MCTSAgent"]


class _Node:
    """One tree node; children are created lazily, one per simulation."""

    __slots__ = ("actions", "children", "player", "state", "totals", "visits")

    def __init__(self, state: State, rng: random.Random, num_players: int) -> None:
        self.state = state
        self.player = state.current_player()
        self.visits = 0
        self.totals = [0.0] * num_players
        self.children: Any
        if self.player == CHANCE:
            self.actions = [(outcome, float(p)) for outcome, p in state.chance_outcomes()]
            self.children = {}
        elif self.player == TERMINAL:
            self.actions, self.children = [], []
        else:
            self.actions = list(state.legal_actions())
            rng.shuffle(self.actions)
            self.children = []


class MCTSAgent:
    """UCT search with a budget in simulations or in seconds.

    Parameters
    ----------
    game : Game
        The game (its number of players, heuristic and ply cap are used).
    simulations : int
        Simulations per move (ignored when ``seconds`` is given).
    seconds : float, optional
        Think for this long per move instead (results then depend on machine speed).
    exploration : float
        UCB1 constant, for margins in [-1, 1].
    rollout_plies : int, optional
        Stop a random playout after this many plies and use the heuristic (zeros
        without one); default: the game's ``info.max_plies`` (no limit if that is None).
    seed : int, Generator, SeedSequence or None
        Random source for move ordering, playouts and chance.
    """

    def __init__(
        self,
        game: Game,
        *,
        simulations: int = 1000,
        seconds: float | None = None,
        exploration: float = 1.4,
        rollout_plies: int | None = None,
        seed: Seed = None,
    ) -> None:
        if simulations < 1:
            raise ValueError(f"MCTSAgent.simulations: expected at least 1, got {simulations}")
        self.game = game
        self.simulations = simulations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_plies = rollout_plies if rollout_plies is not None else game.info.max_plies
        self._random = python_random(seed)
        self._num_players = game.info.num_players

    def act(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = self._search(state)
        best = max(root.children, key=lambda child: child.visits)
        return root.actions[root.children.index(best)]

    def analyse(self, state: State) -> pd.DataFrame:
        """Search ``state`` and list each root action with its visits and mean margin.

        >>> from workbench.play.toy_games import Nim
        >>> game = Nim((1, 2))
        >>> table = MCTSAgent(game, simulations=200, seed=0).analyse(game.initial_state())
        >>> table.iloc[0]["action"]  # the only winning move leaves heaps (1, 1)
        (1, 1)
        """
        root = self._search(state)
        seat = root.player
        rows = [
            {"action": action, "visits": child.visits, "value": child.totals[seat] / child.visits}
            for action, child in zip(root.actions, root.children, strict=False)
        ]
        table = pd.DataFrame(rows, columns=["action", "visits", "value"])
        return table.sort_values("visits", ascending=False, kind="stable").reset_index(drop=True)

    def _search(self, state: State) -> _Node:
        root = _Node(state, self._random, self._num_players)
        if root.player < 0:
            raise ValueError(f"MCTSAgent: no decision to make in this state:\n{state.render()}")
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (
            (done < self.simulations)
            if deadline is None
            else (time.perf_counter() < deadline or done == 0)
        ):
            self._simulate(root)
            done += 1
        return root

    def _simulate(self, root: _Node) -> None:
        rng, c = self._random, self.exploration
        node, path = root, [root]
        while node.player != TERMINAL:
            if node.player == CHANCE:
                outcome = sample_outcome(node.actions, rng)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node(
                        node.state.apply(outcome), rng, self._num_players
                    )
                node = child
                path.append(node)
                continue
            children = node.children
            if len(children) < len(node.actions):
                child = _Node(node.state.apply(node.actions[len(children)]), rng, self._num_players)
                children.append(child)
                path.append(child)
                node = child
                break
            seat, log_n = node.player, math.log(node.visits)
            best_score, node = -math.inf, children[0]
            for child in children:
                score = child.totals[seat] / child.visits + c * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best_score, node = score, child
            path.append(node)
        values = self._rollout(node.state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(values):
                totals[seat] += value

    def _rollout(self, state: State) -> list[float]:
        rng, limit, plies = self._random, self.rollout_plies, 0
        player = state.current_player()
        while player != TERMINAL:
            if limit is not None and plies >= limit:
                break
            if player == CHANCE:
                state = state.apply(
                    sample_outcome([(o, float(p)) for o, p in state.chance_outcomes()], rng)
                )
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            plies += 1
            player = state.current_player()
        values = evaluate(self.game, state)
        mean = sum(values) / len(values)
        return [value - mean for value in values]

    def __repr__(self) -> str:
        budget = (
            f"seconds={self.seconds}"
            if self.seconds is not None
            else f"simulations={self.simulations}"
        )
        return f"MCTSAgent({budget})"
