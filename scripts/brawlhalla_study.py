"""Brawlhalla in play: the plans against each other, against random and greedy play, and
greedy self-play, on the default board and on its north/south mirror (the control).

Writes to ``data/brawlhalla/studies/``: ``games.csv`` (one row per game),
``victory_mix.csv``, ``game_length.csv`` and ``summary.json`` (per board and pairing
the ``workbench brawlhalla simulate --json`` figures, the first player's win share,
and whether the static fairness verdict holds in play). Under ten minutes on 2 cores.

Run: PYTHONPATH=. python scripts/brawlhalla_study.py [--games 200] [--workers 2] [--seed 13]
"""

from __future__ import annotations

import argparse
import json

import pandas as pd

from workbench.games.brawlhalla.balance import fairness
from workbench.games.brawlhalla.board import DATA_DIR, default_board
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.play_balance import (
    SECONDS_PER_ACTION,
    first_player_advantage,
    game_length,
    mirror_board,
    simulate,
    simulation_summary,
    verdict_in_play,
    victory_mix,
)

PAIRINGS = (
    ("greedy",),
    ("rush", "random"),
    ("holy", "random"),
    ("flag", "random"),
    ("greedy", "random"),
    ("rush", "holy"),
    ("rush", "flag"),
    ("holy", "flag"),
    ("rush", "greedy"),
    ("holy", "greedy"),
    ("flag", "greedy"),
)
OUT = DATA_DIR / "studies"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing and board")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    boards = {"default": default_board(), "mirrored": mirror_board(default_board())}
    tables, summary = (
        [],
        {
            "command": f"PYTHONPATH=. python scripts/brawlhalla_study.py --games {args.games} "
            f"--workers {args.workers} --seed {args.seed}",
            "seconds_per_action": SECONDS_PER_ACTION,
            "boards": {},
        },
    )
    for label, board in boards.items():
        game = Brawlhalla(board)
        static = fairness(board).verdict
        found = summary["boards"][label] = {"static_verdict": static, "pairings": {}}
        for index, pairing in enumerate(PAIRINGS):
            table = simulate(
                game,
                pairing,
                games=args.games,
                seed=args.seed * 1000 + index,
                workers=args.workers,
                progress=False,
            )
            table.insert(0, "board", label)
            table.insert(1, "pairing", " v ".join(pairing))
            tables.append(table)
            found["pairings"][" v ".join(pairing)] = {
                **simulation_summary(table),
                "first": first_player_advantage(table),
                "mean_minutes": round(float(table["minutes"].mean()), 1),
            }
            print(label, pairing, found["pairings"][" v ".join(pairing)]["victory"], flush=True)
        both = pd.concat([t for t in tables if t["board"].iat[0] == label])
        found["verdict_in_play"] = verdict_in_play(static, both)
        found["verdict_in_play_greedy"] = verdict_in_play(static, both[both["pairing"] == "greedy"])
    games = pd.concat(tables, ignore_index=True)
    games.drop(columns=["seconds"]).to_csv(OUT / "games.csv", index=False)
    mixes = [
        victory_mix(g).assign(board=b, pairing=p)
        for (b, p), g in games.groupby(["board", "pairing"], sort=False)
    ]
    pd.concat(mixes, ignore_index=True).to_csv(OUT / "victory_mix.csv", index=False)
    lengths = [
        game_length(g).assign(board=b, pairing=p)
        for (b, p), g in games.groupby(["board", "pairing"], sort=False)
    ]
    pd.concat(lengths, ignore_index=True).to_csv(OUT / "game_length.csv", index=False)
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")


if __name__ == "__main__":
    main()
