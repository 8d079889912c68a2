"""Retrograde analysis against naive value iteration and, on acyclic games, negamax."""

import itertools

import pytest

from workbench.play import TERMINAL
from workbench.play.negamax import negamax
from workbench.play.retrograde import DRAW, retrograde
from workbench.play.statespace import state_graph
from workbench.play.toy_games import DiceRace, Nim, Pursuit, TicTacToe


def naive_outcomes(graph):
    """Synchronous value iteration: ``forced[d]`` is who can force a win within d plies."""
    n = graph.size
    known = [None] * n
    for number, values in graph.returns.items():
        known[number] = (0 if values[0] > 0 else 1) if values[0] else None
    distance = [0 if known[i] is not None else -1 for i in range(n)]
    for depth in itertools.count(1):
        updated = list(known)
        for i in range(n):
            mover = int(graph.player[i])
            if known[i] is not None or mover == TERMINAL:
                continue
            children = [known[c] for c in graph.successors(i)]
            if mover in children:
                updated[i] = mover
            elif all(c == 1 - mover for c in children):
                updated[i] = 1 - mover
            if updated[i] is not None:
                distance[i] = depth
        if updated == known:
            break
        known = updated
    winner = [DRAW if k is None else k for k in known]
    terminal_draws = [i for i, v in graph.returns.items() if not v[0]]
    for i in terminal_draws:
        distance[i] = 0
    return winner, distance


PURSUITS = [
    Pursuit(rows=3, cols=4),
    Pursuit(rows=4, cols=4, exits=()),
    Pursuit(rows=4, cols=5, exits=((0, 0),)),
    Pursuit(rows=1, cols=5, exits=(), hunter=(0, 0), runner=(0, 4)),
    Pursuit(rows=5, cols=5, exits=((2, 4), (4, 4)), hunter=(2, 2), runner=(0, 0)),
]


@pytest.mark.parametrize("game", PURSUITS, ids=str)
def test_retrograde_equals_naive_value_iteration(game):
    graph = state_graph(game)
    winner, distance = retrograde(graph)
    expected_winner, expected_distance = naive_outcomes(graph)
    assert winner.tolist() == expected_winner
    assert distance.tolist() == expected_distance


def test_pursuit_cases_cover_wins_losses_and_draws():
    found = {w for game in PURSUITS for w in retrograde(state_graph(game))[0].tolist()}
    assert found == {0, 1, DRAW}


@pytest.mark.parametrize(
    "game", [TicTacToe(), Nim((2, 3)), TicTacToe(rows=2, cols=4, k=2)], ids=str
)
def test_retrograde_agrees_with_negamax_on_acyclic_games(game):
    graph = state_graph(game)
    winner, distance = retrograde(graph)
    values, plies = negamax(graph)
    for i in range(graph.size):
        expected = DRAW if values[i] == 0 else (0 if values[i] > 0 else 1)
        assert winner[i] == expected
        if expected != DRAW:
            assert distance[i] == plies[i]


def test_chance_states_are_refused():
    with pytest.raises(ValueError, match="only seats 0 and 1 may move"):
        retrograde(state_graph(DiceRace(turns=1)))


def test_a_catch_and_an_endless_chase_worked_by_hand():
    """On a 1x3 strip without exits the hunter at one end pushes the runner to the other
    end and catches it there; on a 2x2 board the runner always keeps diagonally away."""
    game = Pursuit(rows=1, cols=3, exits=(), hunter=(0, 0), runner=(0, 2))
    winner, distance = retrograde(state_graph(game))
    assert int(winner[0]) == 0 and int(distance[0]) == 3  # 0->1, runner stays, 1->2
    open_board = Pursuit(rows=2, cols=2, exits=(), hunter=(0, 0), runner=(1, 1))
    winner, distance = retrograde(state_graph(open_board))
    assert int(winner[0]) == DRAW and int(distance[0]) == -1  # the runner keeps away
