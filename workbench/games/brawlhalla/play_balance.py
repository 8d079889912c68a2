"""Balance in play: seeded games between agents, North against South, and what they say.

:func:`simulate` plays games through the shared tournament runner (seats swapped
between the agents: :func:`~workbench.play.tournament.default_lineups`) and returns
one row per game with the columns of ``Brawlhalla.summary`` (``victory``,
``winning_side`` as ``north``/``south``/``draw``, ``first``, ``turns``, ``actions``...)
and ``minutes``. :func:`simulation_summary` is the command line's JSON; the other
functions read the same table: who wins moving first, the victory mix per pairing,
game length, and whether the static fairness verdict holds in play
(:func:`verdict_in_play`). :func:`mirror_board` swaps North and South on a board, the
control: on the mirror every North figure should become South's.

A game's length in minutes is its actions times :data:`SECONDS_PER_ACTION`.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> game = Brawlhalla(rules=Brawlhalla().rules.replace(turn_limit=6))
>>> table = simulate(game, ["random"], games=2, seed=1, executor=None, progress=False)
>>> summary = simulation_summary(table)
>>> summary["games"], sorted(summary["victory"])
(2, ['flag', 'holy', 'turn_limit', 'war'])
>>> twice = mirror_board(mirror_board(game.board))
>>> twice.terrain == game.board.terrain and twice.features == game.board.features
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pandas as pd

from workbench.errors import RulesError
from workbench.games.brawlhalla.agents import agent_factory
from workbench.games.brawlhalla.board import Board, Feature
from workbench.games.brawlhalla.engine import VICTORIES, Brawlhalla
from workbench.play.pools import ExecutorChoice
from workbench.play.stats import wilson_interval
from workbench.play.tournament import default_lineups, tournament

__all__ = [
    "SECONDS_PER_ACTION",
    "first_player_advantage",
    "game_length",
    "mirror_board",
    "simulate",
    "simulation_summary",
    "verdict_in_play",
    "victory_mix",
]

#: Seconds a table takes per action: a move is quick, an attack needs both sides'
#: dice sorted and compared, a build or a split needs counting; 20 s is a fair mean
#: for players who know the rules, so a turn of 3 actions takes a minute.
SECONDS_PER_ACTION = 20.0
_SIDES = ("north", "south")


def mirror_board(board: Board) -> Board:
    """The board upside down: rows flipped, the north and south regions swapped and
    every feature's north/south side swapped (west and east stay). The mirror moves
    the sanctuaries off the squares the build instructions give, so it fails those
    checks: it is a control for play, not a board to print."""
    swap = str.maketrans("ns", "sn")
    rows = board.rows
    sides = {"north": "south", "south": "north"}
    features = tuple(
        Feature(f.kind, sides.get(f.side, f.side), (rows - 1 - f.cell[0], f.cell[1]))
        for f in board.features
    )
    return Board(
        terrain=tuple(reversed(board.terrain)),
        regions=tuple(row.translate(swap) for row in reversed(board.regions)),
        features=features,
        name=f"{board.name} (mirrored)" if board.name else "mirrored",
        description=board.description,
    )


def simulate(
    game: Brawlhalla,
    agents: Sequence[str],
    *,
    games: int = 100,
    seed: int = 0,
    executor: ExecutorChoice = "processes",
    workers: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """``games`` games between the named agents (:func:`~.agents.agent_factory`),
    each pairing with seats swapped equally often (so ``games`` is rounded up to a
    multiple of the lineups); one row per game, ``minutes`` added."""
    names = list(dict.fromkeys(agents))
    if not names or len(names) > 2:
        raise RulesError(f"agents: expected one or two agent names, got {list(agents)}")
    if games < 1:
        raise RulesError(f"games: expected a positive number, got {games}")
    factories = {name: agent_factory(name) for name in names}
    lineups = default_lineups(names, 2)
    table = tournament(
        game,
        factories,
        rounds=math.ceil(games / len(lineups)),
        seed=seed,
        lineups=lineups,
        executor=executor,
        workers=workers,
        progress=progress,
    )
    table["minutes"] = table["actions"] * SECONDS_PER_ACTION / 60.0
    return table


def _share(hits: int, games: int) -> dict[str, Any]:
    return {
        "win_share": round(hits / games, 4) if games else float("nan"),
        "win_share_ci": list(wilson_interval(hits, games)),
    }


def simulation_summary(table: pd.DataFrame) -> dict[str, Any]:
    """``{"games", "north": {"win_share", "win_share_ci"}, "south": {...}, "draws",
    "victory": {war, holy, flag, turn_limit}, "mean_turns"}`` of a :func:`simulate` table."""
    games = len(table)
    winners = table["winning_side"].value_counts()
    victories = table[table["victory"] != ""]["victory"].value_counts()
    return {
        "games": games,
        **{side: _share(int(winners.get(side, 0)), games) for side in _SIDES},
        "draws": int(winners.get("draw", 0)),
        "victory": {v: int(victories.get(v, 0)) for v in VICTORIES},
        "mean_turns": round(float(table["turns"].mean()), 2),
    }


def first_player_advantage(table: pd.DataFrame) -> dict[str, Any]:
    """Whoever moved first (summary column ``first``): its share of the *decided* games
    with its interval (above 1/2: moving first helps), and how many games were decided.

    >>> table = pd.DataFrame({"winning_side": ["north", "south", "draw"], "first": ["north"] * 3})
    >>> first_player_advantage(table)
    {'games': 3, 'decided': 2, 'win_share': 0.5, 'win_share_ci': [0.0945, 0.9055]}
    """
    decided = table[table["winning_side"].isin(_SIDES)]
    hits = int((decided["winning_side"] == decided["first"]).sum())
    return {"games": len(table), "decided": len(decided), **_share(hits, len(decided))}


def victory_mix(table: pd.DataFrame) -> pd.DataFrame:
    """Per pairing (North's agent, South's agent): games, wins of each side, and how
    the games ended (one column per victory)."""
    rows = []
    for (north, south), games in table.groupby(["seat0", "seat1"], sort=True):
        row = {"north agent": north, "south agent": south, "games": len(games)}
        for side in _SIDES:
            row[f"{side} wins"] = int((games["winning_side"] == side).sum())
        counts = games["victory"].value_counts()
        row.update({v: int(counts.get(v, 0)) for v in VICTORIES})
        rows.append(row)
    return pd.DataFrame(rows)


def game_length(table: pd.DataFrame) -> pd.DataFrame:
    """Turns, actions and minutes per game: mean, median, 10th and 90th percentiles,
    over all games and over the decided ones."""
    rows = []
    for label, games in (
        ("all games", table),
        ("decided", table[table["victory"].isin(VICTORIES[:3])]),
    ):
        for column in ("turns", "actions", "minutes"):
            values = games[column]
            rows.append(
                {
                    "games": label,
                    "measure": column,
                    "n": len(values),
                    "mean": round(float(values.mean()), 2) if len(values) else float("nan"),
                    "median": float(values.median()) if len(values) else float("nan"),
                    "p10": float(values.quantile(0.1)) if len(values) else float("nan"),
                    "p90": float(values.quantile(0.9)) if len(values) else float("nan"),
                }
            )
    return pd.DataFrame(rows)


def verdict_in_play(static_verdict: str, table: pd.DataFrame) -> str:
    """Whether the static fairness verdict (``balance.fairness(board).verdict``) holds in
    play: North's share of the decided games, with its Wilson interval, against 1/2."""
    north = int((table["winning_side"] == "north").sum())
    decided = north + int((table["winning_side"] == "south").sum())
    claim = static_verdict.split(":")[0]
    if decided == 0:
        return f"No game was decided, so play cannot test the static verdict ({claim})."
    low, high = wilson_interval(north, decided)
    if low > 0.5:
        seen = "North is favoured"
    elif high < 0.5:
        seen = "South is favoured"
    else:
        seen = "Balanced"
    holds = "holds" if seen == claim else "does not hold"
    return (
        f"The static verdict ({claim}) {holds} in play: North won {north} of {decided} "
        f"decided games ({north / decided:.2f}, 95% interval [{low:.2f}, {high:.2f}]), "
        f"so in play: {seen}."
    )
