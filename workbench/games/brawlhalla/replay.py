"""One Brawlhalla game between named agents, kept step by step: its positions, its
log in plain words, and the positions at the start of chosen turns.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = replay(Brawlhalla(rules=Rules(turn_limit=4)), ["random", "random"], seed=2)
>>> game.states[-1].is_terminal(), len(game.states) == len(game.actions) + 1
(True, True)
>>> list(game.log().columns)
['turn', 'side', 'action']
>>> [state.turn for state in game.turn_starts([1, 3])]
[1, 3]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from workbench.games.brawlhalla.agents import agent_factory
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.movement import SIDES
from workbench.games.brawlhalla.narration import describe
from workbench.games.brawlhalla.state import BrawlhallaState
from workbench.play.agents import python_random, sample_outcome
from workbench.play.protocol import CHANCE

__all__ = ["Replay", "replay"]


@dataclass(frozen=True)
class Replay:
    """Every position of one game (``states[0]`` the start) and the step between each."""

    states: tuple[BrawlhallaState, ...]
    actions: tuple[Any, ...]

    def log(self) -> pd.DataFrame:
        """One row per step: the turn, the side that acted (or ``dice``), what happened."""
        rows = []
        for state, action in zip(self.states, self.actions, strict=False):
            chance = state.current_player() == CHANCE
            side = "dice" if chance else SIDES[state.current_player()]
            rows.append({"turn": state.turn, "side": side, "action": describe(state, action)})
        return pd.DataFrame(rows, columns=["turn", "side", "action"])

    def turn_starts(self, turns: Sequence[int]) -> list[BrawlhallaState]:
        """The position at the start of each of ``turns`` (the last one if it ended before)."""
        firsts: dict[int, BrawlhallaState] = {}
        for state in self.states:
            if state.turn >= 1 and state.turn not in firsts and state.current_player() >= 0:
                firsts[state.turn] = state
        return [firsts.get(turn, self.states[-1]) for turn in turns]


def replay(
    game: Brawlhalla,
    agents: Sequence[str],
    *,
    seed: int = 0,
    deck_seed: int | None = None,
    dice_seed: int | None = None,
    agent_seeds: Sequence[int] | None = None,
) -> Replay:
    """Play one game: ``agents[0]`` plays north, ``agents[1]`` south (names as
    :func:`~.agents.agent_factory` takes them). ``seed`` fixes everything; the card
    order (``deck_seed``), the dice (``dice_seed``: every chance outcome) and the agents
    (``agent_seeds``) can be fixed apart, as the luck study does."""
    seeds = agent_seeds if agent_seeds is not None else (seed * 2, seed * 2 + 1)
    players = [agent_factory(name)(game, seed=s) for name, s in zip(agents, seeds, strict=True)]
    dice = python_random(seed if dice_seed is None else dice_seed)
    state = game.initial_state(seed=seed if deck_seed is None else deck_seed)
    states, actions = [state], []
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = sample_outcome([(o, float(p)) for o, p in state.chance_outcomes()], dice)
        else:
            action = players[player].act(state)
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return Replay(tuple(states), tuple(actions))
