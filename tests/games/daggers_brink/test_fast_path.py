"""The whole-game fast path against the step-by-step protocol loop, game by game.

``play_game`` lets ``DaggersBrink.play_fast`` play a game on one private state moved on
in place; ``play_game(..., fast=False)`` applies every action to a fresh immutable
state. The two must give the same game: same returns, plies, rounds, fights (every die),
summary figures and final position, for every strategy, 3 to 6 players and rule variants.
"""

import numpy as np
import pytest

from workbench.games.daggers_brink.agents import (
    STRATEGIES,
    TARGETS,
    DaggersAgent,
    FocusAgent,
    TankAgent,
    choosers,
    strategy,
)
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.rules import Rules
from workbench.play import RandomAgent, play_game

from .scripted import SMALL

SPECS = [
    "random",
    *(f"{name}:{target}" for name in sorted(set(STRATEGIES) - {"random"}) for target in TARGETS),
]
VARIANTS = [
    {},
    {"starting_tokens": 1, "hit_threshold": 5, "wildcards_per_fight": 1},
    {"pass_after_challenge": True, "discard_drawn_card": False, "reshuffle": "on next draw"},
    {"attack_optional": False, "wounded_sit_out": False, "strip_wildcards": False},
    {"speed_tie_break": "seat order", "defender_strips_first": False, "first_dealer": "seat 0"},
    {"challenge_after_laps": 0, "draw_lap_limit": 2, "max_rounds": 6, "base_attribute": 0},
]
# a focus on each attribute as well, so every hand value is exercised
FOCI = [lambda game, seed, f=f: FocusAgent(game, seed=seed, focus=f) for f in FocusAgent._index]


def _both_ways(game, factories, seed, **options):
    """The same seeded game through the fast path and through the step loop."""
    records = []
    for fast in (True, False):
        children = np.random.SeedSequence(seed).spawn(len(factories))
        pairs = zip(factories, children, strict=True)
        agents = [factory(game, seed=np.random.default_rng(c)) for factory, c in pairs]
        records.append(play_game(game, agents, seed=seed, fast=fast, **options))
    return records


def _same_game(fast, stepped):
    assert fast.returns == stepped.returns and fast.plies == stepped.plies
    assert fast.timed_out == stepped.timed_out and fast.summary == stepped.summary
    assert fast.final.fights() == stepped.final.fights()
    assert fast.final.key() == stepped.final.key()
    assert (fast.final.round, fast.final.firsts) == (stepped.final.round, stepped.final.firsts)


@pytest.mark.parametrize("changes", VARIANTS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_fast_path_plays_the_games_of_the_step_loop(changes, players):
    game = DaggersBrink(players, rules=Rules(**changes))
    pool = [strategy(spec) for spec in SPECS] + FOCI
    for seed in range(4):
        rng = np.random.default_rng([players, seed, len(changes)])
        factories = [pool[i] for i in rng.choice(len(pool), size=players)]
        _same_game(*_both_ways(game, factories, seed))


def test_the_fast_path_stops_at_the_same_ply_limit():
    game = DaggersBrink(4)
    for limit in (1, 37, 200):
        fast, stepped = _both_ways(game, [strategy("tank")] * 4, 3, max_plies=limit)
        _same_game(fast, stepped)
        assert fast.plies == limit and fast.timed_out


def test_the_fast_path_works_on_a_small_deck_after_games_on_the_standard_one():
    for game in (DaggersBrink(3), DaggersBrink(3, deck=SMALL), DaggersBrink(3)):
        for seed in range(3):
            _same_game(*_both_ways(game, [strategy("focus"), strategy("tank"), RandomAgent], seed))


def test_agents_of_other_kinds_are_played_step_by_step():
    class Recorder:  # keeps every state it is shown: the fast path must not be used
        def __init__(self, game, *, seed=None):
            self.inner, self.seen = RandomAgent(game, seed=seed), []

        def act(self, state):
            self.seen.append(state)
            return self.inner.act(state)

    game = DaggersBrink(3)
    agents = [Recorder(game, seed=s) for s in range(3)]
    assert game.play_fast(game.initial_state(seed=1), agents) is None
    record = play_game(game, agents, seed=1)
    seen = [state for agent in agents for state in agent.seen]
    assert len({id(state) for state in seen}) == record.plies  # a fresh state each decision


def test_choosers_are_the_methods_act_calls_unless_act_is_overridden():
    class Stubborn(DaggersAgent):
        def act(self, state):
            return state.legal_actions()[0]

    focus, stubborn = FocusAgent(), Stubborn()
    assert choosers(focus)["source"] == focus.choose_source
    assert set(choosers(stubborn).values()) == {stubborn.act}
    game = DaggersBrink(3)
    _same_game(*_both_ways(game, [lambda g, seed: Stubborn(g, seed=seed)] * 3, 2))


class _PrivateTank(TankAgent):
    def memo_key(self):
        return None  # a memo of its own: nothing played before can leak into it


@pytest.mark.parametrize(
    "table", [{"rules": Rules(base_attribute=0)}, {"deck": SMALL}], ids=["base 0", "small deck"]
)
def test_agent_memos_are_kept_apart_for_each_deck_and_base_attribute(table):
    """Shared memos give the games of fresh ones, after games at another table."""

    def tank_game(game, cls):
        return play_game(game, [cls(game, seed=s) for s in range(3)], seed=5)

    for seed in range(3):  # fill the shared memos at the standard table
        play_game(DaggersBrink(3), [TankAgent(seed=seed + s) for s in range(3)], seed=seed)
    game = DaggersBrink(3, **table)
    shared, private = tank_game(game, TankAgent), tank_game(game, _PrivateTank)
    assert shared.final.fights() == private.final.fights() and shared.summary == private.summary
