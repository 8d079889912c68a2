"""One-line wins found by choosing the trails of a whole plan together.

:func:`~.trails.guided_line` draws the moves of a plan one after the other, each
as the first trail that fits; a level can need a trail for an early move that
leaves room for a later one, which drawing in order finds only by luck (seed 77
of the benchmark's hard ladder). :func:`joint_line` follows the same winning moves
of the free-walk search (:class:`~workbench.games.valhalla.search.StateSpace`)
but keeps, for every move of the plan so far, all its trails (up to
:data:`JOINT_TRAILS`, of one length with the move's effect), and when a new move's
trails all cross the trails chosen, it chooses again for the whole plan at once
(:func:`choose_jointly`: the move with the fewest trails left first, each choice
striking out the trails it crosses). Walks may be longer than the shortest by
``slack`` steps in all over the plan, in stages: no detour, then 2 steps, then
``slack`` (each stage but the last with a quarter of the budget). Like the guided
search it can find one-line wins, never rule one out; every line is replayed
through the engine before it is returned.

>>> from workbench.games.valhalla.level import Level
>>> from workbench.games.valhalla.engine import ValhallaCalling
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> joint_line(StateSpace(ValhallaCalling(level)), target=2)
([(0, 0), (0, 1), (0, 2)], True, (True,))
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from workbench.games.valhalla.search import StateRef, StateSpace
from workbench.games.valhalla.trails import _same_effect, check_line, winning_strikes

__all__ = [
    "JOINT_BUDGET",
    "JOINT_SLACK",
    "JOINT_TRAILS",
    "choose_jointly",
    "crossed_out",
    "distances_to",
    "first_free",
    "joint_line",
    "push_move",
    "trails_between",
]

#: Moves of plans :func:`joint_line` may try by default (each with its trails found
#: and, where they cross, the plan's trails chosen again), past which it gives up.
JOINT_BUDGET = 200_000

#: Steps the walks of a plan may take beyond the shortest, in all, by default.
JOINT_SLACK = 4

#: Trails kept per move at most (the first found: depth first, neighbours in order).
JOINT_TRAILS = 300

#: Choices :func:`choose_jointly` may make for one plan before it gives the plan up.
JOINT_CHOICES = 300

_compiled = njit(cache=True, nogil=True)


@_compiled
def distances_to(neighbours, goal, blocked) -> np.ndarray:
    """Steps from every field to field ``goal`` over fields not in ``blocked`` (-1: none)."""
    fields = neighbours.shape[0]
    distance = np.full(fields, -1, np.int64)
    queue = np.empty(fields, np.int64)
    distance[goal], queue[0], head, tail = 0, goal, 0, 1
    while head < tail:
        x = queue[head]
        head += 1
        for k in range(neighbours.shape[1]):
            y = neighbours[x, k]
            if y >= 0 and distance[y] < 0 and not blocked[y]:
                distance[y] = distance[x] + 1
                queue[tail] = y
                tail += 1
    return distance


@_compiled
def trails_between(neighbours, edge_ids, start, goal, length, blocked, masks, paths) -> int:
    """Trails of exactly ``length`` steps from field ``start`` to field ``goal`` that
    enter no field in ``blocked`` and ``goal`` only at the end, written as bitsets of
    the edges they use (``masks``, a row each) and as fields (``paths``); at most as
    many as ``masks`` has rows. ``neighbours[x, k]`` is a field next to ``x`` (-1: none)
    and ``edge_ids[x, k]`` the number of the edge between them. Returns how many."""
    distance = distances_to(neighbours, goal, blocked)
    if distance[start] < 0 or distance[start] > length:
        return 0
    used = np.zeros(masks.shape[1], np.uint64)
    path = np.empty(length + 1, np.int64)
    tried = np.zeros(length + 1, np.int64)  # per depth, the next neighbour to try
    path[0], depth, found = start, 0, 0
    while depth >= 0:
        x = path[depth]
        if tried[depth] == neighbours.shape[1]:
            tried[depth] = 0
            depth -= 1
            if depth >= 0:  # take back the edge into the field left
                e = edge_ids[path[depth], tried[depth] - 1]
                used[e >> 6] ^= np.uint64(1) << np.uint64(e & 63)
            continue
        k = tried[depth]
        tried[depth] += 1
        y, e = neighbours[x, k], edge_ids[x, k]
        if y < 0 or (used[e >> 6] >> np.uint64(e & 63)) & np.uint64(1):
            continue
        left = length - depth
        if y == goal:
            if left == 1:
                masks[found] = used
                masks[found, e >> 6] |= np.uint64(1) << np.uint64(e & 63)
                paths[found, : depth + 1] = path[: depth + 1]
                paths[found, depth + 1] = goal
                found += 1
                if found == masks.shape[0]:
                    return found
            continue
        if blocked[y] or distance[y] < 0 or distance[y] > left - 1:
            continue
        used[e >> 6] |= np.uint64(1) << np.uint64(e & 63)
        depth += 1
        path[depth], tried[depth] = y, 0
    return found


@_compiled
def first_free(masks, used) -> int:
    """The first row of ``masks`` (edge bitsets) that shares no edge with ``used``, or -1."""
    for t in range(masks.shape[0]):
        free = True
        for w in range(masks.shape[1]):
            if masks[t, w] & used[w]:
                free = False
                break
        if free:
            return t
    return -1


@_compiled
def _fewest_left(left, chosen) -> int:
    """The move not chosen yet with the fewest trails left (``left``: per move)."""
    best, fewest = -1, 1 << 62
    for move in range(left.shape[0]):
        if chosen[move] < 0 and left[move] < fewest:
            best, fewest = move, left[move]
    return best


@_compiled
def choose_jointly(masks, starts, limit, chosen) -> int:
    """Choose one trail per move, no two crossing (sharing an edge): the trails of move
    ``m`` are rows ``starts[m]`` to ``starts[m + 1] - 1`` of ``masks`` (edge bitsets).
    Depth first, the move with the fewest trails left first, each choice striking out
    the trails of the other moves it crosses (a move left without one undoes it).
    Writes the rows chosen into ``chosen``; returns 1 if found, 0 if there is no such
    choice, -1 if ``limit`` choices were made first."""
    moves, rows, words = starts.shape[0] - 1, masks.shape[0], masks.shape[1]
    alive = np.ones(rows, np.bool_)
    left = starts[1:] - starts[:-1]  # per move, its trails left (kept as they are struck)
    struck = np.empty(rows, np.int64)  # trails struck out, in order, to undo
    top = 0
    move_at, next_at = np.empty(moves, np.int64), np.empty(moves, np.int64)
    struck_at = np.empty(moves, np.int64)
    chosen[:] = -1
    if moves == 0:
        return 1
    depth, made = 0, 0
    move_at[0] = _fewest_left(left, chosen)
    next_at[0], struck_at[0] = starts[move_at[0]], 0
    while depth >= 0:
        move = move_at[depth]
        while top > struck_at[depth]:  # undo what this depth's last choice struck out
            top -= 1
            alive[struck[top]] = True
        t = next_at[depth]
        while t < starts[move + 1] and not alive[t]:
            t += 1
        if t == starts[move + 1]:
            chosen[move] = -1
            depth -= 1
            continue
        next_at[depth] = t + 1
        made += 1
        if made > limit:
            return -1
        chosen[move] = t
        ok = True
        for other in range(moves):
            if chosen[other] >= 0:
                continue
            count = 0
            for u in range(starts[other], starts[other + 1]):
                if alive[u]:  # crossing the choice (written out: a helper taking the
                    shared = np.uint64(0)  # masks would count references per trail)
                    for w in range(words):
                        shared |= masks[u, w] & masks[t, w]
                    if shared:
                        alive[u] = False
                        struck[top] = u
                        top += 1
                    else:
                        count += 1
            left[other] = count
            if count == 0:
                ok = False
                break
        if not ok:
            continue
        if depth + 1 == moves:
            return 1
        depth += 1
        move_at[depth] = _fewest_left(left, chosen)
        next_at[depth], struck_at[depth] = starts[move_at[depth]], top
    return 0


@_compiled
def push_move(store, bounds, cores, move, masks, used, limit, rows, saved, union) -> int:
    """Add move ``move``'s trails ``masks`` (one at least) to a plan (its moves' trails in
    ``store``, those of move ``m`` at rows ``bounds[m]`` to ``bounds[m + 1] - 1``, and the
    edges all of them use in ``cores[m]``; ``store`` has room for them) and choose: the
    first that crosses none of ``used`` (the edges of the trails chosen, rows
    ``rows[:move]``), else all the plan's trails again (:func:`choose_jointly` within
    ``limit`` choices, unless :func:`crossed_out` shows there is no choice), the rows chosen
    before kept in ``saved[move]``. Returns 1 with the rows chosen in ``rows`` and their
    edges in ``union``, 2 the same having chosen again, else 0 (no choice fits) or -1 (none
    found within ``limit``), ``rows`` then to be taken back from ``saved``.
    One compiled call a move: the NumPy steps it replaces took longer than the choosing."""
    first, words = bounds[move], store.shape[1]
    for w in range(words):
        cores[move, w] = masks[0, w]
    for t in range(masks.shape[0]):
        for w in range(words):
            store[first + t, w] = masks[t, w]
            cores[move, w] &= masks[t, w]
    bounds[move + 1] = first + masks.shape[0]
    t = first_free(masks, used)
    if t >= 0:
        rows[move] = first + t
        for w in range(words):
            union[w] = used[w] | masks[t, w]
        return 1
    for m in range(move):
        saved[move, m] = rows[m]
    if crossed_out(store, bounds, cores, move):
        return 0
    found = choose_jointly(store[: bounds[move + 1]], bounds[: move + 2], limit,
                           rows[: move + 1])  # fmt: skip
    if found != 1:
        return 0 if found == 0 else -1
    for w in range(words):
        union[w] = 0
        for m in range(move + 1):
            union[w] |= store[rows[m], w]
    return 2


@_compiled
def crossed_out(store, bounds, cores, move) -> bool:
    """Whether the last move of a plan (``move``, laid out as :func:`push_move` says) leaves
    no joint choice, seen from the edges every trail of a move uses (its *core*): each of its
    trails crosses the core of an earlier move (so leaves that move no trail), or its own
    core crosses every trail of an earlier move. A proof, never a guess; it answers two in
    three of the plans :func:`choose_jointly` searched in vain on seed 77 of the hard ladder,
    whose joint line then took 0.89x the time (three runs each, in turn)."""
    words = store.shape[1]
    every = True  # each trail of the move crosses an earlier move's core
    for t in range(bounds[move], bounds[move + 1]):
        crosses = False
        for m in range(move):
            for w in range(words):
                crosses |= (store[t, w] & cores[m, w]) != 0
            if crosses:
                break
        if not crosses:
            every = False
            break
    if every:
        return True
    for m in range(move):  # the move's core crosses every trail of an earlier move
        all_cross = True
        for u in range(bounds[m], bounds[m + 1]):
            cross = False
            for w in range(words):
                cross |= (store[u, w] & cores[move, w]) != 0
            if not cross:
                all_cross = False
                break
        if all_cross:
            return True
    return False


class _Board:
    """The walkable fields of a level as arrays for :func:`trails_between`."""

    def __init__(self, game):
        self.fields = sorted(game.graph.nodes)
        self.index = {cell: i for i, cell in enumerate(self.fields)}
        edges: dict[frozenset, int] = {}
        self.neighbours = np.full((len(self.fields), 4), -1, dtype=np.int64)
        self.edge_ids = np.zeros((len(self.fields), 4), dtype=np.int64)
        for cell, i in self.index.items():
            for k, other in enumerate(game.neighbours(cell)):
                self.neighbours[i, k] = self.index[other]
                self.edge_ids[i, k] = edges.setdefault(frozenset((cell, other)), len(edges))
        self.words = max(1, -(-len(edges) // 64))
        self._trails: dict[tuple, np.ndarray] = {}
        self._distances: dict[tuple, np.ndarray] = {}

    def trails(self, key: tuple, cap: int) -> np.ndarray:
        """The edge bitsets of the trails of :func:`trails_between` from ``key``, ``(start,
        goal, length, blocked)`` (remembered)."""
        found = self._trails.get(key)
        if found is None:
            found = self._trails[key] = self._drawn(*key, cap)[0]
        return found

    def trail(self, key: tuple, cap: int, t: int) -> list:
        """The fields of trail ``t`` of :meth:`trails` (drawn again: only bitsets are kept)."""
        paths = self._drawn(*key, cap)[1]
        return [self.fields[int(f)] for f in paths[t]]

    def _drawn(self, start, goal, length: int, blocked: frozenset, cap: int) -> tuple:
        masks = np.zeros((cap, self.words), dtype=np.uint64)
        paths = np.zeros((cap, length + 1), dtype=np.int64)
        count = trails_between(self.neighbours, self.edge_ids, self.index[start],
                               self.index[goal], length, self._stops(blocked), masks,
                               paths)  # fmt: skip
        return masks[:count].copy(), paths[:count]

    def distance(self, start, goal, blocked: frozenset) -> int | None:
        """Steps of the shortest walk from ``start`` to ``goal`` avoiding ``blocked``, or
        None (remembered per goal and fields blocked)."""
        key = (goal, blocked)
        found = self._distances.get(key)
        if found is None:
            found = self._distances[key] = distances_to(self.neighbours, self.index[goal],
                                                        self._stops(blocked))  # fmt: skip
        steps = int(found[self.index[start]])
        return steps if steps >= 0 else None

    def _stops(self, blocked: frozenset) -> np.ndarray:
        stops = np.zeros(len(self.fields), dtype=np.bool_)
        stops[[self.index[c] for c in blocked]] = True
        return stops


def joint_line(
    space: StateSpace,
    *,
    target: int,
    slack: int = JOINT_SLACK,
    budget: int = JOINT_BUDGET,
    trails: int = JOINT_TRAILS,
    choices: int = JOINT_CHOICES,
) -> tuple[list[tuple[int, int]], bool, tuple[bool, ...]] | None:
    """A one-line win of star class ``target``, or None (not a proof): see the module.
    ``budget`` bounds the moves tried (each with its trails), ``trails`` the trails kept
    per move and ``choices`` those :func:`choose_jointly` may make per plan; with no
    bound on any of them and ``slack`` past every walk's length, the search tries every
    plan and finds a one-line win whenever there is one. Returns ``(line, final strike,
    cunning per fight)``. Only for ``line_rule="no_edge_twice"``."""
    game = space.game
    if game.rules.line_rule != "no_edge_twice" or not space.classes(space.start) >> target & 1:
        return None
    search = _JointSearch(space, target, trails, choices)
    stages = sorted({min(detour, slack) for detour in (0, 2, slack)})
    for stage in stages:  # the fewest steps of detour first
        found = search.run(stage, budget if stage == stages[-1] else budget // 4)
        if found is not None:
            break
    else:
        return None
    strike, cunning = found
    line = [game.level.start]
    for move, t in enumerate(search.chosen):
        line.extend(search.board.trail(search.keys[move], search.trails, t)[1:])
    check_line(game, line, strike, cunning, target)
    return line, strike, cunning


class _Option(NamedTuple):
    """A move that keeps the class winnable: the state after it (or the final strike that
    wins there), the fight's Cunning, the shortest walk and, for each length with the
    move's effect that is not shorter, what its trails are drawn from (:meth:`_Board.trails`:
    ``(start, goal, length, blocked)``)."""

    after: StateRef | None
    strike: bool | None
    fought: tuple[bool, ...]
    shortest: int
    keys: tuple[tuple, ...]


class _JointSearch:
    """The plan of :func:`joint_line` as it grows: every move's trails, in one array."""

    def __init__(self, space: StateSpace, target: int, trails: int, choices: int):
        self.space, self.target, self.trails, self.choices = space, target, trails, choices
        self.board = _Board(space.game)
        self.left = 0
        self.masks = np.zeros((1024, self.board.words), dtype=np.uint64)  # every move's trails
        moves = space.n + space.m  # a plan uses each point of interest once at most
        self.bounds = np.zeros(moves + 2, np.int64)  # move m's trails: rows bounds[m] ..
        self.cores = np.zeros((moves + 1, self.board.words), np.uint64)  # edges all of them use
        self.rows = np.zeros(moves + 1, np.int64)  # per move: the row of the trail chosen
        self.saved = np.zeros((moves + 1, moves + 1), np.int64)  # rows before choosing again
        self.depth = 0  # moves in the plan
        self.keys: list[tuple] = []  # per move: what its trails were drawn from
        self._options: dict[StateRef, list[_Option]] = {}

    @property
    def chosen(self) -> list[int]:
        """Per move of the plan: the trail chosen, numbered among the move's."""
        return (self.rows[: self.depth] - self.bounds[: self.depth]).tolist()

    def run(self, slack: int, budget: int) -> tuple[bool, tuple[bool, ...]] | None:
        """A plan from the start with at most ``slack`` steps of detour, within ``budget``
        moves: ``(final strike, cunning per fight)`` with the plan kept, or None."""
        self.left, self.depth, self.keys = budget, 0, []
        try:
            return self.follow(self.space.start, np.zeros(self.board.words, np.uint64), slack, ())
        except _Spent:
            return None

    def follow(self, state: StateRef, used: np.ndarray, slack: int, fought: tuple):
        """Extend the plan from ``state`` (the chosen trails use ``used``) to a win:
        ``(final strike, cunning per fight)`` with the plan complete, or None."""
        for option in self.options(state):
            for key in option.keys:
                length = key[2]
                if length > option.shortest + slack:
                    break
                self.left -= 1
                if self.left < 0:
                    raise _Spent
                masks = self.board.trails(key, self.trails)
                if not len(masks):
                    continue
                after, again = self._push(masks, key, used)
                if after is not None:
                    fights = fought + option.fought
                    if option.strike is not None:
                        return option.strike, fights
                    found = self.follow(option.after, after, slack - (length - option.shortest),
                                        fights)  # fmt: skip
                    if found is not None:
                        return found
                self.depth -= 1
                self.keys.pop()
                if again:  # the rows chosen before it
                    self.rows[: self.depth] = self.saved[self.depth, : self.depth]
        return None

    def options(self, state: StateRef) -> list[_Option]:
        """The moves from ``state`` that keep the class winnable, shortest walks first
        (remembered: plans meet in the same states)."""
        found = self._options.get(state)
        if found is not None:
            return found
        space = self.space
        here = space.unpack(state)
        cell = space.cells[here.pos]
        blocked = {space.cells[p] for p in range(space.n + space.m) if here.left >> p & 1}
        found = []
        for q, d, nxt, ends, cunning in sorted(space.successors(state), key=lambda m: m[1]):
            strikes, hopeful = winning_strikes(space, self.target, ends, nxt)
            if not hopeful:
                continue
            goal = space.cells[q]
            stops = frozenset(blocked - {goal})
            shortest = self.board.distance(cell, goal, stops)
            if shortest is None:
                continue
            lengths = tuple(sorted(k for k in _same_effect(space, d, here) if k >= shortest))
            fought = (cunning,) if q < space.n else ()
            strike = strikes[0] if strikes else None
            keys = tuple((cell, goal, length, stops) for length in lengths)
            found.append(_Option(nxt, strike, fought, shortest, keys))
        self._options[state] = found
        return found

    def _push(self, masks: np.ndarray, key: tuple, used: np.ndarray) -> tuple:
        """Add a move with these trails to the plan and choose (:func:`push_move`). Returns
        the edges the plan's trails use, or None (the move is still pushed), and whether
        the plan's trails were chosen again (undone from ``saved``)."""
        need = int(self.bounds[self.depth]) + len(masks)
        if need > len(self.masks):
            grown = np.zeros((2 * need, self.board.words), dtype=np.uint64)
            grown[: len(self.masks)] = self.masks
            self.masks = grown
        union = np.empty(self.board.words, np.uint64)
        found = push_move(self.masks, self.bounds, self.cores, self.depth, masks, used,
                          self.choices, self.rows, self.saved, union)  # fmt: skip
        self.depth += 1
        self.keys.append(key)
        return (union if found > 0 else None), found != 1


class _Spent(Exception):
    """The budget of moves is spent."""
