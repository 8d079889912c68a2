"""State enumeration and the state-count estimate, against exact enumeration."""

import numpy as np
import pytest

from workbench.errors import SearchLimitError
from workbench.games.valgard import ValgardGame
from workbench.games.valgard.exact import small_board_rules
from workbench.play import CHANCE, HasSuccessorKeys
from workbench.play.statespace import estimate_state_count, state_graph
from workbench.play.toy_games import DiceRace, Nim, Pursuit, TicTacToe


class ProtocolOnly:
    """A game seen through the plain protocol only (any optional hook hidden)."""

    def __init__(self, game):
        self.info = game.info
        self._game = game

    def initial_state(self, *, seed=None):
        return self._game.initial_state(seed=seed)


class Keyed(ProtocolOnly):
    """A game given the successor-keys hook, built on its states (kept by key)."""

    def __init__(self, game):
        super().__init__(game)
        self._states = {}
        self.calls = 0

    def initial_state(self, *, seed=None):
        state = super().initial_state(seed=seed)
        self._states[state.key()] = state
        return state

    def state_from_key(self, key):
        return self._states[key]

    def successor_keys(self, key):
        self.calls += 1
        state = self._states[key]
        player = state.current_player()
        moves = (
            [outcome for outcome, _ in state.chance_outcomes()]
            if player == CHANCE
            else state.legal_actions()
        )
        children = [state.apply(move) for move in moves]
        self._states.update((child.key(), child) for child in children)
        return player, [child.key() for child in children]


def assert_same_graph(one, other):
    assert list(one.index.items()) == list(other.index.items())
    for field in ("player", "offsets", "targets"):
        assert np.array_equal(getattr(one, field), getattr(other, field)), field
    assert one.probabilities == other.probabilities
    assert one.returns == other.returns


HOOKED = [TicTacToe(), DiceRace(turns=2), Pursuit(rows=4, cols=4), Nim((1, 2, 3))]


@pytest.mark.parametrize("game", HOOKED, ids=str)
def test_the_successor_keys_hook_gives_the_same_graph(game):
    keyed = Keyed(game)
    assert isinstance(keyed, HasSuccessorKeys)
    assert not isinstance(ProtocolOnly(game), HasSuccessorKeys)
    graph = state_graph(keyed)
    assert keyed.calls == graph.size  # the enumeration went through the hook
    assert_same_graph(graph, state_graph(ProtocolOnly(game)))


def test_the_hook_respects_the_state_limit():
    with pytest.raises(SearchLimitError, match="more than max_states=100"):
        state_graph(Keyed(Pursuit(rows=5, cols=5)), max_states=100)


@pytest.mark.parametrize("game", [TicTacToe(), Nim((3, 4, 5)), DiceRace(turns=3)], ids=str)
def test_small_games_are_counted_exactly(game):
    assert estimate_state_count(game) == state_graph(game).size


ESTIMATED = [
    TicTacToe(),
    Nim((3, 4, 5, 6)),
    DiceRace(turns=4, sides=6),
    Pursuit(rows=8, cols=8),
    Pursuit(rows=12, cols=12),
]


@pytest.mark.parametrize("game", ESTIMATED, ids=str)
def test_state_count_estimate_is_within_a_factor_of_three(game):
    """The docstring's promise, with the exact part kept small so that sampling decides."""
    true = state_graph(game).size
    for seed in range(3):
        estimate = estimate_state_count(game, exact_states=300, seed=seed)
        assert true / 3 <= estimate <= 3 * true


#: Spaces of many layers, with their true counts (Valgard's: the committed exact results),
#: where the estimate used to give a fifth (tic-tac-toe 3x4) or a third (Valgard hardcore).
LAYERED = [
    (TicTacToe(rows=3, cols=4), 111_973),
    (ValgardGame(small_board_rules(3, 3)), 52_126),
    (ValgardGame(small_board_rules(3, 3).replace(hardcore=True)), 101_354),
]


@pytest.mark.parametrize(("game", "true"), LAYERED, ids=["tic-tac-toe 3x4", "3x3", "hardcore"])
def test_state_count_estimate_of_layered_spaces_is_within_a_factor_of_three(game, true):
    for seed in range(2):
        estimate = estimate_state_count(game, exact_states=500, seed=seed)
        assert true / 3 <= estimate <= 3 * true


def test_the_estimate_is_seeded():
    game = Pursuit(rows=12, cols=12)
    first = estimate_state_count(game, exact_states=300, seed=5)
    assert first == estimate_state_count(game, exact_states=300, seed=5)
    assert first != estimate_state_count(game, exact_states=300, seed=6)


def test_a_vast_space_is_estimated_far_beyond_the_enumerated_part():
    # tic-tac-toe on 5x5 (four in a row) has trillions of positions
    estimate = estimate_state_count(TicTacToe(rows=5, cols=5, k=4), sample_states=5_000)
    assert estimate > 1_000_000
