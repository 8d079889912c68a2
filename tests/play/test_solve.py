"""solve and PerfectAgent against independent methods: theory, plain recursion, known counts."""

from fractions import Fraction
from functools import reduce
from operator import xor

import numpy as np
import pytest

from tests.play.reference import plain_value
from workbench.errors import RulesError, SearchLimitError
from workbench.play import TERMINAL, MCTSAgent, RandomAgent, play_game
from workbench.play.solve import ESTIMATE_MARGIN, PerfectAgent, solve
from workbench.play.statespace import estimate_state_count
from workbench.play.toy_games import DiceRace, Nim, NimState, Pursuit, PursuitState, TicTacToe


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
    with pytest.raises(SearchLimitError, match=r"about [\d,]+ reachable states \(an estimate"):
        solve(Pursuit(rows=12, cols=12), max_states=2_000)
    with pytest.raises(SearchLimitError, match="more than max_states=2,000"):
        solve(Pursuit(rows=12, cols=12), max_states=2_000, estimate=False)


def test_an_estimate_within_its_margin_of_the_limit_is_refused_at_once():
    """The estimate can run low: twice it over the limit is refused before any enumeration."""
    game = Pursuit(rows=12, cols=12)
    low = estimate_state_count(game)
    assert low > 10_000  # an estimate, not an exact count
    with pytest.raises(SearchLimitError, match=f"x{ESTIMATE_MARGIN} is"):
        solve(game, max_states=int(low * 1.5))


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


def test_outcomes_are_per_seat_and_an_endless_draw_has_no_length():
    solution = solve(Nim((1, 2)))
    assert (solution.outcome(), solution.outcome(seat=1)) == ("win", "loss")
    chase = solve(Pursuit(rows=2, cols=2, exits=(), hunter=(0, 0), runner=(1, 1)))
    assert (chase.method, chase.outcome(), chase.plies()) == ("retrograde", "draw", None)
