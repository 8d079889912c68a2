"""A whole game of Daggers Brink between hand agents, compiled with numba.

This is a second implementation of :mod:`~workbench.games.daggers_brink.phases` (the
transitions) and of :class:`~workbench.games.daggers_brink.agents.HandAgent` (the
choices), on arrays, for the speed of balance studies. It is not the reference:
:mod:`~workbench.games.daggers_brink.compiled` runs it only for agents whose play it
knows, and tests play many seeded games both ways, and every decision of some, and
find every die, fight and position equal. Each function names the Python it mirrors.

Modules
-------
layout    the arrays' fields, the rules packed into ``cfg`` (plain Python)
jit       how the kernel is compiled, and its cache key
position  cards in hands, seats, attributes
chance    shuffles and roll-offs from the dice and orders drawn beforehand
phases    the transitions
agents    the hand agents' choices
loop      the entry points: :func:`run` (a game), :func:`choice` and :func:`transition`

The game is held in arrays (see :func:`run`): ``g`` holds every scalar, the others
hands, tokens, piles, the fight log and scratch space. Before a decision that might
run short of dice, shuffles or room in the log, the kernel pauses
(``g[STATUS] == PAUSED``) so that the caller can draw more and resume; whatever it does
not know how to play on (an attribute outside its tables, an illegal choice, dice
running out in mid-decision after many tied roll-offs) it reports and stops
(``DECLINE``), and the caller plays the game in Python.
"""

from workbench.games.daggers_brink.kernel.loop import choice, run, transition

__all__ = ["choice", "run", "transition"]
