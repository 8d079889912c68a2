"""Max^n search: every seat maximises its own value, for any number of players.

Values are vectors of per-seat margins (:func:`~workbench.play.agents.margin` of
:func:`~workbench.play.agents.evaluate` at terminal states and at the horizon); at a
decision node the mover picks the child best for itself, at a chance node the
vectors are averaged by probability. Positions are memoised by ``(key, depth)``,
which changes nothing but the time taken. Unlike :class:`~workbench.play.alphabeta.ParanoidAgent`
it assumes opponents pursue their own interest, not a coalition against the searcher.
"""

from __future__ import annotations

from workbench.play.agents import Seed, evaluate, python_random
from workbench.play.protocol import CHANCE, TERMINAL, Action, Game, State

__all__ = ["MaxNAgent"]


class MaxNAgent:
    """Depth-limited max^n search.

    Parameters
    ----------
    game : Game
        Any number of players; chance nodes are averaged.
    depth : int
        Plies searched (chance steps included).
    seed : int, Generator, SeedSequence or None
        Breaks ties between moves equally good for the mover.

    Examples
    --------
    >>> from workbench.play.toy_games import Nim, NimState
    >>> game = Nim((1, 2), players=3)
    >>> agent = MaxNAgent(game, depth=3, seed=0)
    >>> state = NimState((0, 2), 1, 3)  # seat 1 to move: taking both wins
    >>> agent.act(state), agent.values(state)
    ((1, 2), (-0.5, 1.0, -0.5))
    """

    def __init__(self, game: Game, *, depth: int = 3, seed: Seed = None) -> None:
        self.game = game
        self.depth = depth
        self._random = python_random(seed)

    def act(self, state: State) -> Action:
        actions = list(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        self._random.shuffle(actions)
        return self._best(state, actions, self.depth, {})[1]

    def values(self, state: State, *, depth: int | None = None) -> tuple[float, ...]:
        """Per-seat margins of ``state`` under max^n play to ``depth`` plies."""
        return self._values(state, self.depth if depth is None else depth, {})

    def _best(
        self, state: State, actions: list[Action], depth: int, memo: dict
    ) -> tuple[tuple[float, ...], Action]:
        seat = state.current_player()
        best, best_action = None, actions[0]
        for action in actions:
            values = self._values(state.apply(action), depth - 1, memo)
            if best is None or values[seat] > best[seat]:
                best, best_action = values, action
        return best, best_action

    def _values(self, state: State, depth: int, memo: dict) -> tuple[float, ...]:
        player = state.current_player()
        if player == TERMINAL or depth == 0:
            values = evaluate(self.game, state)
            mean = sum(values) / len(values)
            return tuple(value - mean for value in values)
        key = (state.key(), depth)
        found = memo.get(key)
        if found is not None:
            return found
        if player == CHANCE:
            total = [0.0] * self.game.info.num_players
            for outcome, p in state.chance_outcomes():
                for seat, value in enumerate(self._values(state.apply(outcome), depth - 1, memo)):
                    total[seat] += float(p) * value
            found = tuple(total)
        else:
            found = self._best(state, list(state.legal_actions()), depth, memo)[0]
        memo[key] = found
        return found

    def __repr__(self) -> str:
        return f"MaxNAgent(depth={self.depth})"
