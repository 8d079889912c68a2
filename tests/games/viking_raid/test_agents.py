"""The greedy policy and the heuristic on hand-set positions, checked by applying each turn."""

from fractions import Fraction

import networkx as nx
import pytest

from workbench.games.viking_raid import (
    ARCHER,
    BERSERKER,
    HUSCARL,
    RaidGame,
    RaidGreedyAgent,
    Rules,
    default_map,
    raid_heuristic,
)
from workbench.grids import hex_grid


def play(game, seeds):
    agents = [RaidGreedyAgent(seed=s) for s in seeds]
    state = game.initial_state()
    while not state.is_terminal():
        state = state.apply(agents[state.current_player()].act(state))
    return state


@pytest.mark.parametrize("version", ["0.11", "0.2", "0.21"])
def test_scores_match_what_applying_each_turn_gives(version):
    game = RaidGame(default_map(), Rules.version(version))
    graph = hex_grid(game.map.open_hexes)
    agent = RaidGreedyAgent(seed=0)
    state = game.initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        seat = state.current_player()
        for action, score in agent.scores(state).items():
            after = state.apply(action)
            gained = after.gold[seat] - state.gold[seat]
            left = list(after.treasure())
            steps = min(nx.shortest_path_length(graph, action[0], h) for h in left) if left else -1
            assert score == 4096 * gained - 2 * steps + (action[1] is not None)
        state = state.apply(agent.act(state))


def test_greedy_prefers_the_bigger_haul_now():
    game = RaidGame()
    rich = game.position({ARCHER: (0, 1), HUSCARL: (2, 1), BERSERKER: (4, -4)}, gold=(0, 9, 0))
    assert RaidGreedyAgent(seed=0).act(rich) == ((0, 0), HUSCARL)  # 3 gold + 5 tribute
    bare = game.position(
        {ARCHER: (0, 1), HUSCARL: (2, 1), BERSERKER: (4, -4)}, gold=(0, 9, 0), treasure={(-2, 4): 3}
    )
    assert RaidGreedyAgent(seed=0).act(bare)[1] == HUSCARL  # tribute beats a step nearer


def test_greedy_walks_towards_treasure_when_nothing_is_in_reach():
    game = RaidGame()
    state = game.position(
        {ARCHER: (-4, 4), HUSCARL: (4, 0), BERSERKER: (4, -4)},
        to_move=ARCHER,
        treasure={(-2, 4): 3},
    )
    for seed in range(5):
        assert RaidGreedyAgent(seed=seed).act(state) == ((-3, 4), None)


def test_same_seed_same_game_and_other_seeds_other_games():
    game = RaidGame()
    first, again = play(game, (1, 2, 3)), play(game, (1, 2, 3))
    assert first.events() == again.events() and first.key() == again.key()
    assert any(play(game, (s, s + 1, s + 2)).events() != first.events() for s in range(4, 9))


def test_heuristic_is_a_win_share_estimate():
    game = RaidGame()
    state = game.initial_state()
    values = raid_heuristic(state)
    assert abs(sum(values) - 1) < 1e-12 and all(0 < v < 1 for v in values)
    ahead = game.position({0: (0, 1), 1: (-3, 0), 2: (4, -4)}, gold=(5, 0, 0))
    assert raid_heuristic(ahead)[0] > values[0]
    out = RaidGame(rules=Rules.version("0.2")).position(
        {0: (0, 1), 1: (-3, 0)}, eliminated=[BERSERKER]
    )
    assert raid_heuristic(out)[BERSERKER] == 0.0
    end = play(game, (1, 2, 3))
    assert raid_heuristic(end) == end.returns()


def test_scores_follow_the_tribute_and_move_knobs():
    rules = Rules(tribute_share=Fraction(1, 3), huscarl_steps=3, berserker_steps=2)
    game = RaidGame(default_map(), rules)
    state = game.position({ARCHER: (0, 1), HUSCARL: (2, 1), BERSERKER: (4, -4)}, gold=(0, 9, 0))
    for action, score in RaidGreedyAgent(seed=0).scores(state).items():
        gained = state.apply(action).gold[ARCHER]
        assert round(score / 4096) == gained  # the steps term is far smaller than one gold
    assert RaidGreedyAgent(seed=0).act(state) == ((0, 0), HUSCARL)  # 3 gold + a third of 9


def test_the_heuristic_is_per_player_when_the_roles_are_drawn():
    fixed, drawn = RaidGame(), RaidGame(rules=Rules(role_draw=True))
    where = {0: (0, 1), 1: (-3, 0), 2: (4, -4)}
    by_role = raid_heuristic(fixed.position(where, gold=(5, 0, 0)))
    state = drawn.position(where, gold=(5, 0, 0), players=(1, 2, 0))
    assert raid_heuristic(state) == (by_role[2], by_role[0], by_role[1])
    assert drawn.heuristic(drawn.initial_state()) == pytest.approx((1 / 3,) * 3)
