"""Safe JSON files: loading never executes anything, saving never loses what was there.

Loading reads regular files only, at most :data:`MAX_FILE_BYTES`, and refuses JSON that
no data file of the workbench needs and that would crash or mislead a parser: nesting
deeper than Python's recursion allows, a key twice in one object (JSON parsers keep the
last one silently), numbers of more than :data:`MAX_DIGITS` digits, ``NaN`` and
``Infinity``.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "level.json"
>>> save_json(path, {"name": "First blood"})
>>> load_json(path)
{'name': 'First blood'}
"""

from __future__ import annotations

import contextlib
import glob
import json
import math
import os
import re
import stat
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from workbench.errors import DataError, SaveError, shown

__all__ = [
    "MAX_DIGITS",
    "MAX_FILE_BYTES",
    "atomic_write_bytes",
    "atomic_write_text",
    "check_output",
    "fraction_text",
    "lines_json_text",
    "load_json",
    "parse_json",
    "read_text",
    "save_json",
    "writable_path",
]


#: The largest file a loader reads: boards, levels, maps, decks and rules are a few KB.
MAX_FILE_BYTES = 4 * 2**20
#: The most digits a number in a JSON data file may have.
MAX_DIGITS = 30


def read_text(path: str | os.PathLike[str]) -> str:
    """A UTF-8 text file's content, raising :class:`DataError` naming the file if it is
    unreadable, not a regular file (a folder, a FIFO, a device) or over
    :data:`MAX_FILE_BYTES`.

    Loaders of other formats (CSV decks, text maps) start here too.

    >>> read_text("/dev/zero")
    Traceback (most recent call last):
    ...
    workbench.errors.DataError: /dev/zero: not a regular file (a folder, a device or a pipe)
    """
    path = Path(path)
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise DataError(str(path), "not a regular file (a folder, a device or a pipe)")
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DataError(str(path), f"cannot read file ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise DataError(str(path), f"larger than the {MAX_FILE_BYTES:,} bytes a data file may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(str(path), f"not UTF-8 text (byte {exc.start:,})") from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {shown(key)} appears twice in one object")
        found[key] = value
    return found


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError(f"a number of {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{shown(text)} is too large a number")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a data file may hold")


def parse_json(text: str, source: str) -> Any:
    """Parse JSON text from ``source`` with the checks of :func:`load_json`.

    >>> parse_json('{"hero": 1, "hero": 2}', "level.json")
    Traceback (most recent call last):
    ...
    workbench.errors.DataError: level.json: the key 'hero' appears twice in one object
    """
    try:
        return json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_int=_bounded_int,
            parse_float=_finite_float,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as exc:
        raise DataError(
            source, f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise DataError(source, "lists or objects nested too deeply") from None
    except ValueError as exc:
        raise DataError(source, str(exc)) from None


def load_json(path: str | os.PathLike[str]) -> Any:
    """Parse a JSON file, raising :class:`DataError` naming the file on any failure."""
    return parse_json(read_text(path), str(path))


def _mode_for(path: Path) -> int:
    """The permissions the file keeps (or, new, what the umask allows a plain file)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


#: How old a temporary file of our own pattern (``.NAME.XXXXXXXX.tmp``) must be before a
#: save beside it removes it as the leftover of a save that was killed half-way.
STALE_TEMP_SECONDS = 60
_TEMP_MIDDLE = re.compile(r"[a-z0-9_]{8}")


def _remove_stale_temps(path: Path) -> None:
    """Remove the leftovers of killed saves of ``path`` (never a fresh one: another
    process may be saving right now)."""
    prefix = f".{path.name}."
    now = time.time()
    for temp in path.parent.glob(f"{glob.escape(prefix)}*.tmp"):
        middle = temp.name[len(prefix) : -len(".tmp")]
        with contextlib.suppress(OSError):
            if _TEMP_MIDDLE.fullmatch(middle) and now - temp.lstat().st_mtime > STALE_TEMP_SECONDS:
                temp.unlink()


def writable_path(path: str | os.PathLike[str], *, make_folder: bool = False) -> Path:
    """The file a save to ``path`` writes (a symlink's target), once it is clear that it
    can: a :class:`DataError` naming ``path`` if it is a folder or a device, if its folder
    is missing (created only with ``make_folder``, when the user asked for a new folder),
    is a file, or cannot be written in. Commands call it before their work starts.

    >>> writable_path("/dev/full")
    Traceback (most recent call last):
    ...
    workbench.errors.SaveError: /dev/full: not a regular file (a device or a pipe)
    """
    shown_path = str(path)
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise SaveError(shown_path, "is a folder: expected the path of a file to write")
    if target.exists() and not target.is_file():
        raise SaveError(shown_path, "not a regular file (a device or a pipe)")
    folder = target.parent
    if not folder.exists() and make_folder:
        try:
            folder.mkdir(parents=True)
        except OSError as exc:
            raise SaveError(
                shown_path, f"cannot make the folder {folder} ({exc.strerror})"
            ) from None
    if not folder.exists():
        missing = next(p for p in (folder, *folder.parents) if p.exists() or p == p.parent)
        if missing.exists() and not missing.is_dir():
            raise SaveError(shown_path, f"{missing} is a file, not a folder")
        raise SaveError(shown_path, f"the folder {folder} does not exist (make it first)")
    if not folder.is_dir():
        raise SaveError(shown_path, f"{folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SaveError(shown_path, f"cannot write in the folder {folder}")
    return target


def check_output(path: str | os.PathLike[str], *, make_folder: bool = False) -> Path:
    """:func:`writable_path`, proven by creating (and removing) a temporary file in the
    folder: for commands that check ``--out`` before minutes of work (``/proc`` and
    read-only mounts pass ``os.access`` but refuse files)."""
    target = writable_path(path, make_folder=make_folder)
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise SaveError(str(path), f"cannot write there ({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(probe)
    return target


def atomic_write_bytes(
    path: str | os.PathLike[str], data: bytes, *, make_folder: bool = False
) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename.

    A crash half-way leaves the old file untouched; readers never see half a file. The
    file keeps its permissions (a new one gets the umask's); a symlink's target is
    written, the link kept; the temporary files of earlier saves killed half-way are
    removed. Any failure is a :class:`~workbench.errors.SaveError` naming ``path`` (see
    :func:`writable_path`; ``make_folder`` makes a missing folder).
    """
    target = writable_path(path, make_folder=make_folder)
    _remove_stale_temps(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise SaveError(str(path), f"cannot save ({exc.strerror or exc})") from None
    try:
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise SaveError(str(path), f"cannot save ({exc.strerror or exc})") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(
    path: str | os.PathLike[str], text: str, *, make_folder: bool = False
) -> None:
    """Write ``text`` as UTF-8 (``\\n`` line ends) with :func:`atomic_write_bytes`."""
    atomic_write_bytes(path, text.encode("utf-8"), make_folder=make_folder)


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


def save_json(
    path: str | os.PathLike[str], data: Any, *, indent: int | None = 2, make_folder: bool = True
) -> None:
    """Serialise ``data`` as JSON (UTF-8, trailing newline) and write it atomically
    (:func:`atomic_write_text`; a missing folder is made unless ``make_folder`` is
    false, as callers that name a user's folder relied on)."""
    atomic_write_text(
        path, json.dumps(data, indent=indent, ensure_ascii=False) + "\n", make_folder=make_folder
    )
