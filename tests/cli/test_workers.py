"""The worker pool of the commands that play many games."""

from concurrent.futures import ProcessPoolExecutor

from workbench.cli.workers import worker_pool


def test_one_worker_plays_in_this_process():
    with worker_pool(1) as pool:
        assert pool is None


def test_more_workers_give_a_pool_of_that_size():
    with worker_pool(2) as pool:
        assert isinstance(pool, ProcessPoolExecutor)
        assert pool.submit(pow, 2, 5).result() == 32
