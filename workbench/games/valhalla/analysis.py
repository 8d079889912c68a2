"""Questions answered from the exhaustive search: witnesses and lines; random play.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> space = StateSpace(ValhallaCalling(level))
>>> witness_walk(space, target=2, multi_line=False)
([(0, 0), (0, 1), (0, 2)], True, (True,))
"""

from __future__ import annotations

import itertools
from collections import deque
from fractions import Fraction

import numpy as np

from workbench.games.valhalla.engine import Outcome, ValhallaCalling
from workbench.games.valhalla.search import StateSpace, outcome_class
from workbench.grids.square import Cell

__all__ = ["RANDOM_WALKS", "random_walk_share", "split_lines", "witness_walk"]

#: Random plays the difficulty estimate makes by default.
RANDOM_WALKS = 200


def _path(space: StateSpace, walk: list[Cell], goal: Cell, left: int, steps: int):
    """A walk of exactly ``steps`` steps from the end of ``walk`` to ``goal`` over empty
    fields (``left``: points of interest still there), and whether it goes on drawing
    the current line: a short search looks for such a walk, else the shortest one is
    lengthened by stepping back and forth."""
    game, start = space.game, walk[-1]
    blocked = {space.cells[p] for p in range(space.n + space.m) if left >> p & 1} - {goal}
    distance = _distances(game, goal, blocked)
    line = split_lines(game, walk)[-1]
    used = {frozenset(edge) for edge in itertools.pairwise(line)}
    if game.rules.line_rule == "no_reversal":
        used = {frozenset(line[-2:])} if len(line) > 1 else set()
    trail = _trail(game, start, goal, steps, distance, used, budget=_TRAIL_BUDGET)
    if trail is not None:
        return trail, True
    path = [start]
    while path[-1] != goal:
        path.append(min(game.neighbours(path[-1]), key=lambda y: distance.get(y, steps + 1)))
    extra = steps - (len(path) - 1)
    if extra:
        other = (
            path[1]
            if len(path) > 2
            else next(y for y in game.neighbours(start) if y not in blocked and y != goal)
        )
        path = [start, *[other, start] * (extra // 2), *path[1:]]
    return path, False


_TRAIL_BUDGET = 5_000  # search steps per walk before falling back to stepping back and forth


def _distances(game: ValhallaCalling, goal: Cell, blocked: set[Cell]) -> dict[Cell, int]:
    """Steps from every field to ``goal`` over fields not ``blocked``, never through it."""
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        x = queue.popleft()
        for y in game.neighbours(x):
            if y not in distance and y not in blocked:
                distance[y] = distance[x] + 1
                if y != goal:
                    queue.append(y)
    return distance


def _trail(game, start, goal, steps, distance, used, *, budget) -> list[Cell] | None:
    """A walk of exactly ``steps`` steps from ``start`` to ``goal`` that uses no edge
    in ``used`` nor any edge twice and enters ``goal`` only at the end (depth first,
    at most ``budget`` steps tried)."""
    path, taken, used = [start], [], set(used)
    stack = [iter(game.neighbours(start))]
    while stack:
        here, left = path[-1], steps - len(taken)
        for nxt in stack[-1]:
            edge = frozenset((here, nxt))
            far = distance.get(nxt)
            if far is None or far > left - 1 or edge in used or (nxt == goal) != (left == 1):
                continue
            budget -= 1
            if budget < 0:
                return None
            path.append(nxt)
            taken.append(edge)
            used.add(edge)
            if nxt == goal:
                return path
            stack.append(iter(game.neighbours(nxt)))
            break
        else:
            stack.pop()
            if taken:
                used.discard(taken.pop())
                path.pop()
    return None


def witness_walk(
    space: StateSpace, *, target: int, multi_line: bool
) -> tuple[list[Cell], bool, tuple[bool, ...]]:
    """A winning walk (cells from the start) for star class ``target``, the final
    strike choice it uses and, fight by fight, whether it uses Tricksters Cunning.
    ``multi_line`` asks for a walk of two steps or more (so it can be drawn as more
    than one line).

    Each move goes on drawing the current line when some move allows it (a greedy
    choice: the walk may still take more lines than needed)."""
    game = space.game
    state, walk, cunning = space.start, [game.level.start], []
    while True:
        left = space.unpack(state).left
        options = []
        for q, d, nxt, ends, uses in space.successors(state):
            if multi_line and state == space.start and d == 1 and nxt is None:
                detour = _detour(game, space.cells[q], target)
                if detour is not None:
                    options.append((True, False, len(options), *detour))
                continue
            strikes = [
                strike
                for outcome, strike in ends
                if outcome.won and outcome_class(game, outcome) == target
            ]
            if strikes or (nxt is not None and space.classes(nxt) >> target & 1):
                path, same_line = _path(space, walk, space.cells[q], left, d)
                fought = (uses,) if q < space.n else ()
                options.append(
                    (not same_line, not strikes, len(options), path, nxt, strikes, fought)
                )
                if same_line:
                    break
        if not options:
            raise ValueError(f"star class {target} cannot be won from here")
        *_, path, state, strikes, fought = min(options)
        walk += path[1:]
        cunning += fought
        if strikes:
            return walk, strikes[0], tuple(cunning)


def _detour(game: ValhallaCalling, goal: Cell, target: int):
    """A winning walk of three steps from the start to the adjacent ``goal`` that ends
    the game there in star class ``target``: out to an empty field and back first.

    The search merges walks with the same effect, so where a step back and forth
    changes nothing it keeps only the single step; but a play of one step is one
    line, and the three steps can be drawn as two. Returns ``(walk, None, [strike],
    (cunning,))`` or None."""
    start = game.start()
    for out in game.neighbours(start.cell):
        if out == goal or out in game.enemy_at or out in game.item_at:
            continue
        back = game.step(game.step(start, out), start.cell)
        for strike, cunning, end in game.step_choices(back, goal):
            if isinstance(end, Outcome) and end.won and outcome_class(game, end) == target:
                return [start.cell, out, start.cell, goal], None, [strike], (cunning,)
    return None


def split_lines(game: ValhallaCalling, walk: list[Cell]) -> list[list[Cell]]:
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


def random_walk_share(
    game: ValhallaCalling, *, walks: int = RANDOM_WALKS, seed: int = 0
) -> Fraction:
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
            cunning = len(game.cunning_choices()) == 1 or bool(rng.integers(2))
            s = game.step(s, cell, final_strike=bool(rng.integers(2)), cunning=cunning)
            if isinstance(s, Outcome):
                wins += s.won
                break
    return Fraction(wins, walks)
