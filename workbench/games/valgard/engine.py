"""Valgard as a :mod:`workbench.play` game: immutable states, compact keys, a heuristic.

>>> game = ValgardGame(Rules(rows=3, cols=3, reserve=3, muster=1))
>>> state = game.initial_state()
>>> state.current_player(), [game.action_text(state, a) for a in state.legal_actions()]
(0, ['+a1', '+b1', '+c1'])
>>> state = state.apply(game.parse_action(state, "+b1"))
>>> state = state.apply(game.parse_action(state, "+a3"))
>>> print(state.render())
  a b c
3 d . .
   . .
2 . . .
   . .
1 . l .
light to move; reserves light 2, dark 2
>>> [game.action_text(state, a) for a in state.legal_actions()]
['+a1', '+c1', 'b1-b2', 'b1-b3', 'b1-c1', 'b1-a1', 'b1^ne', 'b1^nw']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from workbench.errors import IllegalMoveError
from workbench.games.valgard import notation
from workbench.games.valgard.agents import material_heuristic
from workbench.games.valgard.geometry import ValgardGeometry
from workbench.games.valgard.moves import Position, move_functions
from workbench.games.valgard.packed import packed_codec
from workbench.games.valgard.rules import PLAYER_NAMES, Rules
from workbench.play.protocol import TERMINAL, GameInfo, PackedExpansion

__all__ = ["ValgardGame", "ValgardState"]


class ValgardState:
    """An immutable Valgard position (make it with :class:`ValgardGame`).

    Equal positions have equal :meth:`key` and compare equal; the ply count is not
    part of a position (the ply cap is the simulator's business).
    """

    __slots__ = ("_actions", "game", "position")

    def __init__(self, game: ValgardGame, position: Position):
        _set_game(self, game)
        _set_position(self, position)
        _set_actions(self, None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("ValgardState is immutable: apply() returns a new state")

    # -- the play protocol ------------------------------------------------------
    def current_player(self) -> int:
        """Seat to act (0 light, 1 dark), or TERMINAL when that seat has no action."""
        return self.position[6] if self.legal_actions() else TERMINAL

    def legal_actions(self) -> list[int]:
        """The legal actions, as ints (see :meth:`ValgardGame.action_text`)."""
        actions = self._actions
        if actions is None:
            actions = self.game._legal(self.position)
            _set_actions(self, actions)
        return actions

    def chance_outcomes(self) -> list:
        """Valgard has no chance."""
        return []

    def apply(self, action: int) -> ValgardState:
        """The position after ``action``; IllegalMoveError if it is not legal here."""
        if action not in self.legal_actions():
            raise IllegalMoveError(f"action {action!r} is not legal in this position")
        child = _new(ValgardState)
        _set_game(child, self.game)
        _set_position(child, self.game._apply(self.position, action))
        _set_actions(child, None)
        return child

    def is_terminal(self) -> bool:
        """True when the player to move has no legal action."""
        return not self.legal_actions()

    def returns(self) -> tuple[float, float]:
        """(light, dark): the stuck player loses (or draws, by the ``no_move`` knob)."""
        if self.legal_actions():
            return (0.0, 0.0)
        if self.game.rules.no_move == "draw":
            return (0.0, 0.0)
        return (-1.0, 1.0) if self.position[6] == 0 else (1.0, -1.0)

    def key(self) -> int:
        """The position packed into one int."""
        return self.game._pack(self.position)

    def render(self) -> str:
        """Text picture: ranks top to bottom, runes ``*`` between octagons, dead land ``#``.

        :meth:`ValgardGame.parse_position` reads it back (the format is in
        :mod:`~workbench.games.valgard.notation`).
        """
        return notation.render_position(self.game.geometry, self.position, stuck=self.is_terminal())

    # -- reading the position ---------------------------------------------------
    @property
    def mover(self) -> int:
        """Seat to move (0 light, 1 dark), even when the game is over."""
        return self.position[6]

    @property
    def reserves(self) -> tuple[int, int]:
        """Pieces in hand of (light, dark)."""
        return self.position[4], self.position[5]

    @property
    def muster_left(self) -> int:
        """Muster placements still to make (0 once play proper has begun)."""
        return self.position[7]

    def pieces(self) -> dict[tuple[int, int], str]:
        """Occupied octagons mapped to their letter (``l``, ``L``, ``d``, ``D``)."""
        return notation.piece_map(self.game.geometry, self.position)

    def runes(self) -> list[tuple[int, int]]:
        """Sockets holding a rune."""
        return self.game.geometry.cells_of(self.position[3])

    def dead(self) -> list[tuple[int, int]]:
        """Dead octagons."""
        geometry = self.game.geometry
        return geometry.cells_of(geometry.dead_land(self.position[3]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ValgardState):
            return NotImplemented
        return self.game == other.game and self.position == other.position

    def __hash__(self) -> int:
        return hash(self.position)

    def __reduce__(self):
        return (ValgardState, (self.game, self.position))

    def __repr__(self) -> str:
        return f"ValgardState({PLAYER_NAMES[self.mover]} to move, key={self.key()})"


# Slot setters: build states without going through the refusing __setattr__.
_new = object.__new__
_set_game = ValgardState.game.__set__
_set_position = ValgardState.position.__set__
_set_actions = ValgardState._actions.__set__


def _packer(size: int) -> Callable[[Position], int]:
    """Pack a position into one int: four masks of ``size`` bits, reserves, mover, muster."""
    s1, s2, s3, s4 = size, 2 * size, 3 * size, 4 * size
    s5, s6, s7 = s4 + 8, s4 + 16, s4 + 17

    def pack(position: Position) -> int:
        light, dark, tall, runes, reserve_light, reserve_dark, mover, muster_left = position
        return (
            light | dark << s1 | tall << s2 | runes << s3 | reserve_light << s4
            | reserve_dark << s5 | mover << s6 | muster_left << s7
        )  # fmt: skip

    return pack


def _unpacker(size: int) -> Callable[[int], Position]:
    """The inverse of :func:`_packer`."""
    s1, s2, s3, s4 = size, 2 * size, 3 * size, 4 * size
    s5, s6, s7 = s4 + 8, s4 + 16, s4 + 17
    mask = (1 << size) - 1

    def unpack(key: int) -> Position:
        return (
            key & mask, key >> s1 & mask, key >> s2 & mask, key >> s3 & mask,
            key >> s4 & 255, key >> s5 & 255, key >> s6 & 1, key >> s7,
        )  # fmt: skip

    return unpack


class ValgardGame:
    """Valgard under some :class:`Rules`: start positions, hand-set positions, notation.

    Parameters
    ----------
    rules : Rules, optional
        Every knob of the rules (default: the rule text's 6x6 game).
    fold_mirror : bool
        The exact solver's packed codes: a position and its mirror image share one
        (half the positions to enumerate); False gives each its own.
    """

    def __init__(self, rules: Rules | None = None, *, fold_mirror: bool = True):
        self.rules = rules if rules is not None else Rules()
        self.fold_mirror = fold_mirror
        self.geometry = ValgardGeometry.of(self.rules.rows, self.rules.cols)
        self.info = GameInfo(
            name="valgard",
            num_players=2,
            zero_sum=True,
            chance=False,
            cycles=True,
            max_plies=self.rules.max_plies,
        )
        self._moves = move_functions(self.geometry, self.rules)
        self._legal, self._apply = self._moves.legal, self._moves.apply
        self._pack, self._unpack = _packer(self.geometry.size), _unpacker(self.geometry.size)
        self._codec = packed_codec(self.rules, mirror=fold_mirror)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ValgardGame) and (self.rules, self.fold_mirror) == (
            other.rules,
            other.fold_mirror,
        )

    def __hash__(self) -> int:
        return hash((self.rules, self.fold_mirror))

    def __repr__(self) -> str:
        return f"ValgardGame({self.rules!r}{'' if self.fold_mirror else ', fold_mirror=False'})"

    def __reduce__(self):
        return (_game, (self.rules, self.fold_mirror))

    def state_from_key(self, key: int) -> ValgardState:
        """The state whose :meth:`ValgardState.key` is ``key`` (solvers store keys only).

        >>> game = ValgardGame()
        >>> state = game.initial_state()
        >>> game.state_from_key(state.key()) == state
        True
        """
        return ValgardState(self, self._unpack(key))

    def successor_keys(self, key: int) -> tuple[int, list[int]]:
        """The seat to act at the position packed in ``key`` (TERMINAL when it has no
        action) and the keys after each of its legal actions, in their order.

        The :class:`~workbench.play.protocol.HasSuccessorKeys` hook: exact solvers
        enumerate positions through it, on raw positions, without a state per move.

        >>> game = ValgardGame(Rules(rows=3, cols=3, reserve=3, muster=1))
        >>> state = game.initial_state()
        >>> game.successor_keys(state.key()) == (0, [state.apply(a).key()
        ...                                          for a in state.legal_actions()])
        True
        """
        position = self._unpack(key)
        pack, apply = self._pack, self._apply
        keys = [pack(apply(position, action)) for action in self._legal(position)]
        return (position[6] if keys else TERMINAL), keys

    def packed_code(self, state: ValgardState) -> int | None:
        """The 64-bit code of ``state`` (:mod:`~workbench.games.valgard.packed`), or None
        when the board has no codec or the position no code.

        With :meth:`packed_state` and :meth:`packed_successors`, the
        :class:`~workbench.play.protocol.HasPackedSuccessors` hook: exact solvers expand
        whole layers of positions at once.

        A position and its mirror image (files a, b, ... reversed) play alike and share
        one code; :meth:`packed_state` gives one of the two, and :meth:`packed_class_sizes`
        how many positions a code stands for. ``ValgardGame(rules, fold_mirror=False)``
        gives each position its own code.

        >>> game = ValgardGame(Rules(rows=3, cols=3, reserve=3, muster=1))
        >>> state = game.initial_state()
        >>> game.packed_state(game.packed_code(state)) == state
        True
        >>> deploys = [game.packed_code(state.apply(a)) for a in state.legal_actions()]
        >>> len(deploys), len(set(deploys))  # on a1 and c1 alike
        (3, 2)
        >>> expansion = game.packed_successors([game.packed_code(state)])
        >>> sorted(map(int, expansion.children)) == sorted(
        ...     game.packed_code(state.apply(a)) for a in state.legal_actions())
        True
        """
        return None if self._codec is None else self._codec.fold(self._codec.pack(state.position))

    def packed_state(self, code: int) -> ValgardState:
        """The state packed in ``code`` (see :meth:`packed_code`)."""
        if self._codec is None:
            raise ValueError(f"{self.rules.rows}x{self.rules.cols} boards have no 64-bit codes")
        return ValgardState(self, self._codec.unpack(int(code)))

    def packed_class_sizes(self, codes: Any) -> np.ndarray:
        """How many positions each code stands for (a position and its mirror image share
        one code; a position that is its own image is one)."""
        if self._codec is None:
            raise ValueError(f"{self.rules.rows}x{self.rules.cols} boards have no 64-bit codes")
        return self._codec.class_sizes(codes)

    def packed_successors(self, codes: Any) -> PackedExpansion:
        """Every legal move of every position of an array of codes (see :meth:`packed_code`)."""
        if self._codec is None:
            raise ValueError(f"{self.rules.rows}x{self.rules.cols} boards have no 64-bit codes")
        return self._codec.successors(codes)

    def initial_state(self, *, seed: Any = None) -> ValgardState:
        """Empty board, full reserves, the muster about to begin (``seed`` is unused)."""
        r = self.rules
        first = PLAYER_NAMES.index(r.first_player)
        return ValgardState(self, (0, 0, 0, 0, r.reserve, r.reserve, first, 2 * r.muster))

    def position(
        self, pieces: Mapping[tuple[int, int] | str, str] = (), **placement: Any
    ) -> ValgardState:
        """A hand-set position; raises RulesError naming the octagon or socket at fault.

        ``pieces`` maps octagons (``(row, col)`` or names like ``"b2"``) to a letter of
        :data:`~workbench.games.valgard.notation.PIECE_CODES`; ``placement`` takes
        ``runes``, ``to_move``, ``reserves`` and ``muster_left`` as
        :func:`~workbench.games.valgard.notation.position_from_pieces` does.

        >>> game = ValgardGame(Rules(rows=3, cols=3, muster=1))
        >>> game.position({"a1": "L", "b3": "d"}, runes=[(1, 1)]).pieces()
        {(2, 0): 'L', (0, 1): 'd'}
        >>> game.position({"b3": "d"}, runes=[(0, 0)])
        Traceback (most recent call last):
        ...
        workbench.errors.RulesError: octagon b3 is dead land (rune in socket (0, 0)) but holds 'd'
        """
        position = notation.position_from_pieces(self.geometry, self.rules, pieces, **placement)
        return ValgardState(self, position)

    def parse_position(self, text: str) -> ValgardState:
        """The position drawn in a text picture such as :meth:`ValgardState.render` prints.

        Raises RulesError naming the line and what was expected.

        >>> game = ValgardGame(Rules(rows=2, cols=3))
        >>> state = game.parse_position('''
        ... 2 . . d
        ...    . .
        ... 1 L . .
        ... light to move; reserves light 1, dark 0''')
        >>> state.pieces(), state.reserves
        ({(1, 0): 'L', (0, 2): 'd'}, (1, 0))
        >>> [game.action_text(state, a) for a in state.legal_actions()]
        ['+b1', '+c1', 'a1-a2', 'a1-b1', 'a1-c1']
        >>> game.parse_position(state.render()) == state
        True
        """
        return ValgardState(self, notation.read_position(self.geometry, self.rules, text))

    def heuristic(self, state: ValgardState) -> tuple[float, float]:
        """(light, dark): :func:`~workbench.games.valgard.agents.material_heuristic`
        (material, a Valkyrie worth 2.5, a reserve piece 0.5); terminal states get
        their exact returns."""
        if state.is_terminal():
            return state.returns()
        return material_heuristic(state.position)

    def playout(self, state: ValgardState, *, seed: int | None = None) -> tuple[int, int]:
        """Play uniformly random actions from ``state`` until the end or the ply cap.

        Returns ``(winner, plies)``: the winning seat (-1 for a draw) and the plies played.
        Works on raw positions, so it is the fast path for benchmarks and rollouts.

        >>> game = ValgardGame()
        >>> game.playout(game.initial_state(), seed=1) == game.playout(game.initial_state(), seed=1)
        True
        """
        pick = random.Random(seed).random
        target_sets, apply = self._moves.target_sets, self._apply
        position, cap = state.position, self.rules.max_plies
        for plies in range(cap + 1):
            sets = target_sets(position)
            total = 0
            for targets, _ in sets:
                total += targets.bit_count()
            if not total:
                return (-1 if self.rules.no_move == "draw" else 1 - position[6]), plies
            if plies == cap:
                break
            k = int(pick() * total)  # the k-th legal action, as legal() would list it
            for targets, base in sets:
                count = targets.bit_count()
                if k < count:
                    for _ in range(k):
                        targets &= targets - 1
                    position = apply(position, base + 257 * ((targets & -targets).bit_length() - 1))
                    break
                k -= count
        return -1, self.rules.max_plies

    # -- notation -----------------------------------------------------------------
    def action_text(self, state: ValgardState, action: int) -> str:
        """Notation: ``+a1`` deploy, ``a1-a2`` march or charge, ``a1xa2`` capture,
        ``a1&a2`` rally, ``a1^ne`` rune cast into the north-east corner of a1."""
        return notation.action_text(self.geometry, state.position, action)

    def parse_action(self, state: ValgardState, text: str) -> int:
        """The legal action written ``text`` in :meth:`action_text` notation.

        Raises IllegalMoveError (a ValueError) naming the text when it is not legal here.
        """
        return notation.parse_action(self.geometry, state.position, state.legal_actions(), text)


def _game(rules: Rules, fold_mirror: bool) -> ValgardGame:
    """A game made again after pickling (keywords cannot pass through ``__reduce__``)."""
    return ValgardGame(rules, fold_mirror=fold_mirror)
