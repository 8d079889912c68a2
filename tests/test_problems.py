"""The problem collector every loader uses: each message names the place and the expectation."""

import pytest

from workbench.errors import DataError
from workbench.problems import Problems, is_integer, shown


def test_nothing_found_raises_nothing():
    problems = Problems("f.json")
    assert not problems and len(problems) == 0
    problems.raise_if_any()


def test_every_problem_is_reported_at_once_with_the_file():
    problems = Problems("level.json")
    problems.expect_object({"width": 3, "colour": 1}, "$", ("width", "height"), ("name",))
    problems.expect_integer(True, "$.width", 1, 20)
    problems.expect_string(5, "$.name")
    problems.expect_choice("zombie", "$.hero.ability", ("none", "berserk"))
    assert problems.expect_list("x", "$.walls", 3) == []
    problems.expect_list([1, 2, 3, 4], "$.items", 3)
    problems.add("", "the level needs an enemy")
    with pytest.raises(DataError) as caught:
        problems.raise_if_any()
    assert caught.value.problems == [
        "$: missing key 'height'",
        "$.colour: unknown key (known: width, height, name)",
        "$.width: expected an integer from 1 to 20, got True",
        "$.name: expected a string, got 5",
        "$.hero.ability: expected one of none, berserk; got 'zombie'",
        "$.walls: expected a list, got 'x'",
        "$.items: at most 3 entries, got 4",
        "the level needs an enemy",
    ]
    assert str(caught.value).startswith("level.json: $: missing key 'height' (and 7 more")


@pytest.mark.parametrize(
    ("value", "size", "cell", "message"),
    [
        ([1, 2], (3, 3), (1, 2), None),
        ([1, 2], None, (1, 2), None),
        ([3, 0], (3, 3), None, "cell [3, 0] is outside the 3x3 grid (rows 0..2, cols 0..2)"),
        ([1], (3, 3), None, "expected a cell [row, col], got [1]"),
        ([True, 0], (3, 3), None, "expected a cell [row, col], got [True, 0]"),
    ],
)
def test_cells(value, size, cell, message):
    problems = Problems("f")
    assert problems.expect_cell(value, "$.at", size) == cell
    assert problems.messages == ([] if message is None else [f"$.at: {message}"])


def test_values_are_shown_short_and_booleans_are_not_integers():
    assert shown("x" * 100) == "'" + "x" * 36 + "..."
    assert is_integer(3) and not is_integer(True) and not is_integer(3.0)
