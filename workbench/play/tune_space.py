"""Search spaces for the rules tuner: the knobs a designer lets move, with their values.

A :class:`Space` is built from a game's ``Rules`` object: the designer names the
knobs, and each knob's values come from its metadata (``choices``, booleans, or the
integers between ``minimum`` and ``maximum``), narrowed if they wish. A space may
also hold *data parameters* the game exposes outside its rules (a map's treasure
counts, say), with their values listed: they go through the same interface and
reach the game's builder as keyword arguments.

>>> from workbench.play.toy_games.handicap_dice import Rules
>>> space = Space.from_rules(Rules(), {"handicap": (-2, 2), "rounds": None})
>>> space.size, [d.name for d in space.dimensions]
(40, ['handicap', 'rounds'])
>>> space.rules(space.grid()[7]), space.data(space.grid()[7])
(Rules(rounds=8, sides=6, handicap=-2), {})
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from workbench.errors import RulesError
from workbench.rules import knob_from_text, knob_value_error

__all__ = ["Dimension", "Space", "knob_values", "parse_knob"]

Candidate = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Dimension:
    """One axis of a space: a name, its values, and whether it is a rules knob.

    >>> Dimension("rounds", (1, 2)).values
    (1, 2)
    """

    name: str
    values: tuple[Any, ...]
    rule: bool = True


def _plain(kind: Any) -> Any:
    """The type a knob's values have (``int | None`` -> ``int``)."""
    options = [a for a in typing.get_args(kind) if a is not type(None)]
    return options[0] if typing.get_origin(kind) in (typing.Union, type(int | None)) else kind


def knob_values(rules: Any, name: str, spec: Any = None, *, steps: int = 5) -> tuple[Any, ...]:
    """The values a knob may take in a search, from its metadata, narrowed by ``spec``.

    ``spec`` is ``None`` (every value the metadata allows: choices, booleans, or the
    integers from ``minimum`` to ``maximum``), a pair ``(low, high)`` (integers in
    between; for fractions and floats ``steps`` evenly spaced values), or a list of
    values. Every value is checked against the knob's own metadata (checks across
    knobs come when candidates are made, :meth:`Space.grid`); one outside it raises
    :class:`~workbench.errors.RulesError` naming the knob.

    >>> from workbench.play.toy_games.handicap_dice import Rules
    >>> knob_values(Rules(), "sides", (4, 6)), knob_values(Rules(), "sides", [8, 10])
    ((4, 5, 6), (8, 10))
    >>> knob_values(Rules(), "sides", (1, 3))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    workbench.errors.RulesError: knob sides: range 1..3 is outside its metadata (an integer ...
    """
    fields = {f.name: f for f in dataclasses.fields(rules)}
    cls = type(rules).__name__
    if name not in fields:
        raise RulesError(f"knob {name}: {cls} has no such knob; known: {', '.join(sorted(fields))}")
    meta = fields[name].metadata["knob"]
    kind = _plain(typing.get_type_hints(type(rules))[name])
    low, high = meta["minimum"], meta["maximum"]
    if isinstance(spec, tuple) and len(spec) == 2 and meta["choices"] is None and kind is not bool:
        values = _between(name, kind, spec, low, high, steps)
    elif spec is not None:
        values = tuple(spec)
    elif meta["choices"] is not None:
        values = meta["choices"]
    elif kind is bool:
        values = (False, True)
    elif kind is int and low is not None and high is not None:
        values = tuple(range(low, high + 1))
    else:
        raise RulesError(f"knob {name}: its metadata has no finite range; give LO..HI or values")
    for value in values:
        problem = knob_value_error(rules, name, value)
        if problem is not None:
            raise RulesError(f"knob {name}: {problem}")
    if not values:
        raise RulesError(f"knob {name}: no values to search")
    return tuple(dict.fromkeys(values))


def _between(name: str, kind: Any, spec: tuple, low: Any, high: Any, steps: int) -> tuple:
    start, stop = spec
    if (low is not None and start < low) or (high is not None and stop > high) or start > stop:
        allowed = "an integer" if kind is int else "a number"
        if low is not None or high is not None:
            allowed += f" from {low if low is not None else '-inf'} to "
            allowed += f"{high if high is not None else 'inf'}"
        raise RulesError(f"knob {name}: range {start}..{stop} is outside its metadata ({allowed})")
    if kind is int:
        return tuple(range(int(start), int(stop) + 1))
    convert = Fraction if kind is Fraction else float
    start, stop = convert(start), convert(stop)
    return tuple(start + (stop - start) * i / (steps - 1) for i in range(steps))


