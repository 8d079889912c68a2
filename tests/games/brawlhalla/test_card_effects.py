"""Cards in play: each implemented effect on a hand-set position, coins, discards, limits,
and a card added by a CSV row alone."""

from __future__ import annotations

import pytest

from workbench.errors import IllegalMoveError
from workbench.games.brawlhalla.card_effects import EFFECTS, card_actions, effect
from workbench.games.brawlhalla.deck import load_cards
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.hands import draw_cards
from workbench.games.brawlhalla.rules import Rules

BARRACK = (2, 2)
DECK = ("Raid", "Pillage", "Odin's eye", "Landslide")


def _position(hand, *, other=(), coins=(0, 0), rules=None, stack=(0, 1, 0, 0, 0), **extra):
    game = Brawlhalla(rules=rules or Rules(cards=True))
    buildings = {
        game.board.capital("north"): (0, "capital"),
        game.board.capital("south"): (1, "capital"),
        BARRACK: (0, "barracks"),
    }
    return game.position(
        stacks={BARRACK: stack},
        buildings=buildings,
        hands=(tuple(hand), tuple(other)),
        deck=DECK,
        coins=coins,
        **extra,
    )


def _play(state, name, target=None):
    return state.apply(("card", name, target))


def test_no_cards_offered_when_cards_are_off():
    game = Brawlhalla()
    state = game.position(hands=(("Bragi's blessing",), ()))
    assert not [a for a in state.legal_actions() if a[0] == "card"]


def test_drawing_cards_and_the_card_costs_an_action_point():
    after = _play(_position(["Bragi's blessing"]), "Bragi's blessing")
    assert after.hands[0] == DECK[:2] and after.deck == DECK[2:]
    assert after.discard == ("Bragi's blessing",) and after.ap == 2


def test_discard_one_draw_one_and_two_for_two():
    state = _position(["Bragi's deal", "Raid", "Mimir's well"])
    assert {a[2] for a in card_actions(state) if a[1] == "Bragi's deal"} == {"Raid", "Mimir's well"}
    after = _play(state, "Bragi's deal", "Raid")
    assert sorted(after.hands[0]) == sorted(["Mimir's well", DECK[0]])
    assert after.discard == ("Bragi's deal", "Raid")
    bargain = _position(["Bragi's bargain", "Raid", "Raid"])
    targets = {a[2] for a in card_actions(bargain) if a[1] == "Bragi's bargain"}
    assert targets == {("Raid", "Raid")}
    after = _play(bargain, "Bragi's bargain", ("Raid", "Raid"))
    assert after.hands[0] == DECK[:2]


def test_loki_cards_pick_the_opponents_card_blind_by_its_place():
    state = _position(["Loki's treason"], other=["Raid", "Pillage"])
    assert {a[2] for a in card_actions(state)} == {0, 1}
    assert _play(state, "Loki's treason", 1).hands[1] == ("Raid",)
    swap = _position(["Loki's deception", "Odin's eye"], other=["Raid", "Pillage"])
    after = _play(swap, "Loki's deception", ("Odin's eye", 0))
    assert after.hands == (("Raid",), ("Odin's eye", "Pillage"))


def test_recruiting_cards_put_units_on_a_barrack_with_room():
    state = _position(["Wandering warrior", "Wandering mercenaries"], stack=(0, 2, 0, 0, 0))
    assert _play(state, "Wandering warrior", BARRACK).stacks[BARRACK][1] == 3
    assert _play(state, "Wandering mercenaries", BARRACK).stacks[BARRACK][1] == 4
    full = _position(["Wandering mercenaries"], stack=(0, 3, 0, 0, 0))
    assert not card_actions(full)  # no room for two more
    capital = _position(
        ["Wandering warrior"], rules=Rules(cards=True, card_recruits_appear="on the capital")
    )
    assert {a[2] for a in card_actions(capital)} == {capital.game.board.capital("north")}


def test_wandering_warlord_costs_two_coins_that_grave_robber_gains_back():
    poor = _position(["Wandering warlord"], coins=(1, 0))
    assert not card_actions(poor)
    rich = _position(["Wandering warlord", "Grave robber"], coins=(3, 0))
    after = _play(rich, "Wandering warlord", BARRACK)
    assert after.stacks[BARRACK][2] == 1 and after.coins == (1, 0) and after.sacrificed == 2
    robbed = _play(after, "Grave robber")
    assert robbed.coins == (3, 0) and robbed.sacrificed == 0


