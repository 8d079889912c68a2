"""How strong each Brawlhalla card is: games where one side starts holding one more copy.

The design is a paired experiment. For a card, ``games`` seeded games are played where
one side (North in the first half, South in the second) starts with one more copy of the
card: an artifact in its relics, as if won at a sanctuary, any other card first in its
hand (its oldest card: an agent that discards its newest cards over the hand limit keeps
it). The *same* seeds (deck order, dice, agents: common random numbers) are played
with a blank card in its place (:data:`BLANK` in the hand, :data:`BLANK_ARTIFACT` among
the relics): a card with no effect, never playable, so both games start with as many cards in
hand and the discards forced by the hand limit fall alike. What the card is worth is
the paired difference of the holder's score (win 1, draw 1/2, loss 0) between the two
games, with a bootstrap interval; a card that is never played changes nothing, so its
difference is exactly 0. The holder's win share is given too, with a Wilson interval.

A card is flagged ``strong`` (or ``weak``) when its whole 95% interval lies above
``margin`` (or below ``-margin``): its effect on the holder's score is beyond ``margin``
with 95% confidence. The figures measure the card as the agents play it (greedy play by
default: it plays a card when the card raises its judgement of the position).

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True, turn_limit=4))
>>> table = card_strength(game, ["random", "random"], games=2, names=["Raid", "Tyrfing"])
>>> sorted(table["card"]), list(table["games"])
(['Raid', 'Tyrfing'], [2, 2])
>>> state = holding(game.initial_state(seed=1), 1, "Tyrfing")
>>> state.relics
((), ('Tyrfing',))
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from workbench.errors import RulesError
from workbench.games.brawlhalla.agents import agent_factory
from workbench.games.brawlhalla.board import Board
from workbench.games.brawlhalla.card_effects import EFFECTS
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.state import BrawlhallaState
from workbench.play.stats import bootstrap_interval, wilson_interval
from workbench.play.tournament import tournament

__all__ = [
    "BLANK",
    "BLANK_ARTIFACT",
    "HeldCard",
    "card_strength",
    "holding",
    "strongest",
    "with_blanks",
]

#: The baseline's card in hand: no effect, never playable, no copy in the deck.
BLANK = "(blank card)"
#: The baseline's artifact among the relics: no effect, never playable, none to win.
BLANK_ARTIFACT = "(blank artifact)"
_SIDES = ("north", "south")


def with_blanks(cards: pd.DataFrame) -> pd.DataFrame:
    """The card table with the two blanks added (count 0: the deck and the artifacts
    to win stay as they are; their effect id is registered nowhere).

    >>> from workbench.games.brawlhalla.deck import load_cards
    >>> list(with_blanks(load_cards()).tail(2)["name"])
    ['(blank card)', '(blank artifact)']
    """
    blanks = pd.DataFrame(
        [
            {"name": BLANK, "family": "basic", "count": 0, "cost": 0, "effect": "blank"},
            {
                "name": BLANK_ARTIFACT,
                "family": "artifact",
                "count": 0,
                "cost": 0,
                "effect": "blank",
            },
        ]
    )
    kept = cards[~cards["name"].isin([BLANK, BLANK_ARTIFACT])]
    return pd.concat([kept, blanks], ignore_index=True)


def holding(state: BrawlhallaState, side: int, name: str) -> BrawlhallaState:
    """A copy of ``state`` where ``side`` holds one more ``name``: an artifact in its
    relics (as one won is kept), any other card first in its hand."""
    new = state.copy()
    if state.game.cards.families()[name] == "artifact":
        relics = list(state.relics)
        relics[side] = (*relics[side], name)
        new.relics = (relics[0], relics[1])
    else:
        hands = list(state.hands)
        hands[side] = (name, *hands[side])
        new.hands = (hands[0], hands[1])
    return new


class HeldCard(Brawlhalla):
    """Brawlhalla where ``holder`` (0 north, 1 south) starts holding one more ``card``
    (see :func:`holding`); everything else as in the game it is built from.

    >>> from workbench.games.brawlhalla.deck import load_cards
    >>> game = HeldCard(rules=Rules(cards=True), cards=load_cards(), card="Raid", holder=0)
    >>> game.initial_state(seed=3).hands[0][0]
    'Raid'
    """

    def __init__(
        self,
        board: Board | None = None,
        rules: Rules | None = None,
        cards: pd.DataFrame | None = None,
        *,
        card: str,
        holder: int,
    ) -> None:
        super().__init__(board, rules, cards)
        if card not in self.cards.families():
            raise RulesError(f"HeldCard: {card!r} is not in the card table")
        self.card, self.holder = card, holder

    def __reduce__(self):
        return (_held_card, (self.board, self.rules, self.cards._cards, self.card, self.holder))

    def initial_state(self, *, seed=None) -> BrawlhallaState:
        """The dealt start with the holder's extra card."""
        return holding(super().initial_state(seed=seed), self.holder, self.card)


def _held_card(board, rules, cards, card, holder) -> HeldCard:
    return HeldCard(board, rules, cards, card=card, holder=holder)


