"""Exact solving of Valgard boards: CPU time and peak memory of the whole ``solve()``,
each measured in a fresh process, with ratios against the solver before the packed hook
(breadth-first on one key at a time, through ``successor_keys``) in the same run.

    PYTHONPATH=. python benchmarks/valgard.py              # 3x4, reserve 4, muster 3
    PYTHONPATH=. python benchmarks/valgard.py --no-baseline
    PYTHONPATH=. python benchmarks/valgard.py --big --no-baseline   # and 4x4, reserve 4, muster 3

The goals (issue: exact solving at full speed): 3x4 with reserve 4 and muster 3 in at
most 7 s of CPU and 600 MB; 4x4 with reserve 4 and muster 3 (default rules and
hardcore) in at most 60 s and under 4 GB each (37,022,463 states for the default
rules). The state-count estimate of the plain enumeration
(:func:`workbench.play.estimate_state_count`) is reported against the true count.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import time

#: Boards measured: (rows, cols, reserve, muster, knobs).
BOARDS = [(3, 4, 4, 3, {})]
#: Added by ``--big`` (the old solver is not run on them: it would need some 20 GB).
BIG_BOARDS = [(4, 4, 4, 3, {}), (4, 4, 4, 3, {"hardcore": True})]


class _KeysOnly:
    """A Valgard game seen without its packed hook: the solver as it was before it."""

    def __init__(self, game) -> None:
        self.info, self._game = game.info, game

    def initial_state(self, *, seed=None):
        return self._game.initial_state(seed=seed)

    def successor_keys(self, key):
        return self._game.successor_keys(key)

    def state_from_key(self, key):
        return self._game.state_from_key(key)


def _measure(rows: int, cols: int, reserve: int, muster: int, knobs: dict, packed: bool) -> dict:
    """Solve in this (fresh) process: CPU seconds, peak memory in MB, states, value."""
    from workbench.games.valgard import Rules, ValgardGame
    from workbench.play import solve

    game = ValgardGame(Rules(rows=rows, cols=cols, reserve=reserve, muster=muster, **knobs))
    started = time.process_time()
    solution = solve(game if packed else _KeysOnly(game), max_states=100_000_000)
    cpu = time.process_time() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    summary = solution.summary()
    return {"cpu": cpu, "mb": peak, "states": summary["states"], "value": summary["value"]}


def _estimate(rows: int, cols: int, reserve: int, muster: int, knobs: dict) -> int:
    from workbench.games.valgard import Rules, ValgardGame
    from workbench.play import estimate_state_count

    rules = Rules(rows=rows, cols=cols, reserve=reserve, muster=muster, **knobs)
    return estimate_state_count(ValgardGame(rules))


def measure(*args) -> dict:
    """:func:`_measure` in a fresh process (so that peak memory is this solve's own)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(_measure, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-baseline", action="store_true", help="skip the old solver")
    parser.add_argument("--big", action="store_true", help="also the 4x4 boards")
    args = parser.parse_args()
    print("## Valgard exact solving (whole solve(), CPU s and peak MB, fresh process each)")
    for board in BOARDS + (BIG_BOARDS if args.big else []):
        rows, cols, reserve, muster, knobs = board
        label = f"{rows}x{cols} reserve {reserve} muster {muster} {knobs or ''}".strip()
        new = measure(rows, cols, reserve, muster, knobs, True)
        line = (
            f"{label:<36} {new['states']:>12,} states  {new['value']:<5}"
            f" {new['cpu']:7.1f} s {new['mb']:7.0f} MB"
        )
        if not args.no_baseline and board not in BIG_BOARDS:
            old = measure(rows, cols, reserve, muster, knobs, False)
            assert (old["states"], old["value"]) == (new["states"], new["value"])
            line += (
                f"   old solver {old['cpu']:.1f} s {old['mb']:.0f} MB:"
                f" x{old['cpu'] / new['cpu']:.1f} faster, x{old['mb'] / new['mb']:.1f} less memory"
            )
        estimate = _estimate(rows, cols, reserve, muster, knobs)
        line += f"   state-count estimate {estimate:,} (x{estimate / new['states']:.2f} the truth)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
