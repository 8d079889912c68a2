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

from dataclasses import dataclass, field

from workbench.games.valhalla.engine import Outcome, Situation
from workbench.games.valhalla.search import StateSpace, outcome_class

__all__ = ["LINE_BUDGET", "LineSearch", "search_lines"]

#: Search nodes a trail search may use by default (past them it answers "unknown").
LINE_BUDGET = 20_000

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
