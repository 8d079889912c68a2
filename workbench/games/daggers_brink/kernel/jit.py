"""How the kernel is compiled: one decorator for its functions, one cache key for all.

Every kernel function runs without numba's reference counting (``_nrt=False``): nothing
here allocates, and the counting would cost more than the game itself (an atomic count
per array argument of every call). Only the entry point
(:func:`~workbench.games.daggers_brink.kernel.loop.run`) is cached on disk, beside its
module: numba keys a cached function by its own source file alone, so the functions it
calls in the kernel's other modules would not be compiled again after a change there,
and the slot indices of :mod:`~workbench.games.daggers_brink.kernel.layout` would stay
frozen at their old values. :data:`FINGERPRINT`, a hash of every source file of the
kernel, is part of the entry point's cache key (numba hashes the values a function closes
over), so any change to the kernel compiles it afresh.

>>> FINGERPRINT == source_fingerprint() and FINGERPRINT > 0
True
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from numba import njit

__all__ = ["FINGERPRINT", "dispatch", "function", "source_fingerprint"]

#: The decorator of every kernel function the entry point calls (compiled into it).
function = njit(_nrt=False)
#: The decorator of a function that only dispatches to others, inlined where it is called
#: (so its caller's arrays are not passed on once more at every decision).
dispatch = njit(_nrt=False, inline="always")


def source_fingerprint() -> int:
    """A hash of the text of every module of the kernel package."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return int(digest.hexdigest()[:15], 16)


#: :func:`source_fingerprint` of this process's kernel sources.
FINGERPRINT = source_fingerprint()
