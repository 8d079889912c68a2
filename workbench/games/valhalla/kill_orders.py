"""How many kill orders win: distinct sequences of enemies fought, the last one fatal.

Plays with the same fights so far are followed together as one *group*: the states they
can be in (states of the count's graph, :mod:`~workbench.games.valhalla.kill_graph`, each
with its Healths as a bitset, all within the state's future). Pickups keep a play in its
group; each enemy fought next leads to the group of the plays that survived that fight,
and counts one order if some play falls there and wins. Equal groups have equal futures
and are made one, so this is the subset construction of an automaton over kill sequences,
built breadth first by the number of fights, and the answer is a count of its paths.

Groups with the same enemies bested share most of their states: each depth's groups are
sorted by the enemies left (then by the items left and the hero's field, of a group's first
state: 9% less time on the hardest level than by the enemies alone) and followed 64 at a
time, a bit each
(:mod:`~workbench.games.valhalla.kill_chunks`), and each child is written once, equal ones
found by a hash table.

>>> from workbench.games.valhalla.engine import ValhallaCalling
>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Pair", "width": 3, "height": 1, "start": [0, 1],
...     "hero": {"health": 3, "attack": 9, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 0], "attack": 3, "health": 9},
...                 {"at": [0, 2], "attack": 3, "health": 9}]})
>>> count_kill_orders(StateSpace(ValhallaCalling(level)))  # either enemy, final strike
2
"""

from __future__ import annotations

import math

import numpy as np

from workbench.games.valhalla import bitsets
from workbench.games.valhalla.kill_chunks import Depth, Groups, Room, follow_depth
from workbench.games.valhalla.kill_graph import kill_graph
from workbench.games.valhalla.search import StateSpace

__all__ = ["KILL_ORDER_BUDGET", "count_kill_orders"]

#: Groups of plays the count may build by default (past them it answers None): the
#: hardest 10x10 levels with 14 enemies found need up to 570,000.
KILL_ORDER_BUDGET = 1_000_000


def count_kill_orders(space: StateSpace, *, budget: int = KILL_ORDER_BUDGET,
                      spend: bool = False) -> int | None:  # fmt: skip
    """Number of distinct fight orders of winning plays; None if more than
    ``budget`` groups of plays were needed to count them. ``spend=True`` lets the search go
    as its layers are read (:func:`~.kill_graph.kill_graph`): the space holds nothing
    afterwards."""
    graph = kill_graph(space, spend=spend)
    health = space.start.health
    if not bitsets.contains(graph.future[:1], health)[0]:
        return 0
    words = graph.future.shape[1]
    room = Room(int(graph.layer.max()) + 1, space.n, health + 1, words)
    groups = Groups(np.array([0, 1]), np.array([0]), bitsets.from_ints([1 << health], words=words))
    enemies, places = (1 << space.n) - 1, space.maker.layout.mask("left", "pos")
    depths: list[Depth] = []
    made = 1
    while len(groups.starts) > 1:
        firsts = graph.codes[groups.rows[groups.starts[:-1]]]
        order = np.lexsort(((firsts & places) >> space.n, firsts & enemies))
        depth = follow_depth(graph, groups, order, room)
        groups = depth.groups
        depths.append(depth._replace(groups=None))
        made += len(groups.starts) - 1
        if made > budget:
            return None
    below = np.zeros(0, dtype=_exact_type(space.n))
    for depth in depths[::-1]:
        totals = depth.fatal.astype(below.dtype)
        np.add.at(totals, depth.parents, below[depth.children])
        below = totals
    return int(below[0])


def _exact_type(enemies: int) -> type:
    """A type that holds every count of kill orders of ``enemies`` enemies exactly: int64
    while the number of sequences of distinct enemies fits it (up to 20), else Python ints.

    >>> _exact_type(20), _exact_type(21)
    (<class 'numpy.int64'>, <class 'object'>)
    """
    most = sum(math.perm(enemies, k) for k in range(1, enemies + 1))
    return np.int64 if most < 2**63 else object
