"""Build a board that meets the instructions, with a constraint solver (OR-Tools CP-SAT).

The instructions (:class:`~.instructions.Instructions`) become constraints: the
land and shore counts and the reach of each continent, water between continents
(diagonals included), every continent connected, the islands in their straits,
the stars where step 12 puts them, the mountain ranges of step 13, ruins spread
evenly, wreckages at the eastern points and shore only on the coast. Where the
text leaves a choice, :class:`Layout` decides; among the boards that remain the
solver prefers the one closest to a north/south mirror image (the fairest the
instructions allow), with ruins mirrored too.

OR-Tools is an optional dependency (``pip install 'viking-rules-workbench[solver]'``);
nothing else in the workbench needs it: the default board is committed as data.

>>> Layout().central_sanctuary
(8, 5)
"""

from __future__ import annotations

from workbench.errors import WorkbenchError
from workbench.games.brawlhalla.board import Board, Feature
from workbench.games.brawlhalla.constraints import BoardModel, Layout
from workbench.games.brawlhalla.instructions import Instructions, compass_cells
from workbench.grids.square import Cell

__all__ = ["Layout", "generate_board"]

_CHAR = {"earth": ".", "shore": ":", "mountain": "^", "water": "~"}
_REGION_CHAR = {"north": "n", "south": "s", "west": "w", "east": "e", "central": "c"}


def generate_board(
    spec: Instructions | None = None,
    *,
    layout: Layout | None = None,
    name: str = "Generated board",
    description: str = "",
) -> Board:
    """Solve the instructions into a board; raise :class:`WorkbenchError` if none exists.

    The result passes :func:`~.checker.check` for ``spec``.
    """
    spec = spec or Instructions()
    layout = layout or Layout()
    model = BoardModel(spec, layout)
    model.counts()
    model.separation()
    model.coast()
    for k, root in _roots(spec, layout).items():
        model.connected({p: model.inside(p, k) for p in model.cells}, root, k)
    stars = model.fixed_places()
    model.capital_ranges(stars)
    model.central()
    model.middle()
    model.islands()
    model.walled_paths(stars)
    ruins, wrecks = model.ruins_and_wreckages()
    if layout.mirror:
        model.mirror_objective(ruins)
    solver = model.cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = layout.time_limit_s
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = layout.seed
    status = solver.solve(model.m)
    if status not in (model.cp_model.OPTIMAL, model.cp_model.FEASIBLE):
        raise WorkbenchError(
            f"no board meets these instructions ({solver.status_name(status).lower()} "
            f"after {solver.wall_time:.0f} s)"
        )
    return _board(model, solver, stars, ruins, wrecks, name=name, description=description)


def _roots(spec: Instructions, layout: Layout) -> dict[str, Cell]:
    marks = compass_cells(spec.rows, spec.cols)
    roots = {side: marks[side][0] for side in ("north", "south", "west", "east")}
    roots["central"] = layout.central_sanctuary
    return roots


def _board(
    model: BoardModel, solver, stars, ruins, wrecks, *, name: str, description: str
) -> Board:
    terrain = [["~"] * model.cols for _ in range(model.rows)]
    regions = [["~"] * model.cols for _ in range(model.rows)]
    for (cell, k, t), v in model.x.items():
        if solver.value(v):
            terrain[cell[0]][cell[1]] = _CHAR[t]
            regions[cell[0]][cell[1]] = {"island": "i", "water": "~"}.get(k) or _REGION_CHAR[k]
    features = [
        Feature("compass", side, cell)
        for side, cells in compass_cells(model.rows, model.cols).items()
        for cell in cells
    ]
    features += [Feature(*name.split(), cell) for name, cell in stars.items()]
    features.append(Feature("sanctuary", "central", model.layout.central_sanctuary))
    features += [
        Feature("wreckage", side, cell)
        for side, flags in wrecks.items()
        for cell, v in flags.items()
        if solver.value(v)
    ]
    features += [Feature("ruin", "", cell) for cell, v in sorted(ruins.items()) if solver.value(v)]
    features = sorted(
        features, key=lambda f: (f.kind != "capital", f.kind != "sanctuary", f.kind, f.cell)
    )
    return Board(
        terrain=tuple("".join(row) for row in terrain),
        regions=tuple("".join(row) for row in regions),
        features=tuple(features),
        name=name,
        description=description,
    )