def _scores(
    game: Brawlhalla,
    cards: pd.DataFrame,
    agents: Sequence[str],
    card: str,
    seeds: Sequence[int],
    rounds: int,
    executor: Executor | None,
) -> np.ndarray:
    """The holder's score in each game (holder North then South, ``rounds`` games each)."""
    factories = {name: agent_factory(name) for name in dict.fromkeys(agents)}
    found = []
    for holder, seat_seed in enumerate(seeds):
        held = HeldCard(game.board, game.rules, cards, card=card, holder=holder)
        table = tournament(
            held,
            factories,
            rounds=rounds,
            seed=seat_seed,
            lineups=[tuple(agents)],
            executor=executor,
            progress=False,
            chunksize=max(1, rounds // 8),
        )
        side = table["winning_side"]
        winner = side.where(side != "", "draw")  # cut short: a draw
        found.append(np.where(winner == _SIDES[holder], 1.0, np.where(winner == "draw", 0.5, 0.0)))
    return np.concatenate(found)


def card_strength(
    game: Brawlhalla,
    agents: Sequence[str] = ("greedy", "greedy"),
    *,
    games: int = 100,
    seed: int = 0,
    names: Sequence[str] | None = None,
    margin: float = 0.10,
    executor: Executor | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """Every card's effect on its holder's score, strongest first (see the module text).

    Parameters
    ----------
    game : Brawlhalla
        The game, cards on (its board, rules and card table are used).
    agents : two agent names
        North's and South's agents (:func:`~.agents.agent_factory`).
    games : int
        Games per card, rounded up to an even number: half with the holder North.
    seed : int
        Root of the seeds (``SeedSequence``); every card gets the same games.
    names : sequence of str, optional
        The cards to measure (default: every card of the table).
    margin : float
        The effect beyond which a card is flagged, with its whole interval.
    executor, progress
        Where the games run (any ``concurrent.futures.Executor``; None: here) and a
        progress bar over the cards; the table is the same whatever runs it.

    Returns
    -------
    pandas.DataFrame
        One row per card, by ``effect`` (largest first): ``rank``, ``card``, ``family``,
        ``effect_id``, ``implemented``, ``games``, the holder's ``wins``, ``win_share``
        (Wilson ``win_low``, ``win_high``), its mean ``score``, the paired ``baseline``
        score, ``effect`` = score - baseline (bootstrap ``effect_low``, ``effect_high``),
        ``changed`` (games whose result the card changed) and ``verdict`` (``strong``,
        ``weak`` or ``""``).
    """
    if not game.rules.cards:
        raise RulesError("card_strength: the game has no cards in play (Rules.cards is off)")
    if len(agents) != 2:
        raise RulesError(f"card_strength: expected two agent names, got {list(agents)}")
    if games < 1:
        raise RulesError(f"card_strength: games must be at least 1, got {games}")
    cards = with_blanks(game.cards.cards)
    families = dict(zip(cards["name"], cards["family"], strict=True))
    chosen = list(game.cards.cards["name"] if names is None else names)
    unknown = [n for n in chosen if n not in families or n in (BLANK, BLANK_ARTIFACT)]
    if unknown:
        raise RulesError(f"card_strength: unknown card(s) {', '.join(map(repr, unknown))}")
    rounds = (games + 1) // 2
    seeds = [int(s.generate_state(1)[0]) for s in np.random.SeedSequence(seed).spawn(2)]
    scores = {
        card: _scores(game, cards, agents, card, seeds, rounds, executor)
        for card in tqdm([BLANK, BLANK_ARTIFACT, *chosen], disable=not progress, desc="cards")
    }
    rows = [
        _row(card, cards, scores[card], scores[_blank(families[card])], margin) for card in chosen
    ]
    table = pd.DataFrame(rows).sort_values("effect", ascending=False, kind="stable")
    table.insert(0, "rank", range(1, len(table) + 1))
    return table.reset_index(drop=True)


def _blank(family: str) -> str:
    return BLANK_ARTIFACT if family == "artifact" else BLANK


def _row(
    card: str, cards: pd.DataFrame, score: np.ndarray, baseline: np.ndarray, margin: float
) -> dict:
    entry = cards[cards["name"] == card].iloc[0]
    wins = int((score == 1.0).sum())
    low, high = wilson_interval(wins, len(score))
    difference = score - baseline
    effect_low, effect_high = bootstrap_interval(difference, lambda s: s.mean(axis=1))
    verdict = "strong" if effect_low > margin else "weak" if effect_high < -margin else ""
    return {
        "card": card,
        "family": entry["family"],
        "effect_id": entry["effect"],
        "implemented": entry["effect"] in EFFECTS,
        "games": len(score),
        "wins": wins,
        "win_share": round(wins / len(score), 4),
        "win_low": low,
        "win_high": high,
        "score": round(float(score.mean()), 4),
        "baseline": round(float(baseline.mean()), 4),
        "effect": round(float(difference.mean()), 4),
        "effect_low": effect_low,
        "effect_high": effect_high,
        "changed": int((difference != 0).sum()),
        "verdict": verdict,
    }


def strongest(table: pd.DataFrame, count: int = 3) -> list[str]:
    """The ``count`` cards of a :func:`card_strength` table with the largest effect.

    >>> strongest(pd.DataFrame({"card": ["a", "b", "c"], "effect": [0.1, 0.3, -0.2]}), 2)
    ['b', 'a']
    """
    return list(table.sort_values("effect", ascending=False, kind="stable")["card"][:count])
