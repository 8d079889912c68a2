"""The level format: validation names every problem with its JSON path; saving is atomic."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.errors import DataError
from workbench.games.valhalla.level import Level, level_graph, load_level, save_level

GOOD = {
    "name": "First blood", "width": 5, "height": 5, "start": [0, 0],
    "hero": {"health": 20, "attack": 5, "ability": "none"},
    "enemies": [{"at": [2, 3], "attack": 4, "health": 6}],
    "items": [{"at": [1, 1], "kind": "thors_chariot", "turns": 3}],
    "walls": [[4, 4]],
}  # fmt: skip


def test_the_issue_example_loads_and_round_trips(tmp_path):
    level = Level.from_dict(GOOD)
    assert level.items[0].turns == 3 and level.walls == ((4, 4),)
    path = tmp_path / "level.json"
    save_level(level, path)
    assert load_level(path) == level
    assert json.loads(path.read_text()) == GOOD


def test_every_problem_is_reported_with_its_json_path():
    bad = {
        **GOOD,
        "width": 3,
        "enemies": [{"at": [2, 3], "attack": -1, "health": 6}, {"at": [1, 1], "attack": 2,
                                                               "health": 2}],
        "items": [{"at": [0, 1], "kind": "axe"}, {"at": [0, 2], "kind": "lokis_trickery"}],
        "walls": [[0, 0]],
    }  # fmt: skip
    with pytest.raises(DataError) as caught:
        Level.from_dict(bad, source="bad.json")
    problems = caught.value.problems
    outside = "$.enemies[0].at: cell [2, 3] is outside the 5x3 grid"
    assert any(p.startswith(outside) for p in problems)
    assert "$.enemies[0].attack: expected an integer from 0 to 999, got -1" in problems
    assert any(p.startswith("$.items[0].kind: expected one of mjolnir") for p in problems)
    assert "$.items[1]: missing key 'turns' (needed by lokis_trickery)" in problems
    assert "$.walls[0]: cell [0, 0] already holds $.start" in problems
    assert str(caught.value).startswith("bad.json: ")
    assert len(problems) == 5


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"enemies": []}, "$.enemies: a level needs at least one enemy"),
        ({"hero": {"health": 0, "attack": 1}}, "$.hero.health: expected an integer from 1"),
        ({"hero": {"health": 3, "attack": 1, "ability": "odin"}}, "$.hero.ability: expected one"),
        ({"start": [0]}, "$.start: expected a cell [row, col]"),
        ({"colour": "red"}, "$.colour: unknown key"),
        ({"items": [{"at": [1, 1], "kind": "mjolnir", "turns": 2}]}, "$.items[0].turns: only"),
    ],
)
def test_single_problems(patch, message):
    with pytest.raises(DataError, match=message.replace("[", r"\[").replace("$", r"\$")):
        Level.from_dict({**GOOD, **patch})


def test_unreadable_files_are_one_clear_error(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(DataError, match=r"broken.json: invalid JSON at line 1"):
        load_level(path)


def test_walls_are_not_walkable():
    graph = level_graph(Level.from_dict(GOOD))
    assert (4, 4) not in graph and graph.number_of_nodes() == 24


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12,
)  # fmt: skip
_keys = st.sampled_from([*sorted(GOOD), "description"])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_keys, _json, max_size=8), st.booleans())
def test_fuzzed_level_files_give_data_errors_never_crashes(changes, from_good):
    data = {**GOOD, **changes} if from_good else changes
    try:
        level = Level.from_dict(data)
    except DataError as error:
        assert error.problems and all(p.startswith("$") for p in error.problems)
    else:
        assert Level.from_dict(level.to_dict()) == level


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=60))
def test_fuzzed_bytes_give_data_errors(tmp_path_factory, blob):
    path = tmp_path_factory.mktemp("fuzz") / "level.json"
    path.write_bytes(blob)
    with pytest.raises(DataError):
        load_level(path)
