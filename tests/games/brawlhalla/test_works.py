"""Brawlhalla works on hand-set positions of the duel board: what each costs and where it
may start, builders held and sacrificed, completion at the owner's turn, halts by attack."""

import pytest

from workbench.games.brawlhalla.actions import legal_actions
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.works import work_cost

from .small_boards import duel_game

CAPITALS = {(0, 0): (0, "capital"), (6, 0): (1, "capital")}


def builds(state, cell):
    return {a[2] for a in legal_actions(state) if a[0] == "build" and a[1] == cell}


def own_turns(state, n):
    """The state after ``n`` more starts of the side to act's turn (both sides end)."""
    for _ in range(n):
        state = state.apply(("end",)).apply(("end",))
    return state


def test_work_costs_follow_the_text():
    rules = Rules()
    assert [work_cost("barracks", n, rules) for n in range(3)] == [(1, 1), (2, 2), (3, 3)]
    assert work_cost("nursery", 0, rules) == (3, 3)
    assert work_cost("harbor", 0, rules) == (1, 1)
    assert work_cost("boat", 0, rules) == (3, 2)
    assert work_cost("dragon", 0, rules) == (4, 3)
    assert work_cost("salvage", 0, rules) == (2, 2)
    assert work_cost("barracks", 0, Rules(barracks_costs=(2, 5))) == (2, 2)


@pytest.mark.parametrize("owned", [0, 1, 2])
def test_the_nth_barrack_costs_n_units_and_n_turns(owned):
    game = duel_game()
    barracks = {(2, c): (0, "barracks") for c in range(owned)}
    state = game.position(
        stacks={(1, 3): (0, owned + 1, 0, 0, 0), (1, 4): (0, owned, 0, 0, 0)},
        buildings={**CAPITALS, **barracks},
    )
    assert "barracks" in builds(state, (1, 3))
    assert "barracks" not in builds(state, (1, 4))  # one unit short
    state = state.apply(("build", (1, 3), "barracks"))
    assert state.works[(1, 3)] == (0, "barracks", owned + 1, 0, owned + 1)
    assert state.ap == 2 and state.stacks[(1, 3)][5] == 1
    before = own_turns(state, owned)
    assert (1, 3) in before.works and (1, 3) not in before.buildings
    done = own_turns(state, owned + 1)
    assert done.buildings[(1, 3)] == (0, "barracks") and (1, 3) not in done.works
    assert done.stacks[(1, 3)] == (0, 1, 0, 0, 0, 0)  # builders gone, a recruit there


def test_no_fourth_barrack_and_the_costs_knob_sets_the_limit():
    barracks = {(2, c): (0, "barracks") for c in range(3)}
    stacks = {(1, 3): (0, 4, 0, 0, 0)}
    state = duel_game().position(stacks=stacks, buildings={**CAPITALS, **barracks})
    assert "barracks" not in builds(state, (1, 3))
    one = duel_game(barracks_costs=(1,)).position(
        stacks=stacks, buildings={**CAPITALS, (2, 0): (0, "barracks")}
    )
    assert "barracks" not in builds(one, (1, 3))


def test_builders_are_held_on_the_site_and_do_nothing_else():
    state = duel_game().position(
        stacks={(1, 3): (0, 3, 0, 0, 0), (1, 4): (1, 1, 0, 0, 0)},
        buildings={**CAPITALS, (2, 0): (0, "barracks")},
    )
    state = state.apply(("build", (1, 3), "barracks"))  # the second: 2 builders
    actions = [a for a in legal_actions(state) if len(a) > 1 and a[1] == (1, 3)]
    assert actions and all(a[0] == "move" and a[3] == (1, 0, 0, 0) for a in actions)
    state = state.apply(("move", (1, 3), (0, 3), (1, 0, 0, 0)))
    assert state.stacks[(1, 3)] == (0, 2, 0, 0, 0, 1)
    assert not [a for a in legal_actions(state) if len(a) > 1 and a[1] == (1, 3)]


def test_a_work_is_done_only_at_the_start_of_its_owners_turn():
    game = duel_game()
    works = {(1, 3): (0, "barracks", 1, 0, 1)}
    state = game.position(stacks={(1, 3): (0, 1, 0, 0, 0)}, works=works, turn=1, to_move=0)
    south = state.apply(("end",))
    assert south.works == works and (1, 3) not in south.buildings
    north = south.apply(("end",))
    assert north.buildings[(1, 3)] == (0, "barracks")


