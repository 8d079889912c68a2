"""Balance studies of Daggers Brink through the shared tournament runner.

:func:`play_games` runs a :func:`workbench.play.tournament` (seeded, any executor,
tqdm progress, one row per game with the figures of
:mod:`~workbench.games.daggers_brink.summary`); the other functions turn its table
into answers with 95% confidence intervals (Wilson for proportions, Student t for
means):

- :func:`win_rates`: by strategy or by seat, against the fair share ``1/players``;
- :func:`game_length`: draw phases (rounds), draw turns and fights per game;
- :func:`tokens_study`: game length as the starting tokens change;
- :func:`decisive_attributes`: how often Attack, Defend, Health decided a fight, and
  how often a wound came before the defender could act (Speed);
- :func:`first_mover`: does acting first in combat win too much?
- :func:`draw_phase_hands`: the hands players really fight with, after a simulated
  multiplayer draw phase (simulation: the discard pile and the other players make
  the exact calculation of :mod:`~workbench.games.daggers_brink.hands` out of reach).

>>> table = play_games({"focus": "focus", "tank": "tank"}, players=3, rounds=1, progress=False)
>>> len(table), sorted(win_rates(table)["strategy"])
(2, ['focus', 'tank'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pandas as pd

from workbench.errors import RulesError
from workbench.games.daggers_brink.deck import ATTRIBUTES, Deck
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules
from workbench.games.daggers_brink.strategies import strategy
from workbench.play import tournament
from workbench.play.pools import ExecutorChoice
from workbench.play.stats import mean_interval, wilson_interval

__all__ = [
    "decisive_attributes",
    "draw_phase_hands",
    "first_mover",
    "game_length",
    "play_games",
    "rotations",
    "tokens_study",
    "win_rates",
]


def rotations(names: Iterable[str], players: int) -> list[tuple[str, ...]]:
    """Lineups that seat every strategy in every seat equally often: the cyclic shifts.

    >>> rotations(["a", "b"], 3)
    [('a', 'b', 'a'), ('b', 'a', 'b')]
    """
    names = list(names)
    return [tuple(names[(i + s) % len(names)] for s in range(players)) for i in range(len(names))]


def play_games(
    strategies: Mapping[str, Any],
    *,
    players: int = 4,
    rounds: int = 10,
    seed: int = 0,
    rules: Rules | None = None,
    deck: Deck | None = None,
    lineups: list[tuple[str, ...]] | None = None,
    executor: ExecutorChoice = None,
    workers: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play a tournament: each lineup ``rounds`` times (default lineups: :func:`rotations`).

    ``strategies`` maps a name to an agent factory or a strategy spec such as
    ``"focus"`` or ``"tank:leader"`` (see :func:`~workbench.games.daggers_brink.strategies.
    strategy`). ``executor`` is any ``concurrent.futures.Executor``, ``"processes"``
    or ``None`` (serial); the table is the same whatever runs it.
    """
    if not strategies:
        raise RulesError("strategies: expected at least one strategy")
    game = DaggersBrink(players, rules=rules, deck=deck)
    factories = {
        name: strategy(spec) if isinstance(spec, str) else spec for name, spec in strategies.items()
    }
    return tournament(
        game,
        factories,
        rounds=rounds,
        seed=seed,
        lineups=lineups or rotations(factories, players),
        executor=executor,
        workers=workers,
        progress=progress,
    )


def _seats(table: pd.DataFrame) -> int:
    return sum(1 for column in table.columns if column.startswith("seat"))


def win_rates(table: pd.DataFrame, *, by: str = "strategy") -> pd.DataFrame:
    """Wins per seat-game by strategy (or by ``"seat"``), with 95% Wilson intervals.

    A time-out (no winner) counts as a game not won. ``fair`` is ``1 / players``.
    """
    if by not in ("strategy", "seat"):
        raise RulesError(f"by: expected 'strategy' or 'seat', got {by!r}")
    seats = _seats(table)
    long = pd.DataFrame(
        {
            "strategy": np.concatenate([table[f"seat{s}"].to_numpy() for s in range(seats)]),
            "seat": np.repeat(np.arange(seats), len(table)),
            "won": np.concatenate([(table["winner"] == s).to_numpy() for s in range(seats)]),
        }
    )
    rows = []
    for key, group in long.groupby(by, sort=True):
        wins, games = int(group["won"].sum()), len(group)
        low, high = wilson_interval(wins, games)
        rows.append(
            {by: key, "games": games, "wins": wins, "rate": wins / games, "low": low, "high": high}
        )
    frame = pd.DataFrame(rows)
    frame["fair"] = 1 / seats
    return frame


