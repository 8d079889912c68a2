"""Brawlhalla states: the protocol's roles of a position, immutability, keys and the
readings of a position (values, terrain, units, buildings, the text board)."""

import pickle
from fractions import Fraction

from workbench.games.brawlhalla.state import PLAYING, ROLL, SETUP_STEPS, BrawlhallaState
from workbench.play.protocol import CHANCE, TERMINAL, State

from .small_boards import duel_game


def test_a_state_is_a_protocol_state_whose_roles_follow_the_game():
    game = duel_game()
    start = game.initial_state()
    assert isinstance(start, State) and start.setup == ROLL
    assert start.current_player() == CHANCE and not start.is_terminal()
    assert start.chance_outcomes() == [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    assert start.returns() == (0.0, 0.0)
    state = game.position(stacks={(1, 2): (0, 1, 0, 0, 0), (2, 2): (1, 1, 0, 0, 0)})
    assert state.setup == PLAYING == 2 * len(SETUP_STEPS)
    assert state.current_player() == 0 and state.chance_outcomes() == []
    pending = state.apply(("attack", (1, 2), (2, 2)))
    assert pending.current_player() == CHANCE and pending.legal_actions() == []
    won = game.position(stacks={(5, 0): (0, 1, 0, 0, 0)}).apply(("attack", (5, 0), (6, 0)))
    assert won.current_player() == TERMINAL and won.is_terminal()
    assert won.returns() == (1.0, -1.0) and won.chance_outcomes() == []
    south = game.position(stacks={(1, 0): (1, 1, 0, 0, 0)}, to_move=1)
    assert south.apply(("attack", (1, 0), (0, 0))).returns() == (-1.0, 1.0)


def test_apply_never_changes_the_state_and_equal_positions_are_equal():
    game = duel_game()
    state = game.position(stacks={(1, 2): (0, 2, 0, 0, 0)})
    before = (state.key(), state.render(), dict(state.stacks))
    after = state.apply(("move", (1, 2), (1, 3), (1, 0, 0, 0)))
    assert (state.key(), state.render(), dict(state.stacks)) == before
    assert after != state
    twin = game.position(stacks={(1, 2): (0, 2, 0, 0, 0)})
    assert twin == state and hash(twin) == hash(state) and twin is not state
    assert pickle.loads(pickle.dumps(state)).key() == state.key()
    assert game.position(stacks={(1, 2): (0, 2, 0, 0, 0)}, ap=2) != state


def test_copy_gives_containers_of_its_own():
    state = duel_game().position(stacks={(1, 2): (0, 2, 0, 0, 0)})
    other = state.copy()
    other.stacks[(1, 3)] = (0, 1, 0, 0, 0, 0)
    other.buildings.clear()
    other.wrecks.clear()
    assert (1, 3) not in state.stacks and state.buildings and state.wrecks
    assert isinstance(other, BrawlhallaState)


def test_values_count_warriors_warlords_and_dragons_never_boats():
    game = duel_game()
    state = game.position()
    assert state.value((0, 2, 1, 1, 1, 0)) == 2 + 5 + 3
    assert state.value((0, 0, 0, 0, 1, 0)) == 0
    other = duel_game(warlord_value=4, dragon_value=2).position()
    assert other.value((0, 2, 1, 1, 1, 0)) == 2 + 4 + 2


def test_terrain_units_and_buildings_read_the_position():
    game = duel_game()
    state = game.position(
        stacks={(1, 2): (0, 2, 1, 0, 0), (1, 6): (0, 1, 0, 0, 1), (4, 2): (1, 3, 0, 1, 0)},
        buildings={(0, 0): (0, "capital"), (6, 0): (1, "capital"), (2, 0): (0, "barracks")},
        works={(2, 2): (0, "barracks", 0, 0, 2)},
        earthed=[(1, 5)],
    )
    assert (state.terrain((1, 1)), state.terrain((1, 5)), state.terrain((2, 5))) == ("^", ".", ":")
    assert state.units(0) == (3, 1, 0, 1) and state.units(1) == (3, 0, 1, 0)
    assert state.count(0, "barracks") == 2  # one standing, one under way
    assert sum(kind == "barracks" for _, kind in state.buildings.values()) == 1
    assert state.count(1, "barracks") == 0


def test_render_shows_stacks_buildings_guardians_and_who_acts():
    game = duel_game()
    state = game.position(stacks={(0, 0): (0, 2, 1, 0, 0), (1, 6): (1, 1, 0, 0, 1)})
    text = state.render()
    lines = text.splitlines()
    assert len(lines) == 8 and "[N7]" in lines[0] and "S1b" in lines[1]
    assert lines[3].count("G") == 3 and lines[-1] == "turn 1: north to act, 3 action points"
    won = game.position(stacks={(5, 0): (0, 1, 0, 0, 0)}).apply(("attack", (5, 0), (6, 0)))
    assert won.render().splitlines()[-1] == "turn 1: north wins (war)"
    assert repr(state) == "BrawlhallaState(turn=1, to_move=north, ap=3)"
