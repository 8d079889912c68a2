"""The workbench's exceptions: one hierarchy, each class saying when it is raised.

Every message says where the problem is (file, JSON path, row/column or field),
what was found and what was expected, so that it reads well as a single line.

>>> from workbench.errors import RulesError
>>> issubclass(RulesError, ValueError)
True
"""

__all__ = [
    "MESSAGE_LIMIT",
    "DataError",
    "IllegalMoveError",
    "RulesError",
    "SaveError",
    "SearchLimitError",
    "WorkbenchError",
    "shown",
]

#: The longest message line an error keeps (values echoed in it are cut first, by
#: :func:`shown`): a 50 MB string in a file must not become a 50 MB error line.
MESSAGE_LIMIT = 2000


def shown(value: object, *, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters so one bad value cannot flood a message.

    >>> shown("x" * 1000, limit=12)
    "'xxxxxxxx..."
    >>> shown(6)
    '6'
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _cut(message: str) -> str:
    return message if len(message) <= MESSAGE_LIMIT else message[: MESSAGE_LIMIT - 3] + "..."


class WorkbenchError(Exception):
    """Base class of every error the workbench raises on purpose."""


class RulesError(WorkbenchError, ValueError):
    """A rules field or a computation argument has a value the rules forbid."""

    def __init__(self, message: str):
        super().__init__(_cut(str(message)))


class DataError(WorkbenchError, ValueError):
    """A data file (board, level, map, deck) is unreadable or breaks its schema.

    ``problems`` lists every problem found, each already naming its place.
    """

    def __init__(self, source: str, problems: list[str] | str):
        self.source = source
        found = [problems] if isinstance(problems, str) else list(problems)
        self.problems = [_cut(str(p)) for p in found]
        first = self.problems[0] if self.problems else "invalid data"
        more = f" (and {len(self.problems) - 1} more problem(s))" if len(self.problems) > 1 else ""
        super().__init__(f"{source}: {first}{more}")

    def details(self) -> str:
        """All problems, one per line, each prefixed by the source."""
        return "\n".join(f"{self.source}: {p}" for p in self.problems)


class SaveError(DataError, OSError):
    """A file could not be saved where the user asked (its folder is missing or a file, the
    disk is full...): a :class:`DataError` naming the user's file (never a temporary one),
    and an ``OSError`` for callers that catch those."""


class IllegalMoveError(WorkbenchError, ValueError):
    """An action was applied to a game state in which it is not legal."""


class SearchLimitError(WorkbenchError, RuntimeError):
    """A solver refused a problem because its estimated size exceeds the limit given."""
