"""Search treasure layouts for role balance, with statistics that can be trusted.

The objective is the *spread* of the role win shares (largest minus smallest,
ties split) under one agent kind in self-play; 0 means every role wins equally
often. Win shares are estimates, so the search is a race (successive halving):

1. a pool of layouts (the map's own and random variations of it, each keeping the
   total gold and the number of treasure hexes) plays ``games`` games each (the same
   seeded games for every layout, so they are compared on equal luck);
2. the better half plays twice as many fresh games, added to what it had; and so
   on for ``rungs`` rungs, so the leaders are judged on the most games;
3. with ``generations`` > 1 the race is run again around its winner (local search);
4. the best finalist and the original map then play ``confirm_games`` games with
   seeds never used before, and those fresh games alone give the reported balance.

Every spread comes with a bootstrap 95% interval; ``resolved`` says whether the
winner's interval lies wholly below the runner-up's (if not, the budget was too
small to rank them and the report says so).

>>> from workbench.games.viking_raid.raid_map import default_map
>>> result = optimise_layout(default_map(), games=8, candidates=4, rungs=1,
...                          confirm_games=16, seed=2, progress=False)
>>> result.best.total_treasure == default_map().total_treasure
True
>>> list(result.ladder.columns)[:4]
['candidate', 'rung', 'games', 'spread']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any, Literal

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from workbench.errors import RulesError
from workbench.games.viking_raid.balance import balance_table, simulate
from workbench.games.viking_raid.engine import RaidGame
from workbench.games.viking_raid.raid_map import ROLES, RaidMap
from workbench.games.viking_raid.rules import Rules, version_label
from workbench.play.stats import bootstrap_interval

__all__ = ["LayoutResult", "mutate_layout", "optimise_layout", "spread_ci"]

_RETURNS = tuple(f"return{seat}" for seat in range(3))
_ROLE_SHARES = tuple(f"win_{role}" for role in ROLES)


def spread_ci(
    results: pd.DataFrame,
    *,
    level: float = 0.95,
    resamples: int = 2000,
    seed=0,
    columns: Sequence[str] = _RETURNS,
):
    """Spread of the win shares in ``columns`` and its bootstrap interval over games:
    ``(spread, lo, hi)``.

    ``columns`` default to the seats' returns, which are the roles' win shares when the
    roles are fixed seats; the optimiser reads the roles' own (``win_<role>``).

    >>> frame = pd.DataFrame({"return0": [1.0, 0, 0, 1], "return1": [0, 1.0, 0, 0],
    ...                       "return2": [0, 0, 1.0, 0]})
    >>> spread_ci(frame)[0]
    0.25
    """
    shares = results[list(columns)].to_numpy(dtype=float)
    means = shares.mean(axis=0)
    lo, hi = bootstrap_interval(shares, _spread, resamples=resamples, confidence=level, seed=seed)
    return float(means.max() - means.min()), lo, hi


def _spread(samples: np.ndarray) -> np.ndarray:
    means = samples.mean(axis=-2)
    return means.max(axis=-1) - means.min(axis=-1)


def mutate_layout(
    raid_map: RaidMap, rng: np.random.Generator, *, min_gold: int = 1, max_gold: int = 5
) -> RaidMap:
    """One random change keeping the total gold and the number of treasure hexes.

    Either a treasure hex's gold moves to an empty open hex (not a start), or one
    gold passes from one treasure hex to another (each staying within
    ``min_gold``..``max_gold``).
    """
    treasure = dict(raid_map.treasure)
    spots = sorted(treasure)
    free = sorted(raid_map.open_hexes - set(treasure) - set(raid_map.starts))
    if free and rng.random() < 0.5:
        source = spots[rng.integers(len(spots))]
        treasure[free[rng.integers(len(free))]] = treasure.pop(source)
    else:
        givers = [h for h in spots if treasure[h] > min_gold]
        takers = [h for h in spots if treasure[h] < max_gold]
        pairs = [(a, b) for a in givers for b in takers if a != b]
        if not pairs:
            return raid_map
        a, b = pairs[rng.integers(len(pairs))]
        treasure[a] -= 1
        treasure[b] += 1
    return raid_map.replace(treasure=treasure)


@dataclasses.dataclass(frozen=True)
class LayoutResult:
    """What :func:`optimise_layout` found.

    Attributes
    ----------
    best, original : RaidMap
        The winning layout and the map the search started from.
    ladder : DataFrame
        Every candidate at every rung of every generation: games so far, spread with
        interval, win shares.
    resolved : bool
        In the last race, the winner's spread interval lies wholly below the runner-up's.
    confirmation : DataFrame
        Fresh-seed balance tables of ``best`` and ``original`` (column ``map``).
    spreads : DataFrame
        Fresh-seed spread with interval for ``best`` and ``original``.
    settings : dict
        The search's parameters (agent, rules, budget, seed), for the record.
    """

    best: RaidMap
    original: RaidMap
    ladder: pd.DataFrame
    resolved: bool
    confirmation: pd.DataFrame
    spreads: pd.DataFrame
    settings: dict[str, Any]

    def best_map(self, name: str = "balanced") -> RaidMap:
        """The winning layout named ``name``, its notes recording the search and its balance."""
        return self.best.replace(name=name, notes=self._notes())

    def _balance(self, label: str) -> str:
        spread = self.spreads.set_index("map").loc[label]
        shares = self.confirmation.set_index(["map", "role"])
        parts = [
            f"{role} {shares.loc[(label, role), 'win share']:.3f} "
            f"[{shares.loc[(label, role), 'win share lo']:.3f}, "
            f"{shares.loc[(label, role), 'win share hi']:.3f}]"
            for role in ROLES
        ]
        return (
            f"spread {spread['spread']:.3f} [{spread['spread lo']:.3f}, "
            f"{spread['spread hi']:.3f}]; " + ", ".join(parts)
        )

    def _notes(self) -> tuple[str, ...]:
        s = self.settings
        return (
            f"Treasure layout found by the optimiser (workbench raid optimise): the rocks and "
            f"starts of map {self.original.name!r}, its {self.original.total_treasure} gold on "
            f"{len(self.original.treasure)} hexes rearranged to make the role win shares as even "
            f"as possible under {s['agent']} self-play, rules {s['rules']}.",
            f"Search: {s['generations']} race(s), each of {s['candidates']} layouts around the "
            f"last winner, {s['games']} games each at the first of {s['rungs']} rungs (the better "
            f"half doubling its games at each rung), seed {s['seed']}; the last race's finalists "
            f"were ranked {'with' if self.resolved else 'WITHOUT'} separated 95% intervals.",
            f"Confirmation on {s['confirm_games']} games with fresh seeds (win shares with 95% "
            f"intervals): this map: {self._balance('best')}. Map {self.original.name!r}: "
            f"{self._balance('original')}.",
        )


def optimise_layout(
    raid_map: RaidMap,
    rules: Rules | None = None,
    *,
    agent: str = "greedy",
    candidates: int = 32,
    games: int = 200,
    rungs: int = 3,
    confirm_games: int = 2000,
    generations: int = 1,
    max_changes: int = 6,
    min_gold: int = 1,
    max_gold: int = 5,
    seed: int = 0,
    executor: Executor | Literal["processes"] | None = None,
    progress: bool = True,
) -> LayoutResult:
    """Race ``candidates`` treasure layouts to the smallest spread of role win shares.

    Parameters
    ----------
    raid_map, rules
        The map whose treasure is rearranged (its rocks and starts stay) and the rules.
    agent : str
        Agent kind playing every role (see ``balance.AGENTS``).
    candidates : int
        Pool size: the original layout plus ``candidates - 1`` variations, each made by
        1 to ``max_changes`` random :func:`mutate_layout` steps.
    games, rungs : int
        Games per candidate at the first rung; each later rung keeps the better half
        and doubles the games it adds.
    confirm_games : int
        Games with fresh seeds for the final comparison of the winner and the original.
    generations : int
        Races run one after another, each around the previous race's winner (local search).
    seed : int
        Root of every random choice and game seed (the confirmation uses a separate branch).
    executor : Executor, "processes" or None
        Passed to the tournament runner (None: serial).
    """
    for name, value in (
        ("candidates", candidates),
        ("games", games),
        ("rungs", rungs),
        ("confirm_games", confirm_games),
        ("generations", generations),
    ):
        if value < 1:
            raise RulesError(f"optimise: {name} must be at least 1, got {value}")
    rules = rules or Rules()
    search, fresh = np.random.SeedSequence(seed).spawn(2)
    rng = np.random.default_rng(search)
    best, frames, resolved = raid_map, [], True
    for generation in range(generations):
        pool = [best]
        while len(pool) < candidates:
            layout = best
            for _ in range(int(rng.integers(1, max_changes + 1))):
                layout = mutate_layout(layout, rng, min_gold=min_gold, max_gold=max_gold)
            pool.append(layout)
        winner, ladder, resolved = _race(pool, rules, agent, games, rungs, rng, executor, progress)
        frames.append(ladder.assign(generation=generation))
        best = pool[winner]
    fresh_seed = int(np.random.default_rng(fresh).integers(2**63))
    tables, spreads = [], []
    for label, layout in (("best", best), ("original", raid_map)):
        results = _play(layout, rules, agent, confirm_games, fresh_seed, executor)
        tables.append(balance_table(results).assign(map=label))
        spread, lo, hi = spread_ci(results, columns=_ROLE_SHARES)
        spreads.append(
            {
                "map": label,
                "games": len(results),
                "spread": spread,
                "spread lo": lo,
                "spread hi": hi,
            }
        )
    return LayoutResult(
        best=best,
        original=raid_map,
        ladder=pd.concat(frames, ignore_index=True),
        resolved=resolved,
        confirmation=pd.concat(tables, ignore_index=True),
        spreads=pd.DataFrame(spreads),
        settings={
            "agent": agent,
            "rules": version_label(rules),
            "candidates": candidates,
            "games": games,
            "rungs": rungs,
            "generations": generations,
            "confirm_games": confirm_games,
            "seed": seed,
        },
    )


def _race(pool, rules, agent, games, rungs, rng, executor, progress):
    """Successive halving over ``pool``: (index of the winner, ladder rows, resolved)."""
    played: dict[int, list[pd.DataFrame]] = {i: [] for i in range(len(pool))}
    alive, rows = list(range(len(pool))), []
    for rung in tqdm(range(rungs), disable=not progress, desc="layout race rungs"):
        rung_seed = int(rng.integers(2**63))  # the same games for every candidate
        for i in alive:
            played[i].append(_play(pool[i], rules, agent, games << rung, rung_seed, executor))
            rows.append(_ladder_row(i, rung, pd.concat(played[i], ignore_index=True)))
        ranked = sorted(alive, key=lambda i: (_row(rows, i, rung)["spread"], i))
        alive = ranked[: max(1, len(ranked) // 2)] if rung < rungs - 1 else ranked
        for i in set(ranked) - set(alive):  # out of the race: its games are not needed
            del played[i]
    ladder = pd.DataFrame(rows)
    last = ladder[ladder["rung"] == rungs - 1].sort_values(["spread", "candidate"])
    resolved = len(last) < 2 or bool(last["spread hi"].iloc[0] < last["spread lo"].iloc[1])
    return int(last["candidate"].iloc[0]), ladder, resolved


def _row(rows: list[dict[str, Any]], candidate: int, rung: int) -> dict[str, Any]:
    return next(r for r in rows if r["candidate"] == candidate and r["rung"] == rung)


def _play(layout, rules, agent, games, seed, executor) -> pd.DataFrame:
    return simulate(
        RaidGame(layout, rules), agent, games=games, seed=seed, executor=executor, progress=False
    )


def _ladder_row(candidate: int, rung: int, results: pd.DataFrame) -> dict[str, Any]:
    spread, lo, hi = spread_ci(results, columns=_ROLE_SHARES)
    row = {
        "candidate": candidate,
        "rung": rung,
        "games": len(results),
        "spread": spread,
        "spread lo": lo,
        "spread hi": hi,
    }
    for role, column in zip(ROLES, _ROLE_SHARES, strict=True):
        row[f"{role} share"] = float(results[column].mean())
    return row
