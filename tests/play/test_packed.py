"""The layer-at-a-time enumeration on packed codes against the one-state-at-a-time
enumeration of the same game: the same states, players, moves and solved values."""

import numpy as np
import pytest

from workbench.errors import SearchLimitError
from workbench.games.valgard import Rules, ValgardGame
from workbench.play import solve, state_graph
from workbench.play.packed import (
    PackedStateGraph,
    available_memory,
    memory_needed,
    packed_state_graph,
)
from workbench.play.retrograde import retrograde
from workbench.play.toy_games import Pursuit

GAMES = [
    ValgardGame(Rules(rows=2, cols=2, reserve=2, muster=1)),
    ValgardGame(Rules(rows=3, cols=2, reserve=3, muster=2, hardcore=True)),
    ValgardGame(Rules(rows=3, cols=3, reserve=2, muster=1, charge_captures=True)),
]


def _predecessor_keys(graph, keys):
    offsets, sources = graph.predecessors()
    return {
        keys[target]: sorted(keys[s] for s in sources[offsets[target] : offsets[target + 1]])
        for target in range(graph.size)
    }


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.rules.rows}x{g.rules.cols}")
def test_the_packed_graph_is_the_state_graph_state_by_state(game):
    game = ValgardGame(game.rules, fold_mirror=False)  # a code for each position
    plain = state_graph(game, max_states=100_000)
    packed = packed_state_graph(game)
    plain_keys = list(plain.index)
    packed_keys = [game.packed_state(code).key() for code in packed.code_of_number()]
    assert packed.size == plain.size and set(packed_keys) == set(plain_keys)
    assert packed_keys[0] == plain_keys[0]  # the start is state 0 in both
    number = {key: n for n, key in enumerate(packed_keys)}
    order = np.array([number[key] for key in plain_keys])
    assert (packed.player[order] == plain.player).all()
    assert (packed.out_degrees()[order] == plain.out_degrees()).all()
    assert _predecessor_keys(packed, packed_keys) == _predecessor_keys(plain, plain_keys)
    plain_ends, plain_values = plain.terminal_values()
    ends, values = packed.terminal_values()
    assert dict(zip(order[plain_ends].tolist(), plain_values.tolist(), strict=True)) == dict(
        zip(ends.tolist(), values.tolist(), strict=True)
    )
    for solved, expected in zip(retrograde(packed), retrograde(plain), strict=True):
        assert (solved[order] == expected).all()


@pytest.mark.parametrize(
    "game",
    [*GAMES, ValgardGame(Rules(rows=3, cols=4, reserve=2, muster=1, hardcore=True))],
    ids=lambda g: f"{g.rules.rows}x{g.rules.cols}",
)
def test_the_folded_graph_solves_every_position_as_the_state_graph(game):
    plain = state_graph(game, max_states=100_000)
    folded = packed_state_graph(game)  # a position and its mirror image share a code
    assert folded.size < plain.size == folded.positions
    numbers = np.array([folded.number(game.state_from_key(key)) for key in plain.index])
    assert len(set(numbers.tolist())) == folded.size  # every code stands for a position
    for solved, expected in zip(retrograde(folded), retrograde(plain), strict=True):
        assert (solved[numbers] == expected).all()
    assert solve(game).summary() == solve(_KeysOnly(game)).summary()


def test_lookups_by_state_and_by_key():
    game = ValgardGame(GAMES[2].rules, fold_mirror=False)
    graph = packed_state_graph(game)
    start = game.initial_state()
    child = start.apply(start.legal_actions()[0])
    assert graph.number(start) == 0 and graph.index[child.key()] == graph.number(child)
    assert graph.number_of_code(0) is None  # the empty board with light to move, no reserves
    assert graph.edges == int(graph.out_degrees().sum())


