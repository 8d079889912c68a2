"""Agents: objects with one method, ``act(state) -> action``, seeded in the constructor.

Every agent is built as ``Agent(game, *, seed=None, **options)``: the game (for its
:class:`~workbench.play.protocol.GameInfo` and heuristic), a seed (an ``int``, a
``numpy.random.Generator``, a ``SeedSequence`` or ``None``), then keyword options.
So a class, or a ``functools.partial`` of one with options filled in, is an *agent
factory*: the tournament runner calls ``factory(game, seed=...)`` in the worker
process, which is why factories must be picklable (module-level classes and
partials of them are; see :mod:`workbench.play.tournament`).

Agents never mutate the state they are given (states are immutable by protocol),
and all search agents judge values by :func:`margin`: a seat's value minus the
mean over seats, which for zero-sum games is the value itself.

To write an agent in a notebook cell, follow the same shape::

    class FirstLegal:
        def __init__(self, game, *, seed=None):
            self.game = game

        def act(self, state):
            return state.legal_actions()[0]

>>> from workbench.play.toy_games import Nim
>>> game = Nim((1, 2))
>>> GreedyAgent(game, seed=1).act(game.initial_state().apply((1, 2)))  # takes the last counter
(0, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from workbench.play.protocol import CHANCE, Action, Game, HasHeuristic, State

__all__ = [
    "Agent",
    "AgentFactory",
    "GreedyAgent",
    "RandomAgent",
    "Seed",
    "evaluate",
    "margin",
    "python_random",
    "sample_outcome",
]

Seed = int | np.random.Generator | np.random.SeedSequence | None


@runtime_checkable
class Agent(Protocol):
    """Anything that chooses an action for the player to move."""

    def act(self, state: State) -> Action:
        """The action to play in ``state`` (a decision node); must not change ``state``."""
        ...


#: ``factory(game, seed=...) -> Agent``: an agent class or a ``functools.partial`` of one.
AgentFactory = Callable[..., Agent]


def python_random(seed: Seed) -> random.Random:
    """A fast ``random.Random`` drawn from any accepted seed, reproducibly.

    Search agents call the random source in tight loops, where the standard
    library's generator is several times quicker than numpy's per call.

    >>> python_random(7).random() == python_random(7).random()
    True
    """
    return random.Random(int(np.random.default_rng(seed).integers(2**63)))


def sample_outcome(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """One chance outcome drawn with its probability from ``(outcome, probability)`` pairs.

    >>> sample_outcome([("heads", 0.5), ("tails", 0.5)], python_random(0)) in ("heads", "tails")
    True
    """
    draw, cumulative = rng.random(), 0.0
    for outcome, probability in outcomes:
        cumulative += probability
        if draw < cumulative:
            return outcome
    return outcomes[-1][0]


def margin(values: Sequence[float], seat: int) -> float:
    """How far ``seat``'s value is above the mean over seats.

    For zero-sum values this is the value itself; for other games it makes every
    agent care about its standing relative to the others, not its raw score.

    >>> margin((1.0, -1.0), 1), margin((3, 1, 2), 0)
    (-1.0, 1.0)
    """
    return float(values[seat]) - sum(map(float, values)) / len(values)


def evaluate(game: Game, state: State) -> tuple[float, ...]:
    """Per-seat value of a state: returns at a terminal, the expectation over chance
    outcomes at a chance node, else the game's heuristic (all zeros without one).

    >>> from workbench.play.toy_games import DiceRace
    >>> game = DiceRace(turns=1)
    >>> evaluate(game, game.initial_state().apply("roll"))  # 0, 2 or 3 points ahead
    (0.5555555555555556, -0.5555555555555556)
    """
    if state.is_terminal():
        return tuple(map(float, state.returns()))
    if state.current_player() == CHANCE:
        total = [0.0] * game.info.num_players
        for outcome, probability in state.chance_outcomes():
            for seat, value in enumerate(evaluate(game, state.apply(outcome))):
                total[seat] += float(probability) * value
        return tuple(total)
    if isinstance(game, HasHeuristic):
        return tuple(map(float, game.heuristic(state)))
    return (0.0,) * game.info.num_players


class RandomAgent:
    """Plays a uniformly random legal action.

    >>> from workbench.play.toy_games import TicTacToe
    >>> game = TicTacToe()
    >>> RandomAgent(game, seed=3).act(game.initial_state()) in range(9)
    True
    """

    def __init__(self, game: Game | None = None, *, seed: Seed = None) -> None:
        self._random = python_random(seed)

    def act(self, state: State) -> Action:
        return self._random.choice(list(state.legal_actions()))

    def __repr__(self) -> str:
        return "RandomAgent()"


class GreedyAgent:
    """Looks one ply ahead and plays the action whose result it values most.

    A result is valued by :func:`evaluate` (returns at terminals, expected value over
    chance, else the game's heuristic) and compared by :func:`margin` for the seat to
    move; ties are broken at random. Without a heuristic it takes immediate wins,
    avoids immediate losses and otherwise plays at random.

    >>> from workbench.play.toy_games import TicTacToe
    >>> game = TicTacToe()
    >>> state = game.initial_state()
    >>> for cell in (0, 3, 1, 4):
    ...     state = state.apply(cell)
    >>> GreedyAgent(game, seed=0).act(state)  # completes the top row
    2
    """

    def __init__(self, game: Game, *, seed: Seed = None) -> None:
        self.game = game
        self._random = python_random(seed)

    def act(self, state: State) -> Action:
        seat = state.current_player()
        best: list[Action] = []
        best_value = -float("inf")
        for action in state.legal_actions():
            value = margin(evaluate(self.game, state.apply(action)), seat)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value >= best_value - 1e-12:
                best.append(action)
        return self._random.choice(best)

    def __repr__(self) -> str:
        return "GreedyAgent()"
