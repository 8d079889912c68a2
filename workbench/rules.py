"""Frozen rules objects whose every field is a documented knob.

A game's rules are one frozen dataclass made with :func:`rules_class`; each field
is declared with :func:`knob`, which records what the rule text says and what
the alternatives are. From that one source the class gets its docstring
(numpydoc ``Attributes``), validation naming the field and the expected value,
JSON round-tripping and a table of knobs for notebooks. Checks that involve
several fields go in an optional method ``cross_check(self)`` raising
:class:`~workbench.errors.RulesError`; it runs after every field passed its own check.

>>> @rules_class
... class Rules:
...     '''Rules of a tiny dice game.'''
...     faces: int = knob(6, says="Six-sided dice.", alternatives="Any size from d2.", minimum=2)
...     ties: str = knob("defender", says="Ties go to the defender.",
...                      alternatives="'attacker', 'reroll'.",
...                      choices=("defender", "attacker", "reroll"))
>>> r = Rules(faces=8)
>>> r.faces, r.ties
(8, 'defender')
>>> Rules.from_dict({"faces": 4}).to_dict()
{'faces': 4, 'ties': 'defender'}
>>> Rules(faces=1)
Traceback (most recent call last):
...
workbench.errors.RulesError: Rules.faces: expected an integer >= 2, got 1
>>> r.replace(ties="reroll").ties
'reroll'
>>> Rules().with_settings(["faces=8", "ties=attacker"])
Rules(faces=8, ties='attacker')
>>> Rules().with_settings(["faces=many"])
Traceback (most recent call last):
...
workbench.errors.RulesError: --rule faces=many: Rules.faces: expected an integer >= 2, got 'many'
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import math
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

import pandas as pd

from workbench.errors import RulesError, shown
from workbench.jsonio import fraction_text

__all__ = [
    "describe_rules",
    "knob",
    "knob_from_text",
    "knob_label",
    "knob_records",
    "knob_value_error",
    "plain_words",
    "rules_class",
]

T = TypeVar("T")
_NO_BOUND = object()


def knob(
    default: Any,
    *,
    says: str,
    alternatives: str = "",
    choices: Sequence[Any] | None = None,
    minimum: Any = _NO_BOUND,
    maximum: Any = _NO_BOUND,
    label: str = "",
) -> Any:
    """A rules field: its default, what the rule text says, and the alternatives.

    ``choices`` restricts the value to a set; ``minimum``/``maximum`` bound numbers.
    ``label`` is the knob's short name in plain words for screens (default: the field's
    name in words, see :func:`knob_label`). Mutable defaults are not allowed: use tuples.
    """
    if isinstance(default, list | dict | set):
        raise TypeError("rules defaults must be immutable (use a tuple)")
    meta = {
        "label": label,
        "says": says,
        "alternatives": alternatives,
        "choices": tuple(choices) if choices is not None else None,
        "minimum": None if minimum is _NO_BOUND else minimum,
        "maximum": None if maximum is _NO_BOUND else maximum,
    }
    return dataclasses.field(default=default, metadata={"knob": meta})


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """The resolved field types of a rules class (resolved once: it is slow)."""
    return typing.get_type_hints(cls)


def _describe_type(kind: Any) -> str:
    return getattr(kind, "__name__", str(kind))


def _expected(kind: Any, meta: dict) -> str:
    if meta["choices"] is not None:
        return "one of " + ", ".join(repr(c) for c in meta["choices"])
    words = {int: "an integer", float: "a number", bool: "true or false", str: "a string"}
    text = words.get(kind, _describe_type(kind))
    bounds = []
    if meta["minimum"] is not None:
        bounds.append(f">= {meta['minimum']}")
    if meta["maximum"] is not None:
        bounds.append(f"<= {meta['maximum']}")
    return " ".join([text, *bounds]) if bounds else text


def _valid(value: Any, kind: Any, meta: dict) -> bool:
    if meta["choices"] is not None:
        return value in meta["choices"]
    if typing.get_origin(kind) in (types.UnionType, typing.Union):
        options = typing.get_args(kind)
        if value is None:
            return type(None) in options
        return any(_valid(value, option, meta) for option in options if option is not type(None))
    if kind is bool:
        ok = isinstance(value, bool)
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind is Fraction:
        ok = isinstance(value, Fraction)
    elif kind is float:
        number = isinstance(value, int | float | Fraction) and not isinstance(value, bool)
        ok = number and math.isfinite(value)
    elif kind is str:
        ok = isinstance(value, str)
    elif typing.get_origin(kind) is tuple:
        ok = isinstance(value, tuple)
    else:
        ok = True
    if not ok:
        return False
    if meta["minimum"] is not None and value < meta["minimum"]:
        return False
    return meta["maximum"] is None or value <= meta["maximum"]


def _from_json(value: Any, kind: Any) -> Any:
    """Undo JSON's flattening: lists back to tuples, "p/q" strings to Fractions."""
    origin = typing.get_origin(kind)
    if origin is tuple and isinstance(value, list):
        args = typing.get_args(kind)
        inner = args[0] if args else Any
        return tuple(_from_json(v, inner) for v in value)
    if origin in (types.UnionType, typing.Union):
        for option in typing.get_args(kind):
            if option is not type(None) and typing.get_origin(option) is tuple:
                return _from_json(value, option)
    if kind is Fraction and isinstance(value, str):
        try:
            return Fraction(value)
        except (ValueError, ArithmeticError):
            return value
    return value


