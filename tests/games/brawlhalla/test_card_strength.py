"""Card strength: a card that wins at once is flagged, a card that does nothing is not,
and the paired baseline is the same game whenever the card is never played."""

from __future__ import annotations

import pickle
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from workbench.errors import RulesError
from workbench.games.brawlhalla.card_effects import EFFECTS, CardEffect
from workbench.games.brawlhalla.card_strength import (
    BLANK,
    HeldCard,
    card_strength,
    holding,
    strongest,
    with_blanks,
)
from workbench.games.brawlhalla.deck import load_cards
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules

RULES = Rules(cards=True, turn_limit=10)


def _win_now(state, side, target) -> None:
    state.winner, state.victory = side, "war"


def _nothing(state, side, target) -> None:
    """Does nothing."""


@pytest.fixture
def test_cards(monkeypatch) -> pd.DataFrame:
    """The shipped cards with three test cards (no copy in the deck): one that wins at
    once, one that does nothing when played, one that can never be played."""
    monkeypatch.setitem(EFFECTS, "test_win_now", CardEffect("test_win_now", _win_now, _any))
    monkeypatch.setitem(EFFECTS, "test_nothing", CardEffect("test_nothing", _nothing, _any))
    monkeypatch.setitem(EFFECTS, "test_never", CardEffect("test_never", _nothing, _none))
    rows = [
        {"name": name, "family": "basic", "count": 0, "cost": 0, "effect": effect}
        for name, effect in (
            ("Instant win", "test_win_now"),
            ("Null card", "test_nothing"),
            ("Dead card", "test_never"),
        )
    ]
    return pd.concat([load_cards(), pd.DataFrame(rows)], ignore_index=True)


def _any(state, side, others) -> list:
    return [None]


def _none(state, side, others) -> list:
    return []


def test_a_card_that_wins_at_once_is_flagged_strong_and_its_holder_always_wins(test_cards):
    game = Brawlhalla(rules=RULES, cards=test_cards)
    table = card_strength(game, games=12, seed=1, names=["Instant win", "Null card"])
    row = table.set_index("card").loc["Instant win"]
    assert row["verdict"] == "strong" and row["effect_low"] > 0.10
    assert row["wins"] == row["games"] == 12  # the holder plays it on its first turn
    assert row["effect"] == pytest.approx(1 - row["baseline"])
    assert list(table["card"]) == ["Instant win", "Null card"]  # strongest first
    assert strongest(table, 1) == ["Instant win"]


def test_a_card_that_does_nothing_is_not_flagged(test_cards):
    game = Brawlhalla(rules=RULES, cards=test_cards)
    row = card_strength(game, games=12, seed=2, names=["Null card"]).iloc[0]
    assert row["verdict"] == "" and row["effect_low"] <= 0.10


@pytest.mark.parametrize("name", ["Dead card", "Gríðarvölr"])
def test_a_card_never_played_leaves_every_paired_game_as_it_was(test_cards, name):
    """A card with no target, or whose effect is not implemented, plays exactly as the
    blank baseline: every game the same, the effect exactly 0."""
    game = Brawlhalla(rules=RULES, cards=test_cards)
    row = card_strength(game, games=8, seed=3, names=[name]).iloc[0]
    assert (row["changed"], row["effect"], row["effect_low"], row["effect_high"]) == (0, 0, 0, 0)
    assert row["score"] == row["baseline"]


def test_serial_and_parallel_runs_give_the_same_table():
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=8))
    names = ["Raid", "Tyrfing", "Wandering mercenaries"]
    serial = card_strength(game, games=6, seed=4, names=names)
    with ProcessPoolExecutor(2) as pool:
        parallel = card_strength(game, games=6, seed=4, names=names, executor=pool)
    pd.testing.assert_frame_equal(serial, parallel)


def test_intervals_hold_their_estimates_inside_their_bounds():
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=8))
    table = card_strength(game, ["random", "greedy"], games=6, seed=5, names=["Raid", "Mjolnir"])
    assert (table["games"] == 6).all()
    assert ((table["win_low"] >= 0) & (table["win_low"] <= table["win_share"])).all()
    assert ((table["win_share"] <= table["win_high"]) & (table["win_high"] <= 1)).all()
    assert (
        (table["effect_low"] <= table["effect"]) & (table["effect"] <= table["effect_high"])
    ).all()
    assert (table["effect"] == (table["score"] - table["baseline"]).round(4)).all()


def test_holding_gives_an_artifact_as_a_relic_and_any_other_card_in_hand():
    game = Brawlhalla(rules=RULES)
    start = game.initial_state(seed=7)
    with_raid = holding(start, 0, "Raid")
    assert with_raid.hands[0] == ("Raid", *start.hands[0]) and with_raid.hands[1] == start.hands[1]
    assert holding(start, 1, "Mjolnir").relics == ((), ("Mjolnir",))
    assert start.relics == ((), ()) and len(start.hands[0]) == RULES.opening_hand


def test_the_blanks_change_neither_the_deck_nor_the_artifacts_to_win():
    plain = Brawlhalla(rules=RULES)
    blanked = Brawlhalla(rules=RULES, cards=with_blanks(load_cards()))
    one, two = plain.initial_state(seed=8), blanked.initial_state(seed=8)
    assert (one.hands, one.deck, one.artifact_pile) == (two.hands, two.deck, two.artifact_pile)


def test_a_held_card_game_travels_to_worker_processes():
    game = HeldCard(rules=RULES, cards=with_blanks(load_cards()), card=BLANK, holder=1)
    copy = pickle.loads(pickle.dumps(game))
    assert (copy.card, copy.holder) == (BLANK, 1)
    assert copy.initial_state(seed=2).hands == game.initial_state(seed=2).hands


@pytest.mark.parametrize(
    ("game", "kwargs", "message"),
    [
        (Brawlhalla(rules=Rules()), {}, "no cards in play"),
        (Brawlhalla(rules=RULES), {"names": ["Excalibur"]}, "unknown card"),
        (Brawlhalla(rules=RULES), {"names": [BLANK]}, "unknown card"),
        (Brawlhalla(rules=RULES), {"games": 0}, "at least 1"),
    ],
)
def test_bad_requests_name_the_problem(game, kwargs, message):
    with pytest.raises(RulesError, match=message):
        card_strength(game, **kwargs)


def test_a_held_card_must_be_in_the_table():
    with pytest.raises(RulesError, match="not in the card table"):
        HeldCard(rules=RULES, card="Excalibur", holder=0)
