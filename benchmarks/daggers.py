"""Speed of Daggers Brink, each figure against a baseline measured in this run.

    PYTHONPATH=. python benchmarks/daggers.py                # all, 10,000 games
    PYTHONPATH=. python benchmarks/daggers.py --games 2000   # fewer games

- the 12 x 12 x 12 exact P(wound) table, cold (target <= 0.2 s), against a naive
  double sum of binomial terms per entry;
- 10,000 four-player games (focus, balanced, tank and aggressive, seated in rotation)
  on one core through the shared tournament runner (target <= 20 s): the built-in
  strategies play in the compiled engine (``workbench.games.daggers_brink.compiled``,
  loaded from numba's cache: ``make compile`` builds it); baselines, on the first
  1,000 of the games: the Python engine (``DaggersBrink(compiled=False)``: one state
  moved on in place) and the protocol step loop (a new immutable state per decision);
- the compiled kernel alone: the same lineups' games played from prepared positions
  (dice and shuffles drawn beforehand), without the Python around it;
- the same 10,000 games on two worker processes: the speed-up over one core.

Every run is a fresh Python process (memos cold, as for a user). The machine is shared
(other people's tests run on its two cores), so CPU time is printed beside wall time,
and the load average when the run started; the tables of the different runs are
checked to be equal, game by game.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from fractions import Fraction
from math import comb

import pandas as pd
from play import timed  # benchmarks/play.py: best wall time of a few runs

from workbench.games.daggers_brink import compiled, kernel, odds
from workbench.games.daggers_brink.balance import play_games, rotations
from workbench.games.daggers_brink.engine import DaggersBrink, warm_up
from workbench.games.daggers_brink.kernel import layout
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules
from workbench.games.daggers_brink.strategies import strategy
from workbench.play import tournament

STRATEGIES = {"focus": "focus", "balanced": "balanced", "tank": "tank", "aggressive": "aggressive"}


def _naive_table(size: int = 12, rules: Rules = DEFAULT_RULES) -> list[Fraction]:
    """Every entry on its own: sum over hits k and blocks b of binomial terms."""
    p = rules.hit_chance
    q = 1 - p
    out = []
    for a in range(1, size + 1):
        for d in range(1, size + 1):
            for h in range(1, size + 1):
                total = Fraction(0)
                for k in range(a + 1):
                    for b in range(d + 1):
                        if k - b >= h:
                            total += (
                                comb(a, k) * p**k * q ** (a - k) * comb(d, b) * p**b * q ** (d - b)
                            )
                out.append(total)
    return out


def odds_table() -> None:
    def cold():
        odds._successes.cache_clear()
        return odds.wound_table(12, 12, 12)

    ours, table = timed(cold)
    naive, values = timed(_naive_table, repeat=1)
    assert list(table["p_wound"]) == values, "the two methods disagree"
    print(f"12x12x12 exact P(wound) table, cold        {ours:8.3f} s   (target 0.2 s)")
    print(
        f"  naive double sum per entry (baseline)    {naive:8.3f} s   x{naive / ours:,.1f} faster"
    )


class StepByStep:
    """The game without its whole-game fast path: the runner applies every action."""

    def __init__(self, game: DaggersBrink):
        self.game, self.info = game, game.info

    def initial_state(self, **options):
        return self.game.initial_state(**options)

    def summary(self, state):
        return self.game.summary(state)


def _play(part: str, count: int) -> pd.DataFrame:
    """The benchmark's games: ``count`` lineups in rotation, seed 0, one game each."""
    shifts = rotations(STRATEGIES, 4)
    lineups = [shifts[i % len(shifts)] for i in range(count)]
    options = {"rounds": 1, "seed": 0, "progress": False, "lineups": lineups}
    if part in ("python", "step"):
        factories = {name: strategy(spec) for name, spec in STRATEGIES.items()}
        game = DaggersBrink(4, compiled=False)
        played = StepByStep(game) if part == "step" else game
        return tournament(played, factories, executor=None, **options)
    executor = "processes" if part == "two" else None
    return play_games(STRATEGIES, players=4, executor=executor, workers=2, **options)