def _mean_row(name: str, values: np.ndarray) -> dict[str, Any]:
    mean, low, high = mean_interval(values)
    return {"figure": name, "mean": mean, "low": low, "high": high, "games": len(values)}


def game_length(table: pd.DataFrame) -> pd.DataFrame:
    """Mean draw phases (``rounds``; each ends in a combat phase), draw turns and fights."""
    return pd.DataFrame(
        [
            _mean_row(name, table[name].to_numpy(float))
            for name in ("rounds", "draw_turns", "fights")
        ]
    )


def tokens_study(
    strategies: Mapping[str, Any],
    tokens: Iterable[int] = range(1, 6),
    *,
    rules: Rules | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Game length for each number of starting tokens (other options as :func:`play_games`)."""
    base = rules or DEFAULT_RULES
    frames = []
    for count in tokens:
        table = play_games(strategies, rules=base.replace(starting_tokens=count), **options)
        length = game_length(table)
        length.insert(0, "starting_tokens", count)
        frames.append(length)
    return pd.concat(frames, ignore_index=True)


def _share_row(name: str, hits: int, total: int) -> dict[str, Any]:
    low, high = wilson_interval(hits, total)
    share = hits / total if total else float("nan")
    return {"figure": name, "count": hits, "of": total, "share": share, "low": low, "high": high}


def decisive_attributes(table: pd.DataFrame) -> pd.DataFrame:
    """Share of fights each attribute decided (same dice, that attribute at its base value),
    and share of wounds dealt before the defender had acted; fights pooled over games."""
    fights, wounds = int(table["fights"].sum()), int(table["wounds"].sum())
    rows = [
        _share_row(attribute, int(table[f"decided_by_{attribute}"].sum()), fights)
        for attribute in ("attack", "defend", "health")
    ]
    rows.append(
        _share_row("speed (wound before acting)", int(table["wounds_before_acting"].sum()), wounds)
    )
    rows.append(_share_row("wound", wounds, fights))
    return pd.DataFrame(rows)


def _players(table: pd.DataFrame) -> np.ndarray:
    """Players of each game (tables of several sizes may be concatenated)."""
    seats = [c for c in table.columns if c.startswith("seat")]
    return table[seats].notna().sum(axis=1).to_numpy(float)


def first_mover(table: pd.DataFrame) -> pd.DataFrame:
    """Is acting first too strong? The fastest player's wound rate against the others',
    its share of the wounds taken, and how often the seat most often first wins the game;
    ``fair`` is the share if the first player were like any other (1 / players)."""
    fights, wounds = int(table["fights"].sum()), int(table["wounds"].sum())
    first_fights, first_wounds = int(table["fights_first"].sum()), int(table["wounds_first"].sum())
    rows = [
        _share_row("wound rate when attacking first", first_wounds, first_fights),
        _share_row("wound rate when attacking later", wounds - first_wounds, fights - first_fights),
        _share_row("wounds taken by the first player", int(table["wounded_first"].sum()), wounds),
        _share_row(
            "games won by the seat most often first", int(table["first_most_won"].sum()), len(table)
        ),
    ]
    frame = pd.DataFrame(rows)
    players, wounds_per_game = _players(table), table["wounds"].to_numpy(float)
    frame["fair"] = [
        np.nan,
        np.nan,
        float((wounds_per_game / players).sum() / wounds) if wounds else np.nan,
        float((1 / players).mean()),
    ]
    return frame


def draw_phase_hands(
    spec: str = "focus",
    *,
    players: int = 4,
    games: int = 200,
    seed: int = 0,
    rules: Rules | None = None,
    deck: Deck | None = None,
) -> pd.DataFrame:
    """Attributes of every hand when the first combat phase begins (simulated).

    Every seat plays ``spec``; one row per player and game, columns the four
    attributes. Compare with the exact dealt distribution to see what drawing buys.
    """
    game = DaggersBrink(players, rules=rules, deck=deck)
    factory = strategy(spec)
    rows = []
    for child in np.random.SeedSequence(seed).spawn(games):
        game_seed, *agent_seeds = child.spawn(1 + players)
        agents = [factory(game, seed=np.random.default_rng(s)) for s in agent_seeds]
        state = game.initial_state(seed=game_seed)
        while state.decision in ("source", "discard"):
            state = state.apply(agents[state.player].act(state))
        rows.extend(state.attributes(seat) for seat in range(players))
    return pd.DataFrame(rows, columns=list(ATTRIBUTES))
