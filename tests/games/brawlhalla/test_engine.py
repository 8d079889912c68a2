"""Brawlhalla on the play protocol: conformance, the same seed the same game, the figures of
a game, hand-set positions, the knobs of the start and the end, random legal play never
breaking the rules' limits (a property test), and the hidden cards: a side's view and
worlds, and search that plays the same whatever the other side holds."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.brawlhalla.board import board_from_dict
from workbench.games.brawlhalla.engine import VICTORIES, Brawlhalla
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.stacking import can_stand
from workbench.play import RandomAgent, check_game, play_game
from workbench.play.determinized import DeterminizedMCTSAgent
from workbench.play.protocol import CHANCE, TERMINAL

from .small_boards import duel_board, duel_game


def test_the_game_keeps_the_protocol_on_the_duel_board():
    assert check_game(duel_game(turn_limit=30), games=3, seed=1) == []


@pytest.mark.slow
def test_the_game_keeps_the_protocol_on_the_default_board():
    assert check_game(Brawlhalla(rules=Rules(turn_limit=30)), games=2, seed=4) == []


def play(game, seed):
    agents = [RandomAgent(game, seed=seed), RandomAgent(game, seed=seed + 1)]
    return play_game(game, agents, seed=seed + 2)


def test_the_same_seed_plays_the_same_game():
    game = Brawlhalla()
    first, again = play(game, 5), play(game, 5)
    assert first.summary == again.summary and first.plies == again.plies
    assert first.final.key() == again.final.key()
    assert play(game, 6).final.key() != first.final.key()


def test_the_summary_gives_the_figures_of_a_finished_game():
    record = play(duel_game(turn_limit=8), 1)
    summary = record.summary
    assert summary["victory"] in VICTORIES and summary["winning_side"] in ("north", "south", "draw")
    assert summary["turns"] <= 8 and summary["first"] in ("north", "south")
    assert summary["first_won"] == (summary["first"] == summary["winning_side"])
    final = record.final
    assert summary["value_north"] == sum(final.value(s) for s in final.stacks.values() if s[0] == 0)
    won = duel_game().position(stacks={(5, 0): (0, 2, 0, 0, 0)}, coins=(2, 1))
    won = won.apply(("attack", (5, 0), (6, 0)))
    assert duel_game().summary(won) == {
        "victory": "war",
        "winning_side": "north",
        "first": "north",
        "first_won": 1,
        "turns": 1,
        "actions": 1,
        "coins_north": 2,
        "artifacts_north": 0,
        "value_north": 2,
        "coins_south": 1,
        "artifacts_south": 0,
        "value_south": 0,
    }


def test_a_position_defaults_to_the_start_of_play():
    game = duel_game()
    state = game.position()
    assert state.buildings == {(0, 0): (0, "capital"), (6, 0): (1, "capital")}
    assert state.guardians == {(3, 0), (3, 3), (3, 6)} and state.flag == (3, 3)
    assert state.ruins == ({(0, 3), (4, 3)},) * 2 and state.wrecks == {(2, 5): 1}
    assert (state.turn, state.to_move, state.ap, state.stacks) == (1, 0, 3, {})
    pair = game.position(ruins=([(0, 3)], set()))
    assert pair.ruins == ({(0, 3)}, set())
    assert game.position(stacks={(1, 2): (0, 1, 0, 0, 0, 1)}).stacks[(1, 2)][5] == 1


def test_a_board_without_both_capitals_is_refused():
    board = board_from_dict({"terrain": ["..."], "regions": ["nnn"], "features": []})
    with pytest.raises(RulesError, match="north capital"):
        Brawlhalla(board=board)


def test_first_player_knob_and_the_heuristic():
    assert duel_game(first_player="north").initial_state().current_player() == 0
    assert duel_game().initial_state().current_player() == CHANCE
    state = duel_game().position(stacks={(1, 2): (0, 3, 0, 0, 0)})
    north, south = duel_game().heuristic(state)
    assert north > 0 > south and north == -south


def test_the_turn_limit_knob_bounds_every_game():
    for seed in range(3):
        record = play(duel_game(turn_limit=6), seed)
        assert record.final.is_terminal() and record.summary["turns"] <= 6


# -- random legal play never breaks the limits --------------------------------------------
KNOBS = {
    "fusion": ("fifth joins to fuse", "four fuse", "five on a square"),
    "stack_limit": ("warriors", "units"),
    "casualties": ("warriors first", "whole units"),
    "work_units": ("held until done", "sacrificed at the start"),
    "halted_work": ("builders defend", "builders lost"),
    "recruits_appear": ("on each barrack", "on any barrack"),
    "capital_capture": ("attack it empty", "clear its defenders"),
    "flag_take_cost": (1, 0),
    "flag_respawn": ("next turn", "at once"),
    "sanctuary_control": ("unit on it", "beaten and no enemy"),
    "empty_building": ("falls at once", "defends with its bonus"),
    "empty_boat": ("falls at once", "defends with its bonus"),
    "boat_capacity": (4, 2),
    "warriors_per_square": (4, 2),
    "boats_carry_land_units": (True, False),
}
BOARD = duel_board()
PART = st.tuples(*[st.integers(0, 2)] * 4)
CELL = st.tuples(st.integers(0, 6), st.integers(0, 6))
WILD = st.one_of(
    st.tuples(st.just("move"), CELL, CELL, PART),
    st.tuples(st.just("attack"), CELL, CELL),
    st.tuples(st.just("fuse"), CELL, CELL),
    st.tuples(st.just("build"), CELL, st.sampled_from(["barracks", "boat", "salvage"])),
    st.tuples(st.just("flag"), CELL),
)


def check_limits(state):
    rules = state.game.rules
    for cell, stack in state.stacks.items():
        assert min(stack) >= 0 and stack[1:5] != (0, 0, 0, 0), (cell, stack)
        assert stack[5] <= rules.actions_per_unit_per_turn, (cell, stack)
        assert can_stand(state, stack[1:5], cell), (cell, stack)
        assert cell not in state.guardians, cell
        building = state.buildings.get(cell)
        assert building is None or building[0] == stack[0], (cell, stack)
    for side in (0, 1):
        warriors, warlords, _, boats = state.units(side)
        assert warriors <= rules.warrior_pool and warlords <= rules.warlord_pool
        assert boats <= rules.boat_pool
    assert sum(s[3] for s in state.stacks.values()) <= rules.dragon_limit
    assert 0 <= state.ap <= rules.action_points_per_turn
    assert state.carrier is None or (state.carrier in state.stacks and state.flag is None)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_play_never_breaks_the_limits(data):
    knobs = {name: data.draw(st.sampled_from(values)) for name, values in KNOBS.items()}
    game = Brawlhalla(board=BOARD, rules=Rules(turn_limit=16, **knobs))
    state = game.initial_state()
    for _ in range(150):
        player = state.current_player()
        if player == TERMINAL:
            assert state.victory in VICTORIES
            break
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            action = data.draw(st.sampled_from([o for o, _ in outcomes]))
        else:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            wild = data.draw(WILD)
            if wild not in legal:
                with pytest.raises(IllegalMoveError):
                    state.apply(wild)
            action = data.draw(st.sampled_from(legal))
        state = state.apply(action)
        if state.setup >= 6:
            check_limits(state)


def _north_in_play(game, seed):
    """A position a few random actions into play, north to act, cards dealt and drawn."""
    state, rng = game.initial_state(seed=seed), random.Random(seed)
    while state.setup < 6 or state.turn < 3 or state.current_player() != 0:
        if state.current_player() == CHANCE:
            state = state.apply(state.chance_outcomes()[0][0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def _south_hand_swapped(state):
    """``state`` with one card of south's hand swapped for another card of the deck."""
    other = state.copy()
    card = state.hands[1][0]
    spot = next(i for i, c in enumerate(state.deck) if c != card)
    deck = list(state.deck)
    other.hands = (state.hands[0], (deck[spot], *state.hands[1][1:]))
    deck[spot] = card
    other.deck = tuple(deck)
    return other


