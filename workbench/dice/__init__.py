"""Exact dice: distributions over integer outcomes and sorted-dice clashes.

Everything here is exact (integer weights, ``Fraction`` probabilities) and
immutable; see :class:`Distribution` for the core type.
"""

from workbench.dice.distribution import Distribution, binomial, die, successes

__all__ = ["Distribution", "binomial", "die", "successes"]
