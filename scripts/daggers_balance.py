"""A bigger Daggers Brink balance study than the notebook's, on every core.

    PYTHONPATH=. python scripts/daggers_balance.py                 # 400 games per table size
    PYTHONPATH=. python scripts/daggers_balance.py --rounds 250 --out results/

Prints win rates by strategy and by seat (95% intervals) for 3 to 6 players, game
length by starting tokens 1 to 5, which attribute decides fights and the first-mover
figures; with ``--out`` also writes every game table as CSV.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from workbench.games.daggers_brink import (
    decisive_attributes,
    first_mover,
    play_games,
    tokens_study,
    win_rates,
)
from workbench.jsonio import atomic_write_text

STRATEGIES = {
    "focus": "focus",
    "balanced": "balanced",
    "tank": "tank",
    "aggressive": "aggressive",
    "tank:leader": "tank:leader",
    "focus:strongest": "focus:strongest",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=70, help="rounds of seat rotations")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="folder for CSV tables")
    args = parser.parse_args()
    options = {"rounds": args.rounds, "executor": "processes", "workers": args.workers}
    tables = {
        n: play_games(STRATEGIES, players=n, seed=args.seed + n, **options) for n in range(3, 7)
    }
    with pd.option_context("display.width", 160, "display.max_columns", 20):
        for by in ("strategy", "seat"):
            rates = {n: win_rates(t, by=by).set_index(by) for n, t in tables.items()}
            print(f"\nWin rate by {by}\n", pd.concat(rates, names=["players"]).round(3))
        everything = pd.concat(tables.values(), ignore_index=True)
        print("\nDecisive attributes\n", decisive_attributes(everything).round(3))
        print("\nFirst mover\n", first_mover(everything).round(3))
        lengths = tokens_study(STRATEGIES, range(1, 6), players=4, seed=args.seed, **options)
        print("\nGame length by starting tokens (4 players)\n", lengths.round(2))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)  # the folder asked for
        for n, table in tables.items():
            atomic_write_text(args.out / f"daggers_{n}_players.csv", table.to_csv(index=False))


if __name__ == "__main__":
    main()
