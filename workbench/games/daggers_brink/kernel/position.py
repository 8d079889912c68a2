"""The kernel's position arrays: cards in hands, seats at the table, attributes of hands.

Small helpers of :mod:`~workbench.games.daggers_brink.kernel.phases` and
:mod:`~workbench.games.daggers_brink.kernel.agents`; each names the Python it mirrors.

>>> import numpy as np
>>> bonus = np.array([[1, 0, 0, 0], [0, 0, 0, 3]])  # Speed +1, Attack +3
>>> hands, hand_len = np.array([[0, 1, 1, 0]]), np.array([3])
>>> hand_attributes(bonus, 1, hands, hand_len, 0)
(2, 1, 1, 7)
"""

from __future__ import annotations

from workbench.games.daggers_brink.kernel.jit import function
from workbench.games.daggers_brink.kernel.layout import (
    DEALER,
    DECISION,
    DECLINE,
    F_ATT,
    F_DEF,
    PLAYER,
    SIT_OUT,
    STATUS,
    TERMINAL,
    WINNER,
    WOUNDED,
)

__all__ = [
    "add_card",
    "copies",
    "end_game",
    "hand_attributes",
    "has_target",
    "is_open",
    "left_of",
    "living_from_dealers_left",
    "minus",
    "remove_card",
    "victim_of",
]


@function
def hand_attributes(bonus, base, hands, hand_len, seat):
    """``Table.attributes[hand]``: (speed, health, defend, attack) of a seat's hand."""
    sp = he = de = at = base
    for i in range(hand_len[seat]):
        card = hands[seat, i]
        sp += bonus[card, 0]
        he += bonus[card, 1]
        de += bonus[card, 2]
        at += bonus[card, 3]
    return sp, he, de, at


@function
def minus(attributes, bonus, card, times):
    """Attributes without ``times`` cards of type ``card``."""
    return (
        attributes[0] - times * bonus[card, 0],
        attributes[1] - times * bonus[card, 1],
        attributes[2] - times * bonus[card, 2],
        attributes[3] - times * bonus[card, 3],
    )


@function
def add_card(g, hands, hand_len, seat, card):
    """``phases._add_card``: insert into the sorted hand, after equal cards."""
    i = hand_len[seat]
    if i >= hands.shape[1]:
        g[STATUS] = DECLINE
        return
    while i > 0 and hands[seat, i - 1] > card:
        hands[seat, i] = hands[seat, i - 1]
        i -= 1
    hands[seat, i] = card
    hand_len[seat] += 1


@function
def remove_card(g, hands, hand_len, seat, card):
    """``phases._remove_card``: take out the first copy of ``card``."""
    length = hand_len[seat]
    i = 0
    while i < length and hands[seat, i] != card:
        i += 1
    if i == length:
        g[STATUS] = DECLINE
        return
    for j in range(i, length - 1):
        hands[seat, j] = hands[seat, j + 1]
    hand_len[seat] = length - 1


@function
def copies(hands, hand_len, seat, card):
    """How many cards of type ``card`` the seat holds."""
    held = 0
    for i in range(hand_len[seat]):
        held += hands[seat, i] == card
    return held


@function
def left_of(seat, tokens):
    """``phases.left_of``: the next seat clockwise that holds a token."""
    n = len(tokens)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if tokens[nxt]:
            return nxt
    return seat


@function
def living_from_dealers_left(g, tokens, seats):
    """Living seats clockwise from the dealer's left into ``seats``; their number."""
    n = len(tokens)
    k = 0
    for step in range(1, n + 1):
        seat = (g[DEALER] + step) % n
        if tokens[seat]:
            seats[k] = seat
            k += 1
    return k


@function
def is_open(cfg, g, tokens, seat):
    """``Table.open_seats``: living, and not wounded this phase if the wounded sit out."""
    return tokens[seat] > 0 and not (cfg[SIT_OUT] and g[WOUNDED] >> seat & 1)


@function
def has_target(cfg, g, tokens, seat):
    """``DaggersState.has_target``."""
    others = 0
    for other in range(len(tokens)):
        if other != seat and is_open(cfg, g, tokens, other):
            others += 1
    return others > 0


@function
def victim_of(g):
    """``DaggersState._strippable``'s victim: the fighter the seat to move strips from."""
    return g[F_ATT] if g[PLAYER] == g[F_DEF] else g[F_DEF]


@function
def end_game(g, winner):
    """``phases._end``: no decision left; ``winner`` is -1 for a shared draw."""
    g[DECISION], g[PLAYER], g[WINNER] = 0, TERMINAL, winner
