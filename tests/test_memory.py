"""``small_pages`` and ``collector_paused``: a process-wide setting off inside, restored
after, across threads."""

import gc
import threading

import pytest

from workbench import memory
from workbench.memory import collector_paused, huge_pages_advised, small_pages

#: Each held-off setting: the context that holds it off, and how to read it.
SETTINGS = pytest.mark.parametrize(
    ("held_off", "read"), [(small_pages, huge_pages_advised), (collector_paused, gc.isenabled)]
)


@SETTINGS
def test_off_inside_and_restored_after(held_off, read):
    before = read()
    with held_off():
        assert read() is False
        with held_off():
            assert read() is False
        assert read() is False  # the outer use still inside
    assert read() is before


@SETTINGS
def test_restored_after_an_error(held_off, read):
    before = read()
    with pytest.raises(ZeroDivisionError), held_off():
        raise ZeroDivisionError
    assert read() is before


@SETTINGS
def test_a_thread_leaving_first_keeps_it_off_for_the_one_still_inside(held_off, read):
    before = read()
    entered, leave = threading.Event(), threading.Event()

    def inside() -> None:
        with held_off():
            entered.set()
            leave.wait(10)

    thread = threading.Thread(target=inside)
    thread.start()
    entered.wait(10)
    with held_off():
        pass  # leaves while the thread is inside
    assert read() is False
    leave.set()
    thread.join()
    assert read() is before


def test_a_collector_off_before_stays_off():
    gc.disable()
    try:
        with collector_paused():
            pass
        assert gc.isenabled() is False
    finally:
        gc.enable()


def test_without_numpy_advice_it_does_nothing(monkeypatch):
    monkeypatch.delattr(memory.multiarray, "_set_madvise_hugepage")
    with small_pages():
        assert huge_pages_advised() is False
    assert huge_pages_advised() is False


def test_the_search_runs_inside(monkeypatch):
    from workbench.games.valhalla.engine import ValhallaCalling
    from workbench.games.valhalla.level import Level
    from workbench.games.valhalla.search import StateSpace

    seen = []
    monkeypatch.setattr(StateSpace, "_backward", lambda self: seen.append(huge_pages_advised()))
    level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
                             "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
                             "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})  # fmt: skip
    StateSpace(ValhallaCalling(level))
    assert seen == [False]


def test_solve_runs_with_the_collector_paused(monkeypatch):
    from workbench.games.valhalla import solver
    from workbench.games.valhalla.level import Level

    seen, search = [], solver.StateSpace

    def watched(*args, **kwargs):
        seen.append(gc.isenabled())
        return search(*args, **kwargs)

    monkeypatch.setattr(solver, "StateSpace", watched)
    level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
                             "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
                             "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})  # fmt: skip
    solver.solve(level)
    assert seen == [False] and gc.isenabled()
