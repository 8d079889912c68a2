"""Where long work runs: the executor choices and results in order, drawn lazily."""

import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from workbench.play.pools import in_order, pool


def _slow_square(x: int) -> int:
    time.sleep(0.02 * (3 - x % 3))  # later items finish first
    return x * x


@pytest.mark.parametrize("at_once", [1, 2, 5])
def test_results_come_in_the_items_order_on_any_executor(at_once):
    with ThreadPoolExecutor(3) as threads:
        found = list(in_order(_slow_square, range(7), threads, at_once=at_once))
    assert found == list(in_order(_slow_square, range(7), None, at_once=at_once))
    assert found == [x * x for x in range(7)]


def test_items_are_drawn_only_as_room_frees_and_the_rest_is_cancelled():
    drawn, ran = [], []

    def items():
        for x in range(100):
            drawn.append(x)
            yield x

    def square(x: int) -> int:
        ran.append(x)
        return _slow_square(x)

    with ThreadPoolExecutor(1) as one:
        results = in_order(square, items(), one, at_once=3)
        assert next(results) == 0
        results.close()  # the caller stops: what is pending is cancelled
    assert len(drawn) == 3
    assert 2 not in ran  # the one worker was busy with 1 at most


def test_errors_reach_the_caller():
    with ThreadPoolExecutor(2) as threads, pytest.raises(ZeroDivisionError):
        list(in_order(lambda x: 1 // x, [2, 1, 0, 3], threads, at_once=2))


def test_pool_passes_executors_through_and_makes_a_process_pool():
    with pool(None, workers=4) as none:
        assert none is None
    with ThreadPoolExecutor(1) as threads, pool(threads, workers=4) as same:
        assert same is threads
    with pool("processes", workers=2) as processes:
        assert isinstance(processes, ProcessPoolExecutor)
        assert list(in_order(abs, [-1, -2, 3], processes, at_once=2)) == [1, 2, 3]
