"""The rules: knobs round-trip and check their values; each changes exactly what it says,
on scripted games."""

from fractions import Fraction

import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.actions import CHALLENGE, DECK, DISCARD_PILE, PASS, STAND, Attack
from workbench.games.daggers_brink.rules import Rules

from .scripted import A1, A3, D1, H1, S1, SMALL, W, deal_order, keep_hands, rolls, scripted_game

HANDS = {0: [S1, S1, D1, D1, W], 1: [A3, A3, A1, W, S1], 2: [H1, H1, H1, H1, D1]}
TOP = A1


def _game(faces=(), **rules):
    return scripted_game([deal_order(HANDS, TOP), list(SMALL.cards())], faces, **rules)


def _combat(faces=(), **rules):
    state = keep_hands(_game(faces, **rules), 3).apply(CHALLENGE)
    return keep_hands(state, 2)


def test_rules_defaults_round_trip_and_describe_every_knob():
    rules = Rules()
    assert Rules.from_dict(rules.to_dict()) == rules
    table = rules.describe()
    assert len(table) == len(rules.to_dict()) and table["rule text"].str.len().min() > 10
    assert rules.hit_chance == 0.5 and Rules(hit_threshold=5).hit_chance * 3 == 1
    with pytest.raises(RulesError, match=r"Rules\.reshuffle: expected one of"):
        Rules(reshuffle="never")


def test_challenge_after_laps():
    assert CHALLENGE in _game(challenge_after_laps=0).legal_actions()
    state = keep_hands(_game(challenge_after_laps=2), 3)
    assert CHALLENGE not in state.legal_actions()
    assert CHALLENGE in keep_hands(state, 3).legal_actions()


def test_draw_lap_limit_forces_the_challenge():
    state = keep_hands(_game(draw_lap_limit=1), 3)
    assert state.legal_actions() == [CHALLENGE]
    assert keep_hands(_game(draw_lap_limit=0), 30).decision == "source"


def test_pass_after_challenge_lets_the_others_stand():
    state = keep_hands(_game(), 3).apply(CHALLENGE)
    assert STAND not in state.legal_actions()
    state = keep_hands(_game(pass_after_challenge=True), 3).apply(CHALLENGE)
    assert state.legal_actions() == [DECK, DISCARD_PILE, STAND]
    state = state.apply(STAND).apply(STAND)
    assert state.decision == "attack"


def test_discard_drawn_card():
    order = deal_order(HANDS, TOP, rest=[D1])  # seat 1 holds no D+1 and draws one
    drawn = scripted_game([order]).apply(DECK)
    assert drawn.drawn == D1 and D1 in drawn.legal_actions()
    drawn = scripted_game([order], discard_drawn_card=False).apply(DECK)
    assert drawn.legal_actions() == [S1, A1, A3, W]
    again = scripted_game([order], discard_drawn_card=False).apply(DISCARD_PILE)
    assert TOP in again.legal_actions()  # seat 1 holds another A+1: that one may go


def test_attack_optional():
    assert PASS in _combat().legal_actions()
    assert PASS not in _combat(attack_optional=False).legal_actions()


def test_wounded_sit_out():
    faces = rolls([6, 6], [1, 1])  # seat 0 wounds seat 1 (health 2: 2 hits, no block)
    state = _combat(faces).apply(Attack(1)).apply(())
    assert state.player == 2 and Attack(1) not in state.legal_actions()
    state = _combat(faces, wounded_sit_out=False).apply(Attack(1)).apply(())
    assert state.player == 1 and state.is_wounded(1)  # still attacks
    assert Attack(0) in state.legal_actions()


def test_wildcards_per_fight_and_strip_wildcards():
    state = _combat()
    assert Attack(1, (W,)) in state.legal_actions()
    assert Attack(1) in _combat(wildcards_per_fight=0).legal_actions()
    assert Attack(1, (W,)) not in _combat(wildcards_per_fight=0).legal_actions()
    stripping = _combat().apply(Attack(1, (W,))).apply(())
    assert W in stripping.legal_actions()
    stripping = _combat(strip_wildcards=False).apply(Attack(1, (W,))).apply(())
    assert W not in stripping.legal_actions()


def test_the_hit_threshold_is_a_face_of_the_die():
    assert Rules(die_sides=8, hit_threshold=7).hit_chance == Fraction(1, 4)
    with pytest.raises(
        RulesError, match=r"Rules\.hit_threshold: expected an integer >= 1 <= 6, got 7"
    ):
        Rules(hit_threshold=7)
    with pytest.raises(RulesError, match=r"Rules\.die_sides: expected an integer >= 2"):
        Rules(die_sides=1)


def test_die_sides_and_hit_threshold_decide_the_hits():
    faces = rolls([7, 8], [6, 1])  # seat 0 attacks seat 1 (health 2, defend 2) on a d8
    fight = _combat(faces, die_sides=8, hit_threshold=7).apply(Attack(1)).apply(()).fights()[0]
    assert (fight.hits, fight.blocks, fight.wounded) == (2, 0, True)
    on_a_d6 = _combat(rolls([6, 6], [6, 1]), hit_threshold=6).apply(Attack(1)).apply(()).fights()[0]
    assert (on_a_d6.hits, on_a_d6.blocks, on_a_d6.wounded) == (2, 1, False)


def test_roll_off_dice():
    order = deal_order(HANDS, TOP, dealer=1)
    faces = rolls([1, 2], [6, 6], [3, 3])  # two dice each: seat 1 rolls highest
    state = scripted_game([order], faces, first_dealer="roll", roll_off_dice=2)
    assert state.dealer == 1 and state.dice == 6
    four = scripted_game(
        [order], rolls([1, 2, 1, 1], [6, 6, 1, 1], [3, 3, 3, 3]), first_dealer="roll"
    )
    assert four.dealer == 1 and four.dice == 12
