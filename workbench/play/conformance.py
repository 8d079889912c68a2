"""Generic checks that a game keeps the protocol, by playing it at random.

Every game's tests should call :func:`check_game`: it plays random games and, at
each visited state, checks what agents, solvers and tournaments rely on.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from fractions import Fraction

from workbench.play.agents import Seed, python_random, sample_outcome
from workbench.play.protocol import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    HasHeuristic,
    HasHiddenInformation,
    HasSummary,
    State,
)

__all__ = ["check_game"]


def check_game(game: Game, *, games: int = 20, seed: Seed = 0, max_plies: int = 1000) -> list[str]:
    """Play ``games`` random games and list every protocol breach found (empty if none).

    At every state it checks: the current player is a seat, ``CHANCE`` or
    ``TERMINAL`` and agrees with ``is_terminal``; decision nodes have distinct legal
    actions and no chance outcomes; chance nodes have outcomes whose probabilities sum
    to 1 and no legal actions; terminal states have per-seat returns (summing to 0
    when ``info.zero_sum``); ``key`` is hashable, survives a pickle round trip and does
    not change when the state is applied (states are immutable); ``apply`` is
    deterministic; ``render`` gives text; the heuristic, if any, gives one value per
    seat; a ``summary`` method, if any, gives named figures at the end; chance nodes
    appear only if ``info.chance``; a game with hidden information
    (:class:`~workbench.play.protocol.HasHiddenInformation`, required by ``info.hidden``)
    keeps every seat's observation in the worlds ``determinize`` makes for it, and
    makes the same world from a state as from any world it made of it (so a world
    depends on what the seat sees alone). A game stops at its first breached step.

    Examples
    --------
    >>> from workbench.play.toy_games import DiceRace, TicTacToe
    >>> check_game(TicTacToe(), games=5), check_game(DiceRace(), games=5)
    ([], [])
    """
    info = game.info
    if not isinstance(info, GameInfo) or info.num_players < 1:
        return [f"game.info: expected a GameInfo with at least one player, got {info!r}"]
    problems: list[str] = []
    rng = python_random(seed)
    for number in range(games):
        state = game.initial_state(seed=number)
        for ply in range(max_plies + 1):
            where = f"game {number}, step {ply}"
            problems += [f"{where}: {p}" for p in _check_state(game, state)]
            player = state.current_player()
            if player == TERMINAL or problems:
                break
            if player == CHANCE:
                action = sample_outcome([(o, float(p)) for o, p in state.chance_outcomes()], rng)
            else:
                action = rng.choice(list(state.legal_actions()))
            key = state.key()
            child = state.apply(action)
            if state.key() != key:
                problems.append(f"{where}: apply({action!r}) changed the state it was called on")
            elif state.apply(action).key() != child.key():
                problems.append(f"{where}: apply({action!r}) gave two different states")
            state = child
        if problems:
            break
    return problems


def _check_state(game: Game, state: State) -> list[str]:
    info = game.info
    player = state.current_player()
    problems = []
    if player not in (CHANCE, TERMINAL, *range(info.num_players)):
        return [f"current_player() is {player!r}: expected a seat, CHANCE or TERMINAL"]
    if state.is_terminal() != (player == TERMINAL):
        problems.append(f"is_terminal() is {state.is_terminal()} but current_player() is {player}")
    actions, outcomes = list(state.legal_actions()), list(state.chance_outcomes())
    if player >= 0:
        if not actions:
            problems.append(f"seat {player} to move but no legal actions")
        if len(set(actions)) != len(actions):
            problems.append(f"repeated legal actions: {actions}")
        if outcomes:
            problems.append("chance outcomes at a decision node")
    elif player == CHANCE:
        if not info.chance:
            problems.append("a chance node, but info.chance is False")
        total = sum((p for _, p in outcomes), Fraction(0))
        if not outcomes or abs(float(total) - 1) > 1e-9:
            problems.append(f"chance probabilities sum to {total}, expected 1")
        if actions:
            problems.append("legal actions at a chance node")
    else:
        returns = list(state.returns())
        if actions or outcomes:
            problems.append("legal actions or chance outcomes at a terminal state")
        if len(returns) != info.num_players:
            problems.append(f"returns() has {len(returns)} values, expected {info.num_players}")
        elif info.zero_sum and abs(sum(map(float, returns))) > 1e-9:
            problems.append(f"returns {returns} do not sum to 0 but info.zero_sum is True")
        if isinstance(game, HasSummary):
            figures = game.summary(state)
            if not isinstance(figures, Mapping) or not all(isinstance(k, str) for k in figures):
                problems.append(f"summary() gave {figures!r}: expected a mapping of names")
    try:
        hash(state.key())
        if pickle.loads(pickle.dumps(state)).key() != state.key():
            problems.append("key() differs after a pickle round trip")
    except Exception as error:
        problems.append(f"key() or pickling failed: {error!r}")
    if not isinstance(state.render(), str):
        problems.append("render() did not return text")
    if isinstance(game, HasHeuristic) and len(game.heuristic(state)) != info.num_players:
        problems.append(
            f"heuristic gave {len(game.heuristic(state))} values, expected {info.num_players}"
        )
    hidden = isinstance(game, HasHiddenInformation)
    if info.hidden and not hidden:
        problems.append("info.hidden is True but the game has no observation and determinize")
    elif hidden and player != TERMINAL:
        problems += _check_hidden(game, state, info.num_players)
    return problems


def _check_hidden(game: HasHiddenInformation, state: State, num_players: int) -> list[str]:
    problems, key = [], state.key()
    for seat in range(num_players):
        seen = game.observation(state, seat)
        world = game.determinize(state, seat, python_random(seat))
        if state.key() != key:
            problems.append(f"determinize(..., {seat}, ...) changed the state it was given")
        elif game.observation(world, seat) != seen:
            problems.append(f"determinize(..., {seat}, ...) changed what seat {seat} sees")
        elif (
            game.determinize(world, seat, python_random(9)).key()
            != game.determinize(state, seat, python_random(9)).key()
        ):
            problems.append(f"determinize(..., {seat}, ...) reads more than seat {seat} sees")
    return problems
