"""The kernel's cache key: a fingerprint of every kernel source, held by every entry point."""

import hashlib
from pathlib import Path

from workbench.games.daggers_brink import kernel
from workbench.games.daggers_brink.kernel import jit


def test_the_fingerprint_covers_every_kernel_module():
    folder = Path(kernel.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + path.read_bytes())
    assert int(digest.hexdigest()[:15], 16) == jit.FINGERPRINT
    names = {path.stem for path in folder.glob("*.py")}
    assert {"layout", "position", "chance", "phases", "agents", "loop"} <= names


def test_every_entry_point_is_cached_under_the_fingerprint():
    for entry in (kernel.run, kernel.choice, kernel.transition):
        closed_over = [cell.cell_contents for cell in entry.py_func.__closure__]
        assert jit.FINGERPRINT in closed_over
        assert entry._cache is not None  # cached on disk (numba keys it with closure values)
