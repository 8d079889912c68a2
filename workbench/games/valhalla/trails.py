"""Plays drawn in few lines: depth-first search over trails, with a node budget.

Within one line no edge is used twice (or, with ``line_rule="no_reversal"``, no
edge twice in a row), so whether a level can be won in one line is a search over
trails, which blows up with the grid. The search here is exact but budgeted:

* it walks single steps with the engine, so it follows the rules literally;
* at every step it asks the exhaustive free-walk search
  (:class:`~workbench.games.valhalla.search.StateSpace`) whether a star class
  still sought can be won from there; a trail play is also a free walk, so
  pruning on that is sound;
* a position (situation, used edges, lines drawn) is searched once: the search
  only asks whether a winning end can be reached;
* it stops after ``budget`` nodes and then says ``"unknown"``, never a wrong "no".

A pen lift is only tried when the next edge is used up: drawing a walk in the
fewest lines means extending each line as long as the rule allows.

:func:`guided_line` looks for what the budgeted search leaves open another way:
it follows the free-walk search's winning moves from point of interest to point
of interest and draws each as a trail; it can find a one-line win, never rule
one out (:mod:`~workbench.games.valhalla.joint_lines` does the same, choosing the
trails of a whole plan together).

>>> from workbench.games.valhalla.level import Level
>>> from workbench.games.valhalla.engine import ValhallaCalling
>>> from workbench.games.valhalla.search import StateSpace
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> found = search_lines(StateSpace(ValhallaCalling(level)), targets=0b1111, max_lines=1)
>>> found.status[4], found.lines[4], found.status[1]
('found', [[(0, 0), (0, 1), (0, 2)]], 'none')
"""

from __future__ import annotations

import itertools
import weakref
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from workbench.games.valhalla.engine import Outcome, Situation
from workbench.games.valhalla.search import StateSpace, outcome_class
from workbench.play.agents import Seed, python_random

__all__ = ["GUIDED_BUDGET", "LINE_BUDGET", "LineSearch", "guided_line", "search_lines"]

#: Search nodes a trail search may use by default (past them it answers "unknown").
LINE_BUDGET = 20_000

#: Trail steps :func:`guided_line` may try by default, in each of its rounds.
GUIDED_BUDGET = 50_000

#: Rounds of :func:`guided_line` that draw one or two trails a move: three in set
#: orders, then orders shuffled.
GUIDED_ROUNDS = 12

Lines = list[list[tuple[int, int]]]


@dataclass
class LineSearch:
    """What a trail search found, per star class bit (``1 << class``).

    ``status[bit]`` is ``"found"``, ``"none"`` (proven impossible within
    ``max_lines`` lines) or ``"unknown"`` (budget spent); ``lines[bit]``,
    ``final_strike[bit]`` and ``cunning[bit]`` (Tricksters Cunning used or not,
    fight by fight) give the play found.
    """

    status: dict[int, str] = field(default_factory=dict)
    lines: dict[int, Lines] = field(default_factory=dict)
    final_strike: dict[int, bool] = field(default_factory=dict)
    cunning: dict[int, tuple[bool, ...]] = field(default_factory=dict)
    nodes: int = 0


