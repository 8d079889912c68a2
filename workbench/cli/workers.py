"""The options of the commands that play many games: ``--workers`` (a process pool or none,
at most one process per core) and bounded counts (``--games`` and the like).

>>> with worker_pool(1) as pool:
...     print(pool)
None
>>> bounded(10)("11")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a whole number from 1 to 10, got '11'
>>> positive("two")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a positive whole number, got 'two'
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

__all__ = ["MAX_GAMES", "bounded", "positive", "usable_workers", "worker_pool"]

#: The most games one command plays (per candidate): a row of results per game is held,
#: and at the usual few hundred games a second this is already several minutes of play.
MAX_GAMES = 100_000


def bounded(high: int, *, low: int = 1) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` in plain digits, else one
    line with the bound (argparse names the option)."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            value = low - 1
        if not low <= value <= high or "_" in text:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high:,}, got {text!r}"
            )
        return value

    return parse


def positive(text: str) -> int:
    """An argparse type: a whole number from 1 in plain digits, else one line saying so
    (argparse names the option)."""
    value = int(text) if text.strip().isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value


def usable_workers(workers: int) -> int:
    """``workers``, but at most this machine's cores (saying so on stderr when it cuts).

    >>> usable_workers(1)
    1
    """
    cores = os.cpu_count() or 1
    if workers > cores:
        print(
            f"workbench: --workers {workers}: this machine has {cores} cores; using {cores}",
            file=sys.stderr,
        )
        return cores
    return workers


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool), and a SIGTERM
    ends the worker whatever handler or signal mask it inherited from the parent (a
    forked worker inherits both; a parent's thread may block SIGTERM)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})  # the mask is inherited too


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor | None]:
    """A process pool of ``workers`` processes (at most one per core, see
    :func:`usable_workers`), or None (play in this process) for one.

    When the run stops early (an error, Ctrl-C, a SIGTERM turned into
    ``KeyboardInterrupt`` by :func:`workbench.cli.main`), the workers are ended at once
    rather than left to finish their tasks.
    """
    workers = usable_workers(workers)
    if workers == 1:
        yield None
        return
    pool = ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        processes = list((pool._processes or {}).values())  # no public way before 3.14
        manager = pool._executor_manager_thread  # it joins the workers too
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)
            if process.is_alive():  # deaf to SIGTERM: end it for sure
                process.kill()
                process.join(timeout=5)
        if manager is not None:  # until it is done, a worker it reaped may still look alive
            manager.join(timeout=5)
        raise
    pool.shutdown(wait=True)
