"""The worker pool of the commands that play many games, and their bounded counts."""

import argparse
import os
import signal
from concurrent.futures import ProcessPoolExecutor

import pytest

from workbench.cli.workers import bounded, positive, usable_workers, worker_pool


def test_one_worker_plays_in_this_process():
    with worker_pool(1) as pool:
        assert pool is None


def test_more_workers_give_a_pool_of_that_size():
    with worker_pool(2) as pool:
        assert isinstance(pool, ProcessPoolExecutor)
        assert pool.submit(pow, 2, 5).result() == 32


def test_workers_are_cut_to_the_cores_saying_so(capsys):
    cores = os.cpu_count() or 1
    assert usable_workers(cores) == cores and capsys.readouterr().err == ""
    assert usable_workers(cores + 100) == cores
    assert f"this machine has {cores} cores; using {cores}" in capsys.readouterr().err


def test_a_stopped_run_ends_its_workers():
    with pytest.raises(KeyboardInterrupt), worker_pool(2) as pool:
        pool.submit(pow, 2, 5).result()
        processes = list(pool._processes.values())
        raise KeyboardInterrupt
    for process in processes:
        assert not process.is_alive()


@pytest.mark.parametrize("text", ["0", "11", "1_0", "x", "1e1", "-3"])
def test_a_bounded_count_refuses_what_is_out_of_range(text):
    with pytest.raises(argparse.ArgumentTypeError, match=f"from 1 to 10, got '{text}'"):
        bounded(10)(text)


def test_a_bounded_count_takes_its_range():
    assert [bounded(10)(t) for t in ("1", " 10 ")] == [1, 10]
    assert bounded(5, low=0)("0") == 0


def test_workers_end_on_sigterm_whatever_handler_the_parent_had():
    previous = signal.signal(signal.SIGTERM, lambda *_: None)  # a parent deaf to SIGTERM
    try:
        with pytest.raises(KeyboardInterrupt), worker_pool(2) as pool:
            pool.submit(pow, 2, 5).result()
            processes = list(pool._processes.values())
            raise KeyboardInterrupt
    finally:
        signal.signal(signal.SIGTERM, previous)
    for process in processes:
        assert not process.is_alive()  # by SIGTERM, or by SIGKILL after 5 s


@pytest.mark.parametrize("text", ["0", "-3", "two", "1.5", "+2", ""])
def test_positive_counts_refuse_anything_but_whole_numbers_from_one(text):
    with pytest.raises(argparse.ArgumentTypeError, match="expected a positive whole number"):
        positive(text)


def test_positive_counts_have_no_upper_bound():
    assert positive("1") == 1 and positive(" 12 ") == 12 and positive("10000000") == 10**7
