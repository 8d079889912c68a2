"""The kernel's shuffles and roll-offs, from the dice and shuffle orders drawn beforehand.

``faces`` holds every die face of the game (the chance source's) and ``orders[j]`` the
stable order of the ``j``-th shuffle's keys, so the kernel shuffles and rolls exactly
as :class:`~workbench.games.daggers_brink.chance.SeededChance` does in Python.

>>> import numpy as np
>>> from workbench.games.daggers_brink.chance import SeededChance
>>> chance, cards = SeededChance(5, deck_size=6), (10, 11, 12, 13, 14, 15)
>>> deck = np.zeros(6, dtype=np.int64)
>>> shuffle(chance.arrays()[1], 0, np.array(cards), 6, deck)
>>> tuple(deck.tolist()) == chance.shuffled(0, cards)
True
"""

from __future__ import annotations

from workbench.games.daggers_brink.kernel.jit import function
from workbench.games.daggers_brink.kernel.layout import (
    DECLINE,
    DICE,
    STATUS,
)

__all__ = [
    "rank_seats",
    "shuffle",
    "sort_down",
]


@function
def shuffle(orders, row, cards, m, deck):
    """``SeededChance.shuffled(row, cards[:m])`` into ``deck``: the cards in the order of the
    row's first ``m`` keys. ``orders[row]`` orders all the row's keys, stably; the first
    ``m`` keys' stable order is that order without the places from ``m`` on."""
    k = 0
    for place in orders[row]:
        if place < m:
            deck[k] = cards[place]
            k += 1


@function
def sort_down(seats, values, lo, hi):
    """Sort ``seats[lo:hi]`` and ``values[lo:hi]`` by value, highest first, stably."""
    for i in range(lo + 1, hi):
        seat, value = seats[i], values[i]
        j = i
        while j > lo and values[j - 1] < value:
            seats[j], values[j] = seats[j - 1], values[j - 1]
            j -= 1
        seats[j], values[j] = seat, value


@function
def rank_seats(g, faces, seats, values, m, places, each, stack):
    """``phases._ranked`` (with its ``roll_off``), in place on ``seats[:m]`` and their
    ``values``: highest first; tied seats keep their order, or, while their first place
    is among the first ``places``, roll ``each`` dice each and are ranked again among
    themselves, depth first. ``stack`` holds (end, next position) of each group still to
    rank."""
    sort_down(seats, values, 0, m)
    if places == 0:
        return
    stack[0], stack[1] = m, 0
    depth = 1
    while depth:
        depth -= 1
        end, i = stack[2 * depth], stack[2 * depth + 1]
        while i < end:
            j = i + 1
            while j < end and values[j] == values[i]:
                j += 1
            if j - i > 1 and i < places:  # a tie for a place that counts: roll off
                start = g[DICE]
                if start + each * (j - i) > len(faces):
                    g[STATUS] = DECLINE
                    return
                if 2 * (depth + 2) > len(stack):
                    g[STATUS] = DECLINE
                    return
                for seat in range(i, j):
                    die = start + each * (seat - i)
                    total = 0
                    for face in faces[die : die + each]:
                        total += face
                    values[seat] = total
                g[DICE] += each * (j - i)
                sort_down(seats, values, i, j)
                stack[2 * depth], stack[2 * depth + 1] = end, j  # the rest of this group
                stack[2 * depth + 2], stack[2 * depth + 3] = j, i  # the tied ones, first
                depth += 2
                break
            i = j
