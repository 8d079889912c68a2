"""Questions answered from the exhaustive search: witnesses and lines; random play.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> space = StateSpace(Game(level))
>>> witness_walk(space, target=2, multi_line=False)
([(0, 0), (0, 1), (0, 2)], True)
"""

from __future__ import annotations

import itertools
from collections import deque
from fractions import Fraction

import numpy as np

from workbench.games.valhalla.engine import Game, Outcome
from workbench.games.valhalla.search import StateSpace, outcome_class
from workbench.grids.square import Cell

__all__ = ["random_walk_share", "split_lines", "witness_walk"]


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
