"""The game protocol every game implements to get agents, solvers, metrics and tournaments.

In the spirit of OpenSpiel: a :class:`Game` declares its capabilities as data
(:class:`GameInfo`) and makes initial states; a :class:`State` is immutable and
hashable through :meth:`State.key`, and ``apply`` returns a *new* state, so
search never mutates the caller's position and solvers can memoise.

Chance is explicit: at a chance node ``current_player()`` is :data:`CHANCE` and
``chance_outcomes()`` lists ``(outcome, probability)`` pairs. Games whose chance
space is too large to list (a shuffled deck) fix it from a seed when the initial
state is made and keep it inside the state.

Example, a game of Nim (take 1 or 2 from a heap, taking the last wins):

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Nim:
...     heap: int
...     player: int = 0
...     def current_player(self): return TERMINAL if self.heap == 0 else self.player
...     def legal_actions(self): return [n for n in (1, 2) if n <= self.heap]
...     def chance_outcomes(self): return []
...     def apply(self, n): return Nim(self.heap - n, 1 - self.player)
...     def is_terminal(self): return self.heap == 0
...     def returns(self): return (-1.0, 1.0) if self.player == 0 else (1.0, -1.0)
...     def key(self): return (self.heap, self.player)
...     def render(self): return f"heap {self.heap}, player {self.player} to move"
>>> isinstance(Nim(3), State)
True
>>> Nim(3).apply(2).apply(1).returns()  # seat 1 took the last one
(-1.0, 1.0)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, Protocol, runtime_checkable

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Game",
    "GameInfo",
    "HasFastPlay",
    "HasHeuristic",
    "HasHiddenInformation",
    "HasPackedSuccessors",
    "HasSuccessorKeys",
    "HasSummary",
    "PackedExpansion",
    "State",
    "implements",
]

#: ``current_player()`` at a chance node.
CHANCE = -1
#: ``current_player()`` at a terminal state.
TERMINAL = -2

Action = Hashable


@dataclass(frozen=True, slots=True, kw_only=True)
class GameInfo:
    """What a game is, as data that agents and solvers check before they start.

    Attributes
    ----------
    name : str
        Short name used in tables and file names.
    num_players : int
        Number of seats.
    zero_sum : bool
        Returns of every terminal state sum to zero.
    chance : bool
        The game has chance nodes.
    cycles : bool
        Positions can repeat (exact solving then needs retrograde analysis).
    max_plies : int or None
        Plies after which simulations stop and score the game as a draw (time-out).
    hidden : bool
        Players do not see the whole state (the game implements
        :class:`HasHiddenInformation`).
    """

    name: str
    num_players: int
    zero_sum: bool = True
    chance: bool = False
    cycles: bool = False
    max_plies: int | None = None
    hidden: bool = False


@runtime_checkable
class State(Protocol):
    """An immutable game position."""

    def current_player(self) -> int:
        """The seat to act (0-based), :data:`CHANCE` or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Actions the current player may take (empty at chance and terminal nodes)."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction | float]]:
        """At a chance node, every outcome with its probability; else empty."""
        ...

    def apply(self, action: Action) -> State:
        """The state after ``action``; raises ``IllegalMoveError`` if it is not legal."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def returns(self) -> Sequence[float]:
        """Per-seat payoff at a terminal state (e.g. +1 win, -1 loss, 0 draw)."""
        ...

    def key(self) -> Hashable:
        """A compact hashable key; equal keys mean equal positions."""
        ...

    def render(self) -> str:
        """A readable text picture of the position."""
        ...


@runtime_checkable
class Game(Protocol):
    """A game: its capabilities and its start position."""

    info: GameInfo

    def initial_state(self, *, seed: Any = None) -> State:
        """The start position (``seed`` fixes hidden chance such as a deck order)."""
        ...


@runtime_checkable
class HasHeuristic(Protocol):
    """A game that can judge a non-terminal state: per-seat values, larger is better.

    Used by greedy agents, depth-limited search, and the lead-change and drama metrics.
    """

    def heuristic(self, state: State) -> Sequence[float]:
        """Per-seat evaluation of ``state`` (same scale as ``returns`` where possible)."""
        ...


@runtime_checkable
class HasSummary(Protocol):
    """A game that describes a finished game in a few named figures (rounds played, ...).

    :func:`~workbench.play.runner.play_game` keeps them in ``GameRecord.summary`` and
    :func:`~workbench.play.tournament.tournament` adds them as columns, so game-specific
    balance studies run through the shared runner.
    """

    def summary(self, state: State) -> Mapping[str, Any]:
        """Named figures (numbers or short strings) of the final ``state`` of a game."""
        ...


@runtime_checkable
class HasFastPlay(Protocol):
    """A game that can play a whole game with given agents faster than step by step.

    :func:`~workbench.play.runner.play_game` calls it (unless a per-step log is asked
    for, or the game has chance nodes, which the runner samples itself) and falls back
    to the step loop when it returns ``None``. It must give exactly what the step loop
    gives: the same final position and the same number of plies, calling every agent's
    ``act`` at the same decisions in the same order; a game proves that with a test
    that plays many seeded games both ways (``play_game(..., fast=False)``).
    """

    def play_fast(
        self, state: State, agents: Sequence[Any], *, max_plies: int | None
    ) -> tuple[State, int] | None:
        """Play ``state`` until the game ends or ``max_plies`` decisions were taken;
        return the final state and the decisions taken, or ``None`` to decline."""
        ...


@runtime_checkable
class HasSuccessorKeys(Protocol):
    """A game that lists a position's successors by key, without making state objects.

    Optional. When a game has it, the enumeration behind the exact solvers
    (:func:`~workbench.play.statespace.state_graph`, and so
    :func:`~workbench.play.solve.solve`) works on keys alone and asks for a state only
    at terminal and chance positions (for their returns and probabilities). It must
    describe the same graph as the states do: a test can compare
    ``state_graph(game)`` with the enumeration of a wrapper that hides the hook.
    Implement it from the game's own move generation, where making and checking a
    state object per move would dominate the cost.
    """

    def successor_keys(self, key: Hashable) -> tuple[int, Sequence[Hashable]]:
        """``(player, keys)`` for the position whose :meth:`State.key` is ``key``.

        ``player`` is what ``current_player()`` returns there; ``keys`` are the keys of
        the positions after each legal action (at a chance node: each outcome), in the
        order of ``legal_actions()`` (``chance_outcomes()``); empty at a terminal position.
        """
        ...

    def state_from_key(self, key: Hashable) -> State:
        """The state whose :meth:`State.key` is ``key``."""
        ...


class PackedExpansion(NamedTuple):
    """What :meth:`HasPackedSuccessors.packed_successors` returns for a batch of codes.

    ``player`` and ``value`` have one entry per code; ``parents`` and ``children`` one
    per legal move (of any position of the batch, in any order).
    """

    #: Seat to move per code, or :data:`TERMINAL` where it has no legal move (int8).
    player: Any
    #: Seat 0's return per code at a terminal position (0 elsewhere; float64).
    value: Any
    #: Per move: the index, in the batch, of the position it is played from (integers).
    parents: Any
    #: Per move: the code of the position it leads to (uint64).
    children: Any


@runtime_checkable
class HasPackedSuccessors(Protocol):
    """A two-player game without chance that expands a whole batch of positions at once.

    Optional, and faster again than :class:`HasSuccessorKeys`: positions are packed
    into unsigned 64-bit codes (the game's own packing, not :meth:`State.key`) and
    :meth:`packed_successors` lists every move of every position of a numpy array of
    codes in a few array operations. :func:`~workbench.play.packed.packed_state_graph`
    (and so :func:`~workbench.play.solve.solve` by retrograde analysis) enumerates a
    whole breadth-first layer at a time through it. It must describe the same graph as
    the states do (the same positions, the same moves, a position with no move
    terminal); the game's tests prove that against the plain protocol enumeration.

    A game may give positions that play alike (a position and its mirror image, with
    the same value and each other's moves) one code, the solver then enumerating one
    of each; it then also has ``packed_class_sizes(codes)``, how many positions each
    code stands for, so that counts stay counts of positions.
    """

    def packed_code(self, state: State) -> int | None:
        """The code of ``state``, or None when it cannot be packed (the solver then
        enumerates through the plain protocol)."""
        ...

    def packed_state(self, code: int) -> State:
        """The state whose code is ``code``."""
        ...

    def packed_successors(self, codes: Any) -> PackedExpansion:
        """Every legal move of every position in ``codes`` (a uint64 array)."""
        ...


@runtime_checkable
class HasHiddenInformation(Protocol):
    """A game whose players do not see everything: hands, face-down cards, a deck's order.

    An agent that must not peek reads a state only through :meth:`determinize` (as
    :class:`~workbench.play.determinized.DeterminizedMCTSAgent` does): it plays in a
    world that agrees with everything its seat has seen, the hidden parts drawn at
    random. So that two states its seat cannot tell apart give the same worlds,
    ``determinize`` must depend on the state only through :meth:`observation` (pool
    the hidden cards in a fixed order, such as sorted, before shuffling them);
    :func:`~workbench.play.conformance.check_game` checks both rules.
    """

    def observation(self, state: State, player: int) -> Hashable:
        """Everything ``player`` may see of ``state``, as a key: equal observations mean
        states that ``player`` cannot tell apart."""
        ...

    def determinize(self, state: State, player: int, rng: random.Random) -> State:
        """A state with the same ``observation(..., player)`` as ``state``, whose hidden
        parts are drawn from ``rng`` (``state`` itself is left unchanged)."""
        ...


_IMPLEMENTS: dict[tuple[type, type], bool] = {}


def implements(obj: Any, protocol: type) -> bool:
    """``isinstance(obj, protocol)`` for one of the optional protocols above, remembered
    for ``obj``'s class (a protocol check takes tens of microseconds; a tournament asks
    for every game).

    >>> from workbench.play.toy_games import TicTacToe
    >>> implements(TicTacToe(), HasFastPlay), implements(TicTacToe(), Game)
    (False, True)
    """
    key = (type(obj), protocol)
    known = _IMPLEMENTS.get(key)
    if known is None:
        known = _IMPLEMENTS[key] = isinstance(obj, protocol)
    return known
