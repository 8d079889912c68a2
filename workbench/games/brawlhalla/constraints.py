"""The CP-SAT model behind the board generator: one (region, terrain) choice per square
and one method per family of instructions (counts, water gaps, coast, connectivity,
stars, mountain ranges, islands, walled paths, ruins, mirror preference), and the
:class:`Layout` of choices the text leaves to the generator.

Used by :func:`~.generator.generate_board`; building a model needs OR-Tools.

>>> Layout(island_reach=3).keep_regions
('north', 'south')
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.errors import WorkbenchError
from workbench.games.brawlhalla.board import CONTINENTS, Board
from workbench.games.brawlhalla.instructions import STRAITS, Instructions, compass_cells, star_cells
from workbench.grids.square import DIAGONAL, ORTHOGONAL, Cell, chebyshev

__all__ = ["BoardModel", "Layout"]

_TERRAINS = ("earth", "shore", "mountain")
_MIRROR_REGION = {"north": "south", "south": "north"}


@dataclass(frozen=True, kw_only=True)
class Layout:
    """The generator's own choices where the text leaves room.

    Attributes
    ----------
    central_sanctuary : (row, col)
        Square of the central sanctuary; the central continent is built around it
        so that it is the continent's most central square.
    west_east_shore_reach : int
        Shore of the west/east continents reaches at most this many columns beyond
        their land (the text bounds only the land).
    island_reach : int
        An island lies within this many squares (king moves) of both continents of its
        strait, and farther from the others.
    keep : Board, optional
        A board whose ``keep_regions`` squares are kept as drawn (terrain and region);
        no other square joins those regions. Drawing the north and south continents by
        hand as mirror images makes the rest a much smaller problem.
    keep_regions : tuple of str
        The regions taken from ``keep``.
    mirror : bool
        Prefer the board closest to a north/south mirror image (the solver then
        searches until ``time_limit_s``); False stops at the first board found.
    time_limit_s : float
        Solver time limit in seconds.
    seed : int
        Solver seed (one worker, so a seed gives one board).
    """

    central_sanctuary: Cell = (8, 5)
    west_east_shore_reach: int = 1
    island_reach: int = 4
    keep: Board | None = None
    keep_regions: tuple[str, ...] = ("north", "south")
    mirror: bool = True
    time_limit_s: float = 120.0
    seed: int = 0


def _solver_module():
    try:
        from ortools.sat.python import cp_model
    except ImportError:  # pragma: no cover - depends on the environment
        raise WorkbenchError(
            "the board generator needs OR-Tools: pip install 'viking-rules-workbench[solver]' "
            "(or pip install ortools)"
        ) from None
    return cp_model


class BoardModel:
    """The CP-SAT model of one board: one choice of (region, terrain) per square."""

    def __init__(self, spec: Instructions, layout: Layout):
        cp_model = _solver_module()
        self.cp_model = cp_model
        self.spec, self.layout = spec, layout
        self.m = cp_model.CpModel()
        self.rows, self.cols = spec.rows, spec.cols
        self.cells = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        self.x: dict[tuple[Cell, str, str], object] = {}
        for cell in self.cells:
            options = [("water", "water"), ("island", "shore")]
            if (
                self.layout.keep is not None
                and self.layout.keep.region_at(cell) in self.layout.keep_regions
            ):
                options = []
            for k in CONTINENTS:
                options += [(k, t) for t in _TERRAINS if self._allowed(cell, k, t)]
            for k, t in options:
                self.x[cell, k, t] = self.m.new_bool_var(f"{k}_{t}_{cell[0]}_{cell[1]}")
            self.m.add_exactly_one(self.x[cell, k, t] for k, t in options)

    # -- variables as expressions --------------------------------------------------------
    def var(self, cell: Cell, region: str, terrain: str):
        return self.x.get((cell, region, terrain), 0)

    def inside(self, cell: Cell, region: str):
        if region == "island":
            return self.var(cell, "island", "shore")
        return sum(self.var(cell, region, t) for t in _TERRAINS)

    def land(self, cell: Cell, region: str):
        kinds = ("earth", "mountain") if self.spec.mountains_are_land else ("earth",)
        return sum(self.var(cell, region, t) for t in kinds)

    def mountain(self, cell: Cell):
        return sum(self.var(cell, k, "mountain") for k in CONTINENTS)

    def walkable(self, cell: Cell, region: str):
        return self.var(cell, region, "earth") + self.var(cell, region, "shore")

    def neighbours(self, cell: Cell, steps) -> list[Cell]:
        out = []
        for dr, dc in steps:
            r, c = cell[0] + dr, cell[1] + dc
            if 0 <= r < self.rows and 0 <= c < self.cols:
                out.append((r, c))
        return out

    def _allowed(self, cell: Cell, region: str, terrain: str) -> bool:
        r, c = cell
        spec = self.spec
        keep = self.layout.keep
        if keep is not None:
            kept = (
                keep.region_at(cell) if keep.region_at(cell) in self.layout.keep_regions else None
            )
            if kept is not None:
                return (region, terrain) == (kept, keep.terrain_at(cell))
            if region in self.layout.keep_regions:
                return False
        is_land = terrain != "shore"
        if region in ("north", "south"):
            depth = r + 1 if region == "north" else self.rows - r
            limit = spec.north_south_land_reach + (0 if is_land else spec.north_south_shore_reach)
            return depth <= limit
        if region in ("west", "east"):
            depth = c + 1 if region == "west" else self.cols - c
            limit = spec.west_east_land_reach + (
                0 if is_land else self.layout.west_east_shore_reach
            )
            return depth <= limit
        return True

    # -- constraint families -------------------------------------------------------------
    def counts(self) -> None:
        for k in CONTINENTS:
            self.m.add(sum(self.land(p, k) for p in self.cells) == self.spec.land(k))
            self.m.add(sum(self.var(p, k, "shore") for p in self.cells) == self.spec.shore(k))

    def separation(self) -> None:
        regions = (*CONTINENTS, "island")
        gap = self.spec.water_gap
        for p in self.cells:
            for q in self.cells:
                if q <= p or chebyshev(p, q) > gap:
                    continue
                for k in regions:
                    others = [k2 for k2 in regions if k2 != k or k == "island"]
                    self.m.add(self.inside(p, k) + sum(self.inside(q, k2) for k2 in others) <= 1)

    def coast(self) -> None:
        for p in self.cells:
            water = sum(
                self.var(q, "water", "water") for q in self.neighbours(p, ORTHOGONAL + DIAGONAL)
            )
            for k in CONTINENTS:
                if (p, k, "shore") in self.x:
                    self.m.add(self.x[p, k, "shore"] <= water)

    def connected(
        self, active: dict[Cell, object], root: Cell, name: str, *, diagonal: bool = True
    ) -> None:
        """Single-commodity flow from ``root``: every active square receives one unit."""
        nodes = [p for p, e in active.items() if not isinstance(e, int)]
        big = len(nodes)
        flow = {}
        steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
        for p in nodes:
            for q in self.neighbours(p, steps):
                if q in active and not isinstance(active[q], int):
                    f = self.m.new_int_var(0, big, f"flow_{name}_{p}_{q}")
                    self.m.add(f <= big * active[p])
                    self.m.add(f <= big * active[q])
                    flow[p, q] = f
        self.m.add(active[root] == 1)
        for p in nodes:
            inflow = sum(f for (a, b), f in flow.items() if b == p)
            outflow = sum(f for (a, b), f in flow.items() if a == p)
            if p == root:
                self.m.add(outflow - inflow == sum(active[q] for q in nodes if q != root))
            else:
                self.m.add(inflow - outflow == active[p])

    def fixed_places(self) -> dict[str, Cell]:
        spec = self.spec
        marks = compass_cells(self.rows, self.cols)
        for side, cells in marks.items():
            for cell in cells:
                self.m.add(self.var(cell, side, "earth") == 1)
        stars = star_cells(spec)
        for name, cell in stars.items():
            self.m.add(self.var(cell, name.split()[1], "earth") == 1)
        self.m.add(self.var(self.layout.central_sanctuary, "central", "earth") == 1)
        return stars

    def capital_ranges(self, stars: dict[str, Cell]) -> None:
        marks = compass_cells(self.rows, self.cols)
        for side in ("north", "south"):
            if self.layout.keep is not None and side in self.layout.keep_regions:
                continue
            capital = stars[f"capital {side}"]
            ring = [
                q for q in self.neighbours(capital, ORTHOGONAL + DIAGONAL) if q not in marks[side]
            ]
            west = min(c for _, c in ring)
            tail = [(capital[0], west - 1 - i) for i in range(self.spec.capital_range_west)]
            wanted = set(ring) | set(tail)
            for p in self.cells:
                if (p, side, "mountain") in self.x:
                    self.m.add(self.x[p, side, "mountain"] == int(p in wanted))
                elif p in wanted:
                    raise WorkbenchError(f"layout: mountain {p} lies outside the {side} continent")

    def _ridge(self, rows: range, name: str) -> dict[Cell, object]:
        """``central_ridge_length`` mountains in a band of two rows, in one range
        (in two rows, a set is connected, diagonals included, when its columns are)."""
        cells = [(r, c) for r in rows for c in range(self.cols)]
        flags = {p: self.m.new_bool_var(f"{name}_{p}") for p in cells}
        self.m.add(sum(flags.values()) == self.spec.central_ridge_length)
        used = []
        for c in range(self.cols):
            flag = self.m.new_bool_var(f"{name}_col_{c}")
            column = [flags[r, c] for r in rows]
            self.m.add_max_equality(flag, column)
            used.append(flag)
        for a in range(self.cols):
            for b in range(a + 2, self.cols):
                for mid in range(a + 1, b):
                    self.m.add(used[a] + used[b] - used[mid] <= 1)
        return flags

    def central(self) -> None:
        """A range of ``central_ridge_length`` mountains north and one south of the
        sanctuary, and a flat easternmost point with a mountain north and south of it
        (apart from the south range) and an opening to the west."""
        r0, _ = self.layout.central_sanctuary
        north = self._ridge(range(r0 - 2, r0), "north_ridge")
        south = self._ridge(range(r0 + 1, r0 + 3), "south_ridge")
        wanted: dict[Cell, list] = {}
        for p, flag in (*north.items(), *south.items()):
            wanted.setdefault(p, []).append(flag)
        points = {}
        for point in self.cells:
            r, c = point
            if r < r0 + 2 or r + 1 >= self.rows or c == 0:
                continue
            flag = points[point] = self.m.new_bool_var(f"east_point_{point}")
            above, below = (r - 1, c), (r + 1, c)
            for cell in (above, below):
                wanted.setdefault(cell, []).append(flag)
            # The mountain above may belong to the south range; otherwise neither
            # touches it, so that range keeps its length.
            for q in self.neighbours(above, ORTHOGONAL + DIAGONAL):
                if q in south:
                    self.m.add(south[q] <= south.get(above, 0)).only_enforce_if(flag)
            for q in [*self.neighbours(below, ORTHOGONAL + DIAGONAL), below]:
                if q in south:
                    self.m.add(south[q] == 0).only_enforce_if(flag)
            for cell in (point, (r, c - 1)):
                self.m.add(self.walkable(cell, "central") == 1).only_enforce_if(flag)
            for q in self.cells:
                if q[1] > c or (q[1] == c and q[0] > r):
                    self.m.add(self.walkable(q, "central") == 0).only_enforce_if(flag)
        self.m.add_exactly_one(points.values())
        for p in self.cells:
            self.m.add_max_equality(self.var(p, "central", "mountain"), wanted.get(p, [0]))
        size = self.spec.land("central") + self.spec.shore("central")
        half = (size - 1) // 2
        for index, centre in enumerate(self.layout.central_sanctuary):
            moment = sum(self.inside(p, "central") * (p[index] - centre) for p in self.cells)
            self.m.add(moment <= half)
            self.m.add(moment >= -half)

    def middle(self) -> None:
        """West, east and central continents keep clear of the north and south ones' rows."""
        top = self.spec.north_south_land_reach + self.spec.water_gap
        for p in self.cells:
            if p[0] < top or p[0] >= self.rows - top:
                for k in ("west", "east", "central"):
                    for t in _TERRAINS:
                        if (p, k, t) in self.x:
                            self.m.add(self.x[p, k, t] == 0)

    def islands(self) -> None:
        """Each island within ``island_reach`` squares of both continents of its strait
        and farther from every other, so those two are its nearest."""
        reach = self.layout.island_reach
        for strait in STRAITS:
            flags = []
            for p in self.cells:
                flag = self.m.new_bool_var(f"island_{strait}_{p}")
                flags.append(flag)
                near = [q for q in self.cells if chebyshev(p, q) <= reach]
                for k in strait:
                    self.m.add(sum(self.inside(q, k) for q in near) >= 1).only_enforce_if(flag)
                for k in CONTINENTS:
                    if k not in strait:
                        self.m.add(sum(self.inside(q, k) for q in near) == 0).only_enforce_if(flag)
                self.m.add(flag <= self.inside(p, "island"))
            self.m.add(sum(flags) == self.spec.islands(strait))
        total = sum(self.spec.islands(s) for s in STRAITS)
        self.m.add(sum(self.inside(p, "island") for p in self.cells) == total)

    def walled_paths(self, stars: dict[str, Cell]) -> None:
        centre2 = (self.rows - 1, self.cols - 1)

        def far(cell: Cell) -> int:
            return (2 * cell[0] - centre2[0]) ** 2 + (2 * cell[1] - centre2[1]) ** 2

        for side in ("west", "east"):
            target = stars[f"sanctuary {side}"]
            nodes = [p for p in self.cells if (p, side, "earth") in self.x]
            entry = {p: self.m.new_bool_var(f"entry_{side}_{p}") for p in nodes}
            self.m.add_exactly_one(entry.values())
            walled = {}
            for p in nodes:
                self.m.add(entry[p] <= self.walkable(p, side))
                for q in self.cells:
                    if far(q) < far(p):
                        self.m.add(self.inside(q, side) == 0).only_enforce_if(entry[p])
                near = self.neighbours(p, ORTHOGONAL)
                walls = (4 - len(near)) + sum(self.mountain(q) for q in near)
                walled[p] = self.m.new_bool_var(f"walled_{side}_{p}")
                self.m.add(walls >= 2).only_enforce_if(walled[p])
                self.m.add(walled[p] <= self.walkable(p, side))
            arcs = {}
            for p in nodes:
                for q in self.neighbours(p, ORTHOGONAL):
                    if q in walled:
                        arcs[p, q] = self.m.new_bool_var(f"path_{side}_{p}_{q}")
                        self.m.add(arcs[p, q] <= self.walkable(p, side))
                        self.m.add(arcs[p, q] <= self.walkable(q, side))
            for p in nodes:
                inflow = sum(f for (a, b), f in arcs.items() if b == p)
                outflow = sum(f for (a, b), f in arcs.items() if a == p)
                self.m.add(outflow - inflow == entry[p] - int(p == target))
                if p != target:
                    self.m.add(outflow <= walled[p] + entry[p])

    def ruins_and_wreckages(self) -> tuple[dict, dict]:
        taken = {cell for cells in compass_cells(self.rows, self.cols).values() for cell in cells}
        taken |= set(star_cells(self.spec).values()) | {self.layout.central_sanctuary}
        ruins = {}
        for p in self.cells:
            if p in taken:
                continue
            ok = self.inside(p, "island") + sum(self.var(p, k, "shore") for k in CONTINENTS)
            ok += self.walkable(p, "north") - self.var(p, "north", "shore")
            ok += self.walkable(p, "south") - self.var(p, "south", "shore")
            ruins[p] = self.m.new_bool_var(f"ruin_{p}")
            self.m.add(ruins[p] <= ok)
        self.m.add(sum(ruins.values()) == self.spec.ruins)
        half = self.spec.ruins // 2
        self.m.add(sum(v for p, v in ruins.items() if p[0] < self.rows / 2) == half)
        self.m.add(sum(v for p, v in ruins.items() if p[1] < self.cols / 2) == half)
        for p in ruins:
            for q in self.neighbours(p, ORTHOGONAL + DIAGONAL):
                if q in ruins and q > p:
                    self.m.add(ruins[p] + ruins[q] <= 1)
        wrecks = {}
        for side in ("north", "south"):
            column = [(r, self.cols - 1) for r in range(self.rows)]
            flags = {p: self.m.new_bool_var(f"wreck_{side}_{p}") for p in column if p not in taken}
            for p, flag in flags.items():
                self.m.add(flag <= self.walkable(p, side))
                if p in ruins:
                    self.m.add(flag + ruins[p] <= 1)
            self.m.add_exactly_one(flags.values())
            wrecks[side] = flags
        return ruins, wrecks

    def mirror_objective(self, ruins: dict) -> None:
        terms = []
        for p in self.cells:
            if p[0] >= self.rows / 2:
                continue
            q = (self.rows - 1 - p[0], p[1])
            for (cell, k, t), v in self.x.items():
                if cell != p:
                    continue
                other = self.x.get((q, _MIRROR_REGION.get(k, k), t))
                if other is None:
                    continue
                same = self.m.new_bool_var("")
                self.m.add(same <= v)
                self.m.add(same <= other)
                terms.append(same)
            if p in ruins and q in ruins:
                both = self.m.new_bool_var("")
                self.m.add(both <= ruins[p])
                self.m.add(both <= ruins[q])
                terms.append(3 * both)
        self.m.maximize(sum(terms))
