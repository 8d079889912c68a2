"""The workbench's exceptions: one hierarchy, each class saying when it is raised.

Every message says where the problem is (file, JSON path, row/column or field),
what was found and what was expected, so that it reads well as a single line.

>>> from workbench.errors import RulesError
>>> issubclass(RulesError, ValueError)
True
"""

__all__ = [
    "DataError",
    "IllegalMoveError",
    "RulesError",
    "SearchLimitError",
    "WorkbenchError",
]


class WorkbenchError(Exception):
    """Base class of every error the workbench raises on purpose."""


class RulesError(WorkbenchError, ValueError):
    """A rules field or a computation argument has a value the rules forbid."""


class DataError(WorkbenchError, ValueError):
    """A data file (board, level, map, deck) is unreadable or breaks its schema.

    ``problems`` lists every problem found, each already naming its place.
    """

    def __init__(self, source: str, problems: list[str] | str):
        self.source = source
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        first = self.problems[0] if self.problems else "invalid data"
        more = f" (and {len(self.problems) - 1} more problem(s))" if len(self.problems) > 1 else ""
        super().__init__(f"{source}: {first}{more}")

    def details(self) -> str:
        """All problems, one per line, each prefixed by the source."""
        return "\n".join(f"{self.source}: {p}" for p in self.problems)


class IllegalMoveError(WorkbenchError, ValueError):
    """An action was applied to a game state in which it is not legal."""


class SearchLimitError(WorkbenchError, RuntimeError):
    """A solver refused a problem because its estimated size exceeds the limit given."""
