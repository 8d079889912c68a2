"""Exact results of small Valgard boards: who wins with perfect play, and how fast.

The full game (12 pieces each, a muster of 3) is far too large to solve, so small
boards are solved with their reserves and muster scaled down (:data:`SMALL_BOARDS`),
by the play toolkit's retrograde analysis (:func:`workbench.play.solve`), which
treats repeated positions exactly: a position is a draw when neither side can force
the other into a position with no legal action. Long runs come from
``scripts/valgard_exact.py``, which writes ``data/valgard/exact_results.csv``
(schema in ``data/valgard/SCHEMA.md``); :func:`load_exact_results` reads it.

>>> result = solve_board(small_board_rules(3, 3, reserve=2))
>>> result["value"], result["plies"], result["states"]
('draw', None, 5978)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd
from tqdm.auto import tqdm

from workbench.games.valgard.engine import ValgardGame
from workbench.games.valgard.rules import Rules
from workbench.play import solve
from workbench.problems import Problems
from workbench.tableio import load_table, save_table

__all__ = [
    "DATA_DIR",
    "EXACT_COLUMNS",
    "PACKED_MAX_STATES",
    "PLAIN_MAX_STATES",
    "SMALL_BOARDS",
    "TINY_BOARDS",
    "VARIANTS",
    "data_file",
    "exact_results",
    "load_exact_results",
    "results_grid",
    "save_exact_results",
    "setup_label",
    "small_board_rules",
    "solve_board",
    "with_flips",
]

#: Where the committed Valgard study tables live: the exact results (schema in
#: ``SCHEMA.md`` there) and the balance study's trial log and skill trace.
DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "valgard"

#: Named rule variants: knob changes from the defaults.
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "hardcore": {"hardcore": True},
    "charge captures": {"charge_captures": True},
    "no charge": {"charge": False},
    "no rally": {"rally": False},
    "Valkyries immune": {"valkyrie_capture": "never"},
    "no Valkyrie immunity": {"valkyrie_capture": "anyone"},
    "no runes": {"runes": False},
    "no deploy": {"deploy": False},
    "dark first": {"first_player": "dark"},
}

#: (reserve, muster) used for each small board: the text's 12 and 3, scaled down to fit.
SMALL_BOARDS: dict[tuple[int, int], tuple[int, int]] = {
    (3, 3): (3, 1),
    (3, 4): (3, 1),
    (4, 4): (2, 1),
}

#: Tiny boards where some variants are decisive (reserve, muster as above).
TINY_BOARDS: dict[tuple[int, int], tuple[int, int]] = {(2, 2): (2, 1), (3, 2): (3, 2)}

#: Default state limit of :func:`solve_board` on boards with 64-bit codes (memory decides).
PACKED_MAX_STATES = 1_000_000_000
#: Default state limit of :func:`solve_board` on the others (a Python object per state).
PLAIN_MAX_STATES = 2_000_000

#: Columns of the exact-results table, in order.
EXACT_COLUMNS = ("board", "reserve", "muster", "variant", "light", "plies", "states", "flips")


def data_file(path: str | os.PathLike[str]) -> Path:
    """``path``, with a bare file name looked up in :data:`DATA_DIR`.

    >>> data_file("exact_results.csv") == DATA_DIR / "exact_results.csv"
    True
    >>> str(data_file("results/mine.csv"))
    'results/mine.csv'
    """
    path = Path(path)
    return DATA_DIR / path if not path.parent.name else path


def small_board_rules(
    rows: int, cols: int, *, reserve: int | None = None, muster: int | None = None, **knobs: Any
) -> Rules:
    """Rules for a small board: the scaled reserve and muster of :data:`SMALL_BOARDS`
    or :data:`TINY_BOARDS` (2 and 1 for other sizes) unless given, plus other knobs."""
    default_reserve, default_muster = {**TINY_BOARDS, **SMALL_BOARDS}.get((rows, cols), (2, 1))
    fields = {
        "rows": rows,
        "cols": cols,
        "reserve": default_reserve if reserve is None else reserve,
        "muster": default_muster if muster is None else muster,
    }
    return Rules.from_dict({**fields, **knobs})


def solve_board(
    rules: Rules, *, max_states: int | None = None, max_memory: int | None = None
) -> dict[str, Any]:
    """Solve from the start: ``value`` for the player who moves first ("win", "loss"
    or "draw"), ``plies`` of perfect play (None for a draw, where play need not end),
    and the number of reachable ``states``.

    ``max_states`` defaults to :data:`PACKED_MAX_STATES` on boards with 64-bit codes
    (whose solve is bounded by ``max_memory``, default the memory available) and to
    :data:`PLAIN_MAX_STATES` on the others. Raises SearchLimitError, saying what was
    found and what the limit is, when the board is too large.
    """
    game = ValgardGame(rules)
    if max_states is None:
        packs = game.packed_code(game.initial_state()) is not None
        max_states = PACKED_MAX_STATES if packs else PLAIN_MAX_STATES
    solution = solve(game, max_states=max_states, max_memory=max_memory)
    summary = solution.summary()
    return {key: summary[key] for key in ("value", "plies", "states")}


#: A board and its set-up: ``(rows, cols, reserve, muster)``.
Setup = tuple[int, int, int, int]


def _setups(
    boards: Mapping[tuple[int, int], tuple[int, int]] | Iterable[Setup],
) -> list[Setup]:
    """Boards as ``(rows, cols, reserve, muster)``, from a mapping ``(rows, cols) ->
    (reserve, muster)`` or a list of such 4-tuples (one board with several set-ups)."""
    if isinstance(boards, Mapping):
        return [(*board, *boards[board]) for board in boards]
    return [tuple(setup) for setup in boards]


def exact_results(
    boards: Mapping[tuple[int, int], tuple[int, int]] | Iterable[Setup] = SMALL_BOARDS,
    variants: Mapping[str, Mapping[str, Any]] = VARIANTS,
    *,
    max_states: int | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Solve every board under every variant: one row each (see :data:`EXACT_COLUMNS`).

    ``light`` is the result for the light player; ``plies`` the length of perfect
    play (empty for a draw); ``flips`` says whether ``light`` differs from the
    "default" variant's on the same board and set-up (:func:`with_flips`). Boards are
    ``(rows, cols) -> (reserve, muster)``, or a list of ``(rows, cols, reserve, muster)``.
    """
    jobs = [(setup, name) for setup in _setups(boards) for name in variants]
    rows = []
    for setup, name in tqdm(jobs, disable=not progress, desc="solving"):
        board_rows, board_cols, reserve, muster = setup
        rules = Rules(
            rows=board_rows, cols=board_cols, reserve=reserve, muster=muster, **variants[name]
        )
        result = solve_board(rules, max_states=max_states)
        light_first = rules.first_player == "light"
        light = result["value"] if light_first else _swap(result["value"])
        rows.append(
            {
                "board": f"{board_rows}x{board_cols}",
                "reserve": reserve,
                "muster": muster,
                "variant": name,
                "light": light,
                "plies": result["plies"],
                "states": result["states"],
            }
        )
    frame = pd.DataFrame(rows, columns=list(EXACT_COLUMNS[:-1])).astype({"plies": "Int64"})
    return with_flips(frame)


