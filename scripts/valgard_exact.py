"""Solve the small Valgard boards under every named variant; write data/valgard/exact_results.csv.

Usage: ``PYTHONPATH=. python scripts/valgard_exact.py [--out PATH]`` (about ten minutes
on one core: the 3x4 board has 350,000 states per variant).

``--boards 4x4:4:3`` solves other boards and set-ups (``RxC:RESERVE:MUSTER``, repeatable)
and ``--variant NAME`` (repeatable) only some variants; ``--merge`` puts the new rows
into the existing table (replacing rows of the same board, set-up and variant) instead
of writing a new one. The 4x4 rows with reserve 4 and muster 3 were made one variant
per process (each solve needs 5 to 8 GB and one to three minutes):
``--boards 4x4:4:3 --variant NAME --merge``.
"""

import argparse

import pandas as pd

from workbench.games.valgard.exact import (
    SMALL_BOARDS,
    TINY_BOARDS,
    VARIANTS,
    exact_results,
    load_exact_results,
    save_exact_results,
    with_flips,
)

KEY = ["board", "reserve", "muster", "variant"]


def _setup(text: str) -> tuple[int, int, int, int]:
    try:
        board, reserve, muster = text.split(":")
        rows, cols = board.split("x")
        return int(rows), int(cols), int(reserve), int(muster)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected RxC:RESERVE:MUSTER, got {text!r}") from None


def merged(old: pd.DataFrame, new: pd.DataFrame) -> pd.DataFrame:
    """``old`` with ``new``'s rows added, replacing those of the same board, set-up and
    variant; flips made again."""
    keep = ~old.set_index(KEY).index.isin(new.set_index(KEY).index)
    return with_flips(pd.concat([old[keep], new], ignore_index=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="CSV to write (default: data/valgard/exact_results.csv)")
    parser.add_argument("--boards", type=_setup, nargs="+", help="RxC:RESERVE:MUSTER ...")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS))
    parser.add_argument("--merge", action="store_true", help="add to the existing table")
    args = parser.parse_args()
    boards = args.boards or {**TINY_BOARDS, **SMALL_BOARDS}
    variants = {name: VARIANTS[name] for name in args.variant or VARIANTS}
    frame = exact_results(boards, variants)
    print(frame.to_string(index=False))
    if args.merge:
        frame = merged(load_exact_results(args.out or "exact_results.csv"), frame)
    print("written to", save_exact_results(frame, args.out or "exact_results.csv"))


if __name__ == "__main__":
    main()
