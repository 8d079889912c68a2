"""Agents that cannot peek: they read a state of a game with hidden information only
through the game's :meth:`~workbench.play.protocol.HasHiddenInformation.determinize`.

:class:`DeterminizedMCTSAgent` plays by *determinization* (perfect-information Monte
Carlo): for each decision it deals ``worlds`` worlds that agree with everything its
seat has seen, the hidden cards drawn at random, searches each with
:class:`~workbench.play.mcts.MCTSAgent`, adds up each action's visits over the worlds
and plays the most visited. :func:`observing` makes any other agent act on one such
world per decision. Since a world depends on what the seat sees alone, two states the
seat cannot tell apart get the same action from agents built with the same seed.

>>> from workbench.play.toy_games import Tricks
>>> game = Tricks()
>>> state = game.initial_state(seed=1).apply(1)  # seat 0 leads the 1
>>> state.hands[1]  # seat 1 sees its hand and the 1; the other cards are unseen
(2, 4, 5)
>>> DeterminizedMCTSAgent(game, simulations=200, worlds=4, seed=1).act(state)  # cheapest win
2
"""

from __future__ import annotations

from functools import partial

from workbench.play.agents import AgentFactory, RandomAgent, Seed, python_random
from workbench.play.mcts import MCTSAgent
from workbench.play.protocol import Action, Game, HasHiddenInformation, State

__all__ = ["DeterminizedMCTSAgent", "ObservingAgent", "observing"]


def _hidden(game: Game, who: str) -> HasHiddenInformation:
    if not isinstance(game, HasHiddenInformation):
        raise ValueError(f"{who}: the game has no observation and determinize")
    return game


class DeterminizedMCTSAgent:
    """UCT search over worlds consistent with what the seat to move has seen.

    Parameters
    ----------
    game : Game
        A game with :class:`~workbench.play.protocol.HasHiddenInformation`.
    simulations : int
        Simulations per decision in all, shared evenly by the worlds.
    worlds : int
        Worlds dealt (and searched) per decision.
    exploration, rollout_plies
        As for :class:`~workbench.play.mcts.MCTSAgent`.
    seed : int, Generator, SeedSequence or None
        Random source for the worlds and the searches.

    Examples
    --------
    >>> from workbench.play.toy_games import Tricks
    >>> DeterminizedMCTSAgent(Tricks(), simulations=100, worlds=4)
    DeterminizedMCTSAgent(simulations=100, worlds=4)
    """

    def __init__(
        self,
        game: Game,
        *,
        simulations: int = 1000,
        worlds: int = 8,
        exploration: float = 1.4,
        rollout_plies: int | None = None,
        seed: Seed = None,
    ) -> None:
        if not 1 <= worlds <= simulations:
            raise ValueError(
                f"DeterminizedMCTSAgent: expected 1 <= worlds <= simulations, "
                f"got worlds={worlds}, simulations={simulations}"
            )
        self.game = _hidden(game, "DeterminizedMCTSAgent")
        self.simulations, self.worlds = simulations, worlds
        self._random = python_random(seed)
        self._search = MCTSAgent(
            game,
            simulations=simulations // worlds,
            exploration=exploration,
            rollout_plies=rollout_plies,
            seed=self._random.getrandbits(63),
        )

    def act(self, state: State) -> Action:
        seat = state.current_player()
        visits: dict[Action, int] = {}
        for _ in range(self.worlds):
            world = self.game.determinize(state, seat, self._random)
            actions = world.legal_actions()
            if len(actions) == 1:
                return actions[0]
            table = self._search.analyse(world)
            for action, count in zip(table["action"], table["visits"], strict=True):
                visits[action] = visits.get(action, 0) + int(count)
        return max(visits, key=visits.__getitem__)  # ties: the first world's order

    def __repr__(self) -> str:
        return f"DeterminizedMCTSAgent(simulations={self.simulations}, worlds={self.worlds})"


class ObservingAgent:
    """Another agent, made to act on one world per decision dealt for its seat.

    ``agent`` is its factory (``agent(game, seed=...)``); :func:`observing` makes
    factories of this class.

    Examples
    --------
    >>> from workbench.play.toy_games import Tricks
    >>> game = Tricks()
    >>> ObservingAgent(game, seed=2).act(game.initial_state(seed=1)) in (1, 3, 7)
    True
    """

    def __init__(self, game: Game, *, agent: AgentFactory = RandomAgent, seed: Seed = None) -> None:
        self.game = _hidden(game, "ObservingAgent")
        self._random = python_random(seed)
        self.agent = agent(game, seed=self._random.getrandbits(63))

    def act(self, state: State) -> Action:
        world = self.game.determinize(state, state.current_player(), self._random)
        return self.agent.act(world)

    def __repr__(self) -> str:
        return f"ObservingAgent({self.agent!r})"


def observing(agent: AgentFactory) -> partial:
    """The factory of ``agent`` acting on worlds (:class:`ObservingAgent`); picklable
    when ``agent`` is.

    >>> from workbench.play import GreedyAgent
    >>> from workbench.play.toy_games import Tricks
    >>> observing(GreedyAgent)(Tricks(), seed=0)
    ObservingAgent(GreedyAgent())
    """
    return partial(ObservingAgent, agent=agent)