@pytest.mark.parametrize(
    ("coins", "rounding", "recruits"), [(5, "down", 2), (5, "up", 3), (1, "down", 0)]
)
def test_conscription_recruits_half_the_coins(coins, rounding, recruits):
    rules = Rules(cards=True, conscription_rounding=rounding)
    state = _position(["Conscription"], coins=(coins, 0), rules=rules, stack=(0, 0, 1, 0, 0))
    if not recruits:
        assert not card_actions(state)
        return
    assert _play(state, "Conscription", BARRACK).stacks[BARRACK][1] == recruits


def test_raid_steals_a_coin_and_pillage_captures_a_ruin():
    assert not card_actions(_position(["Raid"]))
    assert _play(_position(["Raid"], coins=(0, 2)), "Raid").coins == (1, 1)
    state = _position(["Pillage"])
    ruin = sorted(state.ruins[0])[0]
    after = _play(state, "Pillage", ruin)
    assert after.coins == (1, 0) and ruin not in after.ruins[0] and after.cards_due == (1, 0)


def test_overdraw_forces_a_discard_of_the_players_choice_first():
    state = _position(["Bragi's blessing", "Raid", "Raid", "Pillage", "Odin's eye"])
    after = _play(state, "Bragi's blessing")
    assert len(after.hands[0]) == 6 and after.discarding == 0
    assert set(after.legal_actions()) == {("discard", name) for name in after.hands[0]}
    with pytest.raises(IllegalMoveError):
        after.apply(("end",))
    done = after.apply(("discard", "Odin's eye"))
    assert done.discarding is None and len(done.hands[0]) == 5 and done.discard[-1] == "Odin's eye"


def test_the_turn_draw_and_ruins_owed_come_at_the_start_of_the_turn():
    state = _position([], other=[], cards_due=(0, 1))
    after = state.apply(("end",))
    assert after.to_move == 1 and after.hands[1] == DECK[:2]


def test_a_card_added_by_a_csv_row_with_a_known_effect_plays_without_code():
    cards = load_cards()
    extra = cards.iloc[[0]].copy()
    extra[["name", "family", "count", "cost", "effect"]] = [
        "Bragi's feast",
        "basic",
        1,
        0,
        "draw_two",
    ]
    import pandas as pd

    game = Brawlhalla(rules=Rules(cards=True), cards=pd.concat([cards, extra], ignore_index=True))
    assert "Bragi's feast" in game.cards.pile()
    state = game.position(hands=(("Bragi's feast",), ()), deck=DECK)
    assert state.apply(("card", "Bragi's feast", None)).hands[0] == DECK[:2]


def test_a_new_effect_registered_in_a_cell_plays():
    @effect("test_draw_three")
    def _draw_three(state, side, target):
        draw_cards(state, side, 3)

    try:
        cards = load_cards()
        row = cards.iloc[[0]].copy()
        row[["name", "family", "count", "cost", "effect"]] = [
            "Bragi's gift",
            "basic",
            1,
            0,
            "test_draw_three",
        ]
        game = Brawlhalla(rules=Rules(cards=True), cards=row)
        state = game.position(hands=(("Bragi's gift",), ()), deck=DECK)
        assert state.apply(("card", "Bragi's gift", None)).hands[0] == DECK[:3]
    finally:
        del EFFECTS["test_draw_three"]


def test_every_card_of_the_text_has_its_effect():
    assert set(load_cards()["effect"]) <= set(EFFECTS)


def test_a_card_whose_effect_is_not_registered_is_never_offered():
    cards = load_cards()
    row = cards.iloc[[0]].copy()
    row[["name", "family", "count", "cost", "effect"]] = ["Blank", "basic", 1, 0, "no_such"]
    game = Brawlhalla(rules=Rules(cards=True), cards=row)
    state = game.position(hands=(("Blank",), ()), deck=DECK)
    assert not card_actions(state)
    assert ("card", "Blank", None) not in state.legal_actions()


def test_njords_punishment_sinks_an_empty_enemy_boat_only():
    game = Brawlhalla(rules=Rules(cards=True))
    state = game.position(
        stacks={(4, 1): (1, 0, 0, 0, 1), (4, 3): (1, 2, 0, 0, 1), (4, 5): (0, 0, 0, 0, 1)},
        hands=(("Njord's punishment",), ()),
    )
    assert {a[2] for a in card_actions(state)} == {(4, 1)}
    assert (4, 1) not in _play(state, "Njord's punishment", (4, 1)).stacks


