"""Exact probability distributions over integer outcomes.

A :class:`Distribution` stores positive integer weights (the number of equally
likely ways each outcome happens, reduced by their common divisor) and answers in
``Fraction``. It is immutable: every operation returns a new distribution, and
derived data (probabilities, mean, variance) is computed once, on first use.
Compare two distributions with :meth:`Distribution.equals`; ``==`` is identity.

An attacker rolls three dice that hit on 4+, a defender blocks with two dice that
succeed on 4+; hits left over after blocking:

>>> hits = successes(3, at_least=4)
>>> blocks = successes(2, at_least=4)
>>> left = (hits - blocks).clip(lower=0)
>>> left
Distribution.from_weights({0: 16, 1: 10, 2: 5, 3: 1})
>>> left.at_least(1)
Fraction(1, 2)
>>> left.mean
Fraction(23, 32)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from workbench.errors import RulesError

__all__ = ["Distribution", "binomial", "die", "successes"]


class Distribution:
    """An immutable exact distribution over integer outcomes.

    Build one with :func:`die`, :func:`binomial`, :func:`successes`,
    :meth:`from_weights` or :meth:`constant`; combine with ``+``/``-`` (sums of
    independent variables; an ``int`` shifts), :meth:`sum_of`, :meth:`map` and
    :meth:`combine`.

    >>> two = die(6) + die(6)
    >>> two.probability(7)
    Fraction(1, 6)
    >>> two.probability(lambda total: total >= 10)
    Fraction(1, 6)
    >>> die(6).sum_of(2).equals(two)
    True
    """

    __slots__ = ("__dict__", "_items", "_outcomes", "_weights")

    def __init__(self, outcomes: tuple[int, ...], weights: tuple[int, ...]):
        # Private: use the constructors, which validate and normalise.
        object.__setattr__(self, "_outcomes", outcomes)
        object.__setattr__(self, "_weights", weights)
        object.__setattr__(self, "_items", tuple(zip(outcomes, weights, strict=True)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Distribution is immutable; operations return new instances")

    # ----------------------------------------------------------------- building
    @classmethod
    def from_weights(cls, weights: Mapping[int, int | Fraction]) -> Distribution:
        """A distribution from outcome -> weight (integers or Fractions, >= 0).

        Zero weights are dropped; weights are scaled to coprime integers.

        >>> Distribution.from_weights({1: 2, 2: 4, 3: 0})
        Distribution.from_weights({1: 1, 2: 2})
        >>> Distribution.from_weights({0: Fraction(1, 3), 1: Fraction(2, 3)}).probability(1)
        Fraction(2, 3)
        """
        items = []
        for outcome, weight in weights.items():
            try:
                outcome = operator.index(outcome)
            except TypeError:
                raise RulesError(f"outcomes must be integers, got {outcome!r}") from None
            weight = Fraction(weight)
            if weight < 0:
                raise RulesError(f"weight of outcome {outcome} must be >= 0, got {weight}")
            if weight:
                items.append((outcome, weight))
        if not items:
            raise RulesError("a distribution needs at least one outcome of positive weight")
        items.sort()
        scale = math.lcm(*(w.denominator for _, w in items))
        ints = [int(w * scale) for _, w in items]
        common = math.gcd(*ints)
        return cls(tuple(o for o, _ in items), tuple(w // common for w in ints))

    @classmethod
    def constant(cls, value: int) -> Distribution:
        """The distribution that is always ``value``.

        >>> Distribution.constant(3).mean
        Fraction(3, 1)
        """
        return cls.from_weights({value: 1})

    @classmethod
    def _from_dense(cls, start: int, weights: np.ndarray | Iterable[int]) -> Distribution:
        """Weights for consecutive outcomes ``start, start + 1, ...``."""
        return cls.from_weights({start + i: int(w) for i, w in enumerate(weights) if w})

    # -------------------------------------------------------------- raw data
    @property
    def outcomes(self) -> tuple[int, ...]:
        """Outcomes of positive probability, ascending."""
        return self._outcomes

    @property
    def weights(self) -> tuple[int, ...]:
        """Coprime integer weights, aligned with :attr:`outcomes`."""
        return self._weights

    @cached_property
    def total(self) -> int:
        """Sum of the weights (the common denominator of the probabilities)."""
        return sum(self._weights)

    @cached_property
    def probabilities(self) -> dict[int, Fraction]:
        """Outcome -> exact probability."""
        return {o: Fraction(w, self.total) for o, w in self._items}

    @cached_property
    def mean(self) -> Fraction:
        """Expected value."""
        return Fraction(sum(o * w for o, w in self._items), self.total)

    @cached_property
    def variance(self) -> Fraction:
        """Variance.

        >>> die(6).variance
        Fraction(35, 12)
        """
        second = Fraction(sum(o * o * w for o, w in self._items))
        return second / self.total - self.mean**2

    # ------------------------------------------------------------- questions
    def probability(self, event: int | Callable[[int], bool]) -> Fraction:
        """P(outcome == event), or P(event(outcome)) for a predicate."""
        if callable(event):
            hit = sum(w for o, w in self._items if event(o))
        else:
            hit = sum(w for o, w in self._items if o == event)
        return Fraction(hit, self.total)

    def at_least(self, threshold: int) -> Fraction:
        """P(outcome >= threshold)."""
        return self.probability(lambda o: o >= threshold)

    def at_most(self, threshold: int) -> Fraction:
        """P(outcome <= threshold)."""
        return self.probability(lambda o: o <= threshold)

    def equals(self, other: object) -> bool:
        """Same outcomes with the same probabilities."""
        return (
            isinstance(other, Distribution)
            and self._outcomes == other._outcomes
            and self._weights == other._weights
        )

    # ------------------------------------------------------------ operations
    def map(self, func: Callable[[int], int]) -> Distribution:
        """The distribution of ``func(outcome)``.

        >>> die(6).map(lambda x: x // 2).probabilities[0]
        Fraction(1, 6)
        """
        merged: dict[int, int] = {}
        for o, w in self._items:
            key = func(o)
            merged[key] = merged.get(key, 0) + w
        return Distribution.from_weights(merged)

    def clip(self, *, lower: int | None = None, upper: int | None = None) -> Distribution:
        """Outcomes below ``lower`` become ``lower``, above ``upper`` become ``upper``."""
        low = -math.inf if lower is None else lower
        high = math.inf if upper is None else upper
        return self.map(lambda o: int(min(max(o, low), high)))

    def combine(self, other: Distribution, func: Callable[[int, int], int]) -> Distribution:
        """The distribution of ``func(x, y)`` for independent ``x ~ self``, ``y ~ other``.

        >>> die(6).combine(die(6), max).probability(6)
        Fraction(11, 36)
        """
        merged: dict[int, int] = {}
        for o1, w1 in self._items:
            for o2, w2 in other._items:
                key = func(o1, o2)
                merged[key] = merged.get(key, 0) + w1 * w2
        return Distribution.from_weights(merged)

    def _dense(self) -> np.ndarray:
        dense = np.zeros(self._outcomes[-1] - self._outcomes[0] + 1, dtype=object)
        for o, w in self._items:
            dense[o - self._outcomes[0]] = w
        return dense

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, Distribution):
            span = self._outcomes[-1] - self._outcomes[0] + other._outcomes[-1] - other._outcomes[0]
            if span > 64 * (len(self._outcomes) + len(other._outcomes)):  # sparse: pairwise
                return self.combine(other, operator.add)
            weights = np.convolve(self._dense(), other._dense())
            return Distribution._from_dense(self._outcomes[0] + other._outcomes[0], weights)
        shift = operator.index(other)
        return Distribution(tuple(o + shift for o in self._outcomes), self._weights)

    __radd__ = __add__

    def __neg__(self) -> Distribution:
        return Distribution(tuple(-o for o in reversed(self._outcomes)), self._weights[::-1])

    def __sub__(self, other: Distribution | int) -> Distribution:
        return self + (-other)

    def __rsub__(self, other: int) -> Distribution:
        return -self + other

    def sum_of(self, count: int) -> Distribution:
        """The sum of ``count`` independent copies (``count >= 0``).

        >>> die(6).sum_of(3).probability(18)
        Fraction(1, 216)
        """
        if count < 0:
            raise RulesError(f"count must be >= 0, got {count}")
        result, power = Distribution.constant(0), self
        while count:
            if count & 1:
                result = result + power
            count >>= 1
            if count:
                power = power + power
        return result

    # ------------------------------------------------------------ display
    def to_frame(self) -> pd.DataFrame:
        """One row per outcome: ``outcome``, ``weight``, exact ``probability``, float ``p``.

        >>> die(4).to_frame().loc[0, "probability"]
        Fraction(1, 4)
        """
        return pd.DataFrame(
            {
                "outcome": list(self._outcomes),
                "weight": list(self._weights),
                "probability": [Fraction(w, self.total) for w in self._weights],
                "p": [w / self.total for w in self._weights],
            }
        )

    def __repr__(self) -> str:
        body = ", ".join(f"{o}: {w}" for o, w in self._items)
        return f"Distribution.from_weights({{{body}}})"

    def _repr_html_(self) -> str:
        return self.to_frame()._repr_html_()


def die(faces: int) -> Distribution:
    """A fair die numbered ``1..faces``.

    >>> die(6).mean
    Fraction(7, 2)
    """
    faces = operator.index(faces)
    if faces < 1:
        raise RulesError(f"a die needs at least 1 face, got {faces}")
    return Distribution(tuple(range(1, faces + 1)), (1,) * faces)


def binomial(trials: int, p: Fraction | int) -> Distribution:
    """Number of successes in ``trials`` independent trials of success chance ``p``.

    >>> binomial(2, Fraction(1, 3))
    Distribution.from_weights({0: 4, 1: 4, 2: 1})
    """
    trials = operator.index(trials)
    p = Fraction(p)
    if trials < 0:
        raise RulesError(f"trials must be >= 0, got {trials}")
    if not 0 <= p <= 1:
        raise RulesError(f"p must lie between 0 and 1, got {p}")
    hit, miss = p.numerator, p.denominator - p.numerator
    return Distribution.from_weights(
        {k: math.comb(trials, k) * hit**k * miss ** (trials - k) for k in range(trials + 1)}
    )


def successes(dice: int, *, at_least: int, faces: int = 6) -> Distribution:
    """How many of ``dice`` fair ``faces``-sided dice show ``at_least`` or more.

    >>> successes(3, at_least=5).probability(0)
    Fraction(8, 27)
    """
    if faces < 1:
        raise RulesError(f"faces must be >= 1, got {faces}")
    good = min(max(faces - at_least + 1, 0), faces)
    return binomial(dice, Fraction(good, faces))
