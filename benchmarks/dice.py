"""Speed of the exact dice engine against icepool 2.1.3, measured cold in one run.

Every measurement runs in a fresh Python subprocess launched by this script
(imports are done before the clock starts; nothing is cached yet), several times,
and the median is reported. Baselines run the same way in the same run:

- icepool with the correct sorted-pair idiom for the 49 plain tables;
- icepool with a custom ``MultisetEvaluator`` (the same face-by-face state machine,
  extended with a "tie at the first/last die of a value" flag) for optimal +1 / -1;
- a plain dict-of-Fractions back substitution for the 30 x 30 fight table.

Targets (issue 2): 49 tables <= 20 ms and >= 10x icepool; 49 tables with optimal
+1 and with optimal -1 <= 100 ms each; exact fight odds for every start up to
30 x 30 <= 0.1 s. Run: ``python benchmarks/dice.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

SETUP = {
    "workbench": "from workbench.dice import DieModifier, clash_counts, clash_table",
    "fights": "from workbench.games.brawlhalla import Rules, fight_table",
    "icepool": textwrap.dedent(
        f"""
        import sys
        import icepool
        sys.path.insert(0, {str(REPO / "tests" / "dice")!r})
        from dice_oracles import IcepoolOptimal as Optimal
        """
    ),
    "fraction_dp": textwrap.dedent(
        """
        from fractions import Fraction
        from workbench.dice import clash_counts
        """
    ),
}

TASKS = {
    "49 tables, exact tidy DataFrame": ("workbench", "clash_table(cap=7)"),
    "49 tables, roll counts only": ("workbench", "clash_counts(cap=7)"),
    "icepool: 49 tables, correct idiom": (
        "icepool",
        """
        for a in range(1, 8):
            for d in range(1, 8):
                m = min(a, d)
                pool = icepool.d6.pool
                pool(a).highest(m).sort_pair(">", pool(d).highest(m)).size()
        """,
    ),
    "49 tables, optimal +1": ("workbench", "clash_counts(attacker=(DieModifier(1),))"),
    "icepool: 49 tables, optimal +1": (
        "icepool",
        """
        for a in range(1, 8):
            for d in range(1, 8):
                Optimal(False).evaluate(icepool.d6.pool(a), icepool.d6.pool(d))
        """,
    ),
    "49 tables, optimal -1": ("workbench", "clash_counts(attacker=(DieModifier(1, on='enemy'),))"),
    "icepool: 49 tables, optimal -1": (
        "icepool",
        """
        for a in range(1, 8):
            for d in range(1, 8):
                Optimal(True).evaluate(icepool.d6.pool(a), icepool.d6.pool(d))
        """,
    ),
    "fight table 30x30 exact (rule text)": ("fights", "fight_table(30, 30)"),
    "fight table 30x30 exact (value kept)": (
        "fights",
        "fight_table(30, 30, rules=Rules(value_above_cap='kept'))",
    ),
    "fractions: fight table 30x30 (value kept)": (
        "fraction_dp",
        """
        weights = clash_counts()
        value = {}
        for level in range(61):
            for a in range(max(0, level - 30), min(level, 30) + 1):
                d = level - a
                if a == 0 or d == 0:
                    value[a, d] = Fraction(d == 0)
                    continue
                da, dd = min(a, 7), min(d, 7)
                m, total = min(da, dd), 6 ** (da + dd)
                value[a, d] = sum(
                    (Fraction(int(weights[da, dd, w]), total) * value[a - m + w, d - w]
                     for w in range(m + 1)),
                    Fraction(0),
                )
        """,
    ),
    "fight table 200x200 floats": ("fights", "fight_table(200, 200, exact=False)"),
}

PAIRS = [
    ("49 tables, roll counts only", "icepool: 49 tables, correct idiom"),
    ("49 tables, exact tidy DataFrame", "icepool: 49 tables, correct idiom"),
    ("49 tables, optimal +1", "icepool: 49 tables, optimal +1"),
    ("49 tables, optimal -1", "icepool: 49 tables, optimal -1"),
    ("fight table 30x30 exact (value kept)", "fractions: fight table 30x30 (value kept)"),
]


def cold_seconds(setup: str, body: str) -> float:
    """Run ``body`` once in a fresh interpreter after ``setup``; the seconds it took."""
    program = "\n".join(
        [
            "import time",
            SETUP[setup],
            "start = time.perf_counter()",
            textwrap.dedent(body),
            "print(time.perf_counter() - start)",
        ]
    )
    env = dict(os.environ, PYTHONPATH=str(REPO), OPENBLAS_NUM_THREADS="1")
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, check=True
    )
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per task")
    parser.add_argument("--json", action="store_true", help="print the medians as JSON")
    args = parser.parse_args()
    medians = {}
    for name, (setup, body) in TASKS.items():
        times = [cold_seconds(setup, body) for _ in range(args.runs)]
        medians[name] = statistics.median(times)
        print(f"{name:45s} {medians[name] * 1000:9.1f} ms  (median of {args.runs} cold runs)")
    print()
    for ours, baseline in PAIRS:
        ratio = medians[baseline] / medians[ours]
        print(f"{ours:45s} {ratio:7.1f}x faster than {baseline}")
    if args.json:
        print(json.dumps(medians))


if __name__ == "__main__":
    main()
