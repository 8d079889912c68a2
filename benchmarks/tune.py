"""Rules tuner against a grid search, on the Daggers Brink and Viking Raid demonstrations.

The baseline is a plain grid search: every candidate plays the same fixed number of
games (its own seeds), doubled until the best candidate's 95% score interval lies
wholly below the runner-up's; only the games of that last, sufficient size are counted
(as if the designer had known it in advance, which favours the grid). The tuner then
runs on a ladder of budgets; the smallest at which it makes the grid's choice on
each of three seeds is reported, with the ratio of games and of seconds, both measured in this run.
Goal: the tuner reaches the same choice with at least 5x fewer games.

    PYTHONPATH=. python benchmarks/tune.py [--max-games 6400]
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction

import numpy as np

from workbench.games.tuning import tune_game
from workbench.play.tune import Space, Target, tune
from workbench.play.tune_race import resolve_metrics, score

GOAL = 5.0
#: The tuner must make the grid's choice on every one of these seeds.
SEEDS = (1, 2, 3)

DEMOS = {
    "Daggers Brink": (
        "daggers",
        {"starting_tokens": (1, 5), "hit_threshold": (3, 5)},
        [Target("rounds", value=12, tolerance=4)],
    ),
    "Viking Raid": (
        "raid",
        {
            "tribute_share": [Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)],
            "archer_steps": (1, 2),
            "berserker_steps": (2, 3),
        },
        [
            Target(f"win_{role}", value=1 / 3, tolerance=0.05)
            for role in ("archer", "huscarl", "berserker")
        ],
    ),
}


def grid_search(game, space, targets, *, max_games: int, seed: int = 11):
    """Double the games per candidate until the best is separated; (choice, games, seconds)."""
    grid = space.grid()
    unit = game.arena.lineup_count(game.arena.make_game(space.rules(grid[0])))
    started, per = time.perf_counter(), 25
    while True:
        passes = max(1, per // unit)
        tables = [
            game.arena.play(
                space,
                c,
                passes=passes,
                executor=None,
                seed=np.random.SeedSequence(seed, spawn_key=(per, i)),
            )
            for i, c in enumerate(grid)
        ]
        metrics = resolve_metrics(targets, tables[0])
        found = [score([t], targets, metrics, seed=np.random.SeedSequence(seed)) for t in tables]
        points = np.array([f.points[0] for f in found])
        order = np.argsort(points, kind="stable")
        best, runner = found[order[0]].interval(0), found[order[1]].interval(0)
        games = sum(len(t) for t in tables)
        if best[1] < runner[0] or passes * unit >= max_games:
            return grid[order[0]], games, time.perf_counter() - started, best[1] < runner[0]
        per *= 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-games", type=int, default=6400, help="cap of games per candidate")
    args = parser.parse_args()
    for label, (name, knobs, targets) in DEMOS.items():
        game = tune_game(name)
        space = Space.from_rules(game.rules, knobs)
        choice, grid_games, grid_seconds, separated = grid_search(
            game, space, targets, max_games=args.max_games
        )
        shown = dict(zip([d.name for d in space.dimensions], choice, strict=True))
        print(
            f"{label}: {len(space.grid())} candidates; grid search: {grid_games} games, "
            f"{grid_seconds:.1f} s, choice {shown}" + ("" if separated else " (NOT separated)")
        )
        for budget in (250, 500, 1000, 2000, 4000, 8000):
            started = time.perf_counter()
            runs = [
                tune(
                    space,
                    game.arena,
                    targets,
                    games=budget,
                    seed=seed,
                    executor=None,
                    progress=False,
                )
                for seed in SEEDS
            ]
            seconds = (time.perf_counter() - started) / len(SEEDS)
            picked = {tuple(getattr(r.rules, d.name) for d in space.dimensions) for r in runs}
            played = max(r.games_played for r in runs)
            if picked == {tuple(choice)}:
                verdict = "meets" if grid_games / played >= GOAL else "MISSES"
                print(
                    f"  tuner: {played} games, {seconds:.1f} s a run, the grid's choice on "
                    f"seeds {SEEDS}: {grid_games / played:.1f}x fewer games, "
                    f"{grid_seconds / seconds:.1f}x less time ({verdict} the {GOAL:.0f}x goal)"
                )
                break
            print(f"  tuner at {budget} games chose {sorted(picked)} on seeds {SEEDS}")


if __name__ == "__main__":
    main()
