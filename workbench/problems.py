"""One way for every loader to collect what is wrong with a file, then say it all at once.

A loader makes a :class:`Problems` for its file, checks every part (each check
names the place: a JSON path such as ``$.enemies[2].at``, or ``row 4, count`` in a
CSV) and finally calls :meth:`Problems.raise_if_any`, which raises one
:class:`~workbench.errors.DataError` listing every problem.

>>> problems = Problems("level.json")
>>> problems.expect_object({"width": 0, "size": 1}, "$", ("width", "height"))
True
>>> problems.expect_integer(0, "$.width", 1, 20)
False
>>> for message in problems.messages:
...     print(message)
$: missing key 'height'
$.size: unknown key (known: width, height)
$.width: expected an integer from 1 to 20, got 0
>>> problems.raise_if_any()
Traceback (most recent call last):
...
workbench.errors.DataError: level.json: $: missing key 'height' (and 2 more problem(s))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from workbench.errors import DataError, shown

__all__ = ["Problems", "is_integer", "shown"]


def is_integer(value: Any) -> bool:
    """An int that is not a bool (JSON's true/false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Problems:
    """Problems found in one source, each ``"<place>: <what was expected>"``."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.messages: list[str] = []

    def __bool__(self) -> bool:
        return bool(self.messages)

    def __len__(self) -> int:
        return len(self.messages)

    def add(self, place: str, message: str) -> None:
        """Record one problem at ``place``."""
        self.messages.append(f"{place}: {message}" if place else message)

    def raise_if_any(self) -> None:
        """Raise a :class:`DataError` listing every problem, if there is any."""
        if self.messages:
            raise DataError(self.source, self.messages)

    def expect_object(
        self, value: Any, place: str, required: Sequence[str], optional: Sequence[str] = ()
    ) -> bool:
        """``value`` is a mapping with the ``required`` keys and no keys but those."""
        if not isinstance(value, Mapping):
            self.add(place, f"expected an object, got {shown(value)}")
            return False
        for key in required:
            if key not in value:
                self.add(place, f"missing key {key!r}")
        known = (*required, *optional)
        for key in value:
            if key not in known:
                self.add(f"{place}.{key}", f"unknown key (known: {', '.join(known)})")
        return True

    def expect_integer(self, value: Any, place: str, low: int, high: int) -> bool:
        """``value`` is a whole number from ``low`` to ``high``."""
        if not is_integer(value) or not low <= value <= high:
            self.add(place, f"expected an integer from {low} to {high}, got {shown(value)}")
            return False
        return True

    def expect_string(self, value: Any, place: str) -> bool:
        """``value`` is a string."""
        if not isinstance(value, str):
            self.add(place, f"expected a string, got {shown(value)}")
            return False
        return True

    def expect_choice(self, value: Any, place: str, options: Sequence[Any]) -> bool:
        """``value`` is one of ``options``."""
        if value not in options:
            self.add(place, f"expected one of {', '.join(map(str, options))}; got {shown(value)}")
            return False
        return True

    def expect_list(self, value: Any, place: str, most: int) -> list:
        """``value`` is a list of at most ``most`` entries (returned; ``[]`` if not a list)."""
        if not isinstance(value, list):
            self.add(place, f"expected a list, got {shown(value)}")
            return []
        if len(value) > most:
            self.add(place, f"at most {most} entries, got {len(value)}")
        return value

    def expect_cell(
        self, value: Any, place: str, size: tuple[int, int] | None
    ) -> tuple[int, int] | None:
        """``value`` is ``[row, col]`` inside a ``size`` (rows, cols) grid; the cell or None."""
        if not (isinstance(value, list) and len(value) == 2 and all(map(is_integer, value))):
            self.add(place, f"expected a cell [row, col], got {shown(value)}")
            return None
        if size is not None and not (0 <= value[0] < size[0] and 0 <= value[1] < size[1]):
            self.add(
                place,
                f"cell {value} is outside the {size[0]}x{size[1]} grid "
                f"(rows 0..{size[0] - 1}, cols 0..{size[1] - 1})",
            )
            return None
        return (value[0], value[1])
