"""Exact results of small boards, checked by a second method: the retrograde labels
satisfy the defining win/loss/draw conditions state by state, and agree with plain
(unmemoised) depth-limited minimax."""

import functools

import pandas as pd
import pytest

from workbench.errors import DataError, SearchLimitError
from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.exact import (
    VARIANTS,
    exact_results,
    load_exact_results,
    results_grid,
    save_exact_results,
    small_board_rules,
    solve_board,
)
from workbench.play import estimate_state_count, solve, state_graph

TINY = small_board_rules(3, 3, reserve=2)


@functools.cache
def tiny_solution(**knobs):
    game = ValgardGame(TINY.replace(**knobs))
    return game, solve(game)


def _label(solution, state):
    """(result for the player to move, plies) with plies None for a draw."""
    mover = state.mover
    return solution.outcome(state, seat=mover), solution.plies(state)


@pytest.mark.parametrize(
    "knobs",
    [{}, pytest.param({"hardcore": True}, marks=pytest.mark.slow)],
    ids=["default", "hardcore"],
)
def test_every_label_satisfies_the_retrograde_conditions(knobs):
    game, solution = tiny_solution(**knobs)
    for key in solution.graph.index:
        state = game.state_from_key(key)
        result, plies = _label(solution, state)
        if state.is_terminal():
            assert (result, plies) == ("loss", 0)
            continue
        children = [_label(solution, state.apply(a)) for a in state.legal_actions()]
        # A child's result is for the opponent, who moves there.
        if result == "win":
            assert plies == 1 + min(p for r, p in children if r == "loss")
        elif result == "loss":
            assert all(r == "win" for r, _ in children)
            assert plies == 1 + max(p for _, p in children)
        else:
            assert plies is None
            assert all(r != "loss" for r, _ in children)
            assert any(r == "draw" for r, _ in children)


def _minimax(state, depth):
    """+1 / -1 if the player to move can force a win / must lose within ``depth`` plies."""
    if state.is_terminal():
        return -1
    if depth == 0:
        return 0
    best = -1
    for action in state.legal_actions():
        best = max(best, -_minimax(state.apply(action), depth - 1))
        if best == 1:
            break
    return best


def test_plain_minimax_agrees_within_its_horizon():
    game, solution = tiny_solution()
    depth = 3
    checked = 0
    for number, key in enumerate(solution.graph.index):
        if number % 11:
            continue
        state = game.state_from_key(key)
        result, plies = _label(solution, state)
        expected = (
            {"win": 1, "loss": -1}.get(result, 0) if plies is not None and plies <= depth else 0
        )
        assert _minimax(state, depth) == expected, state.render()
        checked += 1
    assert checked > 250


def test_solve_board_reports_for_the_player_to_move_first():
    assert solve_board(TINY) == {"value": "draw", "plies": None, "states": 5978}


def test_a_decisive_endgame_has_a_length():
    game = ValgardGame(TINY)
    state = game.position({"a3": "d"}, runes=[(1, 0)], to_move="dark", reserves=(1, 1))
    solution = solve(game, state=state)
    assert solution.outcome(state, seat=1) == "win"
    assert solution.plies(state) == _first_forced(state, 1)


def _first_forced(state, seat, limit=9):
    for depth in range(1, limit + 1):
        if _minimax(state, depth) == (1 if state.mover == seat else -1):
            return depth
    return None


def test_state_count_estimate_of_the_3x3_board_is_within_a_factor_of_three_below():
    game = ValgardGame(small_board_rules(3, 3))
    true = state_graph(game).size
    assert true == 52_126  # the count in the committed results
    for seed in range(2):
        # a small exact part, so that the sampling decides
        assert true / 3 <= estimate_state_count(game, exact_states=500, seed=seed) <= 1.2 * true


def test_the_6x6_board_is_refused_at_once_by_the_estimate():
    # the enumeration alone would take minutes to reach the limit (benchmarks/play.py)
    with pytest.raises(SearchLimitError, match=r"valgard: about [\d,]+ reachable states \(an"):
        solve(ValgardGame(), max_states=1_000_000)


def test_exact_results_table_and_its_csv_round_trip(tmp_path):
    frame = exact_results(
        {(3, 3): (2, 1)},
        {name: VARIANTS[name] for name in ("default", "dark first")},
        progress=False,
    )
    assert list(frame["variant"]) == ["default", "dark first"]
    assert set(frame["light"]) == {"draw"} and not frame["flips"].any()
    path = save_exact_results(frame, tmp_path / "exact.csv")
    assert load_exact_results(path).equals(frame)


def test_bad_exact_results_files_name_row_and_column(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(
        "board,reserve,muster,variant,light,plies,states,flips\n"
        "3x3,2,1,default,maybe,,5978,False\n"
        "three,2,1,default,draw,,5978,False\n"
    )
    with pytest.raises(DataError, match=r"row 2, column light: expected win, loss or draw") as e:
        load_exact_results(path)
    assert "row 3, column board: expected RxC, got 'three'" in e.value.details()
    (tmp_path / "short.csv").write_text("board,light\n3x3,draw\n")
    with pytest.raises(DataError, match=r"header: missing column\(s\) reserve"):
        load_exact_results(tmp_path / "short.csv")


def test_the_committed_results_cover_every_board_and_variant():
    frame = load_exact_results()
    assert set(frame["board"]) == {"2x2", "3x2", "3x3", "3x4", "4x4"}
    assert set(frame["variant"]) == set(VARIANTS)
    small = frame[(frame["board"] == "3x3") & (frame["variant"] == "default")].iloc[0]
    rules = Rules(rows=3, cols=3, reserve=int(small["reserve"]), muster=int(small["muster"]))
    assert small["states"] == solve_board(rules)["states"]
    big = frame[(frame["board"] == "4x4") & (frame["reserve"] == 4) & (frame["muster"] == 3)]
    assert set(big["variant"]) == set(VARIANTS)
    # the count known from an independent solver of the same rules
    assert big[big["variant"] == "default"]["states"].item() == 37_022_463


@pytest.mark.parametrize("variant", ["default", "hardcore", "no rally"])
def test_the_packed_solver_repeats_the_committed_3x4_results(variant):
    # The committed table was made by the one-state-at-a-time solver.
    frame = load_exact_results()
    row = frame[(frame["board"] == "3x4") & (frame["variant"] == variant)].iloc[0]
    rules = Rules(rows=3, cols=4, reserve=int(row["reserve"]), muster=int(row["muster"]),
                  **VARIANTS[variant])  # fmt: skip
    result = solve_board(rules)
    plies = None if row["plies"] is pd.NA else int(row["plies"])
    expected = (row["light"], plies, row["states"])
    assert (result["value"], result["plies"], result["states"]) == expected


def test_two_set_ups_of_one_board_keep_their_own_flips_and_grid_columns():
    variants = {name: VARIANTS[name] for name in ("default", "hardcore", "no deploy")}
    frame = exact_results([(2, 2, 2, 1), (2, 2, 1, 1)], variants, progress=False)
    for (reserve, muster), rows in frame.groupby(["reserve", "muster"]):
        alone = exact_results({(2, 2): (reserve, muster)}, variants, progress=False)
        assert rows.reset_index(drop=True).equals(alone)
    grid = results_grid(frame)
    assert list(grid.columns) == ["2x2 r2 m1", "2x2 r1 m1"]
    assert grid.loc["hardcore", "2x2 r2 m1"] == "loss in 8"
    assert frame[(frame["reserve"] == 2)]["flips"].tolist() == [False, True, True]
