"""What the toy games share: zero-sum win returns, the illegal-move error, grid text.

>>> win_returns(2, 3)
(-0.5, -0.5, 1.0)
>>> print(grid_text("XO.+*.", cols=3))
X O .
+ * .
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.errors import IllegalMoveError

__all__ = ["grid_text", "illegal_move", "win_returns"]


def win_returns(winner: int, num_players: int) -> tuple[float, ...]:
    """+1 to ``winner``, the -1 shared among the others (zero-sum).

    Examples
    --------
    >>> win_returns(0, 2)
    (1.0, -1.0)
    """
    loss = -1.0 / (num_players - 1)
    return tuple(1.0 if seat == winner else loss for seat in range(num_players))


def illegal_move(action: Any, state: Any) -> IllegalMoveError:
    """The error a toy state raises when ``action`` is not legal in it (naming both).

    Examples
    --------
    >>> from workbench.play.toy_games import NimState
    >>> illegal_move((0, 5), NimState((1, 2), 0))
    IllegalMoveError('action (0, 5) is not legal in NimState ((1, 2), 0)')
    """
    return IllegalMoveError(
        f"action {action!r} is not legal in {type(state).__name__} {state.key()}"
    )


def grid_text(cells: Sequence[str], *, cols: int) -> str:
    """One-character ``cells`` in row-major order as rows of ``cols``, spaced.

    Examples
    --------
    >>> grid_text(["H", ".", "E", "R"], cols=2)
    'H .\\nE R'
    """
    return "\n".join(" ".join(cells[start : start + cols]) for start in range(0, len(cells), cols))
