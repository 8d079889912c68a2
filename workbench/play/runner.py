"""Play one game between agents and keep a record of it."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from workbench.play.agents import Agent, Seed, evaluate, python_random, sample_outcome
from workbench.play.protocol import (
    CHANCE,
    TERMINAL,
    Game,
    HasFastPlay,
    HasHeuristic,
    HasSummary,
    State,
    implements,
)

__all__ = ["GameRecord", "play_game"]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What happened in one game.

    Attributes
    ----------
    returns : tuple of float
        Per-seat payoff; all zeros after a time-out.
    plies : int
        Decisions taken by players (chance outcomes are not plies).
    timed_out : bool
        The game reached ``max_plies`` before ending and was scored as a draw.
    seconds : float
        Wall-clock time of the whole game (the only figure that varies between runs).
    summary : dict
        For games with a ``summary(state)`` method (:class:`~workbench.play.protocol.
        HasSummary`), its figures for the final state; else empty.
    log : pandas.DataFrame or None
        With ``record=True``, one row per step: ``step``, ``ply`` (decisions so far),
        ``player`` (a seat, or ``CHANCE``), ``action``, ``branching`` (legal actions or
        chance outcomes), and, for games with a heuristic, ``value0``, ``value1``, ...:
        the per-seat evaluation of the position *before* the step (as in Ludii's
        lead-change and drama metrics).
    final : State or None
        The position the game ended in (for game-specific summaries: gold, scores...).
    """

    returns: tuple[float, ...]
    plies: int
    timed_out: bool
    seconds: float
    log: pd.DataFrame | None = None
    final: State | None = None
    summary: dict[str, Any] = field(default_factory=dict)


def play_game(
    game: Game,
    agents: Sequence[Agent],
    *,
    seed: Seed = 0,
    max_plies: int | None = None,
    record: bool = False,
    state: State | None = None,
    summary: Callable[[State], Mapping[str, Any]] | None = None,
    fast: bool = True,
) -> GameRecord:
    """Play ``agents`` (one per seat, seat 0 first) against each other until the game ends.

    Parameters
    ----------
    game : Game
        The game to play.
    agents : sequence of Agent
        ``agents[i]`` plays seat ``i``.
    seed : int, Generator, SeedSequence or None
        Fixes chance outcomes and the seed given to ``game.initial_state``.
    max_plies : int, optional
        Decisions after which the game stops as a draw (a time-out); default
        ``game.info.max_plies`` (no limit if that is None).
    record : bool
        Keep a per-step log (see :class:`GameRecord`).
    state : State, optional
        Start here instead of at ``game.initial_state``.
    summary : callable, optional
        ``summary(final_state) -> {name: value}``: figures kept in
        ``GameRecord.summary``; default ``game.summary`` for games that have one
        (:class:`~workbench.play.protocol.HasSummary`), else none.
    fast : bool
        Let a game with a whole-game fast path (:class:`~workbench.play.protocol.
        HasFastPlay`) play the game when no log is recorded; ``False`` always steps
        through ``state.apply`` (the reference the fast path is tested against).

    Returns
    -------
    GameRecord

    Examples
    --------
    >>> from workbench.play.agents import RandomAgent
    >>> from workbench.play.toy_games import TicTacToe
    >>> game = TicTacToe()
    >>> players = [RandomAgent(game, seed=1), RandomAgent(game, seed=2)]
    >>> record = play_game(game, players, seed=0, record=True)
    >>> record.plies == len(record.log), sum(record.returns)
    (True, 0.0)
    >>> list(record.log.columns)
    ['step', 'ply', 'player', 'action', 'branching', 'value0', 'value1']
    """
    if len(agents) != game.info.num_players:
        raise ValueError(
            f"play_game: {game.info.name} has {game.info.num_players} seats, "
            f"got {len(agents)} agents"
        )
    rng = np.random.default_rng(seed)
    chance_random = python_random(rng)
    if state is None:
        state = game.initial_state(seed=int(rng.integers(2**63)))
    limit = game.info.max_plies if max_plies is None else max_plies
    with_values = record and implements(game, HasHeuristic)
    rows: list[tuple] = []
    plies, started = 0, time.perf_counter()
    if fast and not record and not game.info.chance and implements(game, HasFastPlay):
        played = game.play_fast(state, agents, max_plies=limit)
        if played is not None:
            state, plies = played
    player = state.current_player()
    while player != TERMINAL and (limit is None or plies < limit):
        if player == CHANCE:
            outcomes = [(outcome, float(p)) for outcome, p in state.chance_outcomes()]
            action, branching = sample_outcome(outcomes, chance_random), len(outcomes)
        else:
            action = agents[player].act(state)
            branching = len(state.legal_actions()) if record else 0
        if record:
            values = evaluate(game, state) if with_values else ()
            rows.append((len(rows), plies, player, action, branching, *values))
        state = state.apply(action)
        plies += player != CHANCE
        player = state.current_player()
    timed_out = player != TERMINAL
    returns = (0.0,) * game.info.num_players if timed_out else tuple(map(float, state.returns()))
    log = None
    if record:
        values = [f"value{seat}" for seat in range(game.info.num_players)] if with_values else []
        log = pd.DataFrame(rows, columns=["step", "ply", "player", "action", "branching", *values])
    if summary is None and implements(game, HasSummary):
        summary = game.summary
    figures = dict(summary(state)) if summary is not None else {}
    seconds = time.perf_counter() - started
    return GameRecord(returns, plies, timed_out, seconds, log, state, figures)
