"""Solve the small Valgard boards under every named variant; write data/valgard/exact_results.csv.

Usage: ``PYTHONPATH=. python scripts/valgard_exact.py [--out PATH]`` (about ten minutes
on one core: the 3x4 board has 350,000 states per variant).
"""

import argparse

from workbench.games.valgard.exact import (
    SMALL_BOARDS,
    TINY_BOARDS,
    VARIANTS,
    exact_results,
    save_exact_results,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="CSV to write (default: data/valgard/exact_results.csv)")
    args = parser.parse_args()
    frame = exact_results({**TINY_BOARDS, **SMALL_BOARDS}, VARIANTS)
    print(frame.to_string(index=False))
    print("written to", save_exact_results(frame, args.out))


if __name__ == "__main__":
    main()