def test_nursery_harbor_sites_and_one_harbor_at_a_time():
    game = duel_game()
    state = game.position(stacks={(1, 4): (0, 3, 0, 0, 0), (1, 5): (0, 3, 0, 0, 0)})
    assert builds(state, (1, 4)) == {"barracks", "nursery"}  # earth: no harbor
    assert builds(state, (1, 5)) == {"barracks", "nursery", "harbor"}
    harbor = {**CAPITALS, (2, 0): (0, "harbor")}
    assert "harbor" not in builds(game.position(stacks=state.stacks, buildings=harbor), (1, 5))
    building = game.position(stacks=state.stacks, works={(2, 4): (0, "harbor", 1, 0, 1)})
    assert "harbor" not in builds(building, (1, 5))
    nursery = {**CAPITALS, (2, 0): (0, "nursery")}
    assert "nursery" not in builds(game.position(stacks=state.stacks, buildings=nursery), (1, 4))
    two = duel_game(nursery_limit=2).position(stacks=state.stacks, buildings=nursery)
    assert "nursery" in builds(two, (1, 4))
    small = game.position(stacks={(1, 4): (0, 2, 0, 0, 0)})
    assert builds(small, (1, 4)) == {"barracks"}
    done = own_turns(state.apply(("build", (1, 4), "nursery")), 3)
    assert done.buildings[(1, 4)] == (0, "nursery") and (1, 4) not in done.stacks


def test_no_work_on_a_feature_nor_off_the_own_continent_unless_any_land():
    game = duel_game()
    stacks = {(2, 5): (0, 3, 0, 0, 0), (0, 3): (0, 3, 0, 0, 0), (4, 2): (0, 3, 0, 0, 0)}
    state = game.position(stacks=stacks, wrecks={})
    assert builds(state, (2, 5)) == builds(state, (0, 3)) == builds(state, (4, 2)) == set()
    anywhere = duel_game(build_site="any land").position(stacks=stacks, wrecks={})
    assert builds(anywhere, (4, 2)) == {"barracks", "nursery"}


def test_a_boat_is_built_at_the_harbor_with_three_units_in_two_turns():
    game = duel_game()
    buildings = {**CAPITALS, (1, 5): (0, "harbor")}
    state = game.position(stacks={(1, 5): (0, 3, 0, 0, 0)}, buildings=buildings)
    assert "boat" in builds(state, (1, 5))
    state = state.apply(("build", (1, 5), "boat"))
    assert state.works[(1, 5)] == (0, "boat", 3, 0, 2)
    assert (1, 5) in own_turns(state, 1).works
    done = own_turns(state, 2)
    assert done.stacks[(1, 5)] == (0, 0, 0, 0, 1, 0) and not done.works
    few = game.position(stacks={(1, 5): (0, 2, 0, 0, 0)}, buildings=buildings)
    assert "boat" not in builds(few, (1, 5))
    boats = {(0, 6): (0, 0, 0, 0, 1), (1, 6): (0, 0, 0, 0, 1), (2, 6): (0, 0, 0, 0, 1)}
    full = game.position(stacks={(1, 5): (0, 3, 0, 0, 0), **boats}, buildings=buildings)
    assert "boat" not in builds(full, (1, 5))  # boat_pool


def test_a_finished_boat_never_carries_more_than_its_capacity():
    buildings = {**CAPITALS, (1, 5): (0, "harbor")}
    state = duel_game().position(
        stacks={(1, 5): (0, 4, 4, 0, 0)}, buildings=buildings, works={(1, 5): (0, "boat", 3, 0, 1)}
    )
    done = own_turns(state, 1)
    stack = done.stacks[(1, 5)]
    assert not stack[4] or stack[1] + stack[2] <= 4


def test_a_dragon_hatches_at_the_nursery_within_the_shared_limit():
    game = duel_game()
    buildings = {**CAPITALS, (1, 4): (0, "nursery")}
    state = game.position(stacks={(1, 4): (0, 4, 0, 0, 0)}, buildings=buildings)
    assert "dragon" in builds(state, (1, 4))
    state = state.apply(("build", (1, 4), "dragon"))
    assert state.works[(1, 4)] == (0, "dragon", 4, 0, 3)
    done = own_turns(state, 3)
    assert done.stacks[(1, 4)] == (0, 0, 0, 1, 0, 0)
    enemy = {(4, c): (1, 0, 0, 1, 0) for c in range(4)}
    crowded = game.position(stacks={(1, 4): (0, 4, 0, 0, 0), **enemy}, buildings=buildings)
    assert "dragon" not in builds(crowded, (1, 4))
    own = duel_game(dragon_limit_shared=False)
    assert "dragon" in builds(own.position(stacks=crowded.stacks, buildings=buildings), (1, 4))
    hatching = {(5, c): (1, "dragon", 0, 0, 2) for c in range(4)}
    busy = game.position(stacks=state.stacks, buildings=buildings, works=hatching)
    assert "dragon" not in builds(busy, (1, 4))


def test_salvage_gives_a_boat_keeps_the_salvagers_and_uses_the_wreckage():
    game = duel_game()
    state = game.position(stacks={(2, 5): (0, 2, 0, 0, 0)})
    assert builds(state, (2, 5)) == {"salvage"}
    state = state.apply(("build", (2, 5), "salvage"))
    assert state.wrecks == {(2, 5): 0} and state.works[(2, 5)] == (0, "salvage", 2, 0, 2)
    done = own_turns(state, 2)
    assert done.stacks[(2, 5)] == (0, 2, 0, 0, 1, 0) and not done.works
    assert "salvage" not in builds(done, (2, 5))
    short = game.position(stacks={(2, 5): (0, 1, 0, 0, 0)})
    assert builds(short, (2, 5)) == set()
    twice = duel_game(wreckage_uses=2).position(stacks={(2, 5): (0, 2, 0, 0, 0)})
    assert own_turns(twice.apply(("build", (2, 5), "salvage")), 2).wrecks == {(2, 5): 1}