# -- artifacts ---------------------------------------------------------------------------
def test_artifacts_are_dealt_apart_and_a_beaten_guardian_gives_the_next_one():
    game = Brawlhalla(rules=Rules(cards=True))
    start = game.initial_state(seed=3)
    assert (
        sorted(start.artifact_pile) == sorted(game.cards.artifacts())
        and len(start.artifact_pile) == 7
    )
    assert not set(start.artifact_pile) & set(start.deck)
    sanctuary = game.geometry.flag_home
    below = (sanctuary[0], sanctuary[1] - 1)
    state = game.position(stacks={below: (0, 4, 1, 0, 0)}, artifact_pile=("Tyrfing", "Mjolnir"))
    attack = state.apply(("attack", below, sanctuary))
    beaten = attack.apply((0, 1))
    assert beaten.relics == (("Tyrfing",), ()) and beaten.artifact_pile == ("Mjolnir",)
    off = Brawlhalla().position(stacks={below: (0, 4, 1, 0, 0)}, artifact_pile=("Tyrfing",))
    assert off.apply(("attack", below, sanctuary)).apply((0, 1)).relics == ((), ())


def test_lucky_finding_and_tomb_pillager_draw_an_artifact():
    state = _position(["Lucky finding"], artifact_pile=("Gungnir",))
    assert _play(state, "Lucky finding").relics[0] == ("Gungnir",)
    assert not card_actions(_position(["Lucky finding"]))  # none left to find
    hand = ["Tomb pillager", "Raid", "Raid", "Pillage", "Odin's eye"]
    rich = _position(hand, coins=(4, 0), artifact_pile=("Gungnir",))
    (action,) = [a for a in card_actions(rich) if a[1] == "Tomb pillager"]
    after = rich.apply(action)
    assert after.hands[0] == () and after.relics[0] == ("Gungnir",) and after.coins == (0, 0)


def test_artifacts_stay_out_of_discards_and_the_hand_limit():
    state = _position(["Bragi's blessing"] * 5, other=["Gungnir"], relics=((), ("Mjolnir",)))
    assert card_actions(state)[0][1] == "Bragi's blessing"
    raided = _position(["Loki's treason"], other=["Raid"], relics=((), ("Mjolnir",)))
    assert {a[2] for a in card_actions(raided)} == {0}  # only the hand, never the artifact


@pytest.mark.parametrize(("reading", "left"), [("the whole hand", 0), ("half the hand", 1)])
def test_gungnir_discards_the_opponents_hand(reading, left):
    rules = Rules(cards=True, gungnir_discards=reading)
    state = _position(
        [], other=["Raid", "Pillage", "Raid"], relics=(("Gungnir",), ("Mjolnir",)), rules=rules
    )
    after = _play(state, "Gungnir")
    assert len(after.hands[1]) == left and after.relics == ((), ("Mjolnir",))
    assert "Gungnir" not in after.in_effect[0]


def test_tyrfing_lasts_and_gives_an_action_point_each_turn():
    state = _position([], relics=(("Tyrfing",), ()))
    played = _play(state, "Tyrfing")
    assert played.in_effect[0] == ("Tyrfing",) and played.relics[0] == ()
    north_again = played.apply(("end",)).apply(("end",))
    assert north_again.to_move == 0 and north_again.ap == 4
    assert played.apply(("end",)).ap == 3  # South has none


def test_mjolnir_destroys_every_unit_on_an_enemy_square():
    game = Brawlhalla(rules=Rules(cards=True))
    state = game.position(
        stacks={(2, 2): (0, 1, 0, 0, 0), (14, 4): (1, 3, 1, 0, 0)}, relics=(("Mjolnir",), ())
    )
    assert {a[2] for a in card_actions(state)} == {(14, 4)}
    assert (14, 4) not in _play(state, "Mjolnir", (14, 4)).stacks


# -- die cards in a clash -------------------------------------------------------------------
def _clash(hands=((), ()), face_down=((), ()), rules=None):
    game = Brawlhalla(rules=rules or Rules(cards=True))
    stacks = {(7, 0): (0, 3, 0, 0, 0), (7, 1): (1, 2, 0, 0, 0)}
    return game.position(stacks=stacks, hands=hands, face_down=face_down)