def test_with_cards_a_side_sees_its_hand_but_not_the_other_hand_nor_the_deck():
    game = duel_game(turn_limit=12, cards=True)
    assert game.info.hidden and not duel_game().info.hidden
    assert check_game(game, games=2, seed=3) == []  # worlds keep what each side sees
    state = _north_in_play(game, 4)
    other = _south_hand_swapped(state)
    assert other.key() != state.key()
    assert game.observation(state, 0) == game.observation(other, 0)
    assert game.observation(state, 1) != game.observation(other, 1)
    reordered = state.copy()
    reordered.deck = state.deck[::-1]
    assert all(game.observation(reordered, p) == game.observation(state, p) for p in (0, 1))
    world = game.determinize(state, 0, random.Random(1))
    assert world.hands[0] == state.hands[0] and world.key() != state.key()
    assert sorted(world.hands[1] + world.deck) == sorted(state.hands[1] + state.deck)
    assert world.legal_actions() == state.legal_actions()


def test_determinized_search_plays_the_same_whatever_south_holds():
    game = duel_game(turn_limit=12, cards=True)
    for seed in (4, 5):
        state = _north_in_play(game, seed)
        other = _south_hand_swapped(state)
        actions = [
            DeterminizedMCTSAgent(game, simulations=40, worlds=4, rollout_plies=6, seed=seed).act(s)
            for s in (state, other)
        ]
        assert len(state.legal_actions()) > 1 and actions[0] == actions[1]


def test_the_opponents_face_down_cards_and_the_artifact_order_are_hidden():
    from workbench.play import python_random

    game = Brawlhalla(rules=Rules(cards=True))
    one = game.position(
        face_down=((), ("Landslide",)),
        deck=("Swan song", "Raid"),
        artifact_pile=("Tyrfing", "Mjolnir"),
    )
    two = game.position(
        face_down=((), ("Swan song",)),
        deck=("Landslide", "Raid"),
        artifact_pile=("Mjolnir", "Tyrfing"),
    )
    assert game.observation(one, 0) == game.observation(two, 0)
    assert game.observation(one, 1) != game.observation(two, 1)
    world = game.determinize(one, 0, python_random(5))
    assert len(world.face_down[1]) == 1 and world.face_down[1][0] in ("Landslide", "Swan song")
    assert game.observation(world, 0) == game.observation(one, 0)