def search_lines(
    space: StateSpace,
    *,
    targets: int,
    max_lines: int,
    budget: int = LINE_BUDGET,
    stop_at_first: bool = False,
) -> LineSearch:
    """Search plays of at most ``max_lines`` lines that win a star class in ``targets``.

    ``targets`` is a bitmask of classes (bit ``c``: class ``c``); classes no free
    walk wins are "none" at once. ``stop_at_first`` ends the search at the first
    class found (the others are then "unknown").
    """
    game = space.game
    edges: dict[tuple, int] = {}
    for a, b in sorted(game.graph.edges()):
        edges[a, b] = edges[b, a] = len(edges) // 2
    reversal_only = game.rules.line_rule == "no_reversal"
    result = LineSearch()
    wanted = targets & space.classes(space.start)
    lines: Lines = [[game.start().cell]]

    def expand(s: Situation, used: int, count: int):
        for nxt in game.neighbours(s.cell):
            edge = edges[s.cell, nxt]
            blocked = used == edge + 1 if reversal_only else bool(used >> edge & 1)
            if blocked and count == max_lines:
                continue
            after = edge + 1 if reversal_only else (0 if blocked else used) | 1 << edge
            fights = nxt in game.enemy_at and s.enemies >> game.enemy_at[nxt] & 1
            for strike, cunning, step in game.step_choices(s, nxt):
                fought = (cunning,) if fights else ()
                yield nxt, blocked, strike, fought, step, after, count + blocked

    def draw(cell, nxt, blocked: bool) -> None:
        if blocked:
            lines.append([cell])
        lines[-1].append(nxt)

    def undraw(blocked: bool) -> None:
        lines[-1].pop()
        if blocked:
            lines.pop()

    start = game.start()
    visited = {(start, 0, 1)}
    stack = [(start, expand(start, 0, 1), None, ())]
    exhausted = not wanted
    while stack and wanted:
        s, moves, _, _ = stack[-1]
        for nxt, blocked, strike, fought, step, after, count in moves:
            draw(s.cell, nxt, blocked)
            if isinstance(step, Outcome):
                bit = 1 << outcome_class(game, step) if step.won else 0
                if wanted & bit:
                    result.status[bit] = "found"
                    result.lines[bit] = [list(line) for line in lines]
                    result.final_strike[bit] = strike
                    result.cunning[bit] = tuple(c for *_, f in stack for c in f) + fought
                    wanted &= ~bit
                undraw(blocked)
                if not wanted or (stop_at_first and result.lines):
                    break
                continue
            key = (step, after, count)
            if (step.enemies, step.items) != (s.enemies, s.items):
                hopeful = space.classes(space.state_of(step)) & wanted
            else:
                hopeful = space.promising(step, wanted)
            if key in visited or not hopeful:
                undraw(blocked)
                continue
            visited.add(key)
            result.nodes += 1
            stack.append((step, expand(step, after, count), blocked, fought))
            break
        else:
            _, _, blocked, _ = stack.pop()
            if blocked is not None:
                undraw(blocked)
            continue
        if not wanted or (stop_at_first and result.lines) or result.nodes >= budget:
            break
    else:
        exhausted = True
    for c in range(4):
        bit = 1 << c
        if targets & bit and bit not in result.status:
            result.status[bit] = "unknown" if wanted & bit and not exhausted else "none"
    return result


def guided_line(
    space: StateSpace,
    *,
    target: int,
    budget: int = GUIDED_BUDGET,
    rounds: int = GUIDED_ROUNDS,
    seed: Seed = 0,
) -> tuple[list[tuple[int, int]], bool, tuple[bool, ...]] | None:
    """A one-line win of star class ``target`` found by following the exhaustive
    search from point of interest to point of interest, or None (not a proof).

    Each move of :meth:`StateSpace.successors` that keeps the class winnable is
    drawn as a trail to its point of interest (over empty fields and unused edges,
    of a length with the same effect as the move's, the shortest first: a short
    trail uses up few edges); a failed (state, used edges) is not searched again.
    It goes in rounds of at most ``budget`` trail steps each. The first ``rounds``
    draw only one or two trails of each move, so that the budget goes to the choice
    of moves rather than to other trails of the first ones: the moves with the
    shortest walks first, with one trail and then two, the search's own order of
    moves, then rounds that shuffle the order of the moves and of each field's
    neighbours (from ``seed``), which draws other trails first. On the benchmark's
    hard ladder (10x10, 14 enemies) they find every one-line win but one (seed 77
    with ``strong_killer``: one shuffled round in about 80 finds it, and
    :func:`~.joint_lines.joint_line` every time), each within 1.4 s (most within 0.1 s).
    A last round draws every trail of each move. Returns ``(line, final strike, cunning per
    fight)``, replayed through the engine before it is returned, or None. Only for
    ``line_rule="no_edge_twice"``.
    """
    game = space.game
    if game.rules.line_rule != "no_edge_twice" or not space.classes(space.start) >> target & 1:
        return None
    for order, width, edges in _rounds(game, rounds, seed):
        found = _guided_round(space, target, budget, width, order, edges)
        if found is not None:
            line, strike, cunning = found
            check_line(game, line, strike, cunning, target)
            return found
    return None


