"""The ``--workers`` option of the commands that play many games: a process pool or none.

>>> with worker_pool(1) as pool:
...     print(pool)
None
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

__all__ = ["worker_pool"]


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor | None]:
    """A process pool of ``workers`` processes, or None (play in this process) for one."""
    if workers == 1:
        yield None
        return
    with ProcessPoolExecutor(workers) as pool:
        yield pool