def _exact(value: Any, kind: Any) -> Any:
    """A Fraction knob's number as a Fraction: a float (as JSON and Python write 0.75)
    read as the decimal it shows, so 0.1 is 1/10; anything else unchanged."""
    if kind is not Fraction or isinstance(value, bool):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return Fraction(repr(value))
    return Fraction(value) if isinstance(value, int) else value


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    if isinstance(value, Fraction):
        return fraction_text(value)
    return value


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _from_text(text: str, kind: Any) -> Any:
    """A knob's value from command-line text, read by the knob's type.

    Raises ValueError when the text is not of that type.
    """
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        options = typing.get_args(kind)
        if type(None) in options and text.strip().lower() in ("none", "null"):
            return None
        for option in options:
            if option is not type(None):
                with contextlib.suppress(ValueError, ArithmeticError):
                    return _from_text(text, option)
        raise ValueError(text)
    if kind is bool:
        word = text.strip().lower()
        if word in _TRUE + _FALSE:
            return word in _TRUE
        raise ValueError(text)
    if kind is int:
        return int(text)
    if kind is float:
        return float(text)
    if kind is Fraction:
        return Fraction(text.strip())
    if origin is tuple:
        args = typing.get_args(kind)
        inner = args[0] if args else str
        stripped = text.strip()
        if stripped.startswith("["):
            return _from_json(json.loads(stripped), kind)
        parts = [part.strip() for part in stripped.split(",")] if stripped else []
        return tuple(_from_text(part, inner) for part in parts)
    if kind is str:
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _docstring(cls: type) -> str:
    lines = [(cls.__doc__ or f"Rules of {cls.__name__}.").rstrip(), "", "Attributes", "----------"]
    for f in dataclasses.fields(cls):
        meta = f.metadata["knob"]
        lines.append(f"{f.name} : {_describe_type(f.type)}, default {f.default!r}")
        lines.append(f"    Rule text: {meta['says']}")
        if meta["alternatives"]:
            lines.append(f"    Alternatives: {meta['alternatives']}")
    return "\n".join(lines) + "\n"


