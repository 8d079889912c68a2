"""How much luck decides Brawlhalla with cards: where results come from, whether more
thinking wins more, how strong each card is, and what taking the strongest cards out
of the deck changes.

Writes to ``data/brawlhalla/studies/cards/``: ``sources.csv`` (how often a result changes
with only the cards, the dice or the seats changed), ``skill.csv`` (MCTS budgets against
each other and against greedy play, with and without cards), ``card_strength.csv`` (each
card's effect on its holder's score), ``moves.csv`` (the luck and skill figures before
and after the strongest cards are removed), ``card_strength.png``, ``summary.json`` and
``README.md``. The steps at the top budget dominate the time: at 1,000 simulations (about
3.4 s a decision) each of their 2 games took about 7 minutes on 2 busy cores; the rest of
the defaults takes under 10 minutes. ``--skill-turn-limit`` and ``--budgets`` trade that
off (shorter games are mostly drawn).

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
from workbench.games.brawlhalla.luck import (
    STUDY_DIR,
    figure_moves,
    load_luck_study,
    luck_figures,
)
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
    parser.add_argument("--games", type=int, default=100, help="base games of the sources")
    parser.add_argument("--card-games", type=int, default=100, help="games per card")
    parser.add_argument("--budgets", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--skill-rounds", type=int, nargs="+", default=[2, 2, 1])
    parser.add_argument("--skill-turn-limit", type=int, default=30)
    parser.add_argument(
        "--side-budgets",
        type=int,
        default=2,
        help="the smallest budgets played without cards and on the changed deck (the top "
        "budget is the costly one)",
    )
    parser.add_argument("--remove", type=int, default=3, help="strongest cards taken out")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument(
        "--readme-only", action="store_true", help="only write README.md from the saved tables"
    )
    args = parser.parse_args()
    if args.readme_only:
        write_readme()
        return
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
    side = {
        "budgets": args.budgets[: args.side_budgets],
        "skill_rounds": rounds[: args.side_budgets],
    }
    with ProcessPoolExecutor(args.workers) as pool:
        run = {"seed": args.seed, "executor": pool, "progress": True}
        game = Brawlhalla(rules=rules, cards=cards)
        before = luck_figures(
            game,
            AGENTS,
            games=args.games,
            card_games=args.card_games,
            skill_cards=[True],
            **skill,
            **run,
        )
        no_cards = luck_figures(
            game, AGENTS, parts=["skill"], **{**skill, **side}, skill_cards=[False], **run
        )
        before["skill"] = pd.concat([before["skill"], no_cards["skill"]], ignore_index=True)
        removed = strongest(before["cards"], args.remove)
        changed = with_counts(cards, dict.fromkeys(removed, 0))
        # the designer's deck: sources, and the skill ladder with cards at the side budgets
        after = luck_figures(
            Brawlhalla(rules=rules, cards=changed),
            AGENTS,
            parts=["sources", "skill"],
            games=args.games,
            skill_cards=[True],
            **{**skill, **side},
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
        f"--skill-turn-limit {args.skill_turn_limit} --side-budgets {args.side_budgets} "
        f"--remove {args.remove} "
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
    write_readme()


def write_readme() -> None:
    """Write ``README.md`` from the saved tables and ``summary.json``."""
    summary = json.loads((OUT / "summary.json").read_text())
    atomic_write_text(OUT / "README.md", readme(summary, load_luck_study(OUT)))


def _markdown(table: pd.DataFrame) -> str:
    """A DataFrame as a Markdown table (values as pandas prints them)."""
    text = table.astype(str)
    lines = ["| " + " | ".join(text.columns) + " |", "|" + "---|" * len(text.columns)]
    lines += ["| " + " | ".join(row) + " |" for row in text.itertuples(index=False)]
    return "\n".join(lines)


def _share(row: pd.Series, value: str = "share", low: str = "low", high: str = "high") -> str:
    return f"{row[value]:.2f} [{row[low]:.2f}, {row[high]:.2f}]"


def _which(sources: pd.DataFrame) -> str:
    """Which of the dice and the card order changes more results, if the intervals say."""
    dice, cards = sources.loc["dice"], sources.loc["cards"]
    if dice["low"] > cards["high"]:
        return "The dice change more results than the card order."
    if cards["low"] > dice["high"]:
        return "The card order changes more results than the dice."
    return "At this size the dice and the card order cannot be told apart."


def _thinking(ladder: pd.DataFrame) -> str:
    """Whether any ladder step shows more thinking winning more."""
    clear = ladder[ladder["score low"] > 0.5]
    if clear.empty:
        return (
            "No ladder step scores clearly above 1/2: at these budgets and game lengths more "
            "thinking does not measurably win more (luck, the seat or the turn limit decide)."
        )
    steps = ", ".join(f"{r['strong']} v {r['weak']}" for _, r in clear.iterrows())
    return f"More thinking wins clearly more at {steps}."


def readme(summary: dict, study: dict[str, pd.DataFrame]) -> str:
    """The study's README: how it was made, the columns, and what it says (every figure
    read from the saved tables)."""
    full = {
        name: table[table["deck"] == "full deck"]
        for name, table in study.items()
        if "deck" in table
    }
    sources = full["sources"].set_index("changed")
    skill = full["skill"]
    cards = study["card_strength"]
    moves = study["moves"]
    flagged = cards[cards["verdict"] != ""]
    ladder = skill[skill["weak"].astype(str).str.isdigit()]
    games, card_games = int(sources["games"].iloc[0]), int(cards["games"].max())
    turn_limit = int(skill["turn_limit"].iloc[0])
    top = max(skill["strong"])
    said = [
        f"- **Where results come from** ({games} base games, greedy v greedy, "
        f"{summary['rules']['turn_limit']} turns): "
        f"a result changes with only the dice changed in {_share(sources.loc['dice'])} of "
        f"games, with only the card order in {_share(sources.loc['cards'])}, with the seats "
        f"swapped in {_share(sources.loc['seats'])}. {_which(sources)}",
        "- **Skill** (turn limit "
        f"{turn_limit}): "
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
        + ". A score is 1 a win, 1/2 a draw; 0.5 is no better than the other side. "
        + _thinking(ladder),
        f"- **Card strength** ({card_games} games per card): "
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
run it again to refresh every file here; `--readme-only` rewrites this file from the
tables). Agents: greedy v greedy unless said; rules: the defaults with cards on (turn limit
{summary["rules"]["turn_limit"]}; the skill games {turn_limit} turns, because MCTS is slow: about
0.4 s a decision at 100 simulations, 3.4 s at 1,000; this run's top budget: {top:,}).
The top budget is played with cards only; without
cards, and on the deck without its strongest cards, the ladder stops below it.

## What it says

{chr(10).join(said)}

Every figure says how many games it rests on; the top budget's steps rest on very few
games (their intervals are wide), and with a short turn limit most games end drawn.
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
