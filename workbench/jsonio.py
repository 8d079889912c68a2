"""Safe JSON files: loading never executes anything, saving never loses what was there.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "level.json"
>>> save_json(path, {"name": "First blood"})
>>> load_json(path)
{'name': 'First blood'}
"""

from __future__ import annotations

import json
import os
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

from workbench.errors import DataError

__all__ = [
    "atomic_write_bytes",
    "atomic_write_text",
    "fraction_text",
    "lines_json_text",
    "load_json",
    "read_text",
    "save_json",
]


def read_text(path: str | os.PathLike[str]) -> str:
    """A UTF-8 text file's content, raising :class:`DataError` naming the file if unreadable.

    Loaders of other formats (CSV decks, text maps) start here too.
    """
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(str(path), f"cannot read file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise DataError(str(path), "not UTF-8 text") from None


def load_json(path: str | os.PathLike[str]) -> Any:
    """Parse a JSON file, raising :class:`DataError` naming the file on any failure."""
    path = Path(path)
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(
            str(path), f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None


def _mode_for(path: Path) -> int:
    """The permissions the file keeps (or, new, what the umask allows a plain file)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename.

    A crash half-way leaves the old file untouched; readers never see half a file.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as UTF-8 (``\\n`` line ends) with :func:`atomic_write_bytes`."""
    atomic_write_bytes(path, text.encode("utf-8"))


def fraction_text(value: Fraction | int) -> str:
    """An exact number as ``"num/den"`` (always with a denominator), as JSON files hold it.

    >>> fraction_text(Fraction(5, 12)), fraction_text(1)
    ('5/12', '1/1')
    """
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def lines_json_text(data: dict[str, Any]) -> str:
    """An object's JSON text for diffs: one key per line, and each entry of a list on its
    own line (but for lists of numbers, such as a cell, kept on the key's line).

    >>> print(lines_json_text({"name": "x", "rows": ["..", "~~"], "cell": [1, 2]}), end="")
    {
      "name": "x",
      "rows": [
        "..",
        "~~"
      ],
      "cell": [1, 2]
    }
    """
    parts = []
    for key, value in data.items():
        name = json.dumps(key, ensure_ascii=False)
        if isinstance(value, list) and not all(isinstance(v, int | float) for v in value):
            inner = ",\n".join(f"    {json.dumps(v, ensure_ascii=False)}" for v in value)
            parts.append(f"  {name}: [\n{inner}\n  ]")
        else:
            parts.append(f"  {name}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def save_json(path: str | os.PathLike[str], data: Any, *, indent: int | None = 2) -> None:
    """Serialise ``data`` as JSON (UTF-8, trailing newline) and write it atomically."""
    atomic_write_text(path, json.dumps(data, indent=indent, ensure_ascii=False) + "\n")
