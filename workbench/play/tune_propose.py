"""Proposals for spaces too large to race whole: an N-tuple bandit (NTBEA-like) step.

As in the N-Tuple Bandit Evolutionary Algorithm used by the Tabletop Games Framework
to tune game parameters, a model keeps the mean loss and the visit count of every
1-tuple (one knob at one value) and of every whole candidate. Each iteration plays
the incumbent's neighbour with the highest upper confidence bound on that model;
the best-modelled candidates seen then go to the race. Every evaluation plays the
same seeds (common random numbers), so the model compares like with like.

>>> from workbench.play.toy_games.handicap_dice import Rules
>>> from workbench.play.tune_space import Space
>>> space = Space.from_rules(Rules(), ["rounds", "sides", "handicap"])
>>> def loss(c): return abs(c[0] - 3) + abs(c[1] - 6) + abs(c[2])
>>> picks = propose(space, loss, iterations=150, count=3, rng=np.random.default_rng(1))
>>> min(map(loss, picks)) <= 2
True
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from workbench.play.tune_space import Candidate, Space

__all__ = ["propose"]


class _Model:
    """Mean loss and visits of every 1-tuple and every whole candidate."""

    def __init__(self) -> None:
        self.sums: dict[tuple, float] = {}
        self.counts: dict[tuple, int] = {}
        self.visits = 0

    def _keys(self, candidate: Candidate) -> list[tuple]:
        return [(i, value) for i, value in enumerate(candidate)] + [("all", candidate)]

    def add(self, candidate: Candidate, loss: float) -> None:
        self.visits += 1
        for key in self._keys(candidate):
            self.sums[key] = self.sums.get(key, 0.0) + loss
            self.counts[key] = self.counts.get(key, 0) + 1

    def estimate(self, candidate: Candidate) -> float:
        """Mean over the seen tuples of their mean loss (inf if none is seen)."""
        means = [self.sums[k] / self.counts[k] for k in self._keys(candidate) if k in self.counts]
        return sum(means) / len(means) if means else math.inf

    def upper(self, candidate: Candidate, exploration: float) -> float:
        """Upper confidence bound on minus the loss (unseen tuples: a large bonus)."""
        total = 0.0
        keys = self._keys(candidate)
        for key in keys:
            n = self.counts.get(key, 0)
            mean = self.sums[key] / n if n else 0.0
            total += -mean + exploration * math.sqrt(math.log(self.visits + 1) / (n + 1e-6))
        return total / len(keys)


def propose(
    space: Space,
    evaluate: Callable[[Candidate], float],
    *,
    iterations: int,
    count: int,
    rng: np.random.Generator,
    neighbours: int = 16,
    exploration: float = 1.0,
) -> list[Candidate]:
    """``count`` distinct candidates with the lowest modelled loss after ``iterations``
    evaluations (``evaluate(candidate) -> loss``, lower is better)."""
    model = _Model()
    seen: list[Candidate] = []
    current = space.sample(rng)
    for _ in range(iterations):
        model.add(current, float(evaluate(current)))
        if current not in seen:
            seen.append(current)
        incumbent = min(seen, key=model.estimate)
        options = [space.mutate(incumbent, rng) for _ in range(neighbours)]
        options = [o for o in options if space.valid(o)] or [space.sample(rng)]
        current = max(options, key=lambda o: model.upper(o, exploration))
    return sorted(seen, key=model.estimate)[:count]
