"""Questions answered from the exhaustive search: witnesses, kill orders, random play.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> space = StateSpace(Game(level))
>>> witness_walk(space, target=2, multi_line=False)
([(0, 0), (0, 1), (0, 2)], True)
>>> count_kill_orders(space)
1
"""

from __future__ import annotations

import itertools
from collections import defaultdict, deque
from fractions import Fraction

import numpy as np

from workbench.games.valhalla.engine import Game, Outcome
from workbench.games.valhalla.search import StateSpace, outcome_class
from workbench.grids.square import Cell

__all__ = ["count_kill_orders", "random_walk_share", "split_lines", "witness_walk"]


def _path(space: StateSpace, start: Cell, goal: Cell, left: int, steps: int) -> list[Cell]:
    """A walk of exactly ``steps`` steps from ``start`` to ``goal`` over empty fields
    (``left``: points of interest still there), stepping back and forth to lengthen it."""
    game = space.game
    blocked = {space.cells[p] for p in range(space.n + space.m) if left >> p & 1} - {goal}
    parent: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while goal not in parent:
        x = queue.popleft()
        for y in game.neighbours(x):
            if y not in parent and y not in blocked:
                parent[y] = x
                queue.append(y)
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    extra = steps - (len(path) - 1)
    if extra:
        other = path[1] if len(path) > 2 else next(y for y in game.neighbours(start)
                                                    if y not in blocked and y != goal)  # fmt: skip
        path = [start, *[other, start] * (extra // 2), *path[1:]]
    return path


def witness_walk(space: StateSpace, *, target: int, multi_line: bool) -> tuple[list[Cell], bool]:
    """A winning walk (cells from the start) for star class ``target``, and the final
    strike choice it uses. ``multi_line`` asks for a walk of two steps or more (so it
    can be drawn as more than one line)."""
    game = space.game
    state, walk = space.start, [game.level.start]
    while True:
        left = space.unpack(state).left
        for q, d, nxt, ends in space.successors(state):
            if multi_line and state == space.start and d == 1 and nxt is None:
                continue
            if nxt is not None and space.classes(nxt) >> target & 1:
                walk += _path(space, walk[-1], space.cells[q], left, d)[1:]
                state = nxt
                break
            for outcome, strike in ends:
                if outcome.won and outcome_class(game, outcome) == target:
                    return walk + _path(space, walk[-1], space.cells[q], left, d)[1:], strike
        else:
            raise ValueError(f"star class {target} cannot be won from here")


def split_lines(game: Game, walk: list[Cell]) -> list[list[Cell]]:
    """Split a walk into the fewest lines the line rule allows (greedily)."""
    lines = [[walk[0]]]
    used: set = set()
    last = None
    for a, b in itertools.pairwise(walk):
        edge = frozenset((a, b))
        follows = edge in used if game.rules.line_rule == "no_edge_twice" else edge == last
        if follows:
            lines.append([a])
            used = set()
        lines[-1].append(b)
        used.add(edge)
        last = edge
    return lines


def count_kill_orders(space: StateSpace, *, budget: int = 200_000) -> int | None:
    """Number of distinct fight orders (enemies in the order fought, the last one
    fatal) of winning plays; None if more than ``budget`` groups were needed.

    Plays with the same fights so far are followed together as one group: the
    set of states they can be in (Healths as bits, as in the search), so each
    order is counted once, and groups met again are not searched again.
    """
    memo: dict[frozenset, int] = {}
    work = [0]
    enemy_bits = (1 << space.n) - 1
    nothing = (0, 0, 0, 0)

    def winnable(node: int, attack: int) -> int:
        found = space.wins.get((node, attack), nothing)
        return found[0] | found[1] | found[2] | found[3]

    def count(group: frozenset) -> int:
        found = memo.get(group)
        if found is not None:
            return found
        work[0] += 1
        if work[0] > budget:
            raise OverflowError
        pending = dict(group)
        after: dict[int, dict] = defaultdict(dict)
        fatal: set[int] = set()
        while pending:
            (node, attack), healths = pending.popitem()
            for q, _, _, child, a2, table, ends in space.moves(node, attack):
                if table is None:
                    more = healths & winnable(child, a2)
                    if more:
                        pending[child, a2] = pending.get((child, a2), 0) | more
                    continue
                if any(outcome.won and healths & mask for mask, outcome, _ in ends):
                    fatal.add(q)
                if child & enemy_bits:
                    alive = ((healths & table.survives) >> table.damage) & winnable(child, a2)
                    if alive:
                        row = after[q]
                        row[child, a2] = row.get((child, a2), 0) | alive
        total = len(fatal) + sum(count(frozenset(row.items())) for row in after.values())
        memo[group] = total
        return total

    start = space.start_node, space.start_attack
    healths = 1 << space.unpack(space.start).health
    if not winnable(*start) & healths:
        return 0
    try:
        return count(frozenset([(start, healths)]))
    except OverflowError:
        return None


def random_walk_share(game: Game, *, walks: int = 200, seed: int = 0) -> Fraction:
    """Share of random plays that win: each step goes to a uniformly random
    neighbour, the final strike is a coin flip, and a play stops after
    ``20 * cells`` steps (counted as not won)."""
    rng = np.random.default_rng(seed)
    limit = 20 * game.level.width * game.level.height
    wins = 0
    for _ in range(walks):
        s = game.start()
        for _ in range(limit):
            options = game.neighbours(s.cell)
            if not options:
                break
            cell = options[rng.integers(len(options))]
            s = game.step(s, cell, final_strike=bool(rng.integers(2)))
            if isinstance(s, Outcome):
                wins += s.won
                break
    return Fraction(wins, walks)
