"""The compiled engine (numba) against the Python engine, game by game.

``play_compiled`` must give what ``play_in_place`` (itself proven equal to the protocol
step loop in ``test_engine``) gives: the same plies, every die of every fight, the
same final position, for every hand strategy and target policy it plays, 3 to 6
players, every rule variant, other decks, ply limits and games long enough to draw
more dice and shuffles; and decline (``None``) whatever it does not know.
"""

import numpy as np
import pytest

from workbench.games.daggers_brink.agents import HandAgent, choosers
from workbench.games.daggers_brink.chance import ScriptedChance
from workbench.games.daggers_brink.compiled import compiles, play_compiled
from workbench.games.daggers_brink.deck import CardType, Deck, load_deck
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.phases import play_in_place
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.strategies import FocusAgent, TankAgent, strategy
from workbench.play import RandomAgent, play_game

from .scripted import SMALL
from .test_engine import VARIANTS

COMPILED_SPECS = [
    f"{name}:{target}"
    for name in ("focus", "balanced", "tank", "aggressive")
    for target in ("weakest", "strongest", "leader")
]
FOCI = [lambda game, seed, f=f: FocusAgent(game, seed=seed, focus=f) for f in FocusAgent._index]
POOL = [strategy(spec) for spec in COMPILED_SPECS] + FOCI


def _both(game, factories, seed, max_plies=None):
    """The same seeded game from the compiled engine and from the Python engine."""
    played = []
    for engine in ("compiled", "python"):
        agents = [factory(game, seed=i) for i, factory in enumerate(factories)]
        state = game.initial_state(seed=seed)
        if engine == "compiled":
            played.append(play_compiled(state, agents, max_plies))
        else:
            played.append(play_in_place(state, [choosers(a) for a in agents], max_plies))
    return played


def _same(compiled, python):
    assert compiled is not None, "the compiled engine declined"
    (c, c_plies), (p, p_plies) = compiled, python
    assert c_plies == p_plies
    assert c.fights() == p.fights()
    assert c.key() == p.key()
    assert (c.round, c.firsts, c.winner) == (p.round, p.firsts, p.winner)
    assert c.draw_turns == p.draw_turns
    assert (c.to_the_left, c.challenge_turns) == (p.to_the_left, p.challenge_turns)


@pytest.mark.parametrize("changes", VARIANTS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_compiled_engine_plays_the_games_of_the_python_engine(changes, players):
    game = DaggersBrink(players, rules=Rules(**changes))
    for seed in range(3):
        rng = np.random.default_rng([players, seed, len(changes), 7])
        factories = [POOL[i] for i in rng.choice(len(POOL), size=players)]
        _same(*_both(game, factories, seed))


@pytest.mark.parametrize("limit", [0, 1, 37, 200])
def test_the_compiled_engine_stops_at_the_same_ply_limit(limit):
    compiled, python = _both(DaggersBrink(4), [strategy("tank")] * 4, 3, max_plies=limit)
    _same(compiled, python)
    assert compiled[1] == limit and not compiled[0].is_terminal()


def test_long_games_draw_more_dice_and_shuffles_on_the_way():
    game = DaggersBrink(6, rules=Rules(starting_tokens=10))
    compiled, python = _both(game, [strategy("balanced")] * 6, 1)
    _same(compiled, python)
    final = compiled[0]
    assert final.dice > 2048 and final.shuffles > 64  # beyond the first two blocks of each
    assert len(final.fights()) > 256  # the fight log grew too


def test_other_decks_and_a_strategy_of_ones_own():
    class Sturdy(HandAgent):  # only the hand value changes: the kernel tabulates it
        def memo_key(self):
            return type(self)

        def hand_value(self, attributes):
            speed, health, defend, attack = attributes
            return health * defend + 0.5 * attack - speed / 3

    wild_heavy = load_deck().with_count("Wildcard", 9)
    for deck in (SMALL, wild_heavy):
        for rules in (Rules(), Rules(base_attribute=0, hit_threshold=3)):
            game = DaggersBrink(3, rules=rules, deck=deck)
            for seed in range(3):
                _same(*_both(game, [Sturdy, strategy("tank"), strategy("focus:leader")], seed))


def test_what_the_compiled_engine_does_not_know_it_leaves_to_python():
    class Picky(TankAgent):
        def choose_target(self, state, targets):
            return targets[-1]

    class Private(TankAgent):
        def memo_key(self):
            return None

    game = DaggersBrink(3)
    tank = TankAgent(game)
    assert compiles(tank)
    for odd in (TankAgent(game, target="random"), RandomAgent(game), Picky(game), Private(game)):
        assert not compiles(odd)
        assert play_compiled(game.initial_state(seed=0), [tank, tank, odd], None) is None
    seat_0_deals = DaggersBrink(3, rules=Rules(first_dealer="seat 0"))
    scripted = seat_0_deals.initial_state(chance=ScriptedChance(decks=[load_deck().cards()]))
    assert play_compiled(scripted, [tank] * 3, None) is None
    two_wild_types = Deck((*load_deck().types, CardType("Joker", "wildcard", (1, 1, 1, 1), 2)))
    joker_game = DaggersBrink(3, deck=two_wild_types)
    assert play_compiled(joker_game.initial_state(seed=0), [tank] * 3, None) is None
    # the game still plays, in Python, and like the step loop
    record = play_game(joker_game, [TankAgent(joker_game, seed=s) for s in range(3)], seed=2)
    stepped = play_game(
        joker_game, [TankAgent(joker_game, seed=s) for s in range(3)], seed=2, fast=False
    )
    assert record.final.key() == stepped.final.key()


def test_tournaments_give_the_same_table_with_and_without_the_compiled_engine():
    from workbench.play import tournament

    factories = {"focus": strategy("focus"), "tank": strategy("tank:leader")}
    tables = [
        tournament(DaggersBrink(3, compiled=compiled), factories, rounds=2, seed=4, progress=False)
        for compiled in (True, False)
    ]
    assert tables[0].drop(columns="seconds").equals(tables[1].drop(columns="seconds"))
