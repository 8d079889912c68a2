"""A plain second implementation of Valgard's rules, read straight from the rule text.

Works on dicts of ``(row, col) -> piece letter`` and names actions in the engine's
notation, so that the bitboard engine can be checked against it position by position.
"""

from __future__ import annotations

import re

from workbench.grids import in_bounds, octagon_sockets, socket_octagons

ORTHOGONAL = ((-1, 0), (1, 0), (0, 1), (0, -1))


def _name(rows, cell):
    return f"{'abcdefghijkl'[cell[1]]}{rows - cell[0]}"


def _corner(cell, socket):
    dr, dc = socket[0] - cell[0], socket[1] - cell[1]
    return {(-1, -1): "nw", (-1, 0): "ne", (0, -1): "sw", (0, 0): "se"}[(dr, dc)]


def can_capture(rules, attacker, defender):
    """Whether a piece of letter ``attacker`` may take one of letter ``defender``."""
    if defender.islower() or rules.valkyrie_capture == "anyone":
        return True
    return rules.valkyrie_capture == "valkyrie" and attacker.isupper()


def reference_actions(state):
    """Every legal action of ``state`` as notation text (a set)."""
    rules = state.game.rules
    rows, cols = rules.rows, rules.cols
    pieces, dead, runes = state.pieces(), set(state.dead()), set(state.runes())
    me = "ld"[state.mover]

    def empty(cell):
        return in_bounds(cell, rows, cols) and cell not in pieces and cell not in dead

    out = set()
    home = rows - 1 if state.mover == 0 else 0
    if state.reserves[state.mover] and (state.muster_left or rules.deploy):
        out |= {f"+{_name(rows, (home, c))}" for c in range(cols) if empty((home, c))}
    if state.muster_left:
        return out
    for cell, piece in pieces.items():
        if piece.lower() != me:
            continue
        here = _name(rows, cell)
        for dr, dc in ORTHOGONAL:
            step = (cell[0] + dr, cell[1] + dc)
            if not in_bounds(step, rows, cols) or step in dead:
                continue
            other = pieces.get(step)
            if other is None:
                out.add(f"{here}-{_name(rows, step)}")
            elif other.lower() == me:
                if rules.rally and piece.islower() and other.islower():
                    out.add(f"{here}&{_name(rows, step)}")
            elif can_capture(rules, piece, other):
                out.add(f"{here}x{_name(rows, step)}")
            jump = (cell[0] + 2 * dr, cell[1] + 2 * dc)
            if not (rules.charge and other is None and in_bounds(jump, rows, cols)):
                continue
            if jump in dead:
                continue
            target = pieces.get(jump)
            if target is None:
                out.add(f"{here}-{_name(rows, jump)}")
            elif (
                rules.charge_captures and target.lower() != me and can_capture(rules, piece, target)
            ):
                out.add(f"{here}x{_name(rows, jump)}")
        if rules.runes and piece.islower():
            for socket in octagon_sockets(cell, rows, cols):
                if socket in runes:
                    continue
                if all(o == cell or o not in pieces for o in socket_octagons(socket)):
                    out.add(f"{here}^{_corner(cell, socket)}")
    return out


def reference_apply(state, text):
    """(pieces, runes, reserves, mover, muster_left) after the action written ``text``."""
    rules = state.game.rules
    geometry = state.game.geometry
    pieces, runes = dict(state.pieces()), set(state.runes())
    reserves = list(state.reserves)
    me, muster_left = state.mover, state.muster_left
    if text.startswith("+"):
        pieces[geometry.parse_cell(text[1:])] = "ld"[me]
        reserves[me] -= 1
        muster_left = max(0, muster_left - 1)
    elif "^" in text:
        name, corner = text.split("^")
        cell = geometry.parse_cell(name)
        del pieces[cell]
        dr, dc = {"nw": (-1, -1), "ne": (-1, 0), "sw": (0, -1), "se": (0, 0)}[corner]
        runes.add((cell[0] + dr, cell[1] + dc))
    else:
        source, target = (geometry.parse_cell(name) for name in re.split(r"[-x&]", text))
        mover = pieces.pop(source)
        taken = pieces.get(target)
        if taken is not None and taken.lower() == "ld"[me]:
            pieces[target] = taken.upper()
        else:
            if taken is not None and not rules.hardcore:
                reserves[1 - me] += 2 if taken.isupper() else 1
            pieces[target] = mover
    return pieces, sorted(runes), tuple(reserves), 1 - me, muster_left
