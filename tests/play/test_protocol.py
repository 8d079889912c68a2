"""The protocol: GameInfo as data; implements() agrees with isinstance, remembered per class."""

import dataclasses
import itertools

import pytest

from tests.play.reference import CountingNim
from workbench.play.protocol import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    HasFastPlay,
    HasHeuristic,
    HasHiddenInformation,
    HasSuccessorKeys,
    HasSummary,
    State,
    implements,
)
from workbench.play.toy_games import DiceRace, Nim, Pursuit, TicTacToe, Tricks

PROTOCOLS = [
    Game,
    State,
    HasHeuristic,
    HasSummary,
    HasFastPlay,
    HasSuccessorKeys,
    HasHiddenInformation,
]


class FastNim(Nim):
    def play_fast(self, state, agents, *, max_plies):
        return None


class KeyedNim(Nim):
    def successor_keys(self, key):
        state = self.state_from_key(key)
        return state.current_player(), [state.apply(a).key() for a in state.legal_actions()]

    def state_from_key(self, key):
        raise NotImplementedError


class Plain:
    """Not a game: an info attribute alone."""

    info = GameInfo(name="plain", num_players=2)


OBJECTS = [
    Nim(),
    TicTacToe(),
    DiceRace(),
    Pursuit(),
    Tricks(),
    CountingNim(),
    FastNim(),
    KeyedNim(),
    Plain(),
    Nim().initial_state(),
    DiceRace().initial_state(),
    object(),
]


def test_game_info_defaults_to_a_deterministic_zero_sum_game_without_cycles():
    info = GameInfo(name="x", num_players=3)
    assert (info.zero_sum, info.chance, info.cycles, info.max_plies) == (True, False, False, None)
    assert not info.hidden
    assert info == GameInfo(name="x", num_players=3) and hash(info) == hash(
        GameInfo(name="x", num_players=3)
    )


def test_game_info_is_frozen_and_keyword_only():
    info = GameInfo(name="x", num_players=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.num_players = 3
    with pytest.raises(TypeError):
        GameInfo("x", 2)
    assert dataclasses.replace(info, chance=True).chance


def test_chance_and_terminal_are_not_seats():
    assert CHANCE < 0 and TERMINAL < 0 and CHANCE != TERMINAL


@pytest.mark.parametrize(
    ("obj", "protocol"),
    list(itertools.product(OBJECTS, PROTOCOLS)),
    ids=lambda x: getattr(x, "__name__", type(x).__name__),
)
def test_implements_agrees_with_isinstance(obj, protocol):
    assert implements(obj, protocol) == isinstance(obj, protocol)
    assert implements(obj, protocol) == isinstance(obj, protocol)  # and again, remembered


def test_the_toy_games_implement_what_their_table_says():
    heuristic = {type(g) for g in OBJECTS if implements(g, HasHeuristic)}
    assert heuristic == {TicTacToe, DiceRace, Pursuit}
    assert implements(CountingNim(), HasSummary) and not implements(Nim(), HasSummary)
    assert implements(FastNim(), HasFastPlay) and implements(KeyedNim(), HasSuccessorKeys)
    assert not implements(Plain(), Game) and implements(Nim(), Game)
    hidden = {type(g) for g in OBJECTS if implements(g, HasHiddenInformation)}
    assert hidden == {Tricks} and Tricks().info.hidden


def test_the_answer_is_remembered_for_the_class_not_the_instance():
    class Later:
        info = GameInfo(name="later", num_players=2)

        def initial_state(self, *, seed=None):
            return None

    first, second = Later(), Later()
    assert not implements(first, HasHeuristic)
    second.heuristic = lambda state: (0.0, 0.0)
    assert isinstance(second, HasHeuristic)  # the instance has it now...
    assert not implements(second, HasHeuristic)  # ...but the class was asked about first