@dataclass(frozen=True, slots=True)
class Space:
    """A base ``Rules`` object and the dimensions that may move (see the module text)."""

    base: Any
    dimensions: tuple[Dimension, ...]

    @classmethod
    def from_rules(
        cls,
        rules: Any,
        knobs: Mapping[str, Any] | Sequence[str],
        *,
        data: Mapping[str, Sequence[Any]] | None = None,
        steps: int = 5,
    ) -> Space:
        """A space over the named knobs of ``rules`` (specs as :func:`knob_values`), plus
        data parameters ``name -> values``.

        >>> from workbench.play.toy_games.handicap_dice import Rules
        >>> Space.from_rules(Rules(), ["rounds"], data={"map": ("a", "b")}).size
        16
        """
        specs = dict(knobs) if isinstance(knobs, Mapping) else dict.fromkeys(knobs)
        dims = [Dimension(n, knob_values(rules, n, s, steps=steps)) for n, s in specs.items()]
        for name, values in (data or {}).items():
            if not values:
                raise RulesError(f"data parameter {name}: no values to search")
            dims.append(Dimension(name, tuple(values), rule=False))
        if not dims:
            raise RulesError("search space: name at least one knob")
        return cls(rules, tuple(dims))

    @property
    def size(self) -> int:
        """Number of value combinations (some may fail the rules' cross-checks)."""
        return math.prod(len(d.values) for d in self.dimensions)

    def rules(self, candidate: Candidate) -> Any:
        """The rules object of a candidate (its knob values on the base rules)."""
        changes = {d.name: v for d, v in zip(self.dimensions, candidate, strict=True) if d.rule}
        return self.base.replace(**changes) if changes else self.base

    def data(self, candidate: Candidate) -> dict[str, Any]:
        """The candidate's data parameters."""
        return {d.name: v for d, v in zip(self.dimensions, candidate, strict=True) if not d.rule}

    def valid(self, candidate: Candidate) -> bool:
        """Whether the candidate's rules pass the rules class's own checks."""
        try:
            self.rules(candidate)
        except RulesError:
            return False
        return True

    def grid(self) -> list[Candidate]:
        """Every valid candidate, in the order of the dimensions' values."""
        combos = itertools.product(*(d.values for d in self.dimensions))
        return [c for c in combos if self.valid(c)]

    def sample(self, rng: np.random.Generator) -> Candidate:
        """A uniformly drawn valid candidate (redrawn when the cross-checks fail)."""
        for _ in range(1000):
            candidate = tuple(d.values[int(rng.integers(len(d.values)))] for d in self.dimensions)
            if self.valid(candidate):
                return candidate
        raise RulesError("search space: no valid candidate found in 1000 draws")

    def mutate(self, candidate: Candidate, rng: np.random.Generator) -> Candidate:
        """A neighbour: one dimension (each further one with probability 1/2) set to
        another of its values."""
        values = list(candidate)
        movable = [i for i, d in enumerate(self.dimensions) if len(d.values) > 1]
        count = 1
        while count < len(movable) and rng.random() < 0.5:
            count += 1
        for pick in rng.permutation(len(movable))[:count]:
            i = movable[int(pick)]
            others = [v for v in self.dimensions[i].values if v != values[i]]
            values[i] = others[int(rng.integers(len(others)))]
        return tuple(values)

    def as_dict(self, candidate: Candidate) -> dict[str, Any]:
        """``name -> value`` for every dimension."""
        return {d.name: v for d, v in zip(self.dimensions, candidate, strict=True)}


def parse_knob(rules: Any, text: str) -> tuple[str, Any]:
    """A knob and its spec from text: ``NAME`` (the metadata's values), ``NAME=LO..HI``
    or ``NAME=A,B,C``, values read by the knob's type; checked as :func:`knob_values`.

    >>> from workbench.play.toy_games.handicap_dice import Rules
    >>> parse_knob(Rules(), "sides=4..6"), parse_knob(Rules(), "rounds=1,3")
    (('sides', (4, 6)), ('rounds', [1, 3]))
    """
    name, sep, values = (part.strip() for part in text.partition("="))
    known = {f.name for f in dataclasses.fields(rules)}
    if name not in known:
        raise RulesError(f"--knob {text}: unknown knob; known: {', '.join(sorted(known))}")
    try:
        if not sep:
            spec: Any = None
        elif ".." in values:
            low, high = values.split("..", 1)
            spec = (knob_from_text(rules, name, low), knob_from_text(rules, name, high))
        else:
            spec = [knob_from_text(rules, name, part) for part in values.split(",")]
        knob_values(rules, name, spec)
    except RulesError as exc:
        raise RulesError(f"--knob {text}: {exc}") from None
    return name, spec