def _rounds(game, rounds: int, seed: Seed) -> list[tuple]:
    """The rounds of :func:`guided_line`, each ``(move order, trails per move, neighbour
    order of the fields)``: ``rounds`` of one or two trails a move, then every trail."""
    own = _edges_from(game)
    plans = [(_shortest_first, 1, own), (_shortest_first, 2, own), (_as_searched, 1, own)]
    for k, stream in enumerate(np.random.SeedSequence(seed).spawn(max(rounds - len(plans), 0))):
        rng = python_random(stream)
        shuffled = {x: rng.sample(near, len(near)) for x, near in own.items()}
        plans.append((rng.shuffle, 1 + k % 2, shuffled))
    return [*plans[:rounds], (_as_searched, None, own)]


def _shortest_first(moves: list) -> None:
    """The moves with the shortest walks first, in the search's order among equals."""
    moves.sort(key=lambda move: move[1])


def _as_searched(moves: list) -> None:
    """The moves in the order of :meth:`StateSpace.successors`."""


def _guided_round(space: StateSpace, target: int, budget: int, width: int | None, order,
                  edges: dict):  # fmt: skip
    """One round of :func:`guided_line`: at most ``width`` trails drawn for a move (None:
    all), the moves put in order in place by ``order``, the trails drawn trying each
    field's neighbours in the order of ``edges`` (see :func:`_edges_from`)."""
    game = space.game
    tries = [budget]
    failed: set[tuple] = set()

    def follow(state, line: list, used: frozenset, fought: tuple):
        here = space.unpack(state)
        blocked = {space.cells[p] for p in range(space.n + space.m) if here.left >> p & 1}
        moves = list(space.successors(state))
        order(moves)
        for q, d, nxt, ends, cunning in moves:
            strikes, hopeful = winning_strikes(space, target, ends, nxt)
            if not hopeful:
                continue
            lengths = _same_effect(space, d, here)
            fights = fought + ((cunning,) if q < space.n else ())
            trails = _trails(game, line[-1], space.cells[q], lengths, blocked, used, tries,
                             edges)  # fmt: skip
            for path, taken in itertools.islice(trails, width):
                if strikes:
                    return line + path[1:], strikes[0], fights
                key = (nxt, used | taken)
                if key not in failed:
                    found = follow(nxt, line + path[1:], used | taken, fights)
                    if found is not None:
                        return found
                    failed.add(key)
            if tries[0] <= 0:
                return None
        return None

    return follow(space.start, [game.level.start], frozenset(), ())


def winning_strikes(space: StateSpace, target: int, ends, after) -> tuple[list[bool], bool]:
    """For a move of :meth:`StateSpace.successors` (``ends``, next state ``after``): the
    final-strike uses with which it wins star class ``target``, and whether a search for
    that class follows it (it wins there, or the class can still be won after it)."""
    strikes = [s for o, s in ends if o.won and outcome_class(space.game, o) == target]
    later = after is not None and bool(space.classes(after) >> target & 1)
    return strikes, bool(strikes) or later


