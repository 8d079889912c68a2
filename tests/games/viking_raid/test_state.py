"""Viking Raid states: the protocol, immutability, and the d20 role draw's chance node."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from scipy import stats

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.viking_raid import (
    RaidGame,
    RaidGreedyAgent,
    Rules,
)
from workbench.games.viking_raid.balance import simulate
from workbench.play import check_game, tournament
from workbench.play.protocol import CHANCE, State

from .small_maps import FAR, make_game


def test_states_follow_the_protocol_and_never_change():
    game = make_game()
    state = game.initial_state()
    assert isinstance(state, State)
    before = (state.key(), state.render())
    state.apply(state.legal_actions()[-1])
    assert (state.key(), state.render()) == before
    assert state == game.initial_state() and hash(state) == hash(game.initial_state())
    assert "archer to move" in state.render()


# -- the role draw ----------------------------------------------------------------------------
def roll_assignments(faces):
    """The role draw by enumeration of the dice: every roll of three fair ``faces``-sided
    dice, ties rerolled (so only rolls of three different numbers count), the highest
    playing the Berserker and the lowest the Archer."""
    counts = Counter()
    for rolls in itertools.product(range(1, faces + 1), repeat=3):
        if len(set(rolls)) == 3:
            order = sorted(range(3), key=lambda player: rolls[player])
            counts[tuple(order)] += 1  # player of the Archer, the Huscarl, the Berserker
    total = sum(counts.values())
    return {players: Fraction(n, total) for players, n in counts.items()}


@pytest.mark.parametrize("faces", [20, 3, 6])
def test_the_draw_gives_each_assignment_as_the_rolls_do(faces):
    state = RaidGame(rules=Rules(role_draw=True)).initial_state()
    assert state.current_player() == CHANCE and state.legal_actions() == []
    outcomes = dict(state.chance_outcomes())
    assert outcomes == roll_assignments(faces)
    assert set(outcomes.values()) == {Fraction(1, 6)}


def test_drawn_roles_move_in_turn_order_and_score_their_players():
    game = RaidGame(rules=Rules(role_draw=True))
    state = game.initial_state().apply((2, 0, 1))  # player 2 the Archer, 0 the Huscarl
    assert state.players == (2, 0, 1) and state.current_player() == 2
    assert "archer (player 2) 0 (ready)" in state.render()
    state = state.apply(((0, 0), None))  # the Archer takes the centre's 3 gold
    assert state.gold == (3, 0, 0) and state.current_player() == 0
    rich = game.position(FAR, gold=(9, 4, 1), players=(2, 0, 1))
    assert rich.role_returns() == (1.0, 0.0, 0.0) and rich.returns() == (0.0, 0.0, 1.0)
    assert rich.by_player((0.5, 0.3, 0.2)) == (0.3, 0.2, 0.5)
    assert game.initial_state().by_player((0.5, 0.3, 0.2)) == (1 / 3,) * 3
    with pytest.raises(IllegalMoveError, match="the roles are drawn"):
        game.initial_state().apply((0, 0, 0))
    with pytest.raises(RulesError, match="players: expected an order"):
        game.position(FAR, players=(0, 0, 1))


def test_the_draw_keeps_the_protocol_and_its_identity_outcome_plays_the_fixed_seats():
    drawn = RaidGame(rules=Rules(role_draw=True, max_rounds=20))
    assert drawn.info.chance and not RaidGame().info.chance
    assert check_game(drawn, games=4) == []
    fixed = RaidGame(rules=Rules(max_rounds=20))
    agents = [RaidGreedyAgent(seed=s) for s in (4, 5, 6)]
    twins = [RaidGreedyAgent(seed=s) for s in (4, 5, 6)]
    one, other = fixed.initial_state(), drawn.initial_state().apply((0, 1, 2))
    while not one.is_terminal():
        action = agents[one.current_player()].act(one)
        assert twins[other.current_player()].act(other) == action
        one, other = one.apply(action), other.apply(action)
    assert other.is_terminal() and one.returns() == other.returns()
    assert one.events() == other.events()


def first_draws(rounds):
    """The roles of the players in ``rounds`` games from seed 9, each stopped after one turn."""
    results = tournament(
        RaidGame(rules=Rules(role_draw=True)),
        {"greedy": RaidGreedyAgent},
        rounds=rounds,
        seed=9,
        lineups=[("greedy",) * 3],
        max_plies=1,
        executor=None,
        progress=False,
    )
    return list(zip(results["role0"], results["role1"], results["role2"], strict=True))


def test_the_runner_draws_the_roles_uniformly_from_its_seed():
    draws = first_draws(1200)
    counts = Counter(draws)
    assert len(counts) == 6
    assert stats.chisquare(list(counts.values())).pvalue > 0.001
    assert first_draws(50) == draws[:50]


@pytest.mark.parametrize(
    ("version", "agent", "games", "returns", "plies", "gold"),
    [
        ("0.21", "greedy", 200, [48.5, 82.0, 69.5], 6734, [1421, 1824, 1555]),
        ("0.2", "random", 20, [16.0, 3.0, 1.0], 2018, [232, 61, 15]),
        ("0.11", "lookahead", 3, [2.0, 0.0, 1.0], 540, [25, 14, 10]),
    ],
)
def test_with_the_draw_off_seeded_games_stay_as_they_were(
    version, agent, games, returns, plies, gold
):
    results = simulate(
        RaidGame(rules=Rules.version(version)),
        agent,
        games=games,
        seed=11,
        executor=None,
        progress=False,
    )
    assert results[["return0", "return1", "return2"]].sum().round(6).tolist() == returns
    assert int(results["plies"].sum()) == plies
    assert results[["gold_archer", "gold_huscarl", "gold_berserker"]].sum().tolist() == gold


def test_asking_the_draw_for_actions_leaves_the_drawn_position_its_own():
    state = RaidGame(rules=Rules(role_draw=True)).initial_state()
    assert state.legal_actions() == [] and state.options() == []
    drawn = state.apply((1, 2, 0))
    assert drawn.current_player() == 1 and len(drawn.legal_actions()) == 6
    assert state.current_player() == CHANCE and state.players is None
