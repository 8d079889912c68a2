"""Move generation and move application on raw bitboards: the rules of play in one place.

A position is the tuple ``(light, dark, tall, runes, reserve_light, reserve_dark,
mover, muster_left)``: occupancy masks of each colour, the mask of octagons holding
a Valkyrie (a stack of two), the socket mask of the runes, the reserves, the seat
to move and the number of muster placements still to make. An action is an int
``kind << 16 | source << 8 | target`` (see :data:`DEPLOY`, :data:`MOVE`,
:data:`CAST`; a deploy's source is its target); a move's kind (march, charge,
capture, rally) follows from the octagons it joins.
:class:`~workbench.games.valgard.engine.ValgardState` wraps these functions; they
are separate so that playouts run without making objects.

>>> from workbench.games.valgard.geometry import ValgardGeometry
>>> from workbench.games.valgard.rules import Rules
>>> moves = move_functions(ValgardGeometry.of(3, 3), Rules(rows=3, cols=3, muster=1))
>>> start = (0, 0, 0, 0, 12, 12, 0, 2)
>>> [divmod(action, 257) for action in moves.legal(start)]  # muster onto the bottom row
[(6, 0), (7, 0), (8, 0)]
>>> moves.apply(start, 7 * 257)
(128, 0, 0, 0, 11, 12, 1, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from workbench.games.valgard.geometry import ValgardGeometry
from workbench.games.valgard.rules import Rules

__all__ = ["CAST", "DEPLOY", "MOVE", "MoveFunctions", "Position", "move_functions"]

#: Place a reserve piece on ``target`` (source = target).
DEPLOY = 0
#: Move the piece on ``source`` to ``target``: march, charge, capture or rally.
MOVE = 1
#: Sacrifice the warrior on ``source`` into the socket whose top-left octagon is ``target``.
CAST = 2

Position = tuple[int, int, int, int, int, int, int, int]


class MoveFunctions(NamedTuple):
    """What :func:`move_functions` makes for one board and one set of rules."""

    target_sets: Callable[[Position], list[tuple[int, int]]]
    legal: Callable[[Position], list[int]]
    apply: Callable[[Position, int], Position]


def move_functions(geometry: ValgardGeometry, rules: Rules) -> MoveFunctions:
    """The move generator and mover of one board geometry under one set of rules.

    ``target_sets(position)`` lists pairs ``(targets, base)``: every set bit ``t`` of
    ``targets`` is the legal action ``base + 257 * t``, and each legal action comes
    from exactly one pair. ``legal(position)`` expands them in that order (lowest bit
    first), so a random playout can pick the k-th action without listing them all.
    ``apply`` trusts its action: check it against ``legal`` first.
    """
    full, home = geometry.full, geometry.home
    steps, socket_mask = geometry.steps, geometry.sockets
    _, o_tr, o_bl, o_br = geometry.corner_offsets
    deploy_after_muster, charge, charge_captures = rules.deploy, rules.charge, rules.charge_captures
    rally, runes_on, hardcore = rules.rally, rules.runes, rules.hardcore
    immunity = rules.valkyrie_capture
    move_base, cast_base = MOVE << 16, CAST << 16

    def target_sets(position: Position) -> list[tuple[int, int]]:
        light, dark, tall, runes, reserve_light, reserve_dark, mover, muster_left = position
        if mover:
            own, opp, reserve = dark, light, reserve_dark
        else:
            own, opp, reserve = light, dark, reserve_light
        occupied = own | opp
        dead = runes | runes << o_tr | runes << o_bl | runes << o_br
        free = full & ~(occupied | dead)
        out: list[tuple[int, int]] = []
        if reserve and (muster_left or deploy_after_muster):
            out.append((home[mover] & free, 0))
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
        if charge_captures:
            chargers = ((single, free | by_single), (valkyries, free | by_valkyrie))
        else:
            chargers = ((own, free),)
        for shift, has_step in steps:
            if shift > 0:
                one = (single & has_step) << shift & single_onto
                one |= (valkyries & has_step) << shift & valkyrie_onto
            else:
                one = (single & has_step) >> -shift & single_onto
                one |= (valkyries & has_step) >> -shift & valkyrie_onto
            out.append((one, move_base - (shift << 8)))
            if not charge:
                continue
            two = 0
            for movers, landing in chargers:
                if shift > 0:
                    middle = (movers & has_step) << shift & free
                    two |= (middle & has_step) << shift & landing
                else:
                    middle = (movers & has_step) >> -shift & free
                    two |= (middle & has_step) >> -shift & landing
            out.append((two, move_base - (shift << 9)))
        if runes_on and single:
            open_sockets = socket_mask & ~runes
            tl = occupied & open_sockets
            tr = occupied >> o_tr & open_sockets
            bl = occupied >> o_bl & open_sockets
            br = occupied >> o_br & open_sockets
            out.append((single & ~(tr | bl | br) & open_sockets, cast_base))
            out.append((single >> o_tr & ~(tl | bl | br) & open_sockets, cast_base + (o_tr << 8)))
            out.append((single >> o_bl & ~(tl | tr | br) & open_sockets, cast_base + (o_bl << 8)))
            out.append((single >> o_br & ~(tl | tr | bl) & open_sockets, cast_base + (o_br << 8)))
        return out

    def legal(position: Position) -> list[int]:
        out = []
        for targets, base in target_sets(position):
            while targets:
                low = targets & -targets
                out.append(base + 257 * (low.bit_length() - 1))
                targets ^= low
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

    return MoveFunctions(target_sets, legal, apply)
