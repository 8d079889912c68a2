"""The generator: reproducible from its seed, every level verified by the solver."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from workbench.errors import RulesError
from workbench.games.valhalla import generator
from workbench.games.valhalla.generator import generate, random_level
from workbench.games.valhalla.solver import GRADES, solve


def test_same_seed_same_levels_and_each_is_verified():
    first = list(generate(5, 5, enemies=4, items=1, ability="to_valhalla",
                          stars=("all_but_one",), count=3, seed=5))  # fmt: skip
    again = list(generate(5, 5, enemies=4, items=1, ability="to_valhalla",
                          stars=("all_but_one",), count=3, seed=5))  # fmt: skip
    assert [f.level for f in first] == [a.level for a in again]
    assert len(first) == 3
    for found in first:
        check = solve(found.level)
        assert any("all_but_one" in stars for stars in check.star_sets)
        assert found.grade in GRADES
        assert found.level.hero.ability == "to_valhalla"


def test_levels_respect_the_requested_counts():
    level = random_level(np.random.default_rng(1), 6, 4, enemies=5, items=3, walls=2)
    assert (level.width, level.height) == (6, 4)
    assert (len(level.enemies), len(level.items), len(level.walls)) == (5, 3, 2)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stars": ("two_lines",)}, "stars: unknown"),
        ({"enemies": 30}, "cannot hold"),
        ({"ability": "odin"}, "ability: expected one of"),
    ],
)
def test_bad_requests(kwargs, message):
    arguments = {"enemies": 2, **kwargs}
    with pytest.raises(RulesError, match=message):
        next(generate(4, 4, **arguments))


def _summaries(found):
    return [(f.level, f.summary()) for f in found]


@pytest.mark.parametrize("make", [lambda: ThreadPoolExecutor(3), lambda: "processes"])
def test_any_executor_yields_what_the_serial_run_yields(make):
    asked = {"enemies": 3, "items": 1, "stars": ("strong_killer",), "count": 3, "seed": 4}
    serial = _summaries(generate(4, 4, **asked))
    executor = make()
    if executor == "processes":
        found = generate(4, 4, executor=executor, workers=2, progress=True, **asked)
        assert _summaries(found) == serial
    else:
        with executor:
            assert _summaries(generate(4, 4, executor=executor, **asked)) == serial
    assert len(serial) == 3


def test_no_level_asked_for_solves_none(monkeypatch):
    monkeypatch.setattr(generator, "solve", None)  # would fail if called
    assert list(generate(4, 4, enemies=2, count=0)) == []
