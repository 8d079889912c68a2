"""Movement and reach tables of a Viking Raid map, computed once per map and rules.

The engine works on hex *indices* (positions in :attr:`RaidBoard.hexes`); every
question it asks during play ("where can the Huscarl go from here, given where
the others stand?", "whom can the Archer reach from there?") is a lookup in
tables built here from ``workbench.grids``.

>>> from workbench.games.viking_raid.maps import default_map
>>> from workbench.games.viking_raid.rules import Rules
>>> board = RaidBoard.build(default_map(), Rules())
>>> centre = board.index[(0, 0)]
>>> [len(board.moves(seat, centre, occupied=())) for seat in (ARCHER, HUSCARL, BERSERKER)]
[7, 16, 19]
>>> board.nearest_treasure(board.all_treasure)[board.index[(0, 1)]]
1
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Collection, Iterable

import pandas as pd

from workbench.games.viking_raid.maps import ROLES, RaidMap
from workbench.games.viking_raid.rules import Rules
from workbench.grids.hexagonal import HEX_DIRECTIONS, Hex, hex_distance, hex_ray

__all__ = ["ARCHER", "BERSERKER", "HUSCARL", "RaidBoard", "role_summary"]

ARCHER, HUSCARL, BERSERKER = 0, 1, 2


class RaidBoard:
    """Index tables of one map under one rules object (built with :meth:`build`, cached).

    Attributes
    ----------
    hexes : tuple of Hex
        The open hexes; a position is an index into this tuple.
    index : dict
        Hex -> index.
    starts : tuple of int
        Start index of each seat (Archer, Huscarl, Berserker).
    treasure_bit, treasure_gold : list of int
        Per index: the bit of its treasure in a treasure mask (0 if none) and its gold.
    all_treasure : int
        The mask with every treasure present.
    """

    __slots__ = (
        "_bash",
        "_nearest",
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
    def build(cls, raid_map: RaidMap, rules: Rules) -> RaidBoard:
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
        self._steps = [
            [[(path[-1], _mask(path[:-1])) for path in paths] for paths in self._move_paths(h)]
            for h in self.hexes
        ]
        self._reach = [[self._reach_of(seat, h) for h in self.hexes] for seat in range(3)]
        self._bash = [self._bash_middles(h) for h in self.hexes]
        self._nearest: dict[int, list[int]] = {}

    # -- construction -------------------------------------------------------------------
    def _rays(self, h: Hex, steps: int) -> list[list[int]]:
        """Per axis, the open hexes met walking from ``h`` until a rock or the edge."""
        rays = []
        for d in HEX_DIRECTIONS:
            ray = []
            for step in hex_ray(h, d, steps):
                if step not in self.index:
                    break
                ray.append(self.index[step])
            rays.append(ray)
        return rays

    def _move_paths(self, h: Hex) -> list[tuple[tuple[int, ...], ...]]:
        """Per seat: every move as the tuple of hexes walked through, destination last.

        Alternative routes to one destination are listed separately, so a Viking
        standing on one route does not hide the destination.
        """
        step = [ray for ray in self._rays(h, 1) if ray]
        archer = [tuple(ray) for ray in step]
        if self.rules.huscarl_move == "straight":
            huscarl = [tuple(ray[:k]) for ray in self._rays(h, 2) for k in range(1, len(ray) + 1)]
        else:
            huscarl = [tuple(ray) for ray in step]
            for (mid,) in step:
                for nxt in self._rays(self.hexes[mid], 1):
                    if nxt and nxt[0] != self.index[h] and hex_distance(h, self.hexes[nxt[0]]) == 2:
                        huscarl.append((mid, nxt[0]))
        berserker = [tuple(ray[:k]) for ray in self._rays(h, 3) for k in range(1, len(ray) + 1)]
        return [archer, huscarl, berserker]

    def _reach_of(self, seat: int, h: Hex) -> int:
        def ok(d: int, t: Hex) -> bool:
            if seat == ARCHER:
                return d in (2, 3)
            if seat == BERSERKER:
                return d == 1
            return d in (1, 2) and _on_axis(h, t)

        return _mask(i for i, t in enumerate(self.hexes) if ok(hex_distance(h, t), t))

    def _bash_middles(self, h: Hex) -> dict[int, int]:
        """Huscarl at ``h``: target index at distance 2 -> index of the hex in between."""
        middles = {}
        for d in HEX_DIRECTIONS:
            mid, far = hex_ray(h, d, 2)
            if far in self.index and mid in self.index:
                middles[self.index[far]] = self.index[mid]
        return middles

    # -- queries during play ------------------------------------------------------------
    def moves(self, seat: int, at: int, *, occupied: Collection[int]) -> list[int]:
        """Destinations of ``seat`` standing on ``at`` when other Vikings stand on ``occupied``.

        Follows ``may_stay``, ``share_hex`` and ``vikings_block_movement``; the
        current hex comes first when staying is allowed (or forced: no move at all).
        """
        rules = self.rules
        taken = _mask(occupied)
        block = taken if rules.vikings_block_movement else 0
        avoid = 0 if rules.share_hex else taken
        seen: dict[int, None] = {}
        for dest, through in self._steps[at][seat]:
            if through & block or (avoid >> dest) & 1 or dest in seen:
                continue
            seen[dest] = None
        if rules.may_stay or not seen:
            return [at, *seen]
        return list(seen)

    def can_reach(self, seat: int, at: int, target: int, *, occupied: Collection[int]) -> bool:
        """Whether ``seat`` on ``at`` may demand tribute from a Viking on ``target``."""
        if not (self._reach[seat][at] >> target) & 1:
            return False
        if seat == HUSCARL and self.rules.vikings_block_bash:
            return self._bash[at].get(target) not in occupied
        return True

    def turns_from(self, seat: int, at: int) -> list[int]:
        """Per index, the fewest turns ``seat`` needs from ``at`` on an empty board (-1: never)."""
        turns = [-1] * len(self.hexes)
        turns[at] = 0
        queue = deque([at])
        while queue:
            i = queue.popleft()
            for j in self.moves(seat, i, occupied=()):
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
            for j, _ in self._steps[i][ARCHER]:
                if dist[j] < 0:
                    dist[j] = dist[i] + 1
                    queue.append(j)
        return dist


def role_summary(raid_map: RaidMap, rules: Rules | None = None) -> pd.DataFrame:
    """Per role: its start, how far the centre and the treasure are, in hexes and turns.

    Turns count the role's own moves on an empty board; "gold within N turns" adds up the
    treasure on hexes its Viking can reach within N turns of the start.

    >>> from workbench.games.viking_raid.maps import default_map
    >>> role_summary(default_map())[["role", "to centre", "first gold (turns)"]]
            role  to centre  first gold (turns)
    0     archer          1                   1
    1    huscarl          4                   1
    2  berserker          4                   1
    """
    board = RaidBoard.build(raid_map, rules or Rules())
    centre = _centre(raid_map)
    rows = []
    for seat, role in enumerate(ROLES):
        start = raid_map.starts[seat]
        turns = board.turns_from(seat, board.index[start])
        gold_turns = [(turns[board.index[h]], g) for h, g in raid_map.treasure]
        reachable = [t for t, _ in gold_turns if t >= 0]
        rows.append(
            {
                "role": role,
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
def _build(raid_map: RaidMap, rules: Rules) -> RaidBoard:
    return RaidBoard(raid_map, rules)
