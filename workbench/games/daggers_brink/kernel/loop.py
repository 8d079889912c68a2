"""The kernel's loop: a whole game between hand agents, decision after decision.

:func:`run` is the kernel's one entry point from Python
(:mod:`~workbench.games.daggers_brink.compiled` calls it): it asks the seat to move for
its choice (:mod:`~workbench.games.daggers_brink.kernel.agents`) and applies it
(:mod:`~workbench.games.daggers_brink.kernel.phases`) until the game ends, a ply limit,
or a pause or decline (see :mod:`~workbench.games.daggers_brink.kernel`).
"""

from __future__ import annotations

from numba import njit

from workbench.games.daggers_brink.kernel.agents import (
    best_wildcards,
    choose_attack,
    choose_discard,
    choose_source,
    choose_strip,
)
from workbench.games.daggers_brink.kernel.jit import FINGERPRINT
from workbench.games.daggers_brink.kernel.layout import (
    ATTACK,
    DECISION,
    DICE,
    DISCARD,
    F_ATT,
    FACE_RESERVE,
    N_FIGHTS,
    PAUSED,
    PLAYER,
    PLIES,
    SHUFFLE_RESERVE,
    SHUFFLES,
    SOURCE,
    STATUS,
    WILDCARDS,
)
from workbench.games.daggers_brink.kernel.phases import (
    on_attack,
    on_discard,
    on_source,
    on_strip,
    on_wildcards,
)

__all__ = ["run"]


def _entry_point(fingerprint: int):
    """:func:`run`, cached on disk under a key that holds ``fingerprint`` (see ``jit``)."""

    @njit(cache=True, _nrt=False)
    def run(T, S, max_plies):
        """Play from the position in ``S`` until the game ends, ``max_plies`` decisions were
        taken (-1: no limit) or ``g[STATUS]`` is set (``PAUSED``: before a decision that might
        need more dice, shuffles or log rows than there are; grow them and call again).

        ``T`` = (cfg, bonus, strippable, cards, challenge_turns, wound, values, seat_table,
        patience, target, lo, dims, faces, orders, index): the rules and table (``cfg`` fields in
        :data:`CFG_FIELDS`; ``challenge_turns[alive]`` = turns after which one may / must
        challenge; ``cards``: the fresh deck; ``strippable[type]``), the agents (hand-value
        tables ``values[seat_table[seat]]`` with the place of each hand's attributes in them,
        ``index``, over the attribute box ``lo`` + ``dims``,
        ``patience[seat]``, ``target[seat]``), the wound-chance table ``wound[a, d, h]`` and
        the game's chance (``faces``: every die rolled; ``orders[j]``: the stable order of the
        j-th shuffle's keys). ``S`` = (g, hands, hand_len, tokens, firsts, to_the_left, order,
        deck, discard, strips, log, and scratch: seats, values, stack, cards), changed in place.
        """
        fingerprint  # noqa: B018 (the cache key holds it)
        g, log, faces, orders = S[0], S[10], T[12], T[13]
        while g[DECISION] and not g[STATUS]:
            if max_plies >= 0 and g[PLIES] >= max_plies:
                return
            if (
                len(faces) - g[DICE] < FACE_RESERVE
                or len(orders) - g[SHUFFLES] < SHUFFLE_RESERVE
                or g[N_FIGHTS] >= len(log)
            ):
                g[STATUS] = PAUSED
                return
            seat, decision = g[PLAYER], g[DECISION]
            if decision == SOURCE:
                action = choose_source(T, S, seat)
                if not g[STATUS]:
                    on_source(T, S, action)
            elif decision == DISCARD:
                card = choose_discard(T, S, seat)
                if not g[STATUS]:
                    on_discard(T, S, card)
            elif decision == ATTACK:
                target, wildcards = choose_attack(T, S, seat)
                if not g[STATUS]:
                    on_attack(T, S, target, wildcards)
            elif decision == WILDCARDS:
                wildcards = best_wildcards(T, S, seat, g[F_ATT], False)
                if not g[STATUS]:
                    on_wildcards(T, S, wildcards)
            else:
                card = choose_strip(T, S, seat)
                if not g[STATUS]:
                    on_strip(T, S, card)
            g[PLIES] += 1

    return run


#: Play a game on from a position (see :func:`_entry_point`'s ``run``).
run = _entry_point(FINGERPRINT)
