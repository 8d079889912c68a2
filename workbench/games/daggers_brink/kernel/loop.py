"""The kernel's loop: a whole game between hand agents, decision after decision.

:func:`run` is the kernel's entry point from Python
(:mod:`~workbench.games.daggers_brink.compiled` calls it): it asks the seat to move for
its choice (:mod:`~workbench.games.daggers_brink.kernel.agents`) and applies it
(:mod:`~workbench.games.daggers_brink.kernel.phases`) until the game ends, a ply limit,
or a pause or decline (see :mod:`~workbench.games.daggers_brink.kernel`). :func:`choice`
and :func:`transition` take one of those steps each (tests compare them, decision by
decision, with the Python agents and transitions).
"""

from __future__ import annotations

from numba import njit

from workbench.games.daggers_brink.kernel.agents import choose
from workbench.games.daggers_brink.kernel.jit import FINGERPRINT
from workbench.games.daggers_brink.kernel.layout import (
    DECISION,
    DICE,
    FACE_RESERVE,
    N_FIGHTS,
    PAUSED,
    PLIES,
    SHUFFLE_RESERVE,
    SHUFFLES,
    STATUS,
)
from workbench.games.daggers_brink.kernel.phases import apply

__all__ = ["choice", "run", "transition"]


def _entry_points(fingerprint: int):
    """:func:`run`, :func:`choice` and :func:`transition`, cached on disk under a key that
    holds ``fingerprint`` (see :mod:`~workbench.games.daggers_brink.kernel.jit`)."""

    @njit(cache=True, _nrt=False)
    def run(T, S, max_plies):
        """Play from the position in ``S`` until the game ends, ``max_plies`` decisions were
        taken (-1: no limit) or ``g[STATUS]`` is set (``PAUSED``: before a decision that might
        need more dice, shuffles or log rows than there are; grow them and call again).

        ``T`` = (cfg, bonus, strippable, cards, challenge_turns, wound, values, seat_table,
        patience, target, lo, dims, faces, orders, index): the rules and table (``cfg``: the
        fields of :data:`~workbench.games.daggers_brink.kernel.layout.CFG_FIELDS`;
        ``challenge_turns[alive]`` = turns after which one may / must challenge; ``cards``:
        the fresh deck; ``strippable[type]``), the agents (hand-value tables
        ``values[seat_table[seat]]`` with the place of each hand's attributes in them,
        ``index``, over the attribute box ``lo`` + ``dims``, ``patience[seat]``,
        ``target[seat]``), the wound-chance table ``wound[a, d, h]`` and the game's chance
        (``faces``: every die rolled; ``orders[j]``: the stable order of the j-th shuffle's
        keys). ``S`` = (g, hands, hand_len, tokens, firsts, to_the_left, order, deck,
        discard, strips, log, and scratch: seats, values, stack, cards), changed in place.
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
            a, b = choose(T, S)
            if not g[STATUS]:
                apply(T, S, a, b)
            g[PLIES] += 1

    @njit(cache=True, _nrt=False)
    def choice(T, S):
        """One decision's choice of the seat to move, encoded (``agents.choose``)."""
        fingerprint  # noqa: B018 (the cache key holds it)
        return choose(T, S)

    @njit(cache=True, _nrt=False)
    def transition(T, S, a, b):
        """One encoded action applied to the position (``phases.apply``)."""
        fingerprint  # noqa: B018 (the cache key holds it)
        apply(T, S, a, b)

    return run, choice, transition


run, choice, transition = _entry_points(FINGERPRINT)
