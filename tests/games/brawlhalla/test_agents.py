"""Brawlhalla's agents: each plan wins by its own path, greedy beats random, the
judgement of single actions, the names the factory takes."""

import time
from collections import Counter

import pytest

from workbench.errors import RulesError
from workbench.games.brawlhalla.agents import (
    AGENT_NAMES,
    BrawlhallaGreedyAgent,
    FlagPlan,
    HolyPlan,
    RushPlan,
    agent_factory,
)
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.play import RandomAgent, play_game
from workbench.play.determinized import DeterminizedMCTSAgent

GAME = Brawlhalla()
WEST, EAST, CENTRAL = ((10, 0), (6, 11), (8, 5))


def _games(plan, games=8):
    """Who won, and how: the plan plays North against random play."""
    found = Counter()
    for seed in range(games):
        agents = [agent_factory(plan)(GAME, seed=seed), RandomAgent(GAME, seed=50 + seed)]
        done = play_game(GAME, agents, seed=seed).summary
        found[(done["winning_side"], done["victory"])] += 1
    return found


def test_rush_wins_by_war_and_never_loses_to_random():
    found = _games("rush", games=10)
    assert found[("north", "war")] >= 2
    assert not any(winner == "south" for winner, _ in found)


def test_flag_wins_by_the_flag_against_random_most_games():
    found = _games("flag")
    assert found[("north", "flag")] >= 5
    assert not any(winner == "south" for winner, _ in found)


def test_greedy_beats_random():
    found = _games("greedy")
    north = sum(n for (winner, _), n in found.items() if winner == "north")
    assert north >= 2 and north > sum(n for (w, _), n in found.items() if w == "south")


def test_holy_keeps_the_sanctuaries_and_wins_by_holy():
    state = GAME.position(
        stacks={WEST: (0, 1, 0, 0, 0), CENTRAL: (0, 2, 0, 0, 0), (7, 11): (0, 3, 0, 0, 0)},
        guardians=[],
        turn=3,
    )
    agents = [HolyPlan(GAME, seed=1), RandomAgent(GAME, seed=2)]
    done = play_game(GAME, agents, seed=3, state=state).summary
    assert (done["winning_side"], done["victory"]) == ("north", "holy")


def test_holy_attacks_a_guardian_only_with_three_dice_or_more():
    strong = GAME.position(stacks={(7, 11): (0, 3, 1, 0, 0)})
    assert HolyPlan(GAME, seed=1).act(strong) == ("attack", (7, 11), EAST)
    weak = GAME.position(stacks={(7, 11): (0, 2, 0, 0, 0)})
    assert HolyPlan(GAME, seed=1).act(weak)[0] != "attack"


def test_flag_takes_the_flag_and_walks_it_home():
    state = GAME.position(stacks={CENTRAL: (0, 2, 0, 0, 0)}, guardians=[WEST, EAST])
    assert FlagPlan(GAME, seed=1).act(state) == ("flag", CENTRAL)
    home = GAME.position(stacks={(0, 6): (0, 2, 0, 0, 0)}, flag=None, carrier=(0, 6))
    assert FlagPlan(GAME, seed=1).act(home) == ("move", (0, 6), (1, 6), (2, 0, 0, 0))


def test_a_boat_never_leaves_passengers_at_sea():
    state = GAME.position(stacks={(13, 4): (0, 3, 1, 0, 1)})
    for agent in (RushPlan, BrawlhallaGreedyAgent, FlagPlan, HolyPlan):
        action = agent(GAME, seed=1).act(state)
        assert action[0] != "move" or action[3] == (3, 1, 0, 1), (agent, action)


def test_greedy_self_play_is_fast():
    game = Brawlhalla(rules=GAME.rules.replace(turn_limit=40))
    start = time.perf_counter()
    for seed in range(10):
        play_game(game, [BrawlhallaGreedyAgent(game, seed=s) for s in (seed, seed + 1)], seed=seed)
    assert 10 / (time.perf_counter() - start) >= 5  # about 40 a second alone on a core


def test_factory_names():
    assert agent_factory("greedy") is BrawlhallaGreedyAgent
    assert agent_factory("rush") is RushPlan and agent_factory("flag") is FlagPlan
    assert agent_factory("mcts").keywords["simulations"] == 200
    assert agent_factory("mcts:7").keywords["simulations"] == 7
    assert agent_factory("dmcts").func is DeterminizedMCTSAgent
    assert agent_factory("dmcts:5").keywords == {"simulations": 5, "worlds": 5, "rollout_plies": 24}
    assert agent_factory("dmcts:80").keywords["worlds"] == 8
    assert len(AGENT_NAMES) == 7


@pytest.mark.parametrize(
    "bad", ["", "greedy:3", "mcts:0", "mcts:00", "mcts:x", "dmcts:0", "Rush", "random:1"]
)
def test_factory_refuses_other_names(bad):
    with pytest.raises(RulesError, match="expected one of"):
        agent_factory(bad)


def test_greedy_discards_when_its_hand_is_over_the_limit():
    from workbench.games.brawlhalla.agents import BrawlhallaGreedyAgent
    from workbench.games.brawlhalla.rules import Rules

    game = Brawlhalla(rules=Rules(cards=True))
    state = game.position(hands=(("Raid",) * 6, ())).copy()
    state.discarding = 0
    assert BrawlhallaGreedyAgent(game, seed=1).act(state) == ("discard", "Raid")


def test_greedy_plays_a_card_that_helps_and_brings_die_cards_to_a_close_clash():
    from workbench.games.brawlhalla.agents import BrawlhallaGreedyAgent
    from workbench.games.brawlhalla.rules import Rules

    game = Brawlhalla(rules=Rules(cards=True))
    drawing = game.position(hands=(("Bragi's blessing",), ()), deck=("Raid", "Pillage"))
    agent = BrawlhallaGreedyAgent(game, seed=1)
    assert agent.act(drawing) == ("card", "Bragi's blessing", None)
    stacks = {(7, 0): (0, 3, 0, 0, 0), (7, 1): (1, 3, 0, 0, 0)}
    clash = game.position(stacks=stacks, hands=(("Thor's blessing",) * 3, ()))
    plain = agent.score(clash, ("attack", (7, 0), (7, 1)))
    blessed = agent.score(clash, ("attack", (7, 0), (7, 1), ("Thor's blessing",) * 3))
    assert blessed > plain
