"""Search treasure layouts for role balance, with statistics that can be trusted.

The objective is the *spread* of the role win shares (largest minus smallest,
ties split) under one agent kind in self-play; 0 means every role wins equally
often. The search is the rules tuner's race (:func:`workbench.play.tune_race.race`)
with the layout as a data parameter and the target ``role balance = 1`` (whose loss
is the spread):

1. a pool of layouts (the map's own and random variations of it, each keeping the
   total gold and the number of treasure hexes) plays ``games`` games each, the
   same seeded games for every layout, so they are compared on equal luck (paired);
2. successive halving: after each round but the last the worse half of the layouts
   falls, and at any round a layout whose paired bootstrap interval of the spread
   difference from the best lies above zero; each round's games are shared among the
   layouts left, so the leaders are judged on the most games; ``rungs`` rounds in
   all, the budget ``candidates x games x rungs`` games;
3. with ``generations`` > 1 the race is run again around its winner (local search);
4. the best finalist and the original map then play ``confirm_games`` games with
   seeds never used before, and those fresh games alone give the reported balance.

Every spread comes with a bootstrap 95% interval; ``resolved`` says whether the last
race dropped every other layout (if not, the budget was too small to separate the
survivors and the report says so).

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
from functools import partial
from typing import Any

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from workbench.errors import RulesError
from workbench.games.viking_raid.balance import AGENTS, balance_table, simulate
from workbench.games.viking_raid.engine import RaidGame
from workbench.games.viking_raid.raid_map import ROLES, RaidMap
from workbench.games.viking_raid.rules import Rules, version_label
from workbench.play.pools import ExecutorChoice
from workbench.play.stats import bootstrap_interval
from workbench.play.tune_race import Arena, race, resolve_metrics
from workbench.play.tune_space import Space
from workbench.play.tune_targets import Target

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
        Every candidate at every rung (round of the race) of every generation: games
        so far, spread with interval, win shares, and whether it fell there.
    resolved : bool
        The last race dropped every layout but its winner.
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
            f"last winner, {s['games']} paired games each in the first of {s['rungs']} rounds "
            f"(the worse half falling at each but the last), "
            f"seed {s['seed']}; the last race "
            + ("dropped every other layout." if self.resolved else "kept several (not separated)."),
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
    executor: ExecutorChoice = None,
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
        Games per candidate in the first round of the race, and its rounds: each round
        but the last keeps the better half, and the race plays ``candidates x games x
        rungs`` games, each round's share split among the layouts still in it (so a
        layout's games double from round to round).
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
    search, fresh, racing = np.random.SeedSequence(seed).spawn(3)
    rng = np.random.default_rng(search)
    best, frames, resolved = raid_map, [], True
    for generation in range(generations):
        pool = [best]
        while len(pool) < candidates:
            layout = best
            for _ in range(int(rng.integers(1, max_changes + 1))):
                layout = mutate_layout(layout, rng, min_gold=min_gold, max_gold=max_gold)
            pool.append(layout)
        games_seed = racing.spawn(1)[0]  # a new branch for each generation's race
        winner, ladder, resolved = _race(
            pool, rules, agent, games, rungs, games_seed, executor, progress
        )
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


def _race(pool, rules, agent, games, rungs, seed, executor, progress):
    """The tuner's race over ``pool``: (index of the winner, ladder rows, resolved)."""
    space = Space.from_rules(rules, [], data={"layout": tuple(range(len(pool)))})
    arena = Arena(partial(_on_layout, tuple(pool)), {agent: AGENTS[agent]}, ((agent,) * 3,))
    targets = [Target("role balance", value=1)]
    probe = arena.play(space, (0,), passes=1, seed=seed, executor=None)
    budget = len(pool) * games * rungs
    with tqdm(total=budget, disable=not progress, desc="layout race games") as bar:
        entries, history, _ = race(
            space,
            arena,
            targets,
            space.grid(),
            games=budget,
            seed=seed,
            executor=executor,
            metrics=resolve_metrics(targets, probe),
            passes_unit=1,
            rounds=rungs,
            halving=True,
            min_games=min(games, 20),
            on_games=lambda count, round_, alive: bar.update(count),
        )
    rows = [
        _ladder_row(i, rung, pd.concat(entry.tables[: rung + 1], ignore_index=True))
        | {"dropped": entry.fell == rung}
        for i, entry in enumerate(entries)
        for rung in range(len(entry.tables))
    ]
    last = history[history["round"] == history["round"].max()]
    alive = last[~last["dropped"]].sort_values(["score", "candidate"], kind="stable")
    resolved = len(alive) == 1
    ladder = pd.DataFrame(rows).sort_values(["rung", "candidate"], ignore_index=True)
    return int(alive["candidate"].iloc[0]), ladder, resolved


def _on_layout(pool: tuple[RaidMap, ...], rules: Rules, *, layout: int) -> RaidGame:
    return RaidGame(pool[layout], rules)


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
