"""One exception family: every error the workbench raises on purpose is a WorkbenchError."""

import pytest

from workbench import errors


@pytest.mark.parametrize(
    "kind", [errors.RulesError, errors.DataError, errors.IllegalMoveError, errors.SearchLimitError]
)
def test_every_error_is_a_workbench_error(kind):
    assert issubclass(kind, errors.WorkbenchError)


def test_errors_users_can_fix_are_value_errors():
    for kind in (errors.RulesError, errors.DataError, errors.IllegalMoveError):
        assert issubclass(kind, ValueError)


def test_a_data_error_lists_every_problem_with_its_source():
    error = errors.DataError("deck.csv", ["row 2, count: expected a whole number", "row 3: empty"])
    assert str(error) == "deck.csv: row 2, count: expected a whole number (and 1 more problem(s))"
    assert error.details().splitlines() == [
        "deck.csv: row 2, count: expected a whole number",
        "deck.csv: row 3: empty",
    ]
    assert str(errors.DataError("f", "one")) == "f: one"
