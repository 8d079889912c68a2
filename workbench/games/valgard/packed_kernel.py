"""Every legal move of a whole array of packed Valgard positions, in one compiled loop (numba).

The batch move generator of :mod:`~workbench.games.valgard.packed`: one position at a
time, each family of moves (deploys, steps and charges in each direction, rune casts)
a bit mask of targets, every set bit one move. It plays the rules of
:mod:`~workbench.games.valgard.moves` (the same target sets, the same effects) on the
code layout that :class:`~workbench.games.valgard.packed.PackedCodec` documents; the
tests prove the two give the same moves position by position, under every rule knob.

>>> from workbench.games.valgard.packed import packed_codec
>>> from workbench.games.valgard.rules import Rules
>>> codec = packed_codec(Rules(rows=3, cols=3, reserve=2, muster=1))
>>> start = codec.pack((0, 0, 0, 0, 2, 2, 0, 2))
>>> player, value, parents, children = expand(np.array([start], dtype=np.uint64), *codec.layout)
>>> int(player[0]), parents.tolist()  # light deploys on a1, b1 or c1
(0, [0, 0, 0])
"""

from __future__ import annotations

import numpy as np
from numba import njit

from workbench.bits import popcount

__all__ = ["CAPTURE_MODES", "canonical_codes", "expand", "mirror_images"]

#: ``Rules.valkyrie_capture`` as the kernel's number.
CAPTURE_MODES = {"valkyrie": 0, "never": 1, "anyone": 2}

_compiled = njit(cache=True, nogil=True)
_ONE = np.uint64(1)


@_compiled
def _step(pieces, shift, has_step):
    """One step of every piece of ``pieces`` that has a neighbour that way."""
    pieces &= has_step
    return pieces << np.uint64(shift) if shift > 0 else pieces >> np.uint64(-shift)


@_compiled
def _back(target, shift):
    """The octagon a move of ``shift`` onto ``target`` came from."""
    return target >> np.uint64(shift) if shift > 0 else target << np.uint64(-shift)


@_compiled
def _mirror_rows(mask, rows, cols, flip):
    """``mask``, ``rows`` rows of ``cols`` bits, with each row reversed (``flip`` reverses
    ``cols`` bits)."""
    image = np.uint64(0)
    row_mask = (_ONE << np.uint64(cols)) - _ONE
    for row in range(rows):
        at = np.uint64(row * cols)
        image |= np.uint64(flip[np.intp(mask >> at & row_mask)]) << at
    return image