def test_solve_takes_the_packed_path_and_answers_like_the_plain_one():
    game = GAMES[2]
    solution = solve(game)
    assert isinstance(solution.graph, PackedStateGraph)
    plain = solve(_KeysOnly(game))
    assert solution.summary() == plain.summary()
    state = game.initial_state()
    for _ in range(6):
        assert solution.best_actions(state) == plain.best_actions(state)
        assert (solution.value(state), solution.plies(state)) == (
            plain.value(state),
            plain.plies(state),
        )
        state = state.apply(solution.best_actions(state)[0])


def test_games_without_the_hook_are_solved_as_before():
    solution = solve(Pursuit(rows=3, cols=3))
    assert not isinstance(solution.graph, PackedStateGraph)


def test_the_enumeration_stops_at_max_states():
    with pytest.raises(SearchLimitError, match="more than max_states=1,000 states"):
        packed_state_graph(GAMES[2], max_states=1000)


def test_a_start_without_a_code_is_refused():
    game = ValgardGame(Rules(rows=3, cols=3, reserve=2, muster=1))
    odd = game.position({"a1": "l"}, muster_left=2, reserves=(1, 2))
    with pytest.raises(ValueError, match="no packed code"):
        packed_state_graph(game, state=odd)
    assert solve(game, state=odd).states == solve(_KeysOnly(game), state=odd).states


class _KeysOnly:
    """The game without its packed hook."""

    def __init__(self, game):
        self.info, self._game = game.info, game
        self.successor_keys, self.state_from_key = game.successor_keys, game.state_from_key

    def initial_state(self, *, seed=None):
        return self._game.initial_state()


def test_a_solve_that_would_not_fit_in_memory_is_refused_with_what_was_found():
    game = GAMES[2]
    graph = packed_state_graph(game)
    need = memory_needed(graph.size, graph.edges)
    assert need >= graph.size * 20 + graph.edges * 4
    with pytest.raises(SearchLimitError, match=r"needs more than .* MB of memory \([\d,]+ states "
                       r"and [\d,]+ moves found so far.*max_memory is 0 MB"):  # fmt: skip
        solve(game, max_memory=100_000)
    assert solve(game, max_memory=1 << 40).states == graph.positions
    assert available_memory() > 0


@pytest.mark.parametrize("spill_above", [0, 4_000])
def test_forward_lists_spilled_to_a_file_give_the_same_graph(spill_above):
    game = GAMES[2]
    kept = packed_state_graph(game, chunk=512)
    spilled = packed_state_graph(game, chunk=512, spill_above=spill_above)
    assert spilled.table._parked is not None  # the table waits in the file too
    for name in ("player", "degree", "ends", "end_values", "pred_offsets", "pred_sources"):
        assert (getattr(spilled, name) == getattr(kept, name)).all(), name
    assert (spilled.codes == kept.codes).all() and spilled.table._parked is None
    probe = np.concatenate([kept.codes[::7], np.array([0], dtype=np.uint64)])
    assert (spilled.table.find(probe) == kept.table.find(probe)).all()
    assert spilled.table.number(np.array([1 << 63], dtype=np.uint64)).tolist() == [kept.size]


def test_a_graph_without_its_predecessor_lists_answers_lookups_but_not_predecessors():
    game = GAMES[0]
    graph = packed_state_graph(game)
    light = graph.without_predecessors()
    assert (light.size, light.edges) == (graph.size, graph.edges)
    assert light.number(game.initial_state()) == 0
    with pytest.raises(ValueError, match="released"):
        light.predecessors()
    assert solve(game).graph.pred_sources.size == 0


def test_the_packed_solve_keeps_its_arrays_off_huge_pages(monkeypatch):
    import importlib

    from workbench.memory import huge_pages_advised

    solving = importlib.import_module("workbench.play.solve")  # the name is the function's too

    advised = []

    def recording(graph):
        advised.append(huge_pages_advised())
        return retrograde(graph)

    monkeypatch.setattr(solving, "retrograde", recording)
    solve(GAMES[0])
    assert advised == [False]
