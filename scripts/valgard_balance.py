"""Balance study of the 6x6 Valgard game: MCTS self-play under rule variants + a skill trace.

Writes ``data/valgard/balance_trials.csv`` (one row per game) and
``data/valgard/skill_trace.csv``, which ``notebooks/valgard.ipynb`` reads.

Usage: ``PYTHONPATH=. python scripts/valgard_balance.py [--simulations 50] [--rounds 12]
[--trace-rounds 8] [--workers 2]`` (about half an hour of CPU with the defaults).
"""

import argparse
import os

from workbench.games.valgard.balance import (
    STUDY_VARIANTS,
    save_skill_trace,
    save_trials,
    valgard_skill_trace,
    variant_table,
    variant_trials,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=50, help="MCTS simulations a move")
    parser.add_argument("--rounds", type=int, default=12, help="games per seat and variant")
    parser.add_argument("--trace-rounds", type=int, default=8, help="games per seat and step")
    parser.add_argument("--budgets", type=int, nargs="+", default=[10, 20, 40, 80])
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        trials = variant_trials(
            STUDY_VARIANTS,
            simulations=args.simulations,
            rounds=args.rounds,
            seed=args.seed,
            executor=pool,
        )
        print("written to", save_trials(trials))
        print(variant_table(trials).to_string())
        trace = valgard_skill_trace(
            budgets=args.budgets, rounds=args.trace_rounds, seed=args.seed, executor=pool
        )
        print("written to", save_skill_trace(trace))
        print(trace.to_string(index=False))


if __name__ == "__main__":
    main()
