"""Viking Raid balance study: every rules version, shipped map and agent kind.

Writes the per-role balance tables (95% confidence intervals) to
``data/viking_raid/studies/balance.csv``, which the notebook reads with
``workbench.games.viking_raid.balance.load_study``. Strong agents are slow, so
they play fewer games and only on the default map (the table says how many).

    PYTHONPATH=. python scripts/raid_study.py [--workers 2] [--scale 1.0]
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import pandas as pd

from workbench.games.viking_raid import VERSIONS, RaidGame, Rules, default_map
from workbench.games.viking_raid.balance import STUDY_PATH, balance_table, simulate
from workbench.tableio import save_table

#: Agent kind -> (games per version and map, maps played).
PLAN = {
    "random": (2000, ("default", "even_starts")),
    "greedy": (4000, ("default", "even_starts")),
    "lookahead": (150, ("default",)),
    "mcts": (60, ("default",)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    tables = []
    with ProcessPoolExecutor(args.workers) as pool:
        for agent, (games, maps) in PLAN.items():
            for map_name in maps:
                for version in VERSIONS:
                    game = RaidGame(default_map(map_name), Rules.version(version))
                    results = simulate(
                        game,
                        agent,
                        games=max(2, round(games * args.scale)),
                        seed=args.seed,
                        executor=pool,
                    )
                    table = balance_table(results)
                    table.insert(0, "version", version)
                    table.insert(0, "map", map_name)
                    table.insert(0, "agent", agent)
                    tables.append(table)
                    print(agent, map_name, version, table["win share"].round(3).tolist())
    STUDY_PATH.parent.mkdir(parents=True, exist_ok=True)
    save_table(pd.concat(tables, ignore_index=True).round(4), STUDY_PATH)
    print("wrote", STUDY_PATH)


if __name__ == "__main__":
    main()