def test_the_attacker_chooses_its_die_cards_and_the_odds_are_the_dice_modules():
    from workbench.dice import clash
    from workbench.games.brawlhalla.combat import clash_settings, die_modifiers

    state = _clash(hands=(("Thor's blessing", "Thor's blessing"), ()))
    attacks = {a for a in state.legal_actions() if a[0] == "attack"}
    assert attacks == {
        ("attack", (7, 0), (7, 1)),
        ("attack", (7, 0), (7, 1), ("Thor's blessing",)),
        ("attack", (7, 0), (7, 1), ("Thor's blessing", "Thor's blessing")),
    }
    blessed = state.apply(("attack", (7, 0), (7, 1), ("Thor's blessing",)))
    assert blessed.committed == (("thor",), ()) and blessed.hands[0] == ("Thor's blessing",)
    settings = clash_settings(state.game.rules, die_modifiers(["thor"]), ())
    expected = clash(3, 2, **settings).probabilities
    got = {won: p for (_, won), p in blessed.chance_outcomes()}
    assert got == {k: p for k, p in expected.items() if p}
    plain = dict(state.apply(("attack", (7, 0), (7, 1))).chance_outcomes())
    assert plain != dict(blessed.chance_outcomes())
    assert blessed.apply(blessed.chance_outcomes()[0][0]).committed == ((), ())


def test_the_defender_brings_every_die_card_it_holds_unless_told_not_to():
    held = {"hands": ((), ("Thor's blessing",)), "face_down": ((), ("Norn's wrath",))}
    state = _clash(**held)
    attacked = state.apply(("attack", (7, 0), (7, 1)))
    assert attacked.committed == ((), ("norn", "thor"))
    assert attacked.hands[1] == () and attacked.face_down[1] == ()
    calm = _clash(**held, rules=Rules(cards=True, defender_die_cards="none"))
    assert calm.apply(("attack", (7, 0), (7, 1))).committed == ((), ())


def test_norns_wrath_is_laid_face_down_then_brought_to_an_attack():
    state = _clash(hands=(("Norn's wrath",), ()))
    laid = state.apply(("card", "Norn's wrath", None))
    assert laid.face_down[0] == ("Norn's wrath",)
    attacks = {a for a in laid.legal_actions() if a[0] == "attack"}
    assert ("attack", (7, 0), (7, 1), ("Norn's wrath",)) in attacks


def test_mimirs_well_destroys_a_face_down_card_for_a_coin():
    assert not card_actions(_position(["Mimir's well"], coins=(1, 0)))  # nothing face down
    state = _position(["Mimir's well"], coins=(1, 0), face_down=((), ("Landslide", "Swan song")))
    assert {a[2] for a in card_actions(state)} == {0, 1}
    after = _play(state, "Mimir's well", 1)
    assert after.face_down[1] == ("Landslide",) and after.coins == (0, 0) and after.sacrificed == 1
    assert after.discard[-1] == "Swan song"
    assert not card_actions(_position(["Mimir's well"], face_down=((), ("Landslide",))))  # no coin


def test_assassin_of_kings_and_guerilla_tactics_change_the_dice_before_the_roll():
    game = Brawlhalla(rules=Rules(cards=True))
    stacks = {(7, 0): (0, 2, 0, 0, 0), (7, 1): (1, 0, 1, 0, 0)}
    state = game.position(stacks=stacks, hands=(("Assassin of Kings",), ()))
    attack = ("attack", (7, 0), (7, 1), ("Assassin of Kings",))
    assert attack in state.legal_actions()
    assert state.apply(attack).pending[2:4] == (4, 5)  # 2 warriors + 2 against 1 warlord
    assert state.apply(attack[:3]).pending[2:4] == (2, 5)
    no_lord = game.position(
        stacks={(7, 0): (0, 2, 0, 0, 0), (7, 1): (1, 3, 0, 0, 0)},
        hands=(("Assassin of Kings",), ()),
    )
    assert not [a for a in no_lord.legal_actions() if a[0] == "attack" and len(a) > 3]
    guerilla = game.position(stacks=stacks, hands=(("Guerilla tactics",), ()), coins=(5, 0))
    hit = guerilla.apply(("attack", (7, 0), (7, 1), ("Guerilla tactics",)))
    assert hit.pending[2:4] == (2, 3) and hit.discard == ("Guerilla tactics",)


