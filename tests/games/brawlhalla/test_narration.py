"""The game log's words for every kind of action, and attack odds checked against dice
counted one by one."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.guardian import guardian_odds
from workbench.games.brawlhalla.narration import attack_odds, describe, percent, units_text


@pytest.fixture(scope="module")
def game():
    return Brawlhalla()


def counted_pairs_won(attack: int, defence: int, faces: int = 6) -> dict[int, Fraction]:
    """P(the attacker wins exactly k pairs), every roll counted (ties to the defender)."""
    found: dict[int, int] = {}
    for roll in itertools.product(range(1, faces + 1), repeat=attack + defence):
        a = sorted(roll[:attack], reverse=True)
        d = sorted(roll[attack:], reverse=True)
        won = sum(x > y for x, y in zip(a, d, strict=False))
        found[won] = found.get(won, 0) + 1
    total = faces ** (attack + defence)
    return {k: Fraction(n, total) for k, n in found.items()}


def test_moves_name_the_units_and_the_squares(game):
    state = game.position(stacks={(2, 4): (0, 3, 1, 0, 0), (3, 4): (0, 1, 0, 0, 0)})
    assert describe(state, ("move", (2, 4), (2, 3), (3, 0, 0, 0))) == (
        "North moves 3 warriors from (2, 4) to (2, 3)"
    )
    assert describe(state, ("move", (2, 4), (2, 3), (1, 1, 0, 0))) == (
        "North moves a warrior and a warlord from (2, 4) to (2, 3)"
    )
    to_ruin = ("move", (2, 4), (3, 4), (3, 1, 0, 0))
    assert to_ruin in state.legal_actions()  # merging with the stack on the ruin (3, 4)
    assert describe(state, to_ruin).endswith("to (3, 4), taking the ruin's coin")
    south = game.position(stacks={(14, 5): (1, 1, 0, 0, 0)}, to_move=1)
    assert describe(south, ("end",)) == "South ends the turn"
    assert units_text((0, 0, 0, 1)) == "a boat" and units_text((0, 0, 0, 0)) == "nobody"


def test_works_flag_and_fusion(game):
    state = game.position(stacks={(2, 8): (0, 4, 0, 0, 0), (2, 9): (0, 1, 0, 0, 0)})
    assert ("fuse", (2, 9), (2, 8)) in state.legal_actions()
    assert describe(state, ("build", (2, 8), "barracks")) == (
        "North starts a barrack at (2, 8) (1 unit, 1 turn)"
    )
    assert describe(state, ("build", (2, 8), "nursery")) == (
        "North starts a dragon nursery at (2, 8) (3 units, 3 turns)"
    )
    assert describe(state, ("flag", (8, 5))) == "North takes the flag at (8, 5)"
    assert describe(state, ("fuse", (2, 9), (2, 8))) == (
        "North moves a warrior from (2, 9) to (2, 8) and fuses warriors into a warlord on (2, 8)"
    )


def test_setup_decisions_and_the_roll(game):
    state = game.initial_state()
    assert describe(state, 1) == "South begins"
    state = state.apply(1)
    barracks = state.legal_actions()[0]
    assert describe(state, barracks) == f"South places its barrack at {barracks[1]}"
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    deploy = ("deploy", (2, 3, 0), "barracks")
    assert deploy in state.legal_actions()
    assert describe(state, deploy) == (
        "South deploys its warriors: 2 on the capital, 3 on the barrack, 0 on the harbor; "
        "its warlord on the barrack"
    )
    state = state.apply(deploy)
    assert describe(state, state.legal_actions()[0]).startswith("North places its barrack")


def test_an_attack_and_its_result(game):
    state = game.position(stacks={(7, 0): (1, 3, 0, 0, 0), (7, 1): (0, 2, 0, 0, 0)}, to_move=1)
    attack = ("attack", (7, 0), (7, 1))
    assert describe(state, attack) == "South attacks (7, 1) from (7, 0)"
    rolled = state.apply(attack)
    assert describe(rolled, (1, 1)) == "South attacks (7, 1) from (7, 0): loses 1, kills 1"
    empty = game.position(stacks={(15, 6): (0, 2, 0, 0, 0)})
    capital = ("attack", (15, 6), (16, 6))
    assert describe(empty, capital) == (
        "North attacks the south capital on (16, 6) from (15, 6): it falls at once"
    )


def test_attack_odds_match_every_roll_counted(game):
    state = game.position(stacks={(7, 0): (0, 3, 0, 0, 0), (7, 1): (1, 2, 0, 0, 0)})
    odds = attack_odds(state, ("attack", (7, 0), (7, 1)))
    exact = counted_pairs_won(3, 2)
    assert odds["at_least"] == {2: exact[2], 1: exact[1] + exact[2]}
    assert list(odds["at_least"]) == [2, 1]
    assert odds["falls"] == exact[2]  # two pairs kill both warriors
    assert sum(p for _, p in odds["outcomes"]) == 1
    assert odds["text"] == (
        f"you win 2 pairs or more: {percent(exact[2])}; "
        f"1 pair or more: {percent(exact[1] + exact[2])}; it falls: {percent(exact[2])}"
    )
    assert "2 pairs or more: 37%" in odds["text"]


def test_a_warlord_defender_is_not_wiped_out_by_one_pair(game):
    state = game.position(stacks={(7, 0): (0, 1, 1, 0, 0), (7, 1): (1, 1, 0, 0, 0)})
    odds = attack_odds(state, ("attack", (7, 0), (7, 1)))
    exact = counted_pairs_won(6, 1)
    assert odds["at_least"] == {1: exact[1]} and odds["falls"] == exact[1]
    strong = game.position(stacks={(7, 0): (0, 1, 0, 0, 0), (7, 1): (1, 0, 1, 0, 0)})
    odds = attack_odds(strong, ("attack", (7, 0), (7, 1)))
    assert odds["at_least"][1] > 0 and odds["falls"] == 0  # a warlord survives one loss


def test_guardian_and_undefended_odds(game):
    west = dict(game.geometry.sanctuaries)["west"]
    state = game.position(stacks={(9, 0): (0, 4, 1, 0, 0)})
    odds = attack_odds(state, ("attack", (9, 0), west))
    assert odds["falls"] == guardian_odds(7, rules=game.rules).p_defeat
    assert odds["text"] == f"the guardian falls: {percent(odds['falls'])}"
    empty = game.position(stacks={(15, 6): (0, 2, 0, 0, 0)})
    odds = attack_odds(empty, ("attack", (15, 6), (16, 6)))
    assert odds == {"outcomes": [], "at_least": {}, "falls": 1, "text": "it falls at once"}


def test_percent_never_rounds_to_certainty():
    assert percent(Fraction(1, 3)) == "33%" and percent(0) == "0%"
    assert percent(Fraction(995, 1000)) == ">99%"


def test_card_plays_and_discards_in_words_with_face_down_cards_kept_hidden():
    from workbench.games.brawlhalla.rules import Rules

    game = Brawlhalla(rules=Rules(cards=True))
    state = game.position(hands=(("Bragi's blessing", "Landslide", "Wandering warrior"), ()))
    assert describe(state, ("card", "Bragi's blessing", None)) == "North plays Bragi's blessing"
    assert describe(state, ("card", "Landslide", None)) == "North lays a card face down"
    assert (
        describe(state, ("card", "Wandering warrior", (2, 2)))
        == "North plays Wandering warrior on (2, 2)"
    )
    full = state.copy()
    full.discarding = 0
    assert describe(full, ("discard", "Landslide")) == "North discards Landslide"
