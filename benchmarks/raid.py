"""Viking Raid speed: 10,000 greedy self-play games on the default map.

Goal: <= 30 s on one core through the shared tournament runner. Baselines run in
the same process: the generic one-ply ``GreedyAgent`` (which builds every next
position and judges it with the heuristic) on a sample of games, scaled to
10,000; and the speed-up of two worker processes over one, on the same seeded games.

    PYTHONPATH=. python benchmarks/raid.py [--games 10000]
"""

from __future__ import annotations

import argparse
import time

from workbench.games.viking_raid import RaidGame
from workbench.games.viking_raid.balance import simulate
from workbench.play import GreedyAgent

GOAL_SECONDS = 30.0


def timed(game, agent, games, *, executor, workers=None, agents=None):
    """Wall-clock seconds, CPU seconds of this process, and the results."""
    started, cpu = time.perf_counter(), time.process_time()
    results = simulate(
        game,
        agent,
        games=games,
        seed=7,
        executor=executor,
        workers=workers,
        agents=agents,
        progress=False,
    )
    return time.perf_counter() - started, time.process_time() - cpu, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    games = parser.parse_args().games
    game = RaidGame()
    one_core, cpu, serial = timed(game, "greedy", games, executor=None)
    verdict = "meets" if cpu <= GOAL_SECONDS * games / 10_000 else "MISSES"
    print(
        f"{games} greedy games, one core: {one_core:.1f} s wall, {cpu:.1f} s CPU "
        f"({games / cpu:.0f} games per CPU second; {verdict} the {GOAL_SECONDS:.0f} s goal "
        "per 10,000; on a busy machine the CPU time is the fair figure)"
    )
    sample = max(20, games // 100)
    _, generic, _ = timed(game, "generic", sample, executor=None, agents={"generic": GreedyAgent})
    print(
        f"generic one-ply GreedyAgent: {generic / sample * 1000:.2f} ms/game vs "
        f"{cpu / games * 1000:.2f} ms/game (CPU): the domain greedy is "
        f"{generic / sample / (cpu / games):.1f}x faster"
    )
    two, _, parallel = timed(game, "greedy", games, executor="processes", workers=2)
    same = parallel.drop(columns="seconds").equals(serial.drop(columns="seconds"))
    print(
        f"two worker processes: {two:.1f} s wall, speed-up {one_core / two:.2f}x over one core "
        f"wall-clock (identical results: {same}; it shows only with two idle cores)"
    )


if __name__ == "__main__":
    main()