def test_dragon_killer_wins_against_a_dragon_above_five_coins():
    game = Brawlhalla(rules=Rules(cards=True))
    stacks = {(7, 0): (0, 1, 0, 0, 0), (7, 1): (1, 0, 0, 1, 0)}
    poor = game.position(stacks=stacks, hands=(("Dragon killer",), ()), coins=(5, 0))
    assert not [a for a in poor.legal_actions() if a[0] == "attack" and len(a) > 3]
    rich = game.position(stacks=stacks, hands=(("Dragon killer",), ()), coins=(6, 0))
    after = rich.apply(("attack", (7, 0), (7, 1), ("Dragon killer",)))
    assert (7, 1) not in after.stacks and after.pending is None and after.stacks[(7, 0)][1] == 1
    defended = game.position(
        stacks={(7, 0): (0, 0, 0, 1, 0), (7, 1): (1, 3, 0, 0, 0)},
        hands=((), ("Dragon killer",)),
        coins=(0, 6),
    )
    assert (7, 0) not in defended.apply(("attack", (7, 0), (7, 1))).stacks


def test_skofnung_lasts_and_adds_one_to_a_die_once_a_turn():
    game = Brawlhalla(rules=Rules(cards=True))
    stacks = {(7, 0): (0, 3, 0, 0, 0), (7, 1): (1, 2, 0, 0, 0)}
    state = game.position(stacks=stacks, in_effect=(("Skofnung",), ()))
    blessed = ("attack", (7, 0), (7, 1), ("Skofnung",))
    assert blessed in state.legal_actions()
    once = state.apply(blessed)
    assert once.committed == (("skofnung",), ()) and once.in_effect[0] == ("Skofnung",)
    again = once.apply((1, 1))  # the clash resolved; the stack has an action left
    assert again.stacks[(7, 0)][1] == 2
    assert not [a for a in again.legal_actions() if a[0] == "attack" and len(a) > 3]


def test_blood_lord_sacrifices_warriors_of_the_attacking_stack_for_one_die():
    game = Brawlhalla(rules=Rules(cards=True))
    stacks = {(7, 0): (0, 4, 0, 0, 0), (7, 1): (1, 2, 0, 0, 0)}
    state = game.position(stacks=stacks, hands=(("Blood lord",), ()))
    lords = {a[3] for a in state.legal_actions() if a[0] == "attack" and len(a) > 3}
    assert lords == {("Blood lord:1",), ("Blood lord:2",), ("Blood lord:3",)}
    after = state.apply(("attack", (7, 0), (7, 1), ("Blood lord:2",)))
    assert after.stacks[(7, 0)][1] == 2 and after.pending[2] == 2
    assert after.committed == (("blood_lord:2",), ()) and after.discard == ("Blood lord",)


def test_odins_vision_shows_the_hand_to_the_caster_until_a_new_turn():
    from workbench.play import python_random

    state = _position(["Odin's vision"], other=["Raid", "Pillage"], coins=(2, 0))
    game = state.game
    shown = _play(state, "Odin's vision")
    assert shown.shown_hand == (False, True) and shown.coins == (0, 0)
    other = game.position(
        stacks=dict(shown.stacks),
        buildings=dict(shown.buildings),
        hands=(shown.hands[0], ("Raid", "Raid")),
        deck=shown.deck,
        discard=shown.discard,
        coins=shown.coins,
        sacrificed=shown.sacrificed,
    ).copy()
    other.shown_hand, other.ap, other.actions = (False, True), shown.ap, shown.actions
    assert game.observation(shown, 0) != game.observation(other, 0)  # the hand is seen
    world = game.determinize(shown, 0, python_random(1))
    assert world.hands[1] == ("Raid", "Pillage")
    assert shown.apply(("end",)).shown_hand == (False, False)


def test_odins_eye_reveals_a_face_down_card_which_worlds_then_keep():
    from workbench.play import python_random

    state = _position(["Odin's eye"], face_down=((), ("Landslide", "Swan song")))
    assert {a[2] for a in card_actions(state)} == {0, 1}
    seen = _play(state, "Odin's eye", 1)
    assert seen.shown_face_down == ((), ("Swan song",))
    assert {
        a[2]
        for a in card_actions(
            _position(["Odin's eye", "Odin's eye"], face_down=((), ("Swan song",)))
        )
    } == {0}
    for seed in range(5):
        world = seen.game.determinize(seen, 0, python_random(seed))
        assert "Swan song" in world.face_down[1]
        assert seen.game.observation(world, 0) == seen.game.observation(seen, 0)
