"""Solved tables: the same results as the solver, position by position; saved tables
reload to identical arrays; a file made under other rules, or not a table, is refused."""

import numpy as np
import pytest

from workbench.errors import DataError, RulesError
from workbench.games.valgard import ValgardGame, solved
from workbench.games.valgard.exact import small_board_rules
from workbench.games.valgard.solved import TABLES_DIR, SolvedTable, solved_table, table_name
from workbench.play import solve

RULES = small_board_rules(3, 3, reserve=2)


@pytest.fixture(scope="module")
def table():
    return SolvedTable.solve(RULES)


def test_every_position_has_the_result_of_the_plain_solver(table):
    solution = solve(ValgardGame(RULES), estimate=False)
    game = table.game
    assert table.positions == solution.states
    assert np.all(np.diff(table.codes.astype(np.float64)) > 0)
    for code in table.codes[::7]:
        state = game.packed_state(int(code))
        value, plies = table.outcome(state, seat=0)
        assert value == solution.outcome(state, seat=0)
        assert plies == solution.plies(state)


def test_saved_tables_reload_to_identical_arrays(table, tmp_path):
    path = table.save(tmp_path / table_name(RULES))
    again = SolvedTable.load(path, RULES)
    assert again.rules == table.rules
    for name in ("codes", "winner", "plies"):
        assert getattr(again, name).dtype == getattr(table, name).dtype
        assert np.array_equal(getattr(again, name), getattr(table, name))


def test_solved_table_loads_instead_of_solving(table, tmp_path, monkeypatch):
    table.save(tmp_path / table_name(RULES))
    monkeypatch.setattr(SolvedTable, "solve", classmethod(lambda *a, **k: pytest.fail("solved")))
    assert np.array_equal(solved_table(RULES, folder=tmp_path).winner, table.winner)


def test_a_table_made_under_other_rules_is_refused(table, tmp_path):
    path = table.save(tmp_path / "table.npz")
    with pytest.raises(RulesError, match=r"table.npz: .*other rules: hardcore False \(wanted True"):
        SolvedTable.load(path, RULES.replace(hardcore=True))


def test_a_file_that_is_not_a_table_is_refused(tmp_path):
    path = tmp_path / "bad.npz"
    path.write_text("not numpy")
    with pytest.raises(DataError, match=r"bad\.npz: expected a solved Valgard table"):
        SolvedTable.load(path)
    np.savez(path, codes=np.zeros(2, np.uint64))
    with pytest.raises(DataError, match=r"bad\.npz: expected arrays format, plies, rules, winner"):
        SolvedTable.load(path)


def test_the_committed_tables_hold_their_rules_and_are_small():
    files = sorted(TABLES_DIR.glob("*.npz"))
    assert files
    for path in files:
        table = SolvedTable.load(path)
        assert path.name == table_name(table.rules)
        assert path.stat().st_size < 1 << 20


def test_a_position_outside_the_table_is_a_key_error(table):
    game = ValgardGame(RULES)
    state = game.position({"a1": "L", "c3": "d"})
    with pytest.raises(KeyError, match="not reachable"):
        table.result(state)


def test_a_cached_table_of_an_older_format_is_made_again(table, tmp_path, monkeypatch):
    monkeypatch.setattr(solved, "CACHE_DIR", tmp_path)
    path = tmp_path / table_name(RULES)
    np.savez(path, format=np.array(1), rules=np.array("{}"), codes=table.codes[:1],
             winner=table.winner[:1], plies=table.plies[:1])  # fmt: skip
    again = solved_table(RULES)
    assert again.size == table.size and SolvedTable.load(path, RULES).size == table.size
    with pytest.raises(DataError, match="expected table format 2, got 1"):  # not the cache
        solved_table(RULES, folder=_folder_with_old_table(tmp_path / "mine", table))


def _folder_with_old_table(folder, table):
    """A folder holding a table of format 1 for ``RULES``."""
    folder.mkdir()
    np.savez(folder / table_name(RULES), format=np.array(1), rules=np.array("{}"),
             codes=table.codes[:1], winner=table.winner[:1], plies=table.plies[:1])  # fmt: skip
    return folder