def test_builders_sacrificed_at_the_start_leave_at_once():
    game = duel_game(work_units="sacrificed at the start")
    state = game.position(stacks={(1, 3): (0, 3, 0, 0, 0)})
    after = state.apply(("build", (1, 3), "nursery"))
    assert (1, 3) not in after.stacks and after.works[(1, 3)] == (0, "nursery", 0, 0, 3)
    assert after.ap == 2
    assert own_turns(after, 3).buildings[(1, 3)] == (0, "nursery")
    carrier = game.position(stacks={(1, 3): (0, 1, 0, 0, 0)}, flag=None, carrier=(1, 3))
    dropped = carrier.apply(("build", (1, 3), "barracks"))
    assert dropped.carrier is None and (1, 3) not in dropped.stacks
    salvage = game.position(stacks={(2, 5): (0, 2, 0, 0, 0)})
    assert salvage.apply(("build", (2, 5), "salvage")).stacks[(2, 5)][1] == 2


@pytest.mark.parametrize(("halted", "dice"), [("builders defend", 3), ("builders lost", 1)])
def test_an_attack_halts_the_work(halted, dice):
    game = duel_game(halted_work=halted)
    state = game.position(
        stacks={(1, 3): (0, 3, 0, 0, 0), (2, 3): (1, 2, 0, 0, 0)},
        buildings={**CAPITALS, (2, 0): (0, "barracks")},
        works={(1, 3): (0, "barracks", 2, 0, 2)},
        turn=2,
        to_move=1,
    )
    after = state.apply(("attack", (2, 3), (1, 3)))
    assert not after.works
    assert after.pending[2:4] == (2, dice)
    assert after.stacks[(1, 3)][1] == dice


@pytest.mark.parametrize(
    ("knobs", "site", "building", "kind", "units", "work"),
    [
        ({"harbor_cost": 2}, (1, 5), None, "harbor", 2, (2, 2)),
        ({"nursery_cost": 2}, (1, 4), None, "nursery", 2, (2, 2)),
        ({"boat_cost": 2, "boat_turns": 1}, (1, 5), "harbor", "boat", 2, (2, 1)),
        ({"dragon_cost": 2, "dragon_turns": 1}, (1, 4), "nursery", "dragon", 2, (2, 1)),
        ({"salvage_cost": 1, "salvage_turns": 3}, (2, 5), None, "salvage", 1, (1, 3)),
    ],
)
def test_the_cost_knobs_set_the_units_and_turns_of_a_work(knobs, site, building, kind, units, work):
    game = duel_game(**knobs)
    buildings = {**CAPITALS, site: (0, building)} if building else CAPITALS
    state = game.position(stacks={site: (0, units, 0, 0, 0)}, buildings=buildings)
    assert kind in builds(state, site)
    short = game.position(stacks={site: (0, units - 1, 0, 1, 0)}, buildings=buildings)
    assert kind not in builds(short, site)
    started = state.apply(("build", site, kind))
    assert started.works[site] == (0, kind, *work[:1], 0, work[1])
    assert site in own_turns(started, work[1] - 1).works
    assert site not in own_turns(started, work[1]).works


def test_an_enemy_on_an_unguarded_work_site_stops_the_work():
    game = duel_game(work_units="sacrificed at the start")
    state = game.position(stacks={(1, 4): (0, 1, 0, 0, 0), (0, 2): (1, 0, 0, 1, 0)})
    state = state.apply(("build", (1, 4), "barracks")).apply(("end",))
    assert (1, 4) in state.works
    state = state.apply(("move", (0, 2), (1, 4), (0, 0, 1, 0))).apply(("end",))
    assert (1, 4) not in state.works and (1, 4) not in state.buildings
    assert state.stacks[(1, 4)][0] == 1


def test_a_dragon_waits_for_room_when_every_unit_counts():
    game = duel_game(stack_limit="units", warriors_per_square=2)
    buildings = {**CAPITALS, (1, 4): (0, "nursery")}
    works = {(1, 4): (0, "dragon", 0, 0, 1)}
    state = game.position(stacks={(1, 4): (0, 2, 0, 0, 0)}, buildings=buildings, works=works)
    waiting = own_turns(state, 1)
    assert waiting.stacks[(1, 4)] == (0, 2, 0, 0, 0, 0) and (1, 4) in waiting.works
    room = game.position(stacks={(1, 4): (0, 1, 0, 0, 0)}, buildings=buildings, works=works)
    assert own_turns(room, 1).stacks[(1, 4)] == (0, 1, 0, 1, 0, 0)
