"""How Valgard positions and actions are written and read: text pictures, piece maps, moves.

Octagons are named like chess squares: files ``a, b, ...`` from the left, ranks
``1, 2, ...`` from light's side (see :class:`~workbench.games.valgard.geometry.ValgardGeometry`).

*Text pictures* run from the top rank (dark's home row) down to rank 1 (light's
home row). Octagons show ``.`` (empty), ``#`` (dead land), ``l``/``L`` (light
warrior/Valkyrie), ``d``/``D`` (dark); between two rank lines a socket line shows
``*`` for a rune and ``.`` for an empty socket. The last line says who moves and
the reserves.

*Actions* are written ``+a1`` (deploy), ``a1-a2`` (march or charge), ``a1xa2``
(capture), ``a1&a2`` (rally) and ``a1^ne`` (a rune into the north-east corner of a1).

Everything here works on a :class:`~workbench.games.valgard.geometry.ValgardGeometry`
and the raw positions of :mod:`~workbench.games.valgard.moves`; the engine's
``render()``, ``position()``, ``parse_position()``, ``action_text()`` and
``parse_action()`` are built on it.

>>> from workbench.games.valgard.geometry import ValgardGeometry
>>> from workbench.games.valgard.rules import Rules
>>> geometry = ValgardGeometry.of(3, 3)
>>> position = read_position(geometry, Rules(rows=3, cols=3), '''
...   a b c
... 3 D d .
...    . .
... 2 . # #
...    . *
... 1 l # #
... dark to move; reserves light 5, dark 7
... ''')
>>> piece_map(geometry, position), geometry.cells_of(position[3]), position[4:7]
({(2, 0): 'l', (0, 0): 'D', (0, 1): 'd'}, [(1, 1)], (5, 7, 1))
>>> print(render_position(geometry, position))
  a b c
3 D d .
   . .
2 . # #
   . *
1 l # #
dark to move; reserves light 5, dark 7
>>> action_text(geometry, position, 1 << 16 | 1 << 8 | 2)  # MOVE from bit 1 to bit 2
'b3-c3'
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.valgard.geometry import ValgardGeometry
from workbench.games.valgard.moves import CAST, DEPLOY, Position
from workbench.games.valgard.rules import PLAYER_NAMES, Rules

__all__ = [
    "PIECE_CODES",
    "action_text",
    "parse_action",
    "piece_map",
    "position_from_pieces",
    "read_position",
    "render_position",
]

#: One-letter codes of what can stand on an octagon: light/dark warrior/Valkyrie.
PIECE_CODES = ("l", "L", "d", "D")

_STATUS = re.compile(
    r"(?P<mover>light|dark) (?:to move|cannot move); reserves light (?P<light>\d+), "
    r"dark (?P<dark>\d+)(?:; muster placements left (?P<muster>\d+))?$"
)


def piece_map(geometry: ValgardGeometry, position: Position) -> dict[tuple[int, int], str]:
    """Occupied octagons mapped to their :data:`PIECE_CODES` letter."""
    light, dark, tall = position[:3]
    out = {}
    for mask, letters in ((light, "lL"), (dark, "dD")):
        for cell in geometry.cells_of(mask):
            out[cell] = letters[1] if tall >> geometry.index(cell) & 1 else letters[0]
    return out


def position_from_pieces(
    geometry: ValgardGeometry,
    rules: Rules,
    pieces: Mapping[tuple[int, int] | str, str] = (),
    *,
    runes: Sequence[tuple[int, int]] = (),
    to_move: str = "light",
    reserves: tuple[int, int] | None = None,
    muster_left: int = 0,
) -> Position:
    """A hand-set position; raises RulesError naming the octagon or socket at fault.

    ``pieces`` maps octagons (``(row, col)`` or names like ``"b2"``) to a letter of
    :data:`PIECE_CODES`; ``runes`` lists sockets ``(row, col)``; ``reserves``
    defaults to the rules' full reserve for each side.
    """
    masks = [0, 0, 0]
    for where, code in dict(pieces).items():
        cell = geometry.parse_cell(where) if isinstance(where, str) else tuple(where)
        if not (0 <= cell[0] < geometry.rows and 0 <= cell[1] < geometry.cols):
            raise RulesError(f"octagon {cell}: not on a {geometry.rows}x{geometry.cols} board")
        if code not in PIECE_CODES:
            raise RulesError(f"octagon {geometry.name(geometry.index(cell))}: expected one of "
                             f"{', '.join(PIECE_CODES)}, got {code!r}")  # fmt: skip
        bit = 1 << geometry.index(cell)
        masks[0 if code in "lL" else 1] |= bit
        if code.isupper():
            masks[2] |= bit
    rune_mask = 0
    for socket in runes:
        if not (0 <= socket[0] < geometry.rows - 1 and 0 <= socket[1] < geometry.cols - 1):
            raise RulesError(
                f"socket {tuple(socket)}: not on a {geometry.rows}x{geometry.cols} board"
            )
        rune_mask |= geometry.socket_bit(tuple(socket))
    for socket in geometry.cells_of(rune_mask):
        for index in (geometry.index(socket) + o for o in geometry.corner_offsets):
            if (masks[0] | masks[1]) >> index & 1:
                code = "lLdD"[2 * (masks[1] >> index & 1) + (masks[2] >> index & 1)]
                raise RulesError(f"octagon {geometry.name(index)} is dead land (rune in "
                                 f"socket {socket}) but holds {code!r}")  # fmt: skip
    if to_move not in PLAYER_NAMES:
        raise RulesError(f"to_move: expected 'light' or 'dark', got {to_move!r}")
    if reserves is None:
        reserves = (rules.reserve, rules.reserve)
    if any(not 0 <= r <= 255 for r in reserves):
        raise RulesError(f"reserves: expected two counts from 0 to 255, got {reserves}")
    if not 0 <= muster_left <= 2 * rules.muster:
        raise RulesError(f"muster_left: expected 0 to {2 * rules.muster}, got {muster_left}")
    mover = PLAYER_NAMES.index(to_move)
    return (*masks, rune_mask, *reserves, mover, muster_left)


def render_position(geometry: ValgardGeometry, position: Position, *, stuck: bool = False) -> str:
    """The text picture of ``position`` (see the module docstring); ``stuck`` says the
    player to move has no legal action ("cannot move" instead of "to move")."""
    pieces = piece_map(geometry, position)
    runes = set(geometry.cells_of(position[3]))
    dead = set(geometry.cells_of(geometry.dead_land(position[3])))
    lines = ["  " + " ".join(string.ascii_lowercase[: geometry.cols])]
    for r in range(geometry.rows):
        row = [pieces.get((r, c), "#" if (r, c) in dead else ".") for c in range(geometry.cols)]
        lines.append(f"{geometry.rows - r:<2}" + " ".join(row))
        if r < geometry.rows - 1:
            sockets = ["*" if (r, c) in runes else "." for c in range(geometry.cols - 1)]
            lines.append("   " + " ".join(sockets))
    light, dark, mover, muster_left = position[4], position[5], position[6], position[7]
    verb = "cannot move" if stuck else "to move"
    status = f"{PLAYER_NAMES[mover]} {verb}; reserves light {light}, dark {dark}"
    if muster_left:
        status += f"; muster placements left {muster_left}"
    return "\n".join([*lines, status])


def read_position(geometry: ValgardGeometry, rules: Rules, text: str) -> Position:
    """Read a picture made by :func:`render_position` (the file-letter line is optional).

    Raises RulesError naming the line and what was expected.
    """
    lines = [line.rstrip() for line in text.strip("\n").splitlines() if line.strip()]
    if lines and set(lines[0].split()) <= set(string.ascii_lowercase):
        lines = lines[1:]
    if not lines or not (status := _STATUS.match(lines[-1].strip())):
        raise RulesError(
            "position picture: the last line should read like "
            "'light to move; reserves light 9, dark 9'"
        )
    grid = lines[:-1]
    if len(grid) != 2 * geometry.rows - 1:
        raise RulesError(
            f"position picture: expected {geometry.rows} rank lines with socket lines between "
            f"({2 * geometry.rows - 1} lines), got {len(grid)}"
        )
    pieces, runes, dead = {}, [], set()
    for number, line in enumerate(grid):
        tokens = line.split()
        r = number // 2
        if number % 2 == 0:
            if tokens and tokens[0] == str(geometry.rows - r):
                tokens = tokens[1:]
            expected, allowed = geometry.cols, set(".#lLdD")
        else:
            expected, allowed = geometry.cols - 1, set(".*")
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
    position = position_from_pieces(
        geometry,
        rules,
        pieces,
        runes=runes,
        to_move=status["mover"],
        reserves=(int(status["light"]), int(status["dark"])),
        muster_left=int(status["muster"] or 0),
    )
    for cell in sorted(dead ^ set(geometry.cells_of(geometry.dead_land(position[3])))):
        name = geometry.name(geometry.index(cell))
        if cell in dead:
            raise RulesError(f"position picture: octagon {name} is marked '#' but no rune kills it")
        raise RulesError(f"position picture: octagon {name} is dead land: mark it '#'")
    return position


def action_text(geometry: ValgardGeometry, position: Position, action: int) -> str:
    """The notation of ``action`` in ``position`` (see the module docstring)."""
    kind, source, target = action >> 16, action >> 8 & 255, action & 255
    if kind == DEPLOY:
        return f"+{geometry.name(target)}"
    if kind == CAST:
        return f"{geometry.name(source)}^{geometry.socket_corner(source, target)}"
    light, dark, mover = position[0], position[1], position[6]
    own = dark if mover else light
    sign = "&" if own >> target & 1 else "x" if (light | dark) >> target & 1 else "-"
    return f"{geometry.name(source)}{sign}{geometry.name(target)}"


def parse_action(
    geometry: ValgardGeometry, position: Position, legal: Sequence[int], text: str
) -> int:
    """The action of ``legal`` written ``text`` in :func:`action_text` notation.

    Raises IllegalMoveError (a ValueError) naming the text when it is not legal here.
    """
    wanted = text.strip().lower()
    for action in legal:
        if action_text(geometry, position, action) == wanted:
            return action
    written = ", ".join(action_text(geometry, position, a) for a in legal)
    raise IllegalMoveError(f"{text!r} is not a legal action here; legal: {written or 'none'}")
