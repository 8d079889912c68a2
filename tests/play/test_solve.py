"""Exact solvers against independent methods: theory, plain recursion, naive value iteration."""

import itertools
from fractions import Fraction
from functools import reduce
from operator import xor

import numpy as np
import pytest

from workbench.errors import RulesError, SearchLimitError
from workbench.play import CHANCE, TERMINAL, MCTSAgent, RandomAgent, play_game
from workbench.play.negamax import negamax
from workbench.play.retrograde import DRAW, retrograde
from workbench.play.solve import PerfectAgent, solve
from workbench.play.statespace import state_graph
from workbench.play.toy_games import DiceRace, Nim, NimState, Pursuit, PursuitState, TicTacToe


def plain_value(state):
    """Unmemoised expectiminimax: seat 0's return with perfect play (exact)."""
    player = state.current_player()
    if player == TERMINAL:
        return Fraction(state.returns()[0])
    if player == CHANCE:
        return sum(Fraction(p) * plain_value(state.apply(o)) for o, p in state.chance_outcomes())
    values = [plain_value(state.apply(a)) for a in state.legal_actions()]
    return max(values) if player == 0 else min(values)


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


def test_tic_tac_toe_is_a_draw_with_the_known_state_counts():
    solution = solve(TicTacToe())
    assert solution.summary() == {"value": "draw", "plies": 9, "states": 5478, "method": "negamax"}
    assert int((solution.graph.player == TERMINAL).sum()) == 958


@pytest.mark.parametrize("heaps", [(1, 2, 3), (2, 3, 4), (1, 1, 5)])
def test_nim_values_follow_boutons_theorem(heaps):
    solution = solve(Nim(heaps))
    for (position, player), _ in solution.graph.index.items():
        state = NimState(position, player)
        if not state.is_terminal():
            assert solution.outcome(state) == ("win" if reduce(xor, position) else "loss")


@pytest.mark.parametrize(
    "game", [Nim((1, 2, 2)), Nim((3, 2)), DiceRace(turns=2), DiceRace(turns=2, sides=4)]
)
def test_negamax_equals_plain_expectiminimax(game):
    values, _ = negamax(state_graph(game))
    assert values[0] == plain_value(game.initial_state())


def test_negamax_on_tic_tac_toe_positions_equals_plain_minimax():
    game = TicTacToe()
    rng = np.random.default_rng(0)
    for _ in range(5):
        state = game.initial_state()
        for _ in range(3):
            state = state.apply(rng.choice(state.legal_actions()))
        assert solve(game, state=state).value() == plain_value(state)


def test_dice_race_value_is_an_exact_fraction():
    solution = solve(DiceRace(turns=1, sides=3))
    # seat 1 answers last: behind by d, it needs a roll beating d; the value follows by hand
    assert isinstance(solution.value(), Fraction)
    assert solution.value() == plain_value(DiceRace(turns=1, sides=3).initial_state())


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


def test_best_actions_keep_the_value_and_hurry_the_win():
    game = Pursuit(rows=4, cols=5, exits=((0, 0),))
    solution = solve(game)
    for key in list(solution.graph.index)[:300]:
        hunter, runner, player = key
        state = PursuitState(game, hunter, runner, player)
        if state.is_terminal():
            continue
        for action in solution.best_actions(state):
            child = state.apply(action)
            assert solution.value(child) == solution.value(state)
            if solution.plies(state) is not None:
                assert solution.plies(child) == solution.plies(state) - 1


def test_perfect_agent_never_loses_tic_tac_toe():
    game = TicTacToe()
    solution = solve(game)
    for seed in range(6):
        perfect = PerfectAgent(game, solution=solution, seed=seed)
        other = MCTSAgent(game, simulations=50, seed=seed) if seed % 3 else RandomAgent(seed=seed)
        agents = [perfect, other] if seed % 2 else [other, perfect]
        record = play_game(game, agents, seed=seed)
        assert record.returns[agents.index(perfect)] >= 0


def test_too_large_is_refused_by_the_estimate_and_by_the_enumeration():
    with pytest.raises(SearchLimitError, match=r"about [\d,]+ \(an estimate"):
        solve(Pursuit(rows=12, cols=12), max_states=2_000)
    with pytest.raises(SearchLimitError, match="more than max_states=2,000"):
        solve(Pursuit(rows=12, cols=12), max_states=2_000, estimate=False)


def test_a_small_game_over_the_limit_is_refused_with_its_exact_count():
    with pytest.raises(SearchLimitError, match="tic-tac-toe: 5,478 reachable states exceed"):
        solve(TicTacToe(), max_states=5_000)


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        (Nim(players=3), {}, "two-player zero-sum"),
        (DiceRace(), {"method": "retrograde"}, "without chance"),
        (Pursuit(rows=3, cols=3), {"method": "negamax"}, "cycles"),
        (Nim(), {"method": "guess"}, "method must be"),
    ],
)
def test_unsuitable_games_are_refused(game, options, message):
    with pytest.raises(RulesError, match=message):
        solve(game, **options)


def test_states_outside_the_solution_are_refused():
    solution = solve(Nim((1, 2)))
    with pytest.raises(ValueError, match="not reachable"):
        solution.value(NimState((5, 5), 0))
