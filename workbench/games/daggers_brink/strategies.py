"""The built-in Daggers Brink strategies, and strategy names for studies and the command line.

Each is a :class:`~workbench.games.daggers_brink.agents.HandAgent` that changes only how
much it likes a hand (and, for the aggressive one, its patience); each has a memo key,
so it plays in the compiled engine.

>>> [name for name in STRATEGIES]
['random', 'focus', 'balanced', 'tank', 'aggressive']
>>> TankAgent().hand_value((1, 5, 4, 2)) > TankAgent().hand_value((4, 2, 2, 5))
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from workbench.errors import RulesError
from workbench.games.daggers_brink.agents import TARGETS, Attributes, HandAgent
from workbench.play.agents import RandomAgent

__all__ = [
    "STRATEGIES",
    "AggressiveAgent",
    "BalancedAgent",
    "FocusAgent",
    "TankAgent",
    "strategy",
]


class FocusAgent(HandAgent):
    """Builds one attribute (``focus``: speed, health, defend or attack) above all."""

    name = "focus"
    _index: ClassVar[dict[str, int]] = {"speed": 0, "health": 1, "defend": 2, "attack": 3}

    def __init__(self, game: Any = None, *, focus: str = "attack", **options: Any):
        if focus not in self._index:
            raise RulesError(f"focus: expected one of {', '.join(self._index)}, got {focus!r}")
        self.focus = focus
        self._i = self._index[focus]
        super().__init__(game, **options)

    def __repr__(self) -> str:
        return f"FocusAgent(focus={self.focus!r}, target={self.target!r})"

    def memo_key(self) -> Any:
        return (type(self), self.focus)

    def hand_value(self, attributes: Attributes) -> float:
        return 100.0 * attributes[self._i] + sum(attributes)


class BalancedAgent(HandAgent):
    """Keeps its attributes even: the weakest attribute first, then the total."""

    name = "balanced"

    def memo_key(self) -> Any:
        return type(self)

    def hand_value(self, attributes: Attributes) -> float:
        return 100.0 * min(attributes) + sum(attributes)


class TankAgent(HandAgent):
    """Builds Health and Defend, to survive rather than to wound."""

    name = "tank"

    def memo_key(self) -> Any:
        return type(self)

    def hand_value(self, attributes: Attributes) -> float:
        speed, health, defend, attack = attributes
        return 100.0 * (health + defend) + speed + attack


class AggressiveAgent(HandAgent):
    """Builds Attack and challenges as soon as the rules allow."""

    name = "aggressive"

    def __init__(self, game: Any = None, **options: Any):
        options.setdefault("patience", 0)
        super().__init__(game, **options)

    def memo_key(self) -> Any:
        return type(self)

    def hand_value(self, attributes: Attributes) -> float:
        return 100.0 * attributes[3] + sum(attributes)


#: Strategy names (for the command line and studies) and their agent classes.
STRATEGIES: dict[str, Callable[..., Any]] = {
    "random": RandomAgent,
    **{cls.name: cls for cls in (FocusAgent, BalancedAgent, TankAgent, AggressiveAgent)},
}


def strategy(spec: str) -> Callable[..., Any]:
    """An agent factory (``factory(game, seed=...)``) from ``"name"`` or ``"name:target"``.

    >>> strategy("tank:leader")(None, seed=1)
    TankAgent(target='leader', patience=2)
    >>> strategy("random")
    <class 'workbench.play.agents.RandomAgent'>
    """
    name, _, target = spec.partition(":")
    if name not in STRATEGIES:
        raise RulesError(f"strategy {name!r}: expected one of {', '.join(STRATEGIES)}")
    cls = STRATEGIES[name]
    if not target:
        return cls
    if not (isinstance(cls, type) and issubclass(cls, HandAgent)):
        raise RulesError(f"strategy {name!r} takes no target policy (got {target!r})")
    if target not in TARGETS:
        raise RulesError(f"target {target!r}: expected one of {', '.join(TARGETS)}")
    return partial(cls, target=target)
