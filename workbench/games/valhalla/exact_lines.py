"""One-line wins decided exactly: a loosened game, tightened where its wins cheat.

Within one line no edge is used twice, so whether a star class can be won in one
line is a question about trails, and trails blow up with the grid. This module
answers it exactly by *counterexample-guided refinement*:

* the loosened game enforces the line rule only on a set ``K`` of tracked edges
  and lets every other edge be walked again. It is searched from point of interest
  to point of interest over the free-walk search
  (:class:`~workbench.games.valhalla.search.StateSpace`), a state being a free-walk
  state and the tracked edges used so far. A walk between two points of interest
  is found by a breadth-first search over (field, tracked edges used, steps), so
  its length is exact up to the point where longer walks have the same effect;
* every real one-line play is a play of the loosened game, so a class the loosened
  game cannot win is proven impossible in one line;
* a loosened win is drawn as one line; if it uses no edge twice it is a real win
  (replayed through the engine). Otherwise the edges it uses twice join ``K`` and
  the search goes on. ``K`` only grows, and with every edge tracked the loosened
  game is the real one, so this ends;
* a state that cannot win is remembered with the tracked edges used: it cannot
  win either once more edges are tracked, so the memory carries over.

Two pruning rules, each checked by a test against the search without it: a class
the free-walk search cannot win from a state cannot be won in one line from there
either; and a walk that reaches a field in as many steps as another, with a superset
of its tracked edges used, is dropped. The budget (``budget``) bounds the work; past
it the class is ``"unknown"``, never a wrong "no". Levels whose one-line plays must
weave through many points of interest (10x10 with 14 enemies) can need so many
tracked edges that the walk search blows up: the budget is what ends those.

>>> from workbench.games.valhalla.level import Level
>>> from workbench.games.valhalla.engine import ValhallaCalling
>>> level = Level.from_dict({"name": "Pocket", "width": 3, "height": 1, "start": [0, 1],
...     "hero": {"health": 1, "attack": 1},
...     "enemies": [{"at": [0, 0], "attack": 1, "health": 1},
...                 {"at": [0, 2], "attack": 5, "health": 9}]})
>>> found = one_line_wins(StateSpace(ValhallaCalling(level)), targets=0b1111)
>>> found.status[1 << 3]  # fight left, come back over the same edge: two lines at least
'none'
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field

from workbench.games.valhalla.search import StateRef, StateSpace
from workbench.games.valhalla.trails import (
    LineSearch,
    _same_effect,
    _trails,
    check_line,
    winning_strikes,
)
from workbench.grids.square import Cell

__all__ = ["one_line_wins"]

Edge = tuple[Cell, Cell]

#: Work :func:`one_line_wins` may do per star class by default: loosened states
#: searched plus the fields and tracked-edge sets the walk searches between points
#: of interest compare (a million takes about a quarter of a second).
EXACT_BUDGET = 3_000_000

#: Steps the search for a trail with the effect of a loosened walk may take.
DRAW_BUDGET = 2_000


def _edge(a: Cell, b: Cell) -> Edge:
    return (a, b) if a <= b else (b, a)


@dataclass
class _Step:
    """One move of a loosened play: the walk drawn to the point of interest and the
    move's outcome (``strike`` is the final strike's use, None if the game goes on)."""

    state: StateRef
    steps: int
    walk: list[Cell]
    cunning: bool
    fights: bool
    strike: bool | None = None


@dataclass
class _Loosened:
    """The loosened game of one star class over the tracked edges ``tracked``."""

    space: StateSpace
    target: int
    tracked: dict[Edge, int] = field(default_factory=dict)
    #: States that cannot win: (layer, row, Health) -> the tracked edges used then
    #: (bitmasks over the edges tracked when it was recorded; more used cannot win).
    failed: dict[tuple, list[int]] = field(default_factory=dict)
    walks: dict[tuple, dict] = field(default_factory=dict)
    regions: dict[tuple, dict] = field(default_factory=dict)
    searched: int = 0
    budget: int = EXACT_BUDGET

    def search(self) -> list[_Step] | None:
        """A loosened win of the class, or None."""
        self.walks.clear()
        return self._win(self.space.start, 0)

    def _win(self, state: StateRef, used: int) -> list[_Step] | None:
        key = (state.layer, state.row, state.health)
        failed = self.failed.setdefault(key, [])
        if any(mask & used == mask for mask in failed):
            return None
        self._spend(1)
        space, target = self.space, self.target
        moves = list(space.successors(state))
        here = space.unpack(state)
        # A length stands for every longer one of its parity when the next one has its
        # effect (the search keeps only the moves that can matter, not every length).
        open_ended = {d: d + 2 in _same_effect(space, d, here) for _, d, *_ in moves}
        cap = max(open_ended, default=0)  # the walks' steps saturate there: only a length
        if not open_ended.get(cap, True):  # that stands for the longer ones may be the cap
            cap += 2
        for q, d, nxt, ends, cunning in sorted(moves, key=lambda move: move[1]):
            strikes, hopeful = winning_strikes(space, target, ends, nxt)
            if not hopeful:
                continue
            fights = q < space.n
            for walk, after in self._walks(here, used, q, d, open_ended[d], cap):
                if strikes:
                    return [_Step(state, d, walk, cunning, fights, strikes[0])]
                rest = self._win(nxt, after)
                if rest is not None:
                    return [_Step(state, d, walk, cunning, fights), *rest]
        failed.append(used)
        return None

    def _spend(self, work: int) -> None:
        self.searched += work
        if self.searched > self.budget:
            raise _Spent

    def _walks(self, here, used: int, q: int, d: int, open_ended: bool, cap: int):
        """Loosened walks to point of interest ``q`` with the effect of ``d`` steps
        (``open_ended``: ``d`` stands for every longer walk of its parity), one per
        set of tracked edges used that no other such set is contained in."""
        cells = self.space.cells
        start, left = cells[here.pos], here.left
        region = self._region(start, left)
        if not any(a in region and b in region for a, b in self.tracked):
            yield self._free_walk(start, left, q, d), used
            return
        found = self._table(start, left, used, cap)
        options = {}
        for (goal, steps, mask), path in found.items():
            if goal == q and (steps == d or (open_ended and steps >= d)):
                options[mask] = path
        for mask in sorted(options, key=int.bit_count):
            if not any(other & mask == other and other != mask for other in options):
                yield options[mask], mask

    def _blocked(self, left: int) -> set[Cell]:
        cells = self.space.cells
        return {cells[p] for p in range(len(cells) - 1) if left >> p & 1}

    def _region(self, start: Cell, left: int) -> dict[Cell, Cell | None]:
        """The fields a walk from ``start`` can pass through and the points of interest
        it can reach, each with the field before it on a shortest walk."""
        key = (start, left)
        found = self.regions.get(key)
        if found is None:
            game, blocked = self.space.game, self._blocked(left)
            found, queue = {start: None}, deque([start])
            while queue:
                x = queue.popleft()
                self._spend(1)
                if x in blocked and x != start:
                    continue
                for y in game.neighbours(x):
                    if y not in found:
                        found[y] = x
                        queue.append(y)
            self.regions[key] = found
        return found

    def _free_walk(self, start: Cell, left: int, q: int, d: int) -> list[Cell]:
        """A walk of exactly ``d`` steps to point of interest ``q`` over empty fields:
        the shortest, then stepping back and forth at its start."""
        parents = self._region(start, left)
        path = [self.space.cells[q]]
        while parents[path[-1]] is not None:
            path.append(parents[path[-1]])
        path.reverse()
        extra = d - (len(path) - 1)
        if extra:  # the free-walk search lengthens walks only where the hero can step off
            blocked = self._blocked(left)
            spare = next(y for y in self.space.game.neighbours(start) if y not in blocked)
            path[:1] = [start, spare] * (extra // 2) + [start]
        return path

    def _table(self, start: Cell, left: int, used: int, cap: int) -> dict:
        """Walks from ``start`` to every point of interest left, by tracked edges used
        and steps (saturated at ``cap``): ``(poi, steps, tracked used) -> walk``."""
        key = (start, left, used, cap)
        found = self.walks.get(key)
        if found is not None:
            return found
        space = self.space
        game, blocked = space.game, self._blocked(left)
        poi = {cell: p for p, cell in enumerate(space.cells[:-1]) if left >> p & 1}
        origin = (start, used, 0)
        parents: dict[tuple, tuple | None] = {origin: None}
        front: dict[tuple, list[int]] = {}  # (field, steps) -> tracked edges used: the least
        queue = deque([origin])
        found = {}
        while queue:
            node = queue.popleft()
            x, mask, steps = node
            for y in game.neighbours(x):
                bit = self.tracked.get(_edge(x, y))
                if bit is not None:
                    if mask >> bit & 1:
                        continue
                    after = mask | 1 << bit
                else:
                    after = mask
                nxt = (y, after, min(steps + 1, cap))
                masks = front.setdefault((y, nxt[2]), [])
                self._spend(len(masks))
                if any(m & after == m for m in masks):  # as far with fewer edges used
                    continue
                masks.append(after)
                parents[nxt] = node
                if y in blocked:
                    key_found = (poi[y], nxt[2], after)
                    if key_found not in found:
                        found[key_found] = _path(parents, nxt)
                    continue
                queue.append(nxt)
        self.walks[key] = found
        return found


def _path(parents: dict, node: tuple) -> list[Cell]:
    path = []
    while node is not None:
        path.append(node[0])
        node = parents[node]
    return path[::-1]


class _Spent(Exception):
    """The budget of work is spent."""


def one_line_wins(space: StateSpace, *, targets: int, budget: int = EXACT_BUDGET) -> LineSearch:
    """Decide, per star class in ``targets`` (bit ``c``: class ``c``), whether a play
    of one line wins it: ``"found"`` with the line, ``"none"`` (a proof), or
    ``"unknown"`` once the class has used up ``budget`` work (loosened states searched
    and walk-search steps, over all refinements). Only for
    ``line_rule="no_edge_twice"``.
    """
    result = LineSearch()
    free = space.classes(space.start)
    for c in range(4):
        bit = 1 << c
        if not targets & bit:
            continue
        result.status[bit] = "none"
        if not free & bit:
            continue
        loosened = _Loosened(space, c, budget=budget)
        try:
            _refine(loosened, result, bit)
        except _Spent:
            result.status[bit] = "unknown"
        result.nodes += loosened.searched
    return result


def _refine(loosened: _Loosened, result: LineSearch, bit: int) -> None:
    """Search the loosened game, tightening it, until a real win or none is left."""
    space = loosened.space
    while (plan := loosened.search()) is not None:
        walked = [space.game.level.start] + [c for step in plan for c in step.walk[1:]]
        twice = _edges_twice(walked)  # none of them tracked
        line = _draw(space, plan) if twice else walked
        if not _edges_twice(line):
            strike, cunning = bool(plan[-1].strike), tuple(s.cunning for s in plan if s.fights)
            check_line(space.game, line, strike, cunning, bit.bit_length() - 1)
            result.status[bit], result.lines[bit] = "found", [line]
            result.final_strike[bit], result.cunning[bit] = strike, cunning
            return
        for edge in sorted(twice):
            loosened.tracked[edge] = len(loosened.tracked)


def _draw(space: StateSpace, plan: list[_Step]) -> list[Cell]:
    """A loosened play drawn as one line: each walk replaced, where one exists, by a
    trail over edges not used yet with the same effect (a short depth-first search)."""
    line = [space.game.level.start]
    used: frozenset = frozenset()
    for step in plan:
        here = space.unpack(step.state)
        blocked = {space.cells[p] for p in range(space.n + space.m) if here.left >> p & 1}
        goal = step.walk[-1]
        blocked.discard(goal)
        lengths = _same_effect(space, step.steps, here)
        tries = [DRAW_BUDGET]
        trail = next(_trails(space.game, line[-1], goal, lengths, blocked, used, tries), None)
        walk = trail[0] if trail is not None else step.walk
        used |= {frozenset(e) for e in itertools.pairwise(walk)}
        line.extend(walk[1:])
    return line


def _edges_twice(line: list[Cell]) -> set[Edge]:
    seen: set[Edge] = set()
    twice = set()
    for a, b in itertools.pairwise(line):
        edge = _edge(a, b)
        (twice if edge in seen else seen).add(edge)
    return twice
