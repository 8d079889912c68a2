"""How much luck decides Brawlhalla with cards: where results come from, whether more
thinking wins more, how strong each card is, and what taking the strongest cards out
of the deck changes.

Writes to ``data/brawlhalla/studies/cards/``: ``sources.csv`` (how often a result changes
with only the cards, the dice or the seats changed), ``skill.csv`` (MCTS budgets against
each other and against greedy play, with and without cards), ``card_strength.csv`` (each
card's effect on its holder's score), ``moves.csv`` (the luck and skill figures before
and after the strongest cards are removed), ``card_strength.png``, ``summary.json`` and
``README.md``. About 20 minutes on 2 cores at the defaults.

Run: PYTHONPATH=. python scripts/brawlhalla_cards_study.py [--workers 2] [--seed 17]
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

import matplotlib

matplotlib.use("Agg")

import pandas as pd

from workbench.games.brawlhalla.card_strength import strongest
from workbench.games.brawlhalla.deck import load_cards, with_counts
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.luck import STUDY_DIR, figure_moves, luck_figures
from workbench.games.brawlhalla.plots import card_strength_figure
from workbench.games.brawlhalla.rules import Rules
from workbench.jsonio import atomic_write_text
from workbench.tableio import save_table

OUT = STUDY_DIR
AGENTS = ["greedy", "greedy"]
#: The card-strength columns the README shows.
SHOWN = (
    "rank",
    "card",
    "family",
    "games",
    "win_share",
    "win_low",
    "win_high",
    "effect",
    "effect_low",
    "effect_high",
    "changed",
    "verdict",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="base games of the sources")
    parser.add_argument("--card-games", type=int, default=150, help="games per card")
    parser.add_argument("--budgets", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--skill-rounds", type=int, nargs="+", default=[2, 2, 1])
    parser.add_argument("--skill-turn-limit", type=int, default=30)
    parser.add_argument("--remove", type=int, default=3, help="strongest cards taken out")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    rules = Rules(cards=True)
    cards = load_cards()
    rounds = (
        args.skill_rounds * len(args.budgets) if len(args.skill_rounds) == 1 else args.skill_rounds
    )
    skill = {
        "budgets": args.budgets,
        "skill_rounds": rounds,
        "skill_turn_limit": args.skill_turn_limit,
    }
    with ProcessPoolExecutor(args.workers) as pool:
        run = {"seed": args.seed, "executor": pool, "progress": True}
        before = luck_figures(
            Brawlhalla(rules=rules, cards=cards),
            AGENTS,
            games=args.games,
            card_games=args.card_games,
            **skill,
            **run,
        )
        removed = strongest(before["cards"], args.remove)
        changed = with_counts(cards, dict.fromkeys(removed, 0))
        # the designer's deck: the skill ladder without its costliest budget, cards on only
        after = luck_figures(
            Brawlhalla(rules=rules, cards=changed),
            AGENTS,
            parts=["sources", "skill"],
            games=args.games,
            budgets=args.budgets[:2],
            skill_rounds=rounds[:2],
            skill_turn_limit=args.skill_turn_limit,
            skill_cards=[True],
            **run,
        )
    minutes = (time.perf_counter() - started) / 60
    decks = {"full deck": before, f"without {', '.join(removed)}": after}
    for part in ("sources", "skill"):
        frames = [figures[part].assign(deck=deck) for deck, figures in decks.items()]
        save_table(pd.concat(frames, ignore_index=True), OUT / f"{part}.csv")
    save_table(before["cards"], OUT / "card_strength.csv")
    moves = figure_moves(before, after)
    save_table(moves, OUT / "moves.csv")
    card_strength_figure(before["cards"]).savefig(OUT / "card_strength.png", dpi=110)
    command = (
        f"PYTHONPATH=. python scripts/brawlhalla_cards_study.py --games {args.games} "
        f"--card-games {args.card_games} --budgets {' '.join(map(str, args.budgets))} "
        f"--skill-rounds {' '.join(map(str, args.skill_rounds))} "
        f"--skill-turn-limit {args.skill_turn_limit} --remove {args.remove} "
        f"--workers {args.workers} --seed {args.seed}"
    )
    summary = {
        "command": command,
        "minutes": round(minutes, 1),
        "agents": AGENTS,
        "rules": {"cards": True, "turn_limit": rules.turn_limit},
        "removed": removed,
        "flagged": before["cards"]
        .loc[before["cards"]["verdict"] != "", ["card", "verdict"]]
        .set_index("card")["verdict"]
        .to_dict(),
        "sources": {d: f["sources"].to_dict("records") for d, f in decks.items()},
        "skill": {d: f["skill"].to_dict("records") for d, f in decks.items()},
        "moves": moves.to_dict("records"),
    }
    atomic_write_text(OUT / "summary.json", json.dumps(summary, indent=2, default=str) + "\n")
    atomic_write_text(OUT / "README.md", readme(summary, before, moves, args))


def _markdown(table: pd.DataFrame) -> str:
    """A DataFrame as a Markdown table (values as pandas prints them)."""
    text = table.astype(str)
    lines = ["| " + " | ".join(text.columns) + " |", "|" + "---|" * len(text.columns)]
    lines += ["| " + " | ".join(row) + " |" for row in text.itertuples(index=False)]
    return "\n".join(lines)


def _share(row: pd.Series, value: str = "share", low: str = "low", high: str = "high") -> str:
    return f"{row[value]:.2f} [{row[low]:.2f}, {row[high]:.2f}]"


def readme(summary: dict, before: dict, moves: pd.DataFrame, args: argparse.Namespace) -> str:
    """The study's README: how it was made, the columns, and what it says."""
    sources = before["sources"].set_index("changed")
    skill = before["skill"]
    cards = before["cards"]
    flagged = cards[cards["verdict"] != ""]
    ladder = skill[skill["weak"].map(lambda w: not isinstance(w, str))]
    said = [
        f"- **Where results come from** ({args.games} base games, greedy v greedy, "
        f"{summary['rules']['turn_limit']} turns): "
        f"a result changes with only the dice changed in {_share(sources.loc['dice'])} of "
        f"games, with only the card order in {_share(sources.loc['cards'])}, with the seats "
        f"swapped in {_share(sources.loc['seats'])}.",
        "- **Skill** (turn limit "
        f"{args.skill_turn_limit}): "
        + "; ".join(
            f"{r['strong']} v {r['weak']} simulations "
            f"({'cards' if r['cards'] else 'no cards'}, {r['games']} games) scores "
            f"{_share(r, 'score', 'score low', 'score high')}"
            for _, r in ladder.iterrows()
        )
        + ". Against greedy play: "
        + "; ".join(
            f"{r['strong']} simulations ({'cards' if r['cards'] else 'no cards'}, "
            f"{r['games']} games) {_share(r, 'score', 'score low', 'score high')}"
            for _, r in skill[skill["weak"] == "greedy"].iterrows()
        )
        + ". A score is 1 a win, 1/2 a draw; 0.5 is no better than the other side.",
        f"- **Card strength** ({args.card_games} games per card): "
        + (
            ", ".join(
                f"{r['card']} ({r['verdict']}, {r['effect']:+.2f})" for _, r in flagged.iterrows()
            )
            if len(flagged)
            else "no card moves its holder's score by more than 0.10 with 95% confidence"
        )
        + f". Strongest by the estimate: {', '.join(summary['removed'])}.",
        f"- **Without {', '.join(summary['removed'])}**: "
        + "; ".join(
            f"{r['figure']} {r['before']:.2f} -> {r['after']:.2f}" for _, r in moves.iterrows()
        )
        + ".",
    ]
    return f"""# Brawlhalla with cards: how much luck decides

Made by `{summary["command"]}` in {summary["minutes"]} minutes (written by the script;
run it again to refresh every file here). Agents: greedy v greedy unless said; rules:
the defaults with cards on (turn limit 60; the skill games {args.skill_turn_limit} turns,
because MCTS at 1,000 simulations takes seconds a decision).

## What it says

{chr(10).join(said)}

Every figure says how many games it rests on; the 1,000-simulation rungs rest on very
few games (their intervals are wide), and with a short turn limit many games end drawn.
Card strength is the card as greedy play uses it: a card the agent plays badly looks weak.

## Files

- `sources.csv`: per deck and source (`changed`: cards, dice, seats): `games` base games,
  `changed_results` (games whose result changed when only that source changed), `share`
  with its 95% Wilson interval `low`, `high`.
- `skill.csv`: per deck, condition (`cards` on or off, `turn_limit`) and step: `strong`
  simulations against `weak` (a smaller budget, or `greedy`), `games`, the strong side's
  `win rate` (Wilson `win low`, `win high`) and mean `score` (bootstrap `score low`,
  `score high`; win 1, draw 1/2), `fair` = 0.5.
- `card_strength.csv`: per card, strongest first: `rank`, `card`, `family`, `effect_id`,
  `implemented` (an effect not implemented yet is a blank: its effect is exactly 0),
  `games`, the holder's `wins` and `win_share` (Wilson `win_low`, `win_high`), its mean
  `score`, the paired `baseline` score (same seeds, a blank card instead), `effect` =
  score - baseline (bootstrap `effect_low`, `effect_high`), `changed` (games whose result
  the card changed) and `verdict` (`strong`/`weak`: the whole interval beyond +-0.10).
- `moves.csv`: each luck and skill figure before and after the strongest cards are taken
  out (`before`, `before_low`, `before_high`, `after`, ..., `moved` = after - before).
- `card_strength.png`: the card-strength table as bars with their intervals.
- `summary.json`: the command, the time, and the tables above.

## How the card strength is measured

For each card, half the games give North one more copy at the start, half South (an
artifact among its relics, as if won; any other card first in its hand, where greedy
play, which discards its newest cards over the hand limit, keeps it). The same
seeds (deck order, dice, agents) are played with a blank card in its place, so both games
start with as many cards and the hand limit forces the same discards; the paired
difference of the holder's score is what the card is worth.

## The card strength table

{_markdown(cards[list(SHOWN)])}

![card strength](card_strength.png)
"""


if __name__ == "__main__":
    main()
