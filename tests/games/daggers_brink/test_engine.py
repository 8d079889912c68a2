"""The game on the play protocol: protocol checks, seeds, bad tables, random-play invariants,
and the whole-game fast path against the step-by-step protocol loop, game by game.

``play_game`` lets ``DaggersBrink.play_fast`` play a game on one private state moved on
in place (or in the compiled engine); ``play_game(..., fast=False)`` applies every action
to a fresh immutable state. The two must give the same game: same returns, plies, rounds,
fights (every die), summary figures and final position, for every strategy, 3 to 6
players and rule variants.
"""

import random

import numpy as np
import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.agents import TARGETS
from workbench.games.daggers_brink.engine import DaggersBrink, warm_up
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.strategies import STRATEGIES, FocusAgent, strategy
from workbench.play import RandomAgent, check_game, play_game
from workbench.play.protocol import TERMINAL, Game, State

from .scripted import SMALL, finish


def test_the_game_follows_the_protocol():
    game = DaggersBrink(4)
    state = game.initial_state(seed=0)
    assert isinstance(game, Game) and isinstance(state, State)
    assert game.info.num_players == 4 and not game.info.zero_sum
    assert state.chance_outcomes() == []
    assert check_game(DaggersBrink(3, rules=Rules(starting_tokens=1)), games=3) == []


def test_same_seed_same_game_and_different_seeds_differ():
    game = DaggersBrink(4)

    def played(seed):
        agents = [RandomAgent(game, seed=seed * 10 + k) for k in range(4)]
        return finish(game.initial_state(seed=seed), agents)

    a, b, c = played(5), played(5), played(6)
    assert a.fights() == b.fights() and a.key() == b.key() and a.winner == b.winner
    assert a.fights() != c.fights()


def test_bad_tables_are_refused():
    with pytest.raises(RulesError, match=r"num_players: expected an integer 3..6, got 2"):
        DaggersBrink(2)
    with pytest.raises(RulesError, match="need at least 26"):
        DaggersBrink(4, deck=SMALL)


def _cards_are_conserved(state):
    held = sum(len(h) for h in state.hands)
    return held + len(state.deck) - state.deck_pos + len(state.discard) == state.card_types.size


RANDOM_PLAY_VARIANTS = [
    {},
    {"reshuffle": "on next draw", "discard_drawn_card": False},
    {"pass_after_challenge": True, "challenge_after_laps": 0},
    {"attack_optional": False, "wounded_sit_out": False, "wildcards_per_fight": 1},
    {"strip_wildcards": False, "defender_strips_first": False, "speed_tie_break": "seat order"},
    {"hit_threshold": 3, "starting_tokens": 1, "draw_lap_limit": 2, "first_dealer": "seat 0"},
    {"die_sides": 8, "hit_threshold": 6, "roll_off_dice": 1},
]


@pytest.mark.parametrize("changes", RANDOM_PLAY_VARIANTS)
@pytest.mark.parametrize("players", [3, 6])
def test_random_play_keeps_every_invariant(changes, players):
    game = DaggersBrink(players, rules=Rules(**changes))
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state(seed=seed)
        while not state.is_terminal():
            assert _cards_are_conserved(state)
            legal = state.legal_actions()
            assert legal, state.render()
            assert state.current_player() == state.player
            assert state.tokens[state.player] > 0
            state = state.apply(rng.choice(legal))
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        assert sum(state.returns()) == pytest.approx(1.0)
        for fight in state.fights():
            assert fight.attacker != fight.defender
            assert len(fight.attack_faces) == fight.attack
            faces = set(fight.attack_faces + fight.defend_faces)
            assert faces <= set(range(1, game.rules.die_sides + 1))
            hits = sum(f >= game.rules.hit_threshold for f in fight.attack_faces)
            blocks = sum(f >= game.rules.hit_threshold for f in fight.defend_faces)
            assert fight.remaining_hits == max(0, hits - blocks)
            assert fight.wounded == (fight.remaining_hits >= fight.health)
        assert state.round <= game.rules.max_rounds


def test_a_time_out_shares_the_win_among_survivors():
    game = DaggersBrink(3, rules=Rules(max_rounds=1))
    state = finish(game.initial_state(seed=1), [RandomAgent(game, seed=k) for k in range(3)])
    assert state.is_terminal() and state.winner is None and state.round == 1
    assert state.returns() == (1 / 3, 1 / 3, 1 / 3)


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
    {"die_sides": 8, "hit_threshold": 6, "roll_off_dice": 1},
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


def test_warm_up_plays_a_game_in_the_compiled_engine(capsys):
    assert warm_up() >= 0
    assert "ready in" in capsys.readouterr().err
