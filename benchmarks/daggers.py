"""Speed of Daggers Brink, each figure against a baseline measured in this run.

    PYTHONPATH=. python benchmarks/daggers.py                # all, 10,000 games
    PYTHONPATH=. python benchmarks/daggers.py --games 2000   # fewer games

- the 12 x 12 x 12 exact P(wound) table, cold (target <= 0.2 s), against a naive
  double sum of binomial terms per entry;
- 10,000 four-player games on one core through the shared tournament runner
  (target <= 20 s), against the target; the CPU time is printed too, since on a shared
  machine the wall time also counts other people's work;
- the same games on two worker processes: the speed-up over one core (the tables
  are checked to be equal).
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction
from math import comb

import pandas as pd
from play import timed  # benchmarks/play.py: best wall time of a few runs

from workbench.games.daggers_brink import odds
from workbench.games.daggers_brink.study import play_games, rotations

STRATEGIES = {"focus": "focus", "balanced": "balanced", "tank": "tank", "aggressive": "aggressive"}


def _naive_table(size: int = 12, threshold: int = 4) -> list[Fraction]:
    """Every entry on its own: sum over hits k and blocks b of binomial terms."""
    p = Fraction(7 - threshold, 6)
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


def games(count: int) -> None:
    names = list(STRATEGIES)
    shifts = rotations(names, 4)
    lineups = [shifts[i % len(shifts)] for i in range(count)]
    options = {"players": 4, "rounds": 1, "seed": 0, "lineups": lineups, "progress": False}
    started, cpu = time.perf_counter(), time.process_time()
    serial = play_games(STRATEGIES, executor=None, **options)
    one_core, cpu = time.perf_counter() - started, time.process_time() - cpu
    started = time.perf_counter()
    parallel = play_games(STRATEGIES, executor="processes", workers=2, **options)
    two = time.perf_counter() - started
    pd.testing.assert_frame_equal(serial.drop(columns="seconds"), parallel.drop(columns="seconds"))
    plies, rounds = serial["plies"].mean(), serial["rounds"].mean()
    scaled = one_core * 10_000 / count
    print(
        f"{count:,} four-player games, one core           {one_core:8.1f} s   "
        f"({1000 * one_core / count:.2f} ms a game, {plies:.0f} decisions, {rounds:.1f} rounds)"
    )
    print(f"  as 10,000 games                          {scaled:8.1f} s   (target 20 s)")
    print(
        f"  CPU time of this process (busy machine)  {cpu:8.1f} s   x{one_core / cpu:.2f} wall/CPU"
    )
    print(
        f"  two worker processes                     {two:8.1f} s   x{one_core / two:.2f} speed-up"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Daggers Brink speed figures")
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    odds_table()
    games(args.games)


if __name__ == "__main__":
    main()
