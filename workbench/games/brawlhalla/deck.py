"""The card list with its loader, and exact draw odds (hypergeometric, in Fractions).

``data/brawlhalla/cards.csv`` lists every card with its family (artifact, basic,
ruin, face-down), how many copies the set has, its cost in ruin coins and a short
effect key. Basic, ruin and face-down cards form the draw deck; artifacts are won
at sanctuaries and never drawn.

A player starts with ``Rules.opening_hand`` cards and draws ``Rules.draws_per_turn``
a turn. The hand and face-up limits (``Rules.hand_limit``, ``Rules.face_up_limit``)
force a discard when over ``Rules.most_cards_held`` cards, but the player picks what
to discard, so holding a chosen card by turn ``t`` is having drawn it among the
first ``opening_hand + t * draws_per_turn`` cards; the limits only make holding more
than ``most_cards_held`` cards impossible. Cards dealt to the opponent from a shared
deck are unseen and do not change these odds.

>>> deck = load_cards()
>>> int(draw_deck(deck)["count"].sum())
90
>>> holding_odds(deck, "Lucky finding", turn=0)
Fraction(1, 18)
>>> holding_odds(deck, "Lucky finding", turn=0, rules=Rules(opening_hand=9))
Fraction(1, 10)
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb

import pandas as pd

from workbench.errors import shown
from workbench.games.brawlhalla.board import DATA_DIR
from workbench.games.brawlhalla.rules import Rules
from workbench.jsonio import read_text
from workbench.problems import Problems
from workbench.tableio import csv_rows, integer_cell

__all__ = [
    "FAMILIES",
    "MAX_COUNT",
    "draw_deck",
    "draw_odds",
    "hold_probability",
    "holding_odds",
    "load_cards",
    "with_counts",
]

FAMILIES: tuple[str, ...] = ("artifact", "basic", "ruin", "face-down")
_DRAWN_FAMILIES = ("basic", "ruin", "face-down")
_COLUMNS = ("name", "family", "count", "cost", "effect")
#: The most copies of a card, and the highest cost, a card list may give (the set's are
#: single digits).
MAX_COUNT = 99


def load_cards(path: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """Read the card list (default: the game's), validating every row.

    Returns a DataFrame with columns name, family, count, cost, effect. Every
    problem is reported at once (a :class:`DataError` naming the file and, for each
    problem, the line and column; the checks of :func:`workbench.tableio.csv_rows`).
    """
    path = os.fspath(path or DATA_DIR / "cards.csv")
    problems = Problems(path)
    records, names = [], set()
    for line, row in csv_rows(read_text(path), path, _COLUMNS):
        where = f"line {line}"
        if not row:
            continue
        if row["family"] not in FAMILIES:
            problems.add(
                f"{where}, family", f"{shown(row['family'])}, expected one of {', '.join(FAMILIES)}"
            )
        if not row["name"]:
            problems.add(f"{where}, name", "empty")
        elif row["name"] in names:
            problems.add(f"{where}, name", f"{shown(row['name'])} listed twice")
        names.add(row["name"])
        records.append(
            {
                "name": row["name"],
                "family": row["family"],
                "count": integer_cell(row["count"], f"{where}, count", problems, 0, MAX_COUNT),
                "cost": integer_cell(row["cost"], f"{where}, cost", problems, 0, MAX_COUNT),
                "effect": row["effect"],
            }
        )
    problems.raise_if_any()
    return pd.DataFrame(records, columns=list(_COLUMNS))


def draw_deck(cards: pd.DataFrame) -> pd.DataFrame:
    """The cards players draw from: every family except artifacts."""
    return cards[cards["family"].isin(_DRAWN_FAMILIES)].reset_index(drop=True)


def with_counts(cards: pd.DataFrame, counts: Mapping[str, int]) -> pd.DataFrame:
    """A copy of the card list with some cards' counts changed (by name)."""
    unknown = sorted(set(counts) - set(cards["name"]))
    if unknown:
        raise ValueError(f"unknown card(s): {', '.join(unknown)}")
    edited = cards.copy()
    for name, count in counts.items():
        if count < 0:
            raise ValueError(f"{name}: count {count}, expected 0 or more")
        edited.loc[edited["name"] == name, "count"] = count
    return edited


def hold_probability(deck_size: int, copies: int, seen: int, *, at_least: int = 1) -> Fraction:
    """Exact chance that ``seen`` cards drawn from ``deck_size`` include ``at_least`` of
    the ``copies`` wanted (hypergeometric tail).

    >>> hold_probability(4, 2, 2)
    Fraction(5, 6)
    """
    seen = min(seen, deck_size)
    total = comb(deck_size, seen)
    hits = sum(
        comb(copies, k) * comb(deck_size - copies, seen - k)
        for k in range(at_least, min(copies, seen) + 1)
    )
    return Fraction(hits, total)


def _copies(deck: pd.DataFrame, target: str) -> int:
    if target in FAMILIES:
        return int(deck.loc[deck["family"] == target, "count"].sum())
    if target not in set(deck["name"]):
        raise ValueError(f"{target!r} is neither a drawn card nor a family")
    return int(deck.loc[deck["name"] == target, "count"].sum())


def holding_odds(
    cards: pd.DataFrame,
    target: str,
    *,
    turn: int,
    at_least: int = 1,
    rules: Rules | None = None,
) -> Fraction:
    """Chance of holding ``at_least`` copies of a card (or of a family) at turn ``turn``
    (0 = the opening hand, then ``Rules.draws_per_turn`` a turn; at most
    ``Rules.most_cards_held`` cards)."""
    rules = rules or Rules()
    deck = draw_deck(cards)
    if at_least > rules.most_cards_held:
        return Fraction(0)
    seen = rules.opening_hand + turn * rules.draws_per_turn
    return hold_probability(
        int(deck["count"].sum()), _copies(deck, target), seen, at_least=at_least
    )


def draw_odds(
    cards: pd.DataFrame,
    targets: Sequence[str],
    *,
    turns: Sequence[int] = range(0, 11),
    at_least: int = 1,
    rules: Rules | None = None,
) -> pd.DataFrame:
    """Table of exact odds: one row per target (card or family), one column per turn."""
    return pd.DataFrame(
        {
            t: [
                holding_odds(cards, name, turn=t, at_least=at_least, rules=rules)
                for name in targets
            ]
            for t in turns
        },
        index=pd.Index(list(targets), name=f"holding at least {at_least} of"),
    ).rename_axis(columns="turn")
