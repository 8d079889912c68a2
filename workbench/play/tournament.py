"""Tournaments: many seeded games between agents, in parallel on any executor.

Agents are given as *factories* keyed by name: an agent class, or a
``functools.partial`` of one with its options, called in the worker as
``factory(game, seed=...)``. Factories and the game travel to worker processes by
pickle, so with the default process pool they must be importable objects:
module-level classes and partials of them (classes defined in a notebook cell work
too, because the pool forks the notebook's process). A ``dask.distributed`` client's
executor (``client.get_executor()``) uses cloudpickle, which also sends lambdas and
notebook classes to remote workers.

Every game gets its own child of ``numpy.random.SeedSequence(seed)``, spawned in a
fixed order, and rows are returned in game order, so the same ``seed`` gives the
same table whatever the executor and however many workers it has (only the
``seconds`` column varies).
"""

from __future__ import annotations

import itertools
import math
import pickle
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from typing import Any

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from workbench.play import pools
from workbench.play.agents import AgentFactory
from workbench.play.game_features import FEATURES, game_features
from workbench.play.protocol import Game, State
from workbench.play.runner import play_game

__all__ = ["default_lineups", "tournament"]


def default_lineups(names: Sequence[str], num_players: int) -> list[tuple[str, ...]]:
    """Seat assignments that give every agent every seat equally often.

    With at most as many agents as seats: every assignment that uses each agent at
    least once; with more agents than seats: every ordered choice of distinct agents.

    >>> default_lineups(["a", "b"], 2)
    [('a', 'b'), ('b', 'a')]
    >>> default_lineups(["a"], 3)
    [('a', 'a', 'a')]
    >>> len(default_lineups(["a", "b"], 3)), len(default_lineups(["a", "b", "c"], 2))
    (6, 6)
    """
    if len(names) > num_players:
        return list(itertools.permutations(names, num_players))
    return [
        lineup
        for lineup in itertools.product(names, repeat=num_players)
        if set(lineup) == set(names)
    ]


def tournament(
    game: Game,
    agents: Mapping[str, AgentFactory],
    *,
    rounds: int = 1,
    seed: int | np.random.SeedSequence = 0,
    lineups: Sequence[Sequence[str]] | None = None,
    executor: pools.ExecutorChoice = "processes",
    workers: int | None = None,
    max_plies: int | None = None,
    record: bool = False,
    progress: bool = True,
    chunksize: int | None = None,
    summary: Callable[[State], Mapping[str, Any]] | None = None,
) -> pd.DataFrame:
    """Play every lineup ``rounds`` times and return one row per game.

    Parameters
    ----------
    game : Game
        The game to play.
    agents : mapping of str to agent factory
        Name -> ``factory(game, seed=...)`` (an agent class or a ``functools.partial``).
    rounds : int
        How many times each lineup is played.
    seed : int or SeedSequence
        Root of the per-game seeds.
    lineups : sequence of sequences of names, optional
        Who sits where; default :func:`default_lineups` (seats permuted).
    executor : Executor, "processes" or None
        ``"processes"`` (default): a process pool on this machine with ``workers``
        processes (default: one per core); ``None``: serial, in this process; or any
        ``concurrent.futures.Executor`` (e.g. ``dask_client.get_executor()``).
    workers : int, optional
        Size of the default process pool.
    max_plies : int, optional
        Time-out for each game (default ``game.info.max_plies``).
    record : bool
        Also log every game step and add the per-game figures of
        :mod:`~workbench.play.game_features` as columns.
    progress : bool
        Show a tqdm progress bar.
    chunksize : int, optional
        Games per task sent to the executor (default: about 100 tasks in all).
    summary : callable, optional
        ``summary(final_state) -> {column: value}``, called in the worker on the
        position each game ended in; its keys become extra columns (e.g. a game's
        scores). Default: the game's own ``summary`` method if it has one
        (:class:`~workbench.play.protocol.HasSummary`). Like the factories it must
        be picklable for process pools.

    Returns
    -------
    pandas.DataFrame
        Columns ``game``, ``round``, ``lineup``, ``seat0``... (agent names),
        ``return0``... (per-seat returns), ``winner`` (the seat with the strictly
        highest return, else -1), ``plies``, ``timed_out``, ``seconds``, with
        ``record`` the per-game figures, then one column per ``summary`` figure.

    Examples
    --------
    >>> from functools import partial
    >>> from workbench.play.agents import GreedyAgent, RandomAgent
    >>> from workbench.play.toy_games import TicTacToe
    >>> agents = {"greedy": GreedyAgent, "random": partial(RandomAgent)}
    >>> results = tournament(TicTacToe(), agents, rounds=5, seed=1, executor=None, progress=False)
    >>> len(results), results.groupby("seat0").size().to_dict()  # seats permuted
    (10, {'greedy': 5, 'random': 5})
    """
    names = list(agents)
    if not names:
        raise ValueError("tournament: no agents given")
    num_players = game.info.num_players
    seats = [tuple(lineup) for lineup in (lineups or default_lineups(names, num_players))]
    for lineup in seats:
        unknown = set(lineup) - set(names)
        if len(lineup) != num_players or unknown:
            raise ValueError(
                f"tournament: lineup {lineup} needs {num_players} names from {names}"
                + (f"; unknown: {sorted(unknown)}" if unknown else "")
            )
    root = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    jobs = [
        (index, round_, lineup_index, seats[lineup_index], child)
        for index, ((round_, lineup_index), child) in enumerate(
            zip(
                itertools.product(range(rounds), range(len(seats))),
                root.spawn(rounds * len(seats)),
                strict=True,
            )
        )
    ]
    size = chunksize or max(1, math.ceil(len(jobs) / 100))
    chunks = [jobs[start : start + size] for start in range(0, len(jobs), size)]
    factories = dict(agents)
    rows: list[dict[str, Any]] = []
    with tqdm(total=len(jobs), disable=not progress, desc=f"{game.info.name} games") as bar:
        if executor is None:
            for chunk in chunks:
                rows.extend(_play_chunk(game, factories, chunk, max_plies, record, summary))
                bar.update(len(chunk))
        else:
            if executor == "processes":
                _check_picklable(game, factories, summary)
            with pools.pool(executor, workers) as pool:
                rows = _run_on(pool, game, factories, chunks, max_plies, record, bar, summary)
    rows.sort(key=lambda row: row["game"])
    columns = _columns(num_players, record)
    extra = list(dict.fromkeys(key for row in rows for key in row if key not in set(columns)))
    return pd.DataFrame(rows, columns=columns + extra)


