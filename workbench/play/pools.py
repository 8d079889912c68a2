"""Where long work runs: serially, on a process pool of this machine, or on any executor.

The long-running calls of the workbench (tournaments, the rules tuner, level
generation) take ``executor``: ``None`` (serial, in this process), ``"processes"`` (a
pool of ``workers`` processes of this machine, one per core by default) or any
``concurrent.futures.Executor``, such as a ``dask.distributed`` client's
``client.get_executor()``. :func:`pool` turns that choice into an executor (or None) for
the length of a ``with`` block; :func:`in_order` runs a function over items on it
lazily, a few at a time, and gives the results in the items' order, so a seeded run
gives the same answer whatever runs it.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as threads:
...     list(in_order(abs, [-3, 1, -2], threads, at_once=2))
[3, 1, 2]
>>> with pool(None, workers=None) as executor:
...     print(executor)
None
"""

from __future__ import annotations

import collections
import contextlib
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Literal, TypeVar

__all__ = ["FORK", "ExecutorChoice", "in_order", "pool"]

Item = TypeVar("Item")
Result = TypeVar("Result")

#: What a long-running call accepts as ``executor``.
ExecutorChoice = Executor | Literal["processes"] | None

#: Forked workers inherit the caller's ``__main__``, so agents defined in a notebook work.
FORK = (
    multiprocessing.get_context("fork")
    if "fork" in multiprocessing.get_all_start_methods()
    else None
)


@contextlib.contextmanager
def pool(executor: ExecutorChoice, workers: int | None) -> Iterator[Executor | None]:
    """``executor`` itself, or for ``"processes"`` a forked pool of ``workers`` processes
    (default: one per core), shut down when the block ends."""
    if executor != "processes":
        yield executor
        return
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count(), mp_context=FORK) as forked:
        yield forked


def in_order(
    func: Callable[[Item], Result],
    items: Iterable[Item],
    executor: Executor | None,
    *,
    at_once: int,
) -> Iterator[Result]:
    """``func(item)`` for each item, in the items' order: serially without an executor,
    else on it with up to ``at_once`` submitted and not yet taken. Items are drawn only as
    room frees, and what is still pending when the caller stops is cancelled."""
    if executor is None:
        yield from map(func, items)
        return
    pending: collections.deque[Future] = collections.deque()
    try:
        for item in items:
            pending.append(executor.submit(func, item))
            if len(pending) >= at_once:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
