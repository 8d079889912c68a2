"""Forseti's axe and Freya's grace on hand-set positions: buildings built at the nearest
free sites (checked against every site), works done at once, the recruits of a side with
every building, and the dead coming back under each knob's reading."""

from __future__ import annotations

from workbench.games.brawlhalla.card_effects import card_actions
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.summons import missing_buildings
from workbench.games.brawlhalla.works import build_site

AXE, GRACE = "Forseti's axe", "Freya's grace"


def _game(**knobs):
    return Brawlhalla(rules=Rules(cards=True, **knobs))


def _distance(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def test_the_axe_builds_every_missing_building_on_the_nearest_free_sites():
    game = _game()
    state = game.position(relics=((AXE,), ()))
    after = state.apply(("card", AXE, None))
    home = game.geometry.capitals[0]
    built = {c: k for c, (o, k) in after.buildings.items() if o == 0 and k != "capital"}
    assert sorted(built.values()) == ["barracks", "barracks", "barracks", "harbor"]
    for kind in ("barracks", "harbor"):
        free = [
            c
            for c in game.geometry.terrain
            if build_site(state, c, 0) and (kind != "harbor" or state.terrain(c) == ":")
        ]
        chosen = [c for c, k in built.items() if k == kind]
        farthest = max(_distance(c, home) for c in chosen)
        unchosen = [c for c in free if c not in built]
        assert all(_distance(c, home) >= farthest for c in unchosen)
    assert after.relics == ((), ()) and AXE not in after.discard  # it leaves the game


def test_the_axe_finishes_works_under_way_and_frees_their_builders():
    game = _game(forseti_axe_sites="works under way")
    state = game.position(
        stacks={(2, 3): (0, 3, 0, 0, 0)},
        works={(2, 3): (0, "barracks", 2, 0, 2)},
        relics=((AXE,), ()),
    )
    after = state.apply(("card", AXE, None))
    assert after.buildings[(2, 3)] == (0, "barracks") and (2, 3) not in after.works
    assert after.stacks[(2, 3)][1] == 3
    assert missing_buildings(after, 0) == ["barracks", "barracks", "harbor"]
    assert not card_actions(game.position(relics=((AXE,), ())))  # nothing under way


def test_with_every_building_the_axe_recruits_a_warlord_or_a_dragon_on_the_capital():
    game = _game()
    done = game.position(relics=((AXE,), ())).apply(("card", AXE, None))
    again = game.position(
        buildings=done.buildings, relics=((AXE,), ()), stacks={(2, 2): (0, 1, 0, 0, 0)}
    )
    assert [a[2] for a in card_actions(again)] == ["warlord", "dragon"]
    home = game.geometry.capitals[0]
    assert again.apply(("card", AXE, "dragon")).stacks[home][:5] == (0, 0, 0, 1, 0)
    assert again.apply(("card", AXE, "warlord")).stacks[home][:5] == (0, 0, 1, 0, 0)


def _after_a_clash(**knobs):
    """North lost a warrior and killed one of South's (a clash of 1 pair each way)."""
    game = _game(**knobs)
    state = game.position(
        stacks={(2, 4): (0, 3, 0, 0, 0), (3, 4): (1, 2, 0, 0, 0)},
        hands=((GRACE,), ()),
        ap=2,
    )
    return state.apply(("attack", (2, 4), (3, 4))).apply((1, 1))


def test_a_clash_counts_the_dead_of_both_sides():
    state = _after_a_clash()
    assert state.dead == ((1, 0, 0, 0), (1, 0, 0, 0))


def test_freyas_grace_brings_back_a_dead_unit_on_the_capital_with_the_last_action_point():
    state = _after_a_clash()
    assert state.ap == 1
    assert [a[2] for a in card_actions(state)] == [(0, "warriors")]
    after = state.apply(("card", GRACE, (0, "warriors")))
    home = state.game.geometry.capitals[0]
    assert after.stacks[home][:5] == (0, 1, 0, 0, 0)
    assert after.dead == ((0, 0, 0, 0), (1, 0, 0, 0))
    assert after.to_move == 1  # it was the last action of the turn


def test_freyas_grace_is_not_offered_before_the_last_action_point():
    game = _game()
    state = game.position(hands=((GRACE,), ()), stacks={(2, 2): (0, 1, 0, 0, 0)}).copy()
    state.dead = ((1, 0, 0, 0), (0, 0, 0, 0))
    assert state.ap == 3 and not card_actions(state)


def test_freyas_grace_played_early_ends_the_turn_and_can_raise_the_enemys_dead():
    game = _game(freya_grace_timing="ends the turn", freya_grace_dead="either side")
    state = game.position(hands=((GRACE,), ()), stacks={(2, 2): (0, 1, 0, 0, 0)}).copy()
    state.dead = ((0, 0, 0, 0), (0, 1, 0, 0))
    assert [a[2] for a in card_actions(state)] == [(1, "warlords")]
    after = state.apply(("card", GRACE, (1, "warlords")))
    assert after.stacks[game.geometry.capitals[0]][:5] == (0, 0, 1, 0, 0)
    assert after.dead == ((0, 0, 0, 0), (0, 0, 0, 0)) and after.to_move == 1
