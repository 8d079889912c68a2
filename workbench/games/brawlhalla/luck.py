"""Where a Brawlhalla game's result comes from: replay games changing one source of chance.

A game's chance has two sources kept apart here: the order of the cards (the deck and the
artifacts, shuffled from ``deck_seed``) and the dice (every chance outcome: who begins,
every clash, drawn from ``dice_seed``). The agents keep their own seeds. :func:`sources`
plays ``games`` base games, then each again with only the card order changed, only the
dice changed, or only the seats swapped (the agents change places, everything else
equal: common random numbers), and reports how often the result changes under each,
with a Wilson interval. If changing the cards changes more results than changing the
dice, the cards decide more than the dice.

:func:`luck_figures` gathers the three figures of "how much luck decides": these
sources, the skill trace (:func:`~.skill_study.skill_figures`: if more thinking barely
wins more, luck dominates) and each card's strength (:func:`~.card_strength.
card_strength`); :func:`figure_moves` sets two such studies side by side, e.g. before
and after a designer takes the strongest cards out of the deck. The study script
``scripts/brawlhalla_cards_study.py`` saves its tables under :data:`STUDY_DIR`;
:func:`load_luck_study` reads them back.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True, turn_limit=20))
>>> table = sources(game, ["random", "random"], games=3, seed=1)
>>> list(table["changed"])
['cards', 'dice', 'seats']
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from workbench.errors import RulesError
from workbench.games.brawlhalla.board import DATA_DIR
from workbench.games.brawlhalla.card_strength import card_strength
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.replay import replay
from workbench.games.brawlhalla.skill_study import skill_figures
from workbench.play.stats import wilson_interval
from workbench.tableio import load_table

__all__ = [
    "PARTS",
    "STUDY_DIR",
    "figure_moves",
    "load_luck_study",
    "luck_figures",
    "outcome",
    "sources",
]

#: The parts of :func:`luck_figures`.
PARTS = ("sources", "skill", "cards")
#: Where the study script writes its tables.
STUDY_DIR = DATA_DIR / "studies" / "cards"
#: The study's tables: file stem -> columns it must have.
_STUDY_FILES = {
    "sources": ("deck", "changed", "games", "changed_results", "share", "low", "high"),
    "skill": ("deck", "cards", "strong", "weak", "games", "score", "score low", "score high"),
    "card_strength": ("rank", "card", "family", "games", "effect", "effect_low", "verdict"),
    "moves": ("figure", "before", "after", "moved"),
}

_SOURCES = ("cards", "dice", "seats")
#: Base games per task sent to an executor.
_CHUNK = 4


def outcome(
    game: Brawlhalla,
    agents: Sequence[str],
    *,
    deck_seed: int,
    dice_seed: int,
    agent_seeds: tuple[int, int],
) -> str:
    """The winner (``north``, ``south`` or ``draw``) of one game: ``agents[0]`` north,
    ``agents[1]`` south, the cards shuffled from ``deck_seed``, the dice from ``dice_seed``."""
    played = replay(game, agents, deck_seed=deck_seed, dice_seed=dice_seed, agent_seeds=agent_seeds)
    return {-1: "draw", 0: "north", 1: "south"}[played.states[-1].winner]


def sources(
    game: Brawlhalla,
    agents: Sequence[str],
    *,
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """How often the result changes when only the cards, only the dice or only the seats
    change: one row per source with ``games``, ``changed_results``, ``share`` and its
    95% Wilson interval ``low``, ``high``. Seeds come from ``SeedSequence(seed)``; the
    base games run on ``executor`` (any ``concurrent.futures.Executor``; None: here),
    in chunks, with a progress bar if ``progress``: the table is the same either way."""
    seeds = np.random.SeedSequence(seed).generate_state(5 * games).reshape(games, 5).tolist()
    chunks = [seeds[start : start + _CHUNK] for start in range(0, games, _CHUNK)]
    changed = np.zeros(3, dtype=int)
    with tqdm(total=games, disable=not progress, desc="luck: base games") as bar:
        if executor is None:
            done = (_changes(game, agents, chunk) for chunk in chunks)
        else:
            done = (
                f.result() for f in [executor.submit(_changes, game, agents, c) for c in chunks]
            )
        for chunk, found in zip(chunks, done, strict=True):
            changed += found
            bar.update(len(chunk))
    rows = []
    for name, count in zip(_SOURCES, changed.tolist(), strict=True):
        low, high = wilson_interval(count, games)
        rows.append(
            {
                "changed": name,
                "games": games,
                "changed_results": count,
                "share": count / games,
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame(rows)


def _changes(game: Brawlhalla, agents: Sequence[str], seeds: list[list[int]]) -> np.ndarray:
    """Per source (cards, dice, seats), how many of these base games changed result."""
    changed = np.zeros(3, dtype=int)
    swap = {"north": "south", "south": "north", "draw": "draw"}
    for deck, dice, other_deck, other_dice, agent in seeds:
        mine = (agent, agent + 1)
        base = outcome(game, agents, deck_seed=deck, dice_seed=dice, agent_seeds=mine)
        cards = outcome(game, agents, deck_seed=other_deck, dice_seed=dice, agent_seeds=mine)
        rolls = outcome(game, agents, deck_seed=deck, dice_seed=other_dice, agent_seeds=mine)
        seated = outcome(game, agents[::-1], deck_seed=deck, dice_seed=dice, agent_seeds=mine[::-1])
        # the same agent should win from the other seat
        changed += (cards != base, rolls != base, swap[seated] != base)
    return changed


def luck_figures(
    game: Brawlhalla,
    agents: Sequence[str] = ("greedy", "greedy"),
    *,
    parts: Sequence[str] = PARTS,
    games: int = 50,
    card_games: int = 20,
    budgets: Sequence[int] = (10, 100),
    skill_rounds: int | Sequence[int] = 2,
    skill_turn_limit: int | None = None,
    skill_cards: Sequence[bool] = (True, False),
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool = False,
) -> dict[str, pd.DataFrame]:
    """The figures of how much luck decides, by part: ``sources`` (:func:`sources`,
    ``games`` base games between ``agents``, seeded by ``seed`` itself), ``skill``
    (:func:`~.skill_study.skill_figures` at ``budgets``, ``skill_rounds`` games per seat
    and budget, ``skill_turn_limit``, conditions ``skill_cards``) and ``cards``
    (:func:`~.card_strength.card_strength`, ``card_games`` games per card). The game
    should have cards on; the skill part sets them per condition.

    >>> from workbench.games.brawlhalla.rules import Rules
    >>> game = Brawlhalla(rules=Rules(cards=True, turn_limit=3))
    >>> figures = luck_figures(game, ["random", "random"], parts=["sources"], games=2)
    >>> list(figures), list(figures["sources"]["changed"])
    (['sources'], ['cards', 'dice', 'seats'])
    """
    unknown = sorted(set(parts) - set(PARTS))
    if unknown:
        raise RulesError(f"luck_figures: unknown part(s) {unknown}; expected some of {PARTS}")
    skill_seed, card_seed = (
        int(s.generate_state(1)[0]) for s in np.random.SeedSequence(seed).spawn(2)
    )
    run = {"executor": executor, "progress": progress}
    makers = {
        "sources": lambda: sources(game, agents, games=games, seed=seed, **run),
        "skill": lambda: skill_figures(
            game,
            budgets=budgets,
            rounds=skill_rounds,
            turn_limit=skill_turn_limit,
            cards=skill_cards,
            seed=skill_seed,
            **run,
        ),
        "cards": lambda: card_strength(game, agents, games=card_games, seed=card_seed, **run),
    }
    return {part: makers[part]() for part in PARTS if part in parts}


def figure_moves(before: dict[str, pd.DataFrame], after: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """How the luck and skill figures move between two :func:`luck_figures` studies:
    one row per figure both hold (each source's share of changed results; each skill
    step's score, with cards), its value and interval before and after, and ``moved``
    (after - before).

    >>> row = {"changed": "dice", "share": 0.5, "low": 0.4, "high": 0.6}
    >>> one = {"sources": pd.DataFrame([row])}
    >>> two = {"sources": pd.DataFrame([{**row, "share": 0.3, "low": 0.2, "high": 0.4}])}
    >>> figure_moves(one, two)[["figure", "before", "after", "moved"]].values.tolist()
    [['result changed with the dice', 0.5, 0.3, -0.2]]
    """
    rows = []
    for part, label, value in (
        ("sources", _source_label, "share"),
        ("skill", _skill_label, "score"),
    ):
        if part not in before or part not in after:
            continue
        old, new = (_figures(study[part], label, value) for study in (before, after))
        for figure in old.index.intersection(new.index):
            rows.append(
                {
                    "figure": figure,
                    **{f"before{k}": v for k, v in old.loc[figure].items()},
                    **{f"after{k}": v for k, v in new.loc[figure].items()},
                    "moved": round(float(new.loc[figure, ""] - old.loc[figure, ""]), 4),
                }
            )
    return pd.DataFrame(rows)


def _source_label(row: pd.Series) -> str:
    return f"result changed with the {row['changed']}"


def _skill_label(row: pd.Series) -> str:
    cards = "cards" if row["cards"] else "no cards"
    return f"score of {row['strong']} simulations v {row['weak']} ({cards})"


def _figures(table: pd.DataFrame, label, value: str) -> pd.DataFrame:
    """One row per figure: the value and its interval, as ``""``, ``"_low"``, ``"_high"``."""
    low, high = ("low", "high") if value == "share" else ("score low", "score high")
    rows = {
        label(row): {"": row[value], "_low": row[low], "_high": row[high]}
        for _, row in table.iterrows()
    }
    return pd.DataFrame.from_dict(rows, orient="index")


def load_luck_study(directory: str | os.PathLike[str] = STUDY_DIR) -> dict[str, pd.DataFrame]:
    """The study script's tables (``sources``, ``skill``, ``card_strength``, ``moves``),
    each with a ``deck`` column where it covers both decks; a missing file or column is a
    :class:`~workbench.errors.DataError` naming the file. A card's unflagged ``verdict``
    reads as ``""``.

    >>> study = load_luck_study()
    >>> sorted(study), list(study["sources"]["changed"][:3])
    (['card_strength', 'moves', 'skill', 'sources'], ['cards', 'dice', 'seats'])
    """
    folder = Path(directory)
    tables = {
        name: load_table(folder / f"{name}.csv", columns) for name, columns in _STUDY_FILES.items()
    }
    tables["card_strength"]["verdict"] = (
        tables["card_strength"]["verdict"].astype(object).fillna("")
    )
    return tables
