"""Exact dice: distributions over integer outcomes and sorted-dice clashes.

Everything here is exact (integer weights, ``Fraction`` probabilities) and
immutable. :class:`Distribution` is the core type; :func:`clash` and
:func:`clash_table` give the odds of sorted-dice clashes (RISK-like), with die
modifiers placed optimally (:class:`DieModifier`).
"""

from workbench.dice.clash import clash, clash_counts, clash_summary, clash_table
from workbench.dice.distribution import Distribution, binomial, die, successes
from workbench.dice.modifiers import ORDERS, DieModifier, fixed_clash_weights
from workbench.dice.sorted_tops import sorted_tops, top_weights

__all__ = [
    "ORDERS",
    "DieModifier",
    "Distribution",
    "binomial",
    "clash",
    "clash_counts",
    "clash_summary",
    "clash_table",
    "die",
    "fixed_clash_weights",
    "sorted_tops",
    "successes",
    "top_weights",
]
