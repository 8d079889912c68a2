"""Move generation and move application on raw bitboards: the rules of play in one place.

A position is the tuple ``(light, dark, tall, runes, reserve_light, reserve_dark,
mover, muster_left)``: occupancy masks of each colour, the mask of octagons holding
a Valkyrie (a stack of two), the socket mask of the runes, the reserves, the seat
to move and the number of muster placements still to make. An action is an int
``kind << 16 | source << 8 | target`` (see :data:`DEPLOY`, :data:`MOVE`,
:data:`CAST`); a move's kind (march, charge, capture, rally) follows from the
octagons it joins. :class:`~workbench.games.valgard.engine.ValgardState` wraps
these functions; they are separate so that playouts run without making objects.

>>> from workbench.games.valgard.board import Board
>>> from workbench.games.valgard.rules import Rules
>>> legal, apply = move_functions(Board.of(3, 3), Rules(rows=3, cols=3, muster=1))
>>> start = (0, 0, 0, 0, 12, 12, 0, 2)
>>> sorted(legal(start))  # light musters onto the bottom row
[6, 7, 8]
>>> apply(start, 7)
(128, 0, 0, 0, 11, 12, 1, 1)
"""

from __future__ import annotations

from collections.abc import Callable

from workbench.games.valgard.board import Board
from workbench.games.valgard.rules import Rules

__all__ = ["CAST", "DEPLOY", "MOVE", "Position", "move_functions"]

#: Place a reserve piece on ``target`` (source 0).
DEPLOY = 0
#: Move the piece on ``source`` to ``target``: march, charge, capture or rally.
MOVE = 1
#: Sacrifice the warrior on ``source`` into the socket whose top-left octagon is ``target``.
CAST = 2

Position = tuple[int, int, int, int, int, int, int, int]
Legal = Callable[[Position], list[int]]
Apply = Callable[[Position, int], Position]


def _emit(out: list[int], targets: int, base: int, factor: int) -> None:
    """Append ``base + factor * target`` for every set bit of ``targets``."""
    while targets:
        low = targets & -targets
        out.append(base + factor * (low.bit_length() - 1))
        targets ^= low


def move_functions(board: Board, rules: Rules) -> tuple[Legal, Apply]:
    """``legal(position) -> actions`` and ``apply(position, action) -> position``.

    ``apply`` trusts its action: check it against ``legal`` first.
    """
    full, home = board.full, board.home
    steps, socket_mask = board.steps, board.sockets
    _, o_tr, o_bl, o_br = board.corner_offsets
    deploy_after_muster, charge, charge_captures = rules.deploy, rules.charge, rules.charge_captures
    rally, runes_on, hardcore = rules.rally, rules.runes, rules.hardcore
    immunity = rules.valkyrie_capture
    move_base = MOVE << 16

    def legal(position: Position) -> list[int]:
        light, dark, tall, runes, reserve_light, reserve_dark, mover, muster_left = position
        if mover:
            own, opp, reserve = dark, light, reserve_dark
        else:
            own, opp, reserve = light, dark, reserve_light
        occupied = own | opp
        dead = runes | runes << o_tr | runes << o_bl | runes << o_br
        free = full & ~(occupied | dead)
        out: list[int] = []
        if reserve and (muster_left or deploy_after_muster):
            _emit(out, home[mover] & free, 0, 1)
        if muster_left:
            return out
        single, valkyries = own & ~tall, own & tall
        if immunity == "anyone":
            by_single = by_valkyrie = opp
        elif immunity == "never":
            by_single = by_valkyrie = opp & ~tall
        else:
            by_single, by_valkyrie = opp & ~tall, opp
        single_onto = free | by_single | (single if rally else 0)
        valkyrie_onto = free | by_valkyrie
        for shift, has_step in steps:
            if shift > 0:
                one = (single & has_step) << shift & single_onto
                one |= (valkyries & has_step) << shift & valkyrie_onto
            else:
                one = (single & has_step) >> -shift & single_onto
                one |= (valkyries & has_step) >> -shift & valkyrie_onto
            _emit(out, one, move_base - (shift << 8), 257)
            if not charge:
                continue
            if charge_captures:
                groups = ((single, free | by_single), (valkyries, free | by_valkyrie))
            else:
                groups = ((own, free),)
            two = 0
            for movers, landing in groups:
                if shift > 0:
                    middle = (movers & has_step) << shift & free
                    two |= (middle & has_step) << shift & landing
                else:
                    middle = (movers & has_step) >> -shift & free
                    two |= (middle & has_step) >> -shift & landing
            _emit(out, two, move_base - (shift << 9), 257)
        if runes_on and single:
            open_sockets = socket_mask & ~runes
            tl = occupied & open_sockets
            tr = occupied >> o_tr & open_sockets
            bl = occupied >> o_bl & open_sockets
            br = occupied >> o_br & open_sockets
            cast_base = CAST << 16
            for offset, casters in (
                (0, single & ~(tr | bl | br)),
                (o_tr, single >> o_tr & ~(tl | bl | br)),
                (o_bl, single >> o_bl & ~(tl | tr | br)),
                (o_br, single >> o_br & ~(tl | tr | bl)),
            ):
                _emit(out, casters & open_sockets, cast_base + (offset << 8), 257)
        return out

    def apply(position: Position, action: int) -> Position:
        light, dark, tall, runes, reserve_light, reserve_dark, mover, muster_left = position
        own, opp = (dark, light) if mover else (light, dark)
        kind, source, target = action >> 16, action >> 8 & 255, action & 255
        to_bit = 1 << target
        captured = 0
        if kind == DEPLOY:
            own |= to_bit
            if mover:
                reserve_dark -= 1
            else:
                reserve_light -= 1
            if muster_left:
                muster_left -= 1
        elif kind == MOVE:
            from_bit = 1 << source
            if own & to_bit:  # rally
                own ^= from_bit
                tall |= to_bit
            else:
                if opp & to_bit:
                    opp ^= to_bit
                    captured = 2 if tall & to_bit else 1
                    tall &= ~to_bit
                own ^= from_bit | to_bit
                if tall & from_bit:
                    tall ^= from_bit | to_bit
        else:
            own ^= 1 << source
            runes |= to_bit
        if captured and not hardcore:
            if mover:
                reserve_light += captured
            else:
                reserve_dark += captured
        if mover:
            return (opp, own, tall, runes, reserve_light, reserve_dark, 0, muster_left)
        return (own, opp, tall, runes, reserve_light, reserve_dark, 1, muster_left)

    return legal, apply
