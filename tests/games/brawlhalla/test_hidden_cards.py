"""Odds that do not peek: the worlds of the other side's hidden clash cards sum to 1,
match a brute force over every hand it could have been dealt, and two positions that
differ only in the hidden hand show the same odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.hidden_cards import clash_worlds
from workbench.games.brawlhalla.narration import attack_odds
from workbench.games.brawlhalla.rules import Rules

GAME = Brawlhalla(rules=Rules(cards=True))
STACKS = {(2, 4): (0, 3, 0, 0, 0), (3, 4): (1, 3, 0, 0, 0)}
ATTACK = ("attack", (2, 4), (3, 4))
POOL = ("Thor's blessing", "Thor's blessing", "Raid", "Pillage", "Guerilla tactics")


def _dealt(hand, deck):
    return GAME.position(stacks=STACKS, hands=((), tuple(hand)), deck=tuple(deck), coins=(0, 4))


def test_the_worlds_chances_sum_to_one():
    state = _dealt(POOL[:2], POOL[2:])
    worlds = clash_worlds(state, 0)
    assert sum(p for p, _ in worlds) == 1 and len(worlds) > 1


def test_the_odds_a_side_sees_average_every_hand_the_other_could_hold():
    """Brute force: each 2-card hand of the 5 unseen cards, equally likely."""
    state = _dealt(POOL[:2], POOL[2:])
    seen = attack_odds(state, ATTACK, viewer=0)
    hands = list(itertools.combinations(range(len(POOL)), 2))
    expected: dict = {}
    falls = Fraction(0)
    for picks in hands:
        hand = [POOL[i] for i in picks]
        deck = [POOL[i] for i in range(len(POOL)) if i not in picks]
        odds = attack_odds(_dealt(hand, deck), ATTACK)
        falls += odds["falls"] / len(hands)
        for outcome, p in odds["outcomes"]:
            expected[outcome] = expected.get(outcome, Fraction(0)) + p / len(hands)
    assert dict(seen["outcomes"]) == expected
    assert seen["falls"] == falls


def test_positions_that_differ_only_in_the_hidden_hand_show_the_same_odds():
    raid = _dealt(["Raid"], ["Thor's blessing", "Pillage"])
    thor = _dealt(["Thor's blessing"], ["Raid", "Pillage"])
    assert GAME.observation(raid, 0) == GAME.observation(thor, 0)
    assert attack_odds(raid, ATTACK) != attack_odds(thor, ATTACK)  # the truth differs
    assert attack_odds(raid, ATTACK, viewer=0) == attack_odds(thor, ATTACK, viewer=0)


def test_a_hand_shown_by_odins_vision_is_known():
    state = _dealt(["Thor's blessing"], ["Raid", "Pillage"]).copy()
    state.shown_hand = (False, True)
    assert clash_worlds(state, 0) == [(1, state)]
    assert attack_odds(state, ATTACK, viewer=0) == attack_odds(state, ATTACK)


def test_an_unseen_norns_wrath_face_down_counts_at_its_share():
    state = GAME.position(
        stacks=STACKS, face_down=((), ("Norn's wrath",)), deck=("Landslide", "Raid")
    )
    worlds = clash_worlds(state, 0)
    assert sorted((p, w.face_down[1]) for p, w in worlds) == [
        (Fraction(1, 2), ()),
        (Fraction(1, 2), ("Norn's wrath",)),
    ]
