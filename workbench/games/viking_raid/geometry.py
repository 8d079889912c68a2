"""Movement and reach tables of a Viking Raid map, computed once per map and rules.

The engine works on hex *indices* (positions in :attr:`RaidGeometry.hexes`); every
question it asks during play ("where can the Huscarl go from here, given where
the others stand?", "whom can the Archer reach from there?") is a lookup in
tables built here from ``workbench.grids`` and the rules' move and reach knobs.

>>> from workbench.games.viking_raid.raid_map import default_map
>>> from workbench.games.viking_raid.rules import Rules
>>> geometry = RaidGeometry.build(default_map(), Rules())
>>> centre = geometry.index[(0, 0)]
>>> [len(geometry.moves(role, centre, occupied=())) for role in (ARCHER, HUSCARL, BERSERKER)]
[7, 16, 19]
>>> geometry.nearest_treasure(geometry.all_treasure)[geometry.index[(0, 1)]]
1
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Collection, Iterable

import pandas as pd

from workbench.games.viking_raid.raid_map import ARCHER, BERSERKER, HUSCARL, ROLES, RaidMap
from workbench.games.viking_raid.rules import Rules
from workbench.grids.hexagonal import HEX_DIRECTIONS, Hex, hex_distance, hex_neighbours, hex_ray

__all__ = ["RaidGeometry", "role_summary"]

#: A move as a table entry: (destination index, mask of the hexes walked through).
Step = tuple[int, int]


class RaidGeometry:
    """Index tables of one map under one rules object (built with :meth:`build`, cached).

    Attributes
    ----------
    hexes : tuple of Hex
        The open hexes; a position is an index into this tuple.
    index : dict
        Hex -> index.
    starts : tuple of int
        Start index of each role (Archer, Huscarl, Berserker).
    treasure_bit, treasure_gold : list of int
        Per index: the bit of its treasure in a treasure mask (0 if none) and its gold.
    all_treasure : int
        The mask with every treasure present.
    """

    __slots__ = (
        "_between",
        "_nearest",
        "_neighbours",
        "_reach",
        "_steps",
        "all_treasure",
        "hexes",
        "index",
        "rules",
        "starts",
        "treasure_bit",
        "treasure_gold",
    )

    @classmethod
    def build(cls, raid_map: RaidMap, rules: Rules) -> RaidGeometry:
        """The tables of ``raid_map`` under ``rules`` (memoised: maps and rules are immutable)."""
        return _build(raid_map, rules)

    def __init__(self, raid_map: RaidMap, rules: Rules):
        self.rules = rules
        self.hexes: tuple[Hex, ...] = tuple(sorted(raid_map.open_hexes))
        self.index = {h: i for i, h in enumerate(self.hexes)}
        self.starts = tuple(self.index[h] for h in raid_map.starts)
        self.treasure_bit = [0] * len(self.hexes)
        self.treasure_gold = [0] * len(self.hexes)
        for k, (h, gold) in enumerate(raid_map.treasure):
            self.treasure_bit[self.index[h]] = 1 << k
            self.treasure_gold[self.index[h]] = gold
        self.all_treasure = (1 << len(raid_map.treasure)) - 1
        self._neighbours = [
            [self.index[n] for n in hex_neighbours(h) if n in self.index] for h in self.hexes
        ]
        self._steps = [self._moves_from(i) for i in range(len(self.hexes))]
        self._reach = [[self._reach_of(role, h) for h in self.hexes] for role in range(3)]
        self._between = [self._bash_between(h) for h in self.hexes]
        self._nearest: dict[int, list[int]] = {}

    # -- construction -------------------------------------------------------------------
    def _moves_from(self, at: int) -> list[list[Step]]:
        """Per role: every move from ``at`` as (destination, hexes walked through)."""
        rules = self.rules
        huscarl = (
            self._line_moves(at, rules.huscarl_steps)
            if rules.huscarl_move == "straight"
            else self._path_moves(at, rules.huscarl_steps)
        )
        return [
            self._path_moves(at, rules.archer_steps),
            huscarl,
            self._line_moves(at, rules.berserker_steps),
        ]

    def _line_moves(self, at: int, steps: int) -> list[Step]:
        """Up to ``steps`` hexes along each axis, stopping at a rock or the edge."""
        moves = []
        for d in HEX_DIRECTIONS:
            through = 0
            for h in hex_ray(self.hexes[at], d, steps):
                if h not in self.index:
                    break
                moves.append((self.index[h], through))
                through |= 1 << self.index[h]
        return moves

    def _path_moves(self, at: int, steps: int) -> list[Step]:
        """Up to ``steps`` hexes along any path of open hexes, shortest paths first.

        Alternative routes to one destination are listed separately, so a Viking
        standing on one route does not hide the destination; a route is left out when
        another one to the same hex walks through only some of its hexes. Routes
        never come back next to the start: a step to a neighbour is always direct.
        """
        start = self.hexes[at]
        frontier = [(j, 0) for j in self._neighbours[at]]
        moves = list(frontier)
        kept: dict[int, list[int]] = {}
        for _ in range(steps - 1):
            grown = []
            for end, mask in frontier:
                through = mask | 1 << end
                for j in self._neighbours[end]:
                    if (through >> j) & 1 or hex_distance(start, self.hexes[j]) <= 1:
                        continue
                    routes = kept.setdefault(j, [])
                    if any(m & through == m for m in routes):
                        continue
                    routes.append(through)
                    grown.append((j, through))
            moves += grown
            frontier = grown
        return moves

    def _reach_of(self, role: int, h: Hex) -> int:
        rules = self.rules
        nearest, farthest = rules.volley_range

        def ok(d: int, t: Hex) -> bool:
            if role == ARCHER:
                return nearest <= d <= farthest
            if role == BERSERKER:
                return 1 <= d <= rules.cleave_range
            return 1 <= d <= rules.bash_range and _on_axis(h, t)

        return _mask(i for i, t in enumerate(self.hexes) if ok(hex_distance(h, t), t))

    def _bash_between(self, h: Hex) -> dict[int, int]:
        """Huscarl at ``h``: target index -> mask of the open hexes between them (if any)."""
        between = {}
        for d in HEX_DIRECTIONS:
            ray = hex_ray(h, d, self.rules.bash_range)
            mask = 0
            for far in ray:
                if far not in self.index:
                    continue
                if mask:
                    between[self.index[far]] = mask
                mask |= 1 << self.index[far]
        return between

    # -- queries during play ------------------------------------------------------------
    def moves(self, role: int, at: int, *, occupied: Collection[int]) -> list[int]:
        """Destinations of ``role`` standing on ``at`` when other Vikings stand on ``occupied``.

        Follows ``may_stay``, ``share_hex`` and ``vikings_block_movement``; the
        current hex comes first when staying is allowed (or forced: no move at all).
        """
        rules = self.rules
        taken = _mask(occupied)
        block = taken if rules.vikings_block_movement else 0
        avoid = 0 if rules.share_hex else taken
        seen: dict[int, None] = {}
        for dest, through in self._steps[at][role]:
            if through & block or (avoid >> dest) & 1 or dest in seen:
                continue
            seen[dest] = None
        if rules.may_stay or not seen:
            return [at, *seen]
        return list(seen)

    def can_reach(self, role: int, at: int, target: int, *, occupied: Collection[int]) -> bool:
        """Whether ``role`` on ``at`` may demand tribute from a Viking on ``target``."""
        if not (self._reach[role][at] >> target) & 1:
            return False
        if role == HUSCARL and self.rules.vikings_block_bash:
            return not self._between[at].get(target, 0) & _mask(occupied)
        return True

    def turns_from(self, role: int, at: int) -> list[int]:
        """Per index, the fewest turns ``role`` needs from ``at`` on an empty board (-1: never)."""
        turns = [-1] * len(self.hexes)
        turns[at] = 0
        queue = deque([at])
        while queue:
            i = queue.popleft()
            for j in self.moves(role, i, occupied=()):
                if turns[j] < 0:
                    turns[j] = turns[i] + 1
                    queue.append(j)
        return turns

    def gold_left(self, left: int) -> int:
        """Gold on the treasure hexes still in mask ``left``."""
        return sum(
            g for g, bit in zip(self.treasure_gold, self.treasure_bit, strict=True) if bit & left
        )

    def nearest_treasure(self, left: int) -> list[int]:
        """Per index, steps to the nearest treasure still in mask ``left`` (-1: none left).

        Steps walk over open hexes and ignore Vikings; results are memoised per mask.
        """
        found = self._nearest.get(left)
        if found is None:
            found = self._nearest[left] = self._bfs(left)
        return found

    def _bfs(self, left: int) -> list[int]:
        dist = [-1] * len(self.hexes)
        queue = deque(i for i, bit in enumerate(self.treasure_bit) if bit & left)
        for i in queue:
            dist[i] = 0
        while queue:
            i = queue.popleft()
            for j in self._neighbours[i]:
                if dist[j] < 0:
                    dist[j] = dist[i] + 1
                    queue.append(j)
        return dist


def role_summary(raid_map: RaidMap, rules: Rules | None = None) -> pd.DataFrame:
    """Per role: its start, how far the centre and the treasure are, in hexes and turns.

    Turns count the role's own moves on an empty board; "gold within N turns" adds up the
    treasure on hexes its Viking can reach within N turns of the start.

    >>> from workbench.games.viking_raid.raid_map import default_map
    >>> role_summary(default_map())[["role", "to centre", "first gold (turns)"]]
            role  to centre  first gold (turns)
    0     archer          1                   1
    1    huscarl          4                   1
    2  berserker          4                   1
    """
    geometry = RaidGeometry.build(raid_map, rules or Rules())
    centre = _centre(raid_map)
    rows = []
    for role, name in enumerate(ROLES):
        start = raid_map.starts[role]
        turns = geometry.turns_from(role, geometry.index[start])
        gold_turns = [(turns[geometry.index[h]], g) for h, g in raid_map.treasure]
        reachable = [t for t, _ in gold_turns if t >= 0]
        rows.append(
            {
                "role": name,
                "start": start,
                "to centre": hex_distance(start, centre),
                "nearest gold (hexes)": min(hex_distance(start, h) for h, _ in raid_map.treasure),
                "first gold (turns)": min(reachable, default=-1),
                "gold within 2 turns": sum(g for t, g in gold_turns if 0 <= t <= 2),
                "gold within 4 turns": sum(g for t, g in gold_turns if 0 <= t <= 4),
            }
        )
    return pd.DataFrame(rows)


def _centre(raid_map: RaidMap) -> Hex:
    """The playable hex nearest the middle of the mat (ties: the smallest)."""
    qs = [q for q, _ in raid_map.hexes]
    rs = [r for _, r in raid_map.hexes]
    middle = ((min(qs) + max(qs)) / 2, (min(rs) + max(rs)) / 2)
    return min(raid_map.hexes, key=lambda h: (abs(h[0] - middle[0]) + abs(h[1] - middle[1]), h))


def _mask(indices: Iterable[int]) -> int:
    """The set of hex indices as a bit mask."""
    bits = 0
    for i in indices:
        bits |= 1 << i
    return bits


def _on_axis(a: Hex, b: Hex) -> bool:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return dq == 0 or dr == 0 or dq == -dr


@functools.lru_cache(maxsize=64)
def _build(raid_map: RaidMap, rules: Rules) -> RaidGeometry:
    return RaidGeometry(raid_map, rules)