def check_line(game, line: list, strike: bool, cunning: tuple[bool, ...], target: int) -> None:
    """Replay a one-line play through the engine; raise AssertionError unless it wins star
    class ``target`` (a finder's line is never returned unchecked)."""
    outcome = game.replay([line], final_strike=strike, cunning=cunning)
    if not (isinstance(outcome, Outcome) and outcome.won
            and outcome_class(game, outcome) == target):  # fmt: skip
        raise AssertionError(f"the line found does not win class {target}: {line}")


def _same_effect(space: StateSpace, steps: int, here) -> frozenset[int]:
    """Walk lengths with the effect of a walk of ``steps`` steps (the search keeps a
    move per effect, the ones that can matter, and a length stands for every longer one of
    its parity once the next one has its effect), remembered per game: drawing asks the
    same again and again."""
    known = _EFFECT_LENGTHS.setdefault(space.maker, {})
    key = (steps, int(here.attack), int(here.loki), int(here.chariot))
    if key not in known:
        lengths = np.arange(steps, steps + _SLACK, 2)
        effect = space.maker.walk_effect(
            steps=lengths,
            attack=np.full(len(lengths), here.attack),
            loki=np.full(len(lengths), here.loki),
            chariot=np.full(len(lengths), here.chariot),
        )
        same = np.logical_and.reduce([column == column[0] for column in effect])
        known[key] = frozenset(lengths[same].tolist())
    return known[key]


#: :func:`_same_effect`'s answers, per move maker (forgotten with it).
_EFFECT_LENGTHS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

#: Extra steps a drawn walk may take over the move's own length (see :func:`_same_effect`).
_SLACK = 9


def _trails(game, start, goal, lengths: set[int], blocked: set, used: frozenset, tries: list,
            edges: dict | None = None):  # fmt: skip
    """Trails from ``start`` to ``goal`` with a length in ``lengths`` over unused edges,
    entering no field in ``blocked`` and ``goal`` only at the end, each with the edges it
    takes: the shortest first (they use up fewest edges), depth first among those of a
    length, trying each field's neighbours in the order of ``edges`` (by default
    :func:`_edges_from`). ``tries[0]`` counts the steps left (shared)."""
    edges = edges or _edges_from(game)
    distance = _distances(game, goal, blocked, used)
    if start in distance:
        for length in sorted(size for size in lengths if size >= distance[start]):
            yield from _trails_of(edges, [start], goal, length, used, distance, tries)


def _trails_of(edges, path, goal, length, used, distance, tries):
    here, left = path[-1], length - (len(path) - 1)
    for nxt, edge in edges[here]:
        if edge in used or distance.get(nxt, left) > left - 1:
            continue
        tries[0] -= 1
        if tries[0] < 0:
            return
        if nxt == goal:
            if left == 1:
                yield [*path, nxt], frozenset((edge,))
            continue
        for rest, taken in _trails_of(edges, [*path, nxt], goal, length, used | {edge}, distance,
                                      tries):  # fmt: skip
            yield rest, taken | {edge}


def _distances(game, goal, blocked: set, used: frozenset) -> dict:
    """Steps from every field to ``goal`` over unused edges, through no blocked field."""
    edges = _edges_from(game)
    distance, queue = {goal: 0}, deque([goal])
    while queue:
        x = queue.popleft()
        further = distance[x] + 1
        for y, edge in edges[x]:
            if y not in distance and y not in blocked and edge not in used:
                distance[y] = further
                queue.append(y)
    return distance


def _edges_from(game) -> dict:
    """Per field, its neighbours with the edge to each (a frozenset of the two fields, one
    object per edge, so that looking it up in a set of used edges makes nothing new)."""
    found = _EDGES.get(game)
    if found is None:
        one: dict[frozenset, frozenset] = {}
        found = {}
        for x in game.graph.nodes:
            found[x] = []
            for y in game.neighbours(x):
                edge = frozenset((x, y))
                found[x].append((y, one.setdefault(edge, edge)))
        _EDGES[game] = found
    return found


#: :func:`_edges_from` per game (forgotten with it).
_EDGES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