class _RulesMethods:
    __slots__ = ()

    def __post_init__(self) -> None:
        hints = _hints(type(self))
        for f in dataclasses.fields(self):
            meta = f.metadata["knob"]
            kind = hints[f.name]
            value = _exact(getattr(self, f.name), kind)
            if not _valid(value, kind, meta):
                raise RulesError(
                    f"{type(self).__name__}.{f.name}: expected {_expected(kind, meta)}, "
                    f"got {shown(value)}"
                )
            object.__setattr__(self, f.name, value)
        cross_check = getattr(self, "cross_check", None)
        if cross_check is not None:
            cross_check()

    def replace(self: T, **changes: Any) -> T:
        """A copy with some fields changed (validated like a new object)."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesError(f"{type(self).__name__}: unknown field(s) {', '.join(unknown)}")
        return dataclasses.replace(self, **changes)

    def with_settings(self: T, settings: Iterable[str], *, source: str = "--rule") -> T:
        """A copy with ``KNOB=VALUE`` settings applied, each value read by its knob's type
        (``true``/``false``, numbers, ``p/q`` fractions, comma lists); a bad one raises
        :class:`RulesError` naming the setting and what the knob expects."""
        hints = _hints(type(self))
        fields = {f.name: f for f in dataclasses.fields(self)}
        changes: dict[str, Any] = {}
        for setting in settings:
            name, sep, text = setting.partition("=")
            name = name.strip()
            where = f"{source} {setting}"
            if not sep or not name:
                raise RulesError(f"{where}: expected KNOB=VALUE")
            if name not in fields:
                raise RulesError(f"{where}: unknown knob; known: {', '.join(sorted(fields))}")
            meta = fields[name].metadata["knob"]
            try:
                changes[name] = _from_text(text, hints[name])
            except (ValueError, ArithmeticError):
                expected = _expected(hints[name], meta)
                raise RulesError(
                    f"{where}: {type(self).__name__}.{name}: expected {expected}, got {shown(text)}"
                ) from None
        try:
            return dataclasses.replace(self, **changes)
        except RulesError as exc:
            raise RulesError(f"{source} {', '.join(settings)}: {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able dict of every field (tuples as lists, Fractions as "p/q")."""
        return {f.name: _to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(
        cls: type[T], data: Mapping[str, Any], *, source: str = "rules", base: T | None = None
    ) -> T:
        """Build from a dict such as :meth:`to_dict` made; unknown keys are an error.

        Fields the dict leaves out keep their value in ``base`` (default: the defaults).
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"{source}: expected an object of rules fields, got {shown(data)}")
        hints = _hints(cls)
        names = set(hints) & {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise RulesError(
                f"{source}: unknown rules field(s) {', '.join(unknown)}; "
                f"known: {', '.join(sorted(names))}"
            )
        values = {k: _from_json(v, hints[k]) for k, v in data.items()}
        try:
            return dataclasses.replace(base, **values) if base is not None else cls(**values)
        except RulesError as exc:
            raise RulesError(f"{source}: {exc}") from None

    def describe(self) -> pd.DataFrame:
        """The knobs as a table: field, value, default, what the text says, alternatives."""
        return describe_rules(self)


def rules_class(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen, slotted, keyword-only dataclass of :func:`knob` fields."""
    namespace = {k: v for k, v in vars(cls).items() if k not in ("__dict__", "__weakref__")}
    base = type(cls.__name__, (_RulesMethods,), namespace)
    base.__qualname__ = cls.__qualname__
    made = dataclasses.dataclass(frozen=True, slots=True, kw_only=True)(base)
    for f in dataclasses.fields(made):
        if "knob" not in f.metadata:
            raise TypeError(f"{cls.__name__}.{f.name} must be declared with knob(...)")
    made.__doc__ = _docstring(made)
    return made


def describe_rules(rules: Any) -> pd.DataFrame:
    """Every knob of a rules object as a DataFrame, non-default values first."""
    rows = []
    for f in dataclasses.fields(rules):
        meta = f.metadata["knob"]
        value = getattr(rules, f.name)
        rows.append(
            {
                "field": f.name,
                "value": value,
                "default": f.default,
                "changed": value != f.default,
                "rule text": meta["says"],
                "alternatives": meta["alternatives"],
            }
        )
    frame = pd.DataFrame(rows)
    return frame.sort_values("changed", ascending=False, kind="stable").reset_index(drop=True)


def knob_records(rules: Any) -> list[dict[str, Any]]:
    """Every knob as a JSON-able record: name, label, value, default, type, bounds, rule text.

    >>> from workbench.games.valgard.rules import Rules
    >>> record = knob_records(Rules())[0]
    >>> record["knob"], record["value"], record["minimum"], record["type"]
    ('rows', 6, 2, 'int')
    """
    hints = _hints(type(rules))
    records = []
    for f in dataclasses.fields(rules):
        meta = f.metadata["knob"]
        record = {
            "knob": f.name,
            "label": knob_label(rules, f.name),
            "value": _to_json(getattr(rules, f.name)),
            "default": _to_json(f.default),
            "type": _describe_type(hints[f.name]),
            "says": meta["says"],
            "alternatives": meta["alternatives"],
        }
        for key in ("choices", "minimum", "maximum"):
            if meta[key] is not None:
                record[key] = _to_json(meta[key])
        records.append(record)
    return records


def plain_words(name: str) -> str:
    """A code name in words, as a screen shows it: ``"dwarven_shield"`` -> ``"Dwarven
    shield"`` (underscores to spaces, the first letter a capital, the rest kept).

    >>> plain_words("dwarven_shield"), plain_words("gold 3"), plain_words("max_HP")
    ('Dwarven shield', 'Gold 3', 'Max HP')
    """
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def knob_label(rules: Any, name: str) -> str:
    """The short plain-language label of knob ``name`` of a rules class (or object): the
    ``label`` its :func:`knob` gives, else the field's name in words (:func:`plain_words`).

    >>> from workbench.games.brawlhalla.rules import Rules
    >>> knob_label(Rules, "dice_cap"), knob_label(Rules(), "modifier_order")
    ('Dice cap', 'Card modifiers apply')
    >>> knob_label(Rules, "dice")
    Traceback (most recent call last):
    ...
    workbench.errors.RulesError: Rules has no knob 'dice'
    """
    fields = {f.name: f for f in dataclasses.fields(rules)}
    if name not in fields:
        cls = rules if isinstance(rules, type) else type(rules)
        raise RulesError(f"{cls.__name__} has no knob {name!r}")
    return fields[name].metadata["knob"].get("label") or plain_words(name)


def knob_value_error(rules: Any, name: str, value: Any) -> str | None:
    """Why ``value`` is not allowed for knob ``name`` on its own (type, choices, bounds),
    or None when it is; checks across fields (``cross_check``) are not run.

    >>> from workbench.games.valgard.rules import Rules
    >>> knob_value_error(Rules(), "rows", 4), knob_value_error(Rules(), "rows", 1)
    (None, 'expected an integer >= 2 <= 12, got 1')
    """
    field = {f.name: f for f in dataclasses.fields(rules)}[name]
    kind = _hints(type(rules))[name]
    meta = field.metadata["knob"]
    if _valid(_exact(value, kind), kind, meta):
        return None
    return f"expected {_expected(kind, meta)}, got {shown(value)}"


def knob_from_text(rules: Any, name: str, text: str) -> Any:
    """A value for knob ``name`` read from command-line text by the knob's type (as
    ``--rule`` reads it); RulesError naming the knob when the text is not of that type.

    >>> from workbench.games.valgard.rules import Rules
    >>> knob_from_text(Rules(), "hardcore", "yes"), knob_from_text(Rules(), "rows", "5")
    (True, 5)
    """
    kind = _hints(type(rules))[name]
    try:
        return _exact(_from_text(text, kind), kind)
    except (ValueError, ArithmeticError):
        meta = {f.name: f for f in dataclasses.fields(rules)}[name].metadata["knob"]
        raise RulesError(
            f"knob {name}: expected {_expected(kind, meta)}, got {shown(text)}"
        ) from None
