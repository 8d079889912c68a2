"""``small_pages``: numpy's huge-page advice off inside, restored after, across threads."""

import threading

import pytest

from workbench import memory
from workbench.memory import huge_pages_advised, small_pages


def test_advice_off_inside_and_restored_after():
    before = huge_pages_advised()
    with small_pages():
        assert huge_pages_advised() is False
        with small_pages():
            assert huge_pages_advised() is False
        assert huge_pages_advised() is False  # the outer use still inside
    assert huge_pages_advised() is before


def test_restored_after_an_error():
    before = huge_pages_advised()
    with pytest.raises(ZeroDivisionError), small_pages():
        raise ZeroDivisionError
    assert huge_pages_advised() is before


def test_a_thread_leaving_first_keeps_the_advice_off_for_the_one_still_inside():
    before = huge_pages_advised()
    entered, leave = threading.Event(), threading.Event()

    def inside() -> None:
        with small_pages():
            entered.set()
            leave.wait(10)

    thread = threading.Thread(target=inside)
    thread.start()
    entered.wait(10)
    with small_pages():
        pass  # leaves while the thread is inside
    assert huge_pages_advised() is False
    leave.set()
    thread.join()
    assert huge_pages_advised() is before


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
