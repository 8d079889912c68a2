"""Plain breadth-first searches over single steps: the oracle for the solver.

They know nothing clever: every situation is expanded one field at a time with
:meth:`ValhallaCalling.step_results`. :func:`baseline_outcomes` finds every outcome a
player can reach (lines do not matter: any walk can be drawn as several lines).
:func:`baseline_star_sets` and :func:`baseline_fewest_lines` also track the edges
used by the current line, and :func:`baseline_kill_orders` the fights so far, so
they are only for tiny levels.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> for outcome in sorted(baseline_outcomes(ValhallaCalling(level))):
...     print(outcome)
Outcome(won=False, kills=0, killer=0, strong=True)
Outcome(won=True, kills=1, killer=0, strong=True)
>>> sorted(baseline_star_sets(ValhallaCalling(level)))
[('one_line', 'strong_killer'), ('strong_killer',)]
"""

from __future__ import annotations

import heapq
from collections import deque

from workbench.errors import SearchLimitError
from workbench.games.valhalla.engine import Outcome, Situation, ValhallaCalling

__all__ = [
    "baseline_fewest_lines",
    "baseline_kill_orders",
    "baseline_outcomes",
    "baseline_star_sets",
]


def _check(size: int, limit: int | None) -> None:
    if limit is not None and size > limit:
        raise SearchLimitError(f"single-step baseline passed {limit} states")


def baseline_outcomes(game: ValhallaCalling, *, limit: int | None = None) -> set[Outcome]:
    """Every outcome reachable from the start, by breadth-first search over steps.

    ``limit`` caps the number of situations (:class:`SearchLimitError` beyond).
    """
    start = game.start()
    seen = {start}
    queue = deque([start])
    outcomes: set[Outcome] = set()
    while queue:
        s = queue.popleft()
        for cell in game.neighbours(s.cell):
            for result in game.step_results(s, cell):
                if isinstance(result, Outcome):
                    outcomes.add(result)
                elif result not in seen:
                    seen.add(result)
                    queue.append(result)
        _check(len(seen), limit)
    return outcomes


def _edge(a, b) -> tuple:
    return (a, b) if a < b else (b, a)


def _line_moves(game: ValhallaCalling, cell, used):
    """Steps that continue the current line: ``(next cell, used edges after)``."""
    for nxt in game.neighbours(cell):
        edge = _edge(cell, nxt)
        if game.rules.line_rule == "no_edge_twice":
            if edge not in used:
                yield nxt, used | {edge}
        elif used != frozenset([edge]):
            yield nxt, frozenset([edge])


def baseline_star_sets(game: ValhallaCalling, *, limit: int | None = None) -> set[tuple[str, ...]]:
    """Every star set some winning play earns exactly (including the one-line star).

    Searches situations paired with the current line's used edges while the play
    is still one line; after a second line is drawn, lines no longer matter.
    """
    start = (game.start(), frozenset())
    seen = {start}
    queue = deque([start])
    sets: set[tuple[str, ...]] = set()
    while queue:
        s, used = queue.popleft()
        options = [(c, None) for c in game.neighbours(s.cell)] if used != frozenset() else []
        if used is not None:  # still one line: continue it (or lift the pen, above)
            options += list(_line_moves(game, s.cell, used))
        for cell, after in options:
            for result in game.step_results(s, cell):
                if isinstance(result, Outcome):
                    if result.won:
                        sets.add(game.stars(result, one_line=after is not None))
                elif (result, after) not in seen:
                    seen.add((result, after))
                    queue.append((result, after))
        _check(len(seen), limit)
    return sets


def baseline_fewest_lines(game: ValhallaCalling, *, limit: int | None = None) -> int | None:
    """The fewest lines of any winning play (None if the level cannot be won).

    Dijkstra over (situation, edges used by the current line) with lines as cost.
    """
    start = (game.start(), frozenset())
    best = {start: 1}
    heap = [(1, 0, start)]
    order = 1
    while heap:
        lines, _, key = heapq.heappop(heap)
        if key is None:  # a won game: the cheapest one comes out first
            return lines
        s, used = key
        if best[key] < lines:
            continue
        options = [(c, u, lines) for c, u in _line_moves(game, s.cell, used)]
        if used:
            options += [(c, frozenset([_edge(s.cell, c)]), lines + 1)
                        for c in game.neighbours(s.cell)]  # fmt: skip
        for cell, after, cost in options:
            for result in game.step_results(s, cell):
                if isinstance(result, Outcome):
                    if result.won:
                        heapq.heappush(heap, (cost, -1, None))
                    continue
                key = (result, after)
                if cost < best.get(key, cost + 1):
                    best[key] = cost
                    order += 1
                    heapq.heappush(heap, (cost, order, key))
        _check(len(best), limit)
    return None


def baseline_kill_orders(
    game: ValhallaCalling, *, limit: int | None = None
) -> set[tuple[int, ...]]:
    """Every fight order (enemy indices, the last one fatal) of a winning play."""
    start: tuple[Situation, tuple[int, ...]] = (game.start(), ())
    seen = {start}
    queue = deque([start])
    orders: set[tuple[int, ...]] = set()
    while queue:
        s, fought = queue.popleft()
        for cell in game.neighbours(s.cell):
            enemy = game.enemy_at.get(cell)
            fights = enemy is not None and s.enemies >> enemy & 1
            after = (*fought, enemy) if fights else fought
            for result in game.step_results(s, cell):
                if isinstance(result, Outcome):
                    if result.won:
                        orders.add(after)
                elif (result, after) not in seen:
                    seen.add((result, after))
                    queue.append((result, after))
        _check(len(seen), limit)
    return orders
