"""Memoised negamax against plain, unmemoised recursion over the states themselves."""

from fractions import Fraction

import pytest

from tests.play.reference import plain_value
from workbench.errors import RulesError
from workbench.play import CHANCE, TERMINAL
from workbench.play.negamax import negamax, topological_order
from workbench.play.statespace import state_graph
from workbench.play.toy_games import DiceRace, Nim, Pursuit, TicTacToe

SMALL = [Nim((1, 2, 2)), Nim((3, 2)), DiceRace(turns=1), DiceRace(turns=2, sides=2)]


def reachable(state, found=None):
    """Every state reachable from ``state``, by key (a plain depth-first walk)."""
    found = {} if found is None else found
    if state.key() not in found:
        found[state.key()] = state
        moves = [o for o, _ in state.chance_outcomes()] + list(state.legal_actions())
        for move in moves:
            reachable(state.apply(move), found)
    return found


def plain_plies(state):
    """Seat 0's value and the plies to the end, the winner (or a drawing side) hurrying and
    the loser delaying, by unmemoised recursion (chance steps are not plies)."""
    player = state.current_player()
    if player == TERMINAL:
        return Fraction(state.returns()[0]), 0
    if player == CHANCE:
        children = [(Fraction(p), plain_plies(state.apply(o))) for o, p in state.chance_outcomes()]
        return sum(p * v for p, (v, _) in children), sum(p * n for p, (_, n) in children)
    sign = 1 if player == 0 else -1
    children = [plain_plies(state.apply(a)) for a in state.legal_actions()]
    best = max(sign * value for value, _ in children)
    lengths = [n for value, n in children if sign * value == best]
    return sign * best, 1 + (max(lengths) if best < 0 else min(lengths))


@pytest.mark.parametrize(
    "game", [Nim((1, 2, 2)), Nim((3, 2)), DiceRace(turns=2), DiceRace(turns=2, sides=4)]
)
def test_negamax_equals_plain_expectiminimax(game):
    values, _ = negamax(state_graph(game))
    assert values[0] == plain_value(game.initial_state())


@pytest.mark.parametrize("game", SMALL, ids=str)
def test_every_state_has_its_plain_value_and_length(game):
    graph = state_graph(game)
    states = reachable(game.initial_state())
    assert set(states) == set(graph.index)
    values, plies = negamax(graph)
    for key, number in graph.index.items():
        assert (values[number], plies[number]) == plain_plies(states[key]), key


def test_values_are_exact_fractions_with_chance():
    values, plies = negamax(state_graph(DiceRace(turns=1)))
    assert values[0] == Fraction(-1, 9) and plies[0] == 2
    assert all(isinstance(v, Fraction) for v in values)


@pytest.mark.parametrize("game", [TicTacToe(rows=2, cols=3, k=2), Nim((2, 3)), DiceRace()], ids=str)
def test_topological_order_puts_every_state_after_its_successors(game):
    graph = state_graph(game)
    order = topological_order(graph)
    assert sorted(order.tolist()) == list(range(graph.size))
    place = {number: at for at, number in enumerate(order.tolist())}
    for number in range(graph.size):
        assert all(place[child] < place[number] for child in graph.successors(number).tolist())


def test_games_with_cycles_are_refused():
    graph = state_graph(Pursuit(rows=3, cols=3))
    with pytest.raises(RulesError, match="lie on cycles; solve this game by retrograde"):
        topological_order(graph)
    with pytest.raises(RulesError, match="lie on cycles"):
        negamax(graph)
