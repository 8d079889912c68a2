"""Memory as the big searches want it: ``small_pages()``, numpy's huge-page advice off, and
``collector_paused()``, Python's cyclic garbage collector off.

NumPy asks Linux to back every array of 4 MiB or more with 2 MiB huge pages (``madvise``).
Where the kernel grants them from memory never touched (a virtual machine whose host
backs its memory lazily, most of its memory free), each new huge page costs milliseconds
of system time: the Valhalla search of the hardest 10x10 level wrote its move arrays into
198 of them and spent 2.3 s of system time doing so. Measured whole processes, in turn with
the code before: Valhalla ``solve`` of that level 0.81x the CPU time (system 3.8 -> 0.6 s,
user 2% more), of the second hardest 0.86x, of an easy one 1.00x. Valgard's 3x4 exact solve:
median 1.00x, but one old run in seven took 0.6 s more system time (2.1 s against 1.3 s once
before, on a first run). Searches that write hundreds of megabytes of fresh arrays run
inside :func:`small_pages`.

A search that keeps many small Python objects until it ends (plans, their options and
trails) wakes the cyclic collector, which then walks every object of the process, each time
more: two such walks took 0.24 s of the 2.7 s the Valhalla joint line of seed 77 of the hard
ladder took. Such searches make no reference cycles worth collecting, and run inside
:func:`collector_paused` (reference counting still frees what they let go).

>>> with small_pages():
...     huge_pages_advised()
False
>>> import gc
>>> with collector_paused():
...     gc.isenabled()
False
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import gc
import threading
from collections.abc import Callable, Iterator

from numpy._core import multiarray

__all__ = ["collector_paused", "give_back", "huge_pages_advised", "small_pages"]


class _HeldOff:
    """A process-wide setting, off while some thread is inside :meth:`off`, as it was once
    the last of them leaves (nested and concurrent uses agree). ``switch(on)`` sets it and
    returns what it was; ``lock`` guards it."""

    def __init__(self, switch: Callable[[bool], bool], lock: threading.Lock):
        self._switch, self.lock = switch, lock
        self._inside = 0  # threads inside off()
        self._before = True  # the setting when the first of them entered

    @contextlib.contextmanager
    def off(self) -> Iterator[None]:
        with self.lock:
            if not self._inside:
                self._before = self._switch(False)
            self._inside += 1
        try:
            yield
        finally:
            with self.lock:
                self._inside -= 1
                if not self._inside:
                    self._switch(self._before)


def _advise(huge: bool) -> bool:
    """Set numpy's huge-page advice; return the previous one (False where numpy has none)."""
    setter = getattr(multiarray, "_set_madvise_hugepage", None)
    return bool(setter(huge)) if setter else False


def _collect(on: bool) -> bool:
    """Turn the cyclic garbage collector on or off; return whether it was on."""
    was = gc.isenabled()
    (gc.enable if on else gc.disable)()
    return was


_huge_pages = _HeldOff(_advise, threading.Lock())
_collector = _HeldOff(_collect, threading.Lock())


def huge_pages_advised() -> bool:
    """Whether numpy advises huge pages for new large arrays now.

    >>> isinstance(huge_pages_advised(), bool)
    True
    """
    with _huge_pages.lock:
        now = _advise(False)
        _advise(now)
    return now


def small_pages() -> contextlib.AbstractContextManager[None]:
    """NumPy's huge-page advice off inside, as it was once the last of the threads inside
    leaves (nested and concurrent uses agree)."""
    return _huge_pages.off()


def collector_paused() -> contextlib.AbstractContextManager[None]:
    """Python's cyclic garbage collector off inside, as it was once the last of the threads
    inside leaves (nested and concurrent uses agree)."""
    return _collector.off()


def give_back() -> bool:
    """Give the memory freed inside the C heap back to the system (glibc's
    ``malloc_trim``), so that a process's resident memory falls as its arrays are let go;
    False where the C library has no such call.

    Arrays of NumPy under glibc's (moving) threshold live in the heap; once freed, their
    pages stay with the process until trimmed, and an array allocated afterwards elsewhere
    (a large one is mapped on its own) adds to them: the Valhalla kill-order count of the
    hardest 10x10 level, reading the search's layers one by one and letting each go, peaked
    past 1 GiB without this.

    >>> isinstance(give_back(), bool)
    True
    """
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


@functools.cache
def _malloc_trim():
    """The C library's ``malloc_trim``, or None."""
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None
