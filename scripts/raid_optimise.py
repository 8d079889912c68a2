"""Full treasure-layout race for Viking Raid; saves the winner as data/viking_raid/balanced.json.

The winner's notes record the run (agent, rules, budget) and its fresh-seed
confirmation against the default map, with 95% intervals.

    PYTHONPATH=. python scripts/raid_optimise.py [--workers 2] [--generations 4] [--candidates 16]
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from workbench.games.viking_raid import DATA_DIR, Rules, default_map, save_map
from workbench.games.viking_raid.optimise import optimise_layout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--version", default="0.21")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--candidates", type=int, default=16)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--generations", type=int, default=4)
    parser.add_argument("--rungs", type=int, default=3)
    parser.add_argument("--confirm-games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    original = default_map()
    with ProcessPoolExecutor(args.workers) as pool:
        result = optimise_layout(
            original,
            Rules.version(args.version),
            agent=args.agent,
            candidates=args.candidates,
            games=args.games,
            rungs=args.rungs,
            generations=args.generations,
            confirm_games=args.confirm_games,
            seed=args.seed,
            executor=pool,
        )
    print(result.ladder.round(3).to_string())
    print(result.spreads.round(3).to_string())
    print(result.confirmation.round(3).to_string())
    spreads = result.spreads.set_index("map")
    shares = result.confirmation.set_index(["map", "role"])

    def balance(label: str) -> str:
        parts = [
            f"{role} {shares.loc[(label, role), 'win share']:.3f} "
            f"[{shares.loc[(label, role), 'win share lo']:.3f}, "
            f"{shares.loc[(label, role), 'win share hi']:.3f}]"
            for role in ("archer", "huscarl", "berserker")
        ]
        row = spreads.loc[label]
        return (
            f"spread {row['spread']:.3f} [{row['spread lo']:.3f}, {row['spread hi']:.3f}]; "
            + ", ".join(parts)
        )

    notes = (
        "Treasure layout found by scripts/raid_optimise.py: the default map's rocks and starts, "
        f"its {original.total_treasure} gold on {len(original.treasure)} hexes rearranged to make "
        f"the role win shares as even as possible under {args.agent} self-play, rules "
        f"{args.version}.",
        f"Search: {args.generations} races, each of {args.candidates} layouts around the last "
        f"winner, {args.games} games each at the first of {args.rungs} rungs (the better half "
        f"doubling its games at each rung), seed {args.seed}; the last race's finalists were "
        f"ranked {'with' if result.resolved else 'WITHOUT'} separated 95% intervals.",
        f"Confirmation on {args.confirm_games} games with fresh seeds (win shares with 95% "
        f"intervals): this map: {balance('best')}. Default map: {balance('original')}.",
    )
    best = result.best.replace(name="balanced", notes=notes)
    save_map(best, DATA_DIR / "balanced.json")
    print("saved", DATA_DIR / "balanced.json")


if __name__ == "__main__":
    main()