def _kernel_alone(count: int) -> dict:
    """CPU seconds of ``count`` games in the kernel alone, from prepared positions."""
    game, shifts = DaggersBrink(4), rotations(STRATEGIES, 4)
    arrays = compiled._shared_arrays(game._setup)
    jobs = []
    for g in range(count):
        agents = [strategy(name)(game, seed=g) for name in shifts[g % 4]]
        state = game.initial_state(seed=g)
        for _ in range(3):  # enough dice and shuffles for any of these games
            state._c.draw_more(faces=True, shuffles=True)
        tables = arrays.tables(arrays.seated(agents), *state._c.arrays())
        jobs.append((tables, compiled._position(state, 1024)))
    before, plies = time.process_time(), 0
    for tables, position in jobs:
        kernel.run(tables, position, -1)
        assert position[0][layout.STATUS] == layout.OK
        plies += int(position[0][layout.PLIES])
    return {"cpu": time.process_time() - before, "plies": plies}


def run_part(part: str, count: int, head: int) -> None:
    """Play in this (fresh) process and print one JSON line: times and the table's hash."""
    loading = time.process_time()
    warm_up()  # numba's cached machine code, loaded (or compiled, the first time ever)
    loading = time.process_time() - loading
    if part == "kernel":
        print(json.dumps(_kernel_alone(head)))
        return
    wall, before = time.perf_counter(), os.times()
    table = _play(part, count)
    after = os.times()
    figures = table.drop(columns="seconds")
    print(
        json.dumps(
            {
                "load": loading,
                "wall": time.perf_counter() - wall,
                "cpu": sum(after[:4]) - sum(before[:4]),  # this process and its workers
                "plies": float(table["plies"].mean()),
                "rounds": float(table["rounds"].mean()),
                "hash": int(pd.util.hash_pandas_object(figures).sum()),
                "head": int(pd.util.hash_pandas_object(figures.head(head)).sum()),
            }
        )
    )


def _fresh(part: str, count: int, head: int) -> dict:
    """``run_part`` in a new Python process: every memo starts cold, as for a user."""
    command = [sys.executable, __file__, "--part", part, "--games", str(count)]
    done = subprocess.run(
        [*command, "--baseline-games", str(head)], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def games(count: int, baseline_count: int) -> None:
    fast = _fresh("fast", count, baseline_count)
    python = _fresh("python", baseline_count, baseline_count)
    step = _fresh("step", baseline_count, baseline_count)
    alone = _fresh("kernel", baseline_count, baseline_count)
    two = _fresh("two", count, baseline_count)
    assert fast["hash"] == two["hash"], "two worker processes played other games"
    assert fast["head"] == python["hash"] == step["hash"], "the Python engine played other games"
    per_game = fast["cpu"] / count
    print(
        f"{count:,} four-player games, one core  {fast['cpu']:8.1f} s CPU"
        f" {fast['wall']:7.1f} s wall"
        f"  ({1000 * per_game:.2f} ms CPU a game, {fast['plies']:.0f} decisions, "
        f"{fast['rounds']:.1f} rounds; compiled engine loaded in {fast['load']:.1f} s)"
    )
    print(f"  as 10,000 games                   {10_000 * per_game:8.1f} s CPU   (target 20 s)")
    head = per_game * baseline_count
    for name, run in (("Python engine", python), ("protocol step loop", step)):
        print(
            f"  first {baseline_count:,} games, {name + ':':20s} {run['cpu']:6.1f} s CPU"
            f" {run['wall']:6.1f} s wall  (baseline: x{run['cpu'] / head:.1f} the compiled"
            " engine's CPU time)"
        )
    print(
        f"  the kernel alone, {baseline_count:,} games  {alone['cpu']:8.2f} s CPU"
        f"  ({1000 * alone['cpu'] / baseline_count:.2f} ms a game,"
        f" {1e6 * alone['cpu'] / alone['plies']:.2f} us a decision)"
    )
    print(
        f"  {count:,} games, two worker processes {two['cpu']:7.1f} s CPU {two['wall']:7.1f} s wall"
        f"  (x{fast['wall'] / two['wall']:.2f} speed-up over one core's wall time)"
    )
    print("  every run in a fresh process; all tables equal, game by game")


def main() -> None:
    parser = argparse.ArgumentParser(description="Daggers Brink speed figures")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--baseline-games", type=int, default=1_000)
    parts = ("fast", "python", "step", "kernel", "two")
    parser.add_argument("--part", choices=parts, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.part:
        run_part(args.part, args.games, args.baseline_games)
        return
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average {load} on {os.cpu_count()} cores (a shared machine: see CPU times)")
    odds_table()
    games(args.games, min(args.baseline_games, args.games))


if __name__ == "__main__":
    main()
