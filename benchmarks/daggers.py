"""Speed of Daggers Brink, each figure against a baseline measured in this run.

    PYTHONPATH=. python benchmarks/daggers.py                # all, 10,000 games
    PYTHONPATH=. python benchmarks/daggers.py --games 2000   # fewer games

- the 12 x 12 x 12 exact P(wound) table, cold (target <= 0.2 s), against a naive
  double sum of binomial terms per entry;
- 10,000 four-player games (focus, balanced, tank and aggressive, seated in rotation)
  on one core through the shared tournament runner (target <= 20 s), where the engine
  plays each game on one state moved on in place (``DaggersBrink.play_fast``);
  baseline: the same games through the protocol step loop (a new immutable state per
  decision, ``play_game(fast=False)``), on the first 1,000 of them. Both start with
  cold memos (a fresh process each): filling the agents' memos of draw-phase choices
  and the table's hand attributes costs both alike, so the same 1,000 games are then
  played again in one process with the memos warm, by each path, to show what the
  fast path itself saves (a state copy and the runner's checks per decision), and
  then replayed through the engine with every agent's choice read from a record: the
  engine's own share of a game's time;
- the same games on two worker processes: the speed-up over one core.

The machine is shared (other people's tests run on its two cores), so CPU time is
printed beside wall time, and the load average when the run started; tables from the
different runs are checked to be equal.
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

from workbench.games.daggers_brink import odds
from workbench.games.daggers_brink.agents import choosers, strategy
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.phases import HANDLERS, play_in_place
from workbench.games.daggers_brink.study import play_games, rotations
from workbench.play import tournament

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
    if part == "step":
        factories = {name: strategy(spec) for name, spec in STRATEGIES.items()}
        return tournament(StepByStep(DaggersBrink(4)), factories, executor=None, **options)
    executor = "processes" if part == "two" else None
    return play_games(STRATEGIES, players=4, executor=executor, workers=2, **options)


def _replaying(record: list) -> dict:
    """Choosers for every decision that answer with the next choice of ``record``."""
    choice = iter(record).__next__
    return dict.fromkeys(HANDLERS, lambda _state: choice())


def _engine_alone(count: int) -> tuple[float, float]:
    """CPU seconds of ``count`` whole games (memos warm), and of the same games with every
    agent's choice replayed from a record: what the engine's steps cost on their own."""
    game, shifts = DaggersBrink(4), rotations(STRATEGIES, 4)
    seated = [[strategy(name)(game, seed=g) for name in shifts[g % 4]] for g in range(count)]
    records: list[list] = []
    for g, agents in enumerate(seated):  # fill the memos and record every choice
        record: list = []
        recording = [
            {d: (lambda s, f=f, r=record: r.append(f(s)) or r[-1]) for d, f in choosers(a).items()}
            for a in agents
        ]
        play_in_place(game.initial_state(seed=g), recording, None)
        records.append(record)
    before = time.process_time()
    for g, agents in enumerate(seated):
        play_in_place(game.initial_state(seed=g), [choosers(a) for a in agents], None)
    whole = time.process_time() - before
    before = time.process_time()
    for g, record in enumerate(records):
        play_in_place(game.initial_state(seed=g), [_replaying(record)] * 4, None)
    return whole, time.process_time() - before


def run_warm(head: int) -> None:
    """The first ``head`` games once to fill the memos, then again by each path, and the
    engine's own share (one JSON line)."""
    _play("fast", head)
    times = {}
    for part in ("fast", "step"):
        before = time.process_time()
        _play(part, head)
        times[part] = time.process_time() - before
    times["whole"], times["engine"] = _engine_alone(head)
    print(json.dumps(times))


def run_part(part: str, count: int, head: int) -> None:
    """Play in this (fresh) process and print one JSON line: times and the table's hash."""
    if part == "warm":
        run_warm(head)
        return
    wall, before = time.perf_counter(), os.times()
    table = _play(part, count)
    after = os.times()
    figures = table.drop(columns="seconds")
    print(
        json.dumps(
            {
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
    fast_head = _fresh("fast", baseline_count, baseline_count)
    step = _fresh("step", baseline_count, baseline_count)
    warm = _fresh("warm", baseline_count, baseline_count)
    two = _fresh("two", count, baseline_count)
    assert fast["hash"] == two["hash"], "two worker processes played other games"
    assert fast["head"] == fast_head["hash"] == step["hash"], "the step loop played other games"
    per_game = fast["cpu"] / count
    print(
        f"{count:,} four-player games, one core  {fast['cpu']:8.1f} s CPU"
        f" {fast['wall']:7.1f} s wall"
        f"  ({1000 * per_game:.2f} ms CPU a game, {fast['plies']:.0f} decisions, "
        f"{fast['rounds']:.1f} rounds)"
    )
    print(f"  as 10,000 games                   {10_000 * per_game:8.1f} s CPU   (target 20 s)")
    print(
        f"  first {baseline_count:,} games, fast path      {fast_head['cpu']:8.1f} s CPU"
        f" {fast_head['wall']:7.1f} s wall"
    )
    print(
        f"  the same, protocol step loop      {step['cpu']:8.1f} s CPU {step['wall']:7.1f} s wall"
        f"  (baseline: x{step['cpu'] / fast_head['cpu']:.2f} the fast path's CPU time)"
    )
    print(
        f"  the same again, memos warm: fast  {warm['fast']:8.1f} s CPU, step loop"
        f" {warm['step']:5.1f} s CPU  (x{warm['step'] / warm['fast']:.2f})"
    )
    print(
        f"  the engine alone (choices replayed) {warm['engine']:6.1f} s CPU of"
        f" {warm['whole']:.1f} s for whole games ({warm['engine'] / warm['whole']:.0%})"
    )
    print(
        f"  {count:,} games, two worker processes {two['cpu']:7.1f} s CPU {two['wall']:7.1f} s wall"
        f"  (x{fast['wall'] / two['wall']:.2f} speed-up over one core's wall time)"
    )
    print("  every run in a fresh process (memos cold); all tables equal")


def main() -> None:
    parser = argparse.ArgumentParser(description="Daggers Brink speed figures")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--baseline-games", type=int, default=1_000)
    parser.add_argument("--part", choices=("fast", "step", "two", "warm"), help=argparse.SUPPRESS)
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
