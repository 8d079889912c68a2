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
    started = time.perf_counter()
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
    return time.perf_counter() - started, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    games = parser.parse_args().games
    game = RaidGame()
    one_core, serial = timed(game, "greedy", games, executor=None)
    verdict = "meets" if one_core <= GOAL_SECONDS * games / 10_000 else "MISSES"
    print(
        f"{games} greedy games, one core: {one_core:.1f} s "
        f"({games / one_core:.0f} games/s; {verdict} the {GOAL_SECONDS:.0f} s goal per 10,000)"
    )
    sample = max(20, games // 100)
    generic, _ = timed(game, "generic", sample, executor=None, agents={"generic": GreedyAgent})
    print(
        f"generic one-ply GreedyAgent: {generic / sample * 1000:.2f} ms/game vs "
        f"{one_core / games * 1000:.2f} ms/game: the domain greedy is "
        f"{generic / sample / (one_core / games):.1f}x faster"
    )
    two, parallel = timed(game, "greedy", games, executor="processes", workers=2)
    same = parallel.drop(columns="seconds").equals(serial.drop(columns="seconds"))
    print(
        f"two worker processes: {two:.1f} s, speed-up {one_core / two:.2f}x over one core "
        f"(identical results: {same})"
    )


if __name__ == "__main__":
    main()
