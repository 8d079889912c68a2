"""Face-down cards: laid for an action point, one of each name, triggered in either turn."""

from __future__ import annotations

from workbench.games.brawlhalla.card_effects import card_actions
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules

GAME = Brawlhalla(rules=Rules(cards=True))


def test_laying_a_face_down_card_costs_an_action_and_one_of_each_name():
    state = GAME.position(stacks={(2, 4): (0, 1, 0, 0, 0)}, hands=(("Landslide", "Landslide"), ()))
    laid = state.apply(("card", "Landslide", None))
    assert (
        laid.face_down == (("Landslide",), ()) and laid.hands[0] == ("Landslide",) and laid.ap == 2
    )
    assert not card_actions(laid)  # a second Landslide cannot be in effect


def test_landslide_weakens_the_next_enemy_on_a_shore_in_its_owners_turn_or_not():
    state = GAME.position(stacks={(2, 4): (0, 3, 0, 0, 0)}, face_down=((), ("Landslide",)))
    inland = state.apply(("move", (2, 4), (2, 3), (3, 0, 0, 0)))
    assert inland.stacks[(2, 3)][1] == 3 and inland.face_down == ((), ("Landslide",))
    shore = state.apply(("move", (2, 4), (3, 4), (3, 0, 0, 0)))
    assert shore.stacks[(3, 4)][1] == 1 and shore.discard == ("Landslide",)
    own = GAME.position(stacks={(2, 4): (0, 3, 0, 0, 0)}, face_down=(("Landslide",), ()))
    assert own.apply(("move", (2, 4), (3, 4), (3, 0, 0, 0))).stacks[(3, 4)][1] == 3


def test_swan_song_weakens_the_winner_of_a_lost_battle():
    stacks = {(7, 0): (0, 3, 0, 0, 0), (7, 1): (1, 3, 0, 0, 0)}
    state = GAME.position(stacks=stacks, face_down=((), ("Swan song",)))
    attacked = state.apply(("attack", (7, 0), (7, 1)))
    lost = attacked.apply((1, 2))  # the defender loses 2, kills 1
    assert lost.stacks[(7, 1)][1] == 1 and lost.stacks[(7, 0)][1] == 1
    assert lost.face_down == ((), ()) and lost.discard == ("Swan song",)
    won = attacked.apply((2, 1))  # the defender won: its Swan song waits
    assert won.face_down == ((), ("Swan song",)) and won.stacks[(7, 0)][1] == 1


def test_counter_spell_stops_the_opponents_next_card_but_not_an_artifact():
    state = GAME.position(
        hands=(("Bragi's blessing",), ()),
        deck=("Raid", "Pillage"),
        face_down=((), ("Counter spell",)),
        relics=(("Tyrfing",), ()),
    )
    countered = state.apply(("card", "Bragi's blessing", None))
    assert countered.hands[0] == () and countered.ap == 2
    assert countered.discard == ("Bragi's blessing", "Counter spell")
    artifact = state.apply(("card", "Tyrfing", None))
    assert artifact.in_effect[0] == ("Tyrfing",) and artifact.face_down == ((), ("Counter spell",))


def test_ghost_ship_sinks_an_empty_enemy_boat_away_from_its_harbor():
    stacks = {(3, 3): (1, 2, 0, 0, 1), (2, 4): (0, 1, 0, 0, 0)}
    state = GAME.position(stacks=stacks, face_down=(("Ghost ship",), ()), to_move=1)
    unloaded = state.apply(("move", (3, 3), (2, 3), (2, 0, 0, 0)))
    assert (3, 3) not in unloaded.stacks and unloaded.discard == ("Ghost ship",)
    harbor = GAME.position(
        stacks=stacks,
        buildings={**state.buildings, (3, 3): (1, "harbor")},
        face_down=(("Ghost ship",), ()),
        to_move=1,
    )
    docked = harbor.apply(("move", (3, 3), (2, 3), (2, 0, 0, 0)))
    assert (3, 3) in docked.stacks and docked.face_down == (("Ghost ship",), ())


def test_a_landslide_on_the_fifth_warrior_leaves_too_few_to_fuse():
    game = Brawlhalla(rules=Rules(cards=True, fusion="fifth joins to fuse"))
    state = game.position(
        stacks={(2, 4): (0, 1, 0, 0, 0), (3, 4): (0, 4, 0, 0, 0)}, face_down=((), ("Landslide",))
    )
    after = state.apply(("fuse", (2, 4), (3, 4)))
    assert after.stacks[(3, 4)][:5] == (0, 3, 0, 0, 0)


def test_a_landslide_on_a_work_site_takes_its_builders_with_the_units():
    state = GAME.position(
        stacks={(2, 4): (0, 1, 0, 0, 0), (3, 4): (0, 2, 0, 0, 0)},
        works={(3, 4): (0, "barracks", 2, 0, 2)},
        face_down=((), ("Landslide",)),
    )
    after = state.apply(("move", (2, 4), (3, 4), (1, 0, 0, 0)))
    assert after.stacks[(3, 4)][1] == 1 and after.works[(3, 4)][2] == 1


def test_warriors_replacing_a_weakened_warlord_respect_the_pool():
    full = {(0, c): (0, 4, 0, 0, 0) for c in (3, 4, 5, 6, 8)}  # 20 warriors: the pool
    state = GAME.position(stacks={**full, (2, 4): (0, 0, 1, 0, 0)}, face_down=((), ("Landslide",)))
    after = state.apply(("move", (2, 4), (3, 4), (0, 1, 0, 0)))
    assert after.count(0, "warriors") <= GAME.rules.warrior_pool


def test_a_spent_face_down_card_is_no_longer_counted_as_seen():
    state = GAME.position(stacks={(2, 4): (0, 3, 0, 0, 0)}, face_down=((), ("Landslide",))).copy()
    state.shown_face_down = ((), ("Landslide",))
    after = state.apply(("move", (2, 4), (3, 4), (3, 0, 0, 0)))
    assert after.face_down == ((), ()) and after.shown_face_down == ((), ())


def test_no_face_down_card_is_laid_past_the_face_up_limit():
    game = Brawlhalla(rules=Rules(cards=True, face_up_limit=1))
    state = game.position(hands=(("Swan song",), ()), face_down=(("Landslide",), ()))
    assert not card_actions(state)
