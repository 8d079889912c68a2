"""Valgard positions as text pictures, both ways: what ``render()`` prints, parsing reads.

Ranks run from the top (dark's home row) to rank 1 (light's home row). Octagons
show ``.`` (empty), ``#`` (dead land), ``l``/``L`` (light warrior/Valkyrie),
``d``/``D`` (dark); between two rank lines a socket line shows ``*`` for a rune
and ``.`` for an empty socket. The last line says who moves and the reserves.

>>> from workbench.games.valgard import Rules, ValgardGame
>>> game = ValgardGame(Rules(rows=3, cols=3))
>>> state = parse_position(game, '''
...   a b c
... 3 D d .
...    . .
... 2 . # #
...    . *
... 1 l # #
... dark to move; reserves light 5, dark 7
... ''')
>>> state.pieces(), state.runes(), state.reserves, state.mover
({(2, 0): 'l', (0, 0): 'D', (0, 1): 'd'}, [(1, 1)], (5, 7), 1)
>>> parse_position(game, state.render()) == state
True
"""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING

from workbench.errors import RulesError
from workbench.games.valgard.rules import PLAYER_NAMES

if TYPE_CHECKING:
    from workbench.games.valgard.engine import ValgardGame, ValgardState

__all__ = ["parse_position", "render_position"]

_STATUS = re.compile(
    r"(?P<mover>light|dark) (?:to move|cannot move); reserves light (?P<light>\d+), "
    r"dark (?P<dark>\d+)(?:; muster placements left (?P<muster>\d+))?$"
)


def render_position(state: ValgardState) -> str:
    """The text picture of ``state`` (see the module docstring)."""
    board = state.game.board
    pieces = state.pieces()
    dead = set(state.dead())
    runes = set(state.runes())
    lines = ["  " + " ".join(string.ascii_lowercase[: board.cols])]
    for r in range(board.rows):
        row = [pieces.get((r, c), "#" if (r, c) in dead else ".") for c in range(board.cols)]
        lines.append(f"{board.rows - r:<2}" + " ".join(row))
        if r < board.rows - 1:
            sockets = ["*" if (r, c) in runes else "." for c in range(board.cols - 1)]
            lines.append("   " + " ".join(sockets))
    verb = "cannot move" if state.is_terminal() else "to move"
    light, dark = state.reserves
    status = f"{PLAYER_NAMES[state.mover]} {verb}; reserves light {light}, dark {dark}"
    if state.muster_left:
        status += f"; muster placements left {state.muster_left}"
    return "\n".join([*lines, status])


def parse_position(game: ValgardGame, text: str) -> ValgardState:
    """Read a picture made by :func:`render_position` (the file-letter line is optional).

    Raises RulesError naming the line and what was expected.
    """
    board = game.board
    lines = [line.rstrip() for line in text.strip("\n").splitlines() if line.strip()]
    if lines and set(lines[0].split()) <= set(string.ascii_lowercase):
        lines = lines[1:]
    if not lines or not (status := _STATUS.match(lines[-1].strip())):
        raise RulesError(
            "position picture: the last line should read like "
            "'light to move; reserves light 9, dark 9'"
        )
    grid = lines[:-1]
    if len(grid) != 2 * board.rows - 1:
        raise RulesError(
            f"position picture: expected {board.rows} rank lines with socket lines between "
            f"({2 * board.rows - 1} lines), got {len(grid)}"
        )
    pieces, runes, dead = {}, [], set()
    for number, line in enumerate(grid):
        tokens = line.split()
        r = number // 2
        if number % 2 == 0:
            if tokens and tokens[0] == str(board.rows - r):
                tokens = tokens[1:]
            expected, allowed = board.cols, set(".#lLdD")
        else:
            expected, allowed = board.cols - 1, set(".*")
        if len(tokens) != expected or not set(tokens) <= allowed:
            raise RulesError(
                f"position picture, line {number + 1} {line.strip()!r}: expected {expected} "
                f"of {' '.join(sorted(allowed))}"
            )
        for c, token in enumerate(tokens):
            if token in "lLdD":
                pieces[(r, c)] = token
            elif token == "#":
                dead.add((r, c))
            elif token == "*":
                runes.append((r, c))
    state = game.position(
        pieces,
        runes=runes,
        to_move=status["mover"],
        reserves=(int(status["light"]), int(status["dark"])),
        muster_left=int(status["muster"] or 0),
    )
    for cell in sorted(dead ^ set(state.dead())):
        name = board.name(board.index(cell))
        if cell in dead:
            raise RulesError(f"position picture: octagon {name} is marked '#' but no rune kills it")
        raise RulesError(f"position picture: octagon {name} is dead land: mark it '#'")
    return state
