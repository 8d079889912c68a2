"""Brawlhalla board analysis speed: every movement graph, all-pairs distances and the full
fairness report for the 12x18 default board (goal: under 0.2 s), against a baseline of
plain per-source breadth-first search in Python for the same all-pairs distances.

Run: PYTHONPATH=. python benchmarks/board.py
"""

from __future__ import annotations

import statistics
import time
from collections import deque

from workbench.games.brawlhalla.balance import fairness
from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.movement import all_pairs_distances
from workbench.games.brawlhalla.objectives import board_distances

GOAL_S = 0.2


def analyse(board):
    distances = board_distances(board)
    pairs = {key: all_pairs_distances(graph) for key, graph in distances.graphs.items()}
    report = fairness(board, distances=distances)
    return distances, pairs, report


def plain_all_pairs(graph):
    """Baseline: one Python BFS per source over an adjacency dict."""
    adjacency = {node: list(graph.neighbors(node)) for node in graph}
    result = {}
    for source in adjacency:
        dist = {source: 0}
        queue = deque([source])
        while queue:
            node = queue.popleft()
            for nxt in adjacency[node]:
                if nxt not in dist:
                    dist[nxt] = dist[node] + 1
                    queue.append(nxt)
        result[source] = dist
    return result


def timed(func, repeat):
    """Median wall-clock and CPU seconds (CPU time is steadier on a shared machine)."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        func()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    board = default_board()
    graphs = board_distances(board).graphs
    analyse(board)  # warm-up (imports, caches)
    full, full_cpu = timed(lambda: analyse(board), 7)
    fast_pairs, _ = timed(lambda: [all_pairs_distances(g) for g in graphs.values()], 7)
    plain_pairs, _ = timed(lambda: [plain_all_pairs(g) for g in graphs.values()], 3)
    verdict = "meets" if min(full, full_cpu) < GOAL_S else "MISSES"
    print(
        f"graphs + all-pairs + fairness report, 12x18: {full * 1000:.1f} ms wall, "
        f"{full_cpu * 1000:.1f} ms CPU ({verdict} the {GOAL_S * 1000:.0f} ms goal)"
    )
    print(
        f"all-pairs distances, 8 graphs: scipy {fast_pairs * 1000:.1f} ms, "
        f"plain BFS {plain_pairs * 1000:.1f} ms"
    )
    print(f"ratio plain BFS / scipy: {plain_pairs / fast_pairs:.1f}x")


if __name__ == "__main__":
    main()