def _run_on(
    executor: Executor,
    game: Game,
    factories: dict[str, AgentFactory],
    chunks: list[list[tuple]],
    max_plies: int | None,
    record: bool,
    bar: tqdm,
    summary: Callable[[State], Mapping[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    futures = [
        executor.submit(_play_chunk, game, factories, chunk, max_plies, record, summary)
        for chunk in chunks
    ]
    rows: list[dict[str, Any]] = []
    for future in as_completed(futures):
        done = future.result()
        rows.extend(done)
        bar.update(len(done))
    return rows


def _check_picklable(
    game: Game, factories: dict[str, AgentFactory], summary: Callable | None = None
) -> None:
    """Fail early, naming the culprit, when something cannot reach a worker process."""
    named = [("game", game), *((f"agent {name!r}", f) for name, f in factories.items())]
    for what, obj in named + ([("summary", summary)] if summary is not None else []):
        try:
            pickle.dumps(obj)
        except Exception as error:
            raise ValueError(
                f"tournament: the {what} cannot be sent to worker processes ({error}); use a "
                "module-level class or functools.partial of one, or executor=None to play serially"
            ) from error


def _columns(num_players: int, record: bool) -> list[str]:
    seats = [f"seat{s}" for s in range(num_players)]
    returns = [f"return{s}" for s in range(num_players)]
    figures = list(FEATURES) if record else []
    return [
        "game",
        "round",
        "lineup",
        *seats,
        *returns,
        "winner",
        "plies",
        "timed_out",
        "seconds",
        *figures,
    ]


def _play_chunk(
    game: Game,
    factories: dict[str, AgentFactory],
    jobs: list[tuple[int, int, int, tuple[str, ...], np.random.SeedSequence]],
    max_plies: int | None,
    record: bool,
    summary: Callable[[State], Mapping[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Play a batch of games (runs in the worker)."""
    rows = []
    for index, round_, lineup_index, lineup, seed in jobs:
        game_seed, *agent_seeds = seed.spawn(1 + len(lineup))
        agents = [
            factories[name](game, seed=np.random.default_rng(agent_seed))
            for name, agent_seed in zip(lineup, agent_seeds, strict=True)
        ]
        done = play_game(
            game, agents, seed=game_seed, max_plies=max_plies, record=record, summary=summary
        )
        best = max(done.returns)
        leaders = [seat for seat, value in enumerate(done.returns) if value == best]
        row: dict[str, Any] = {"game": index, "round": round_, "lineup": lineup_index}
        row.update({f"seat{s}": name for s, name in enumerate(lineup)})
        row.update({f"return{s}": value for s, value in enumerate(done.returns)})
        row.update(
            winner=leaders[0] if len(leaders) == 1 else -1,
            plies=done.plies,
            timed_out=done.timed_out,
            seconds=done.seconds,
        )
        if record:
            row.update(game_features(done.log, done.returns))
        clash = row.keys() & done.summary.keys()
        if clash:
            raise ValueError(
                f"tournament: the game's summary figures {sorted(clash)} would overwrite the "
                "tournament's own columns; rename them in the game's summary"
            )
        row.update(done.summary)
        rows.append(row)
    return rows