def with_flips(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its ``flips`` column (re)made: whether ``light`` differs from the
    "default" variant's on the same board with the same reserve and muster (False
    where that row is missing).

    >>> frame = pd.DataFrame({"board": ["4x4"] * 3, "reserve": [2, 4, 4], "muster": [1, 3, 3],
    ...                       "variant": ["default", "default", "hardcore"],
    ...                       "light": ["draw", "loss", "loss"]})
    >>> with_flips(frame)["flips"].tolist()
    [False, False, False]
    """
    key = ["board", "reserve", "muster"]
    default = frame[frame["variant"] == "default"].set_index(key)["light"]
    index = pd.MultiIndex.from_frame(frame[key])
    reference = pd.Series(default.reindex(index).to_numpy(), index=frame.index)
    return frame.assign(flips=frame["light"] != reference.fillna(frame["light"]))


def setup_label(board: str, reserve: int, muster: int) -> str:
    """A board with its set-up, as the columns of :func:`results_grid` name it.

    >>> setup_label("4x4", 4, 3)
    '4x4 r4 m3'
    """
    return f"{board} r{reserve} m{muster}"


def _swap(value: str) -> str:
    return {"win": "loss", "loss": "win"}.get(value, value)


def results_grid(frame: pd.DataFrame) -> pd.DataFrame:
    """Variants down, boards with their set-ups across (:func:`setup_label`), cells
    ``"draw"`` or ``"loss in 8"`` (for light).

    >>> frame = pd.DataFrame({"board": ["2x2", "2x2"], "reserve": [2, 2], "muster": [1, 1],
    ...                       "variant": ["default", "hardcore"],
    ...                       "light": ["draw", "loss"], "plies": pd.array([None, 8], "Int64")})
    >>> results_grid(frame).to_dict()
    {'2x2 r2 m1': {'default': 'draw', 'hardcore': 'loss in 8'}}
    """
    cells = [
        light if pd.isna(plies) else f"{light} in {plies}"
        for light, plies in zip(frame["light"], frame["plies"], strict=True)
    ]
    labels = [
        setup_label(*row)
        for row in zip(frame["board"], frame["reserve"], frame["muster"], strict=True)
    ]
    grid = frame.assign(cell=cells, setup=labels).pivot(
        index="variant", columns="setup", values="cell"
    )
    order = list(dict.fromkeys(frame["variant"]))
    columns = list(dict.fromkeys(labels))
    return grid.reindex(index=order, columns=columns).rename_axis(index="variant", columns="board")


def save_exact_results(frame: pd.DataFrame, path: str | Path = "exact_results.csv") -> Path:
    """Write the table as CSV, atomically (a bare name goes to :data:`DATA_DIR`)."""
    return save_table(frame, data_file(path))


def load_exact_results(path: str | Path = "exact_results.csv") -> pd.DataFrame:
    """Read a table written by :func:`save_exact_results`; DataError names row and column."""
    path = data_file(path)
    frame = load_table(path, EXACT_COLUMNS, dtypes={"plies": "Int64"})
    problems = Problems(str(path))
    for number, value in frame["light"].items():
        if value not in ("win", "loss", "draw"):
            problems.add(f"row {number + 2}, column light",
                         f"expected win, loss or draw, got {value!r}")  # fmt: skip
    for number, board in frame["board"].items():
        rows, _, cols = str(board).partition("x")
        if not (rows.isdigit() and cols.isdigit()):
            problems.add(f"row {number + 2}, column board", f"expected RxC, got {board!r}")
    problems.raise_if_any()
    return frame[list(EXACT_COLUMNS)]