@_compiled
def _image(code, size, radix, mirror):
    """The code of the mirror image (files a, b, ... reversed) of ``code``'s position:
    ``mirror`` is ``(rows, cols, octagon row flip, socket row flip)``."""
    rows, cols, cell_flip, socket_flip = mirror
    mask = (_ONE << np.uint64(size)) - _ONE
    image = np.uint64(0)
    for part in range(3):  # light, dark, the Valkyries
        at = np.uint64(part * size)
        image |= _mirror_rows(code >> at & mask, rows, cols, cell_flip) << at
    weight = np.uint64(4 * radix * radix)  # the socket mask's place in the mixed radix
    low = code >> np.uint64(3 * size)
    runes = _mirror_rows(low // weight, rows - 1, cols - 1, socket_flip)
    return image | (runes * weight + low % weight) << np.uint64(3 * size)


@_compiled
def mirror_images(codes, size, radix, mirror):
    """Each code replaced by its mirror image's (in place)."""
    for index in range(codes.size):
        codes[index] = _image(codes[index], size, radix, mirror)


@_compiled
def canonical_codes(codes, size, radix, mirror):
    """Each code replaced by the smaller of it and its mirror image's (in place)."""
    for index in range(codes.size):
        codes[index] = min(codes[index], _image(codes[index], size, radix, mirror))


@_compiled
def expand(codes, size, radix, socket_index, socket_weight, corners, homes, full, sockets,
           step_shift, step_mask, flags, muster, mirror):  # fmt: skip
    """``(player, value, parents, children)`` of :class:`~workbench.play.protocol.PackedExpansion`
    for ``codes``; the other arguments are :attr:`PackedCodec.layout`. With the last flag
    set, each child is the smaller of its code and its mirror image's (``mirror``)."""
    deploy, charge, charge_captures, rally, runes_on, hardcore, no_move_loss, capture, fold = flags
    count = codes.size
    player = np.empty(count, dtype=np.int8)
    value = np.zeros(count)
    most = size * (2 + 2 * step_shift.size + corners.size)  # moves a position can have
    parents = np.empty(max(16 * count, most), dtype=np.int32)
    children = np.empty(parents.size, dtype=np.uint64)
    mask = (_ONE << np.uint64(size)) - _ONE
    low_at = np.uint64(3 * size)
    tall_at = np.uint64(2 * size)
    flip = np.uint64(2) << low_at
    filled = 0
    for index in range(count):
        if filled + most > parents.size:
            parents = np.concatenate((parents, np.empty(parents.size, dtype=np.int32)))
            children = np.concatenate((children, np.empty(children.size, dtype=np.uint64)))
        code = codes[index]
        light, dark = code & mask, code >> np.uint64(size) & mask
        tall = code >> tall_at & mask
        low = code >> low_at
        mustering, mover = low & _ONE, low >> _ONE & _ONE
        rest = low >> np.uint64(2)
        compact = rest // np.uint64(radix * radix)
        reserve = rest % np.uint64(radix) if mover else rest // np.uint64(radix) % np.uint64(radix)
        runes = np.uint64(0)
        for bit in range(socket_index.size):
            if compact >> np.uint64(bit) & _ONE:
                runes |= _ONE << np.uint64(socket_index[bit])
        own, opp = (dark, light) if mover else (light, dark)
        own_at, opp_at = (
            (np.uint64(size), np.uint64(0)) if mover else (np.uint64(0), np.uint64(size))
        )
        own_unit = np.uint64(4 if mover else 4 * radix) << low_at
        opp_unit = np.uint64(4 * radix if mover else 4) << low_at
        occupied = own | opp
        dead = runes
        for corner in range(1, corners.size):
            dead |= runes << np.uint64(corners[corner])
        free = full & ~(occupied | dead)
        start = filled
        if reserve > 0 and (mustering or deploy):
            targets = homes[mover] & free
            ends = mustering and popcount(occupied) + 1 == 2 * muster  # the last placement
            while targets:
                to = targets & (~targets + _ONE)
                targets ^= to
                child = (code | to << own_at) - own_unit
                if ends:
                    child -= _ONE << low_at
                parents[filled], children[filled] = index, child ^ flip
                filled += 1
        if not mustering:
            single, valkyries = own & ~tall, own & tall
            if capture == 2:
                by_single = by_valkyrie = opp
            elif capture == 1:
                by_single = by_valkyrie = opp & ~tall
            else:
                by_single, by_valkyrie = opp & ~tall, opp
            single_onto = free | by_single | (single if rally else np.uint64(0))
            valkyrie_onto = free | by_valkyrie
            for direction in range(step_shift.size):
                shift, has_step = step_shift[direction], step_mask[direction]
                ones = _step(single, shift, has_step) & single_onto
                ones |= _step(valkyries, shift, has_step) & valkyrie_onto
                for distance in range(1, 3 if charge else 2):
                    targets = ones
                    if distance == 2:
                        if charge_captures:
                            targets = _step(_step(single, shift, has_step) & free, shift, has_step)
                            targets &= free | by_single
                            two = _step(_step(valkyries, shift, has_step) & free, shift, has_step)
                            targets |= two & (free | by_valkyrie)
                        else:
                            targets = _step(_step(own, shift, has_step) & free, shift, has_step)
                            targets &= free
                    while targets:
                        to = targets & (~targets + _ONE)
                        targets ^= to
                        source = _back(to, distance * shift)
                        captured = (opp & to) != 0
                        to_tall = (tall & to) != 0
                        if own & to:  # a rally: the two warriors become a Valkyrie
                            child = code ^ source << own_at | to << tall_at
                        else:
                            child = code ^ (source | to) << own_at
                        if captured:
                            child ^= to << opp_at
                            if to_tall:
                                child ^= to << tall_at
                            if not hardcore:
                                child += np.uint64(2 if to_tall else 1) * opp_unit
                        if tall & source:
                            child ^= (source | to) << tall_at
                        parents[filled], children[filled] = index, child ^ flip
                        filled += 1
            if runes_on:
                open_sockets = sockets & ~runes
                for corner in range(corners.size):
                    blocked = np.uint64(0)
                    for other in range(corners.size):
                        if other != corner:
                            blocked |= occupied >> np.uint64(corners[other])
                    targets = single >> np.uint64(corners[corner]) & ~blocked & open_sockets
                    while targets:
                        socket = targets & (~targets + _ONE)
                        targets ^= socket
                        child = code ^ (socket << np.uint64(corners[corner])) << own_at
                        child += socket_weight[popcount(socket - _ONE)]
                        parents[filled], children[filled] = index, child ^ flip
                        filled += 1
        if filled > start:
            player[index] = mover
        else:
            player[index] = -1
            if no_move_loss:
                value[index] = 1.0 if mover else -1.0
    children = children[:filled]
    if fold:
        canonical_codes(children, size, radix, mirror)
    return player, value, parents[:filled], children
