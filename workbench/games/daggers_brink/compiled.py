"""Whole games between hand agents in compiled code (numba), for big balance studies.

:meth:`DaggersBrink.play_fast <workbench.games.daggers_brink.engine.DaggersBrink.play_fast>`
asks :func:`play_compiled` first. It plays the game in :mod:`~workbench.games.
daggers_brink.kernel` when it knows every agent's play: a
:class:`~workbench.games.daggers_brink.agents.HandAgent` of any class that changes only
:meth:`~workbench.games.daggers_brink.agents.HandAgent.hand_value` (tabulated here over
every hand's attributes), with a shared memo key (every built-in strategy has one), a
``weakest``, ``strongest`` or ``leader`` target policy, a seeded game and a deck of at
most one wildcard type and no negative bonus. Otherwise it answers ``None`` and the
Python engine plays. Tests play many seeded games both ways and compare every die,
fight and final position; ``DaggersBrink(..., compiled=False)`` turns it off.

The first call in a process loads the kernel from numba's cache (``__pycache__`` beside
its modules) in under a second; the very first one compiles it, in a minute or so
(``make compile``, or :func:`~workbench.games.daggers_brink.engine.warm_up`, does that
ahead of any notebook).

>>> from workbench.games.daggers_brink.engine import DaggersBrink
>>> from workbench.games.daggers_brink.strategies import FocusAgent, TankAgent
>>> game = DaggersBrink(3)
>>> agents = [FocusAgent(game), TankAgent(game), FocusAgent(game, focus="speed")]
>>> final, plies = play_compiled(game.initial_state(seed=4), agents, None)
>>> final.is_terminal(), plies > 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.games.daggers_brink.actions import Fight
from workbench.games.daggers_brink.agents import HandAgent
from workbench.games.daggers_brink.chance import SeededChance
from workbench.games.daggers_brink.kernel import layout as k
from workbench.games.daggers_brink.kernel import run
from workbench.games.daggers_brink.odds import wound_chances
from workbench.games.daggers_brink.table import Table

__all__ = ["compiles", "play_compiled"]

#: The methods the kernel mirrors: an agent class must keep ``HandAgent``'s own.
MIRRORED = (
    "act", "choose_source", "choose_discard", "choose_attack", "choose_wildcards",
    "choose_strip", "wants_challenge", "choose_target", "_value", "_best_discard",
    "_takes_top", "_fight_value",
)  # fmt: skip
_MIRRORED_BY: dict[type, bool] = {}  # agent classes whose play the kernel mirrors
_TARGETS = {name: code for code, name in enumerate(k.TARGET_POLICIES)}
_CODES = {name: code for code, name in enumerate(k.DECISIONS)}
#: Largest attribute, and number of attribute tuples, the kernel's tables may span.
MAX_ATTRIBUTE, MAX_BOX = 40, 2_000_000
_FIRST_LOG_ROWS = 256
_NEW_FIGHT = tuple.__new__


def compiles(agent: Any) -> bool:
    """Whether the kernel knows ``agent``'s play (see the module).

    >>> from workbench.games.daggers_brink.strategies import BalancedAgent
    >>> compiles(BalancedAgent()), compiles(BalancedAgent(target="random"))
    (True, False)
    """
    mirrored = _MIRRORED_BY.get(type(agent))
    if mirrored is None:
        cls = type(agent)
        mirrored = _MIRRORED_BY[cls] = issubclass(cls, HandAgent) and all(
            getattr(cls, name) is getattr(HandAgent, name) for name in MIRRORED
        )
    return mirrored and agent.target in _TARGETS and agent.memo_key() is not None


@dataclass
class _TableArrays:
    """What the kernel needs of a :class:`Table`, and the agents' hand-value tables."""

    cfg: np.ndarray
    bonus: np.ndarray
    strippable: np.ndarray
    cards: np.ndarray
    challenge_turns: np.ndarray
    wound: np.ndarray
    lo: np.ndarray
    dims: np.ndarray
    hands: np.ndarray  # the attributes of every hand of ``hand_size`` cards
    index: np.ndarray  # over the box lo + dims: the place of those attributes in ``hands``
    values: np.ndarray  # one row of hand values (of ``hands``) per memo key
    rows: dict[Any, int]

    def row(self, agent: HandAgent) -> int:
        """The row of ``agent``'s hand values (tabulated on first use of its memo key)."""
        key = agent.memo_key()
        row = self.rows.get(key)
        if row is None:
            values = [[float(agent.hand_value(tuple(h))) for h in self.hands.tolist()]]
            self.values = np.concatenate((self.values, values))
            row = self.rows[key] = len(self.values) - 1
        return row

    def seated(self, agents: Sequence[HandAgent]) -> tuple[np.ndarray, ...]:
        """Each seat's hand-value row, patience and target policy."""
        return (
            np.array([self.row(agent) for agent in agents], dtype=np.int64),
            np.array([agent.patience for agent in agents], dtype=np.int64),
            np.array([_TARGETS[agent.target] for agent in agents], dtype=np.int64),
        )

    def tables(
        self, seated: tuple[np.ndarray, ...], faces: np.ndarray, orders: np.ndarray
    ) -> tuple:
        """The kernel's rules, agents (:meth:`seated`) and chance (``SeededChance.arrays``):
        its ``T`` (see :func:`~workbench.games.daggers_brink.kernel.loop.run`)."""
        seat_table, patience, target = seated
        return (
            self.cfg, self.bonus, self.strippable, self.cards, self.challenge_turns, self.wound,
            self.values, seat_table, patience, target, self.lo, self.dims, faces, orders,
            self.index,
        )  # fmt: skip


def _table_arrays(table: Table) -> _TableArrays | None:
    """The kernel's arrays for ``table``, or ``None`` if the kernel cannot play there."""
    rules, deck = table.rules, table.deck
    bonus = np.array(deck.bonuses, dtype=np.int64).reshape(-1, 4)
    size = rules.hand_size
    lo = rules.base_attribute + size * bonus.min(axis=0)
    hi = rules.base_attribute + size * bonus.max(axis=0)
    dims = hi - lo + 1
    if len(deck.wildcards) > 1 or bonus.min() < 0 or hi.max() > MAX_ATTRIBUTE:
        return None
    if np.prod(dims) > MAX_BOX:
        return None
    hands = np.full((1, 4), rules.base_attribute, dtype=np.int64)
    for _ in range(size):  # attributes of every hand of ``size`` card types (counts aside)
        hands = np.unique((hands[:, None, :] + bonus[None, :, :]).reshape(-1, 4), axis=0)
    index = np.full(int(np.prod(dims)), -1, dtype=np.int32)
    index[np.ravel_multi_index(tuple((hands - lo).T), tuple(dims))] = np.arange(len(hands))
    return _TableArrays(
        cfg=k.pack_rules(table),
        bonus=bonus,
        strippable=np.array([t in table.strippable for t in range(len(bonus))], dtype=np.int64),
        cards=np.array(table.cards, dtype=np.int64),
        challenge_turns=np.array(table.challenge_turns, dtype=np.int64),
        wound=wound_chances(int(hi.max()), rules=rules),
        lo=lo,
        dims=dims,
        hands=hands,
        index=index,
        values=np.empty((0, len(hands))),
        rows={},
    )


_SHARED: dict[tuple, _TableArrays | bool] = {}
_SHARED_LIMIT = 8


def _shared_arrays(table: Table) -> _TableArrays | bool:
    """:func:`_table_arrays` (``False`` if ``None``), one for every table of the same seats,
    rules and deck in this process (a tournament's worker chunks each unpickle a table)."""
    key = (table.n, table.rules, table.deck)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _SHARED_LIMIT:  # e.g. a deck editor session: drop the oldest
            del _SHARED[next(iter(_SHARED))]
        found = _SHARED[key] = _table_arrays(table) or False
    return found


def _position(state: Any, log_rows: int) -> tuple:
    """The kernel's arrays ``S`` for ``state`` (see
    :func:`~workbench.games.daggers_brink.kernel.loop.run`)."""
    table = state.table
    n, cap = table.n, max(table.rules.hand_size, *map(len, state.hands)) + 2
    fight = state.fight or (-1, -1, 0, 0)
    g = np.zeros(len(k.G_FIELDS), dtype=np.int64)
    g[k.DECISION], g[k.PLAYER], g[k.DEALER] = _CODES[state.decision], state.player, state.dealer
    g[k.ROUND], g[k.DICE], g[k.SHUFFLES] = state.round, state.dice, state.shuffles
    g[k.DRAW_TURNS], g[k.TURN], g[k.CHALLENGER] = state.draw_turns, state.turn, state.challenger
    g[k.DRAWN], g[k.ORDER_POS], g[k.ORDER_LEN] = state.drawn, state.order_pos, len(state.order)
    g[k.WOUNDED], g[k.WINNER] = state.wounded, -1 if state.winner is None else state.winner
    g[k.DECK_LEN], g[k.DECK_POS] = len(state.deck), state.deck_pos
    g[k.DISC_LEN] = len(state.discard)
    g[k.F_ATT : k.F_DW + 1] = fight
    g[k.STRIPS_LEN], g[k.CT_MAY : k.CT_MUST + 1] = len(state.strips), state.challenge_turns
    hands = np.zeros((n, cap), dtype=np.int64)
    for seat, hand in enumerate(state.hands):
        hands[seat, : len(hand)] = hand
    size = table.deck.size

    def padded(values: Sequence[int], length: int) -> np.ndarray:
        out = np.zeros(length, dtype=np.int64)
        out[: len(values)] = values
        return out

    return (
        g,
        hands,
        np.array([len(hand) for hand in state.hands], dtype=np.int64),
        np.array(state.tokens, dtype=np.int64),
        np.array(state.firsts, dtype=np.int64),
        np.array(state.to_the_left, dtype=np.int64),
        padded(state.order, n),
        padded(state.deck, size),
        padded(state.discard, size),
        padded(state.strips, 4 * table.rules.wildcards_per_fight + 1),
        np.zeros((log_rows, len(k.LOG_FIELDS)), dtype=np.int64),
        *(np.zeros(length, dtype=np.int64) for length in (n, n, 4 * n + 8, cap + 1)),
    )  # the last four are the kernel's scratch space


def _state(start: Any, position: tuple) -> Any:
    """``start`` moved on to the kernel's ``position``: a new ``DaggersState``."""
    fights = position[0][k.N_FIGHTS]
    g, hands, hand_len, tokens, firsts, to_left, order, deck, discard, strips, log = (
        array.tolist() for array in (*position[:10], position[10][:fights])
    )
    s = start._copy()
    s.decision, s.player, s.dealer = k.DECISIONS[g[k.DECISION]], g[k.PLAYER], g[k.DEALER]
    s.round, s.dice, s.shuffles = g[k.ROUND], g[k.DICE], g[k.SHUFFLES]
    s.draw_turns, s.turn, s.challenger = g[k.DRAW_TURNS], g[k.TURN], g[k.CHALLENGER]
    s.drawn, s.order_pos, s.wounded = g[k.DRAWN], g[k.ORDER_POS], g[k.WOUNDED]
    s.winner = None if g[k.WINNER] < 0 else g[k.WINNER]
    s.deck, s.deck_pos = tuple(deck[: g[k.DECK_LEN]]), g[k.DECK_POS]
    s.discard, s.order = tuple(discard[: g[k.DISC_LEN]]), tuple(order[: g[k.ORDER_LEN]])
    s.fight = None if g[k.F_ATT] < 0 else tuple(g[k.F_ATT : k.F_DW + 1])
    s.strips, s.challenge_turns = tuple(strips[: g[k.STRIPS_LEN]]), (g[k.CT_MAY], g[k.CT_MUST])
    s.hands = tuple(tuple(hand[:length]) for hand, length in zip(hands, hand_len, strict=True))
    s.tokens, s.firsts, s.to_the_left = tuple(tokens), tuple(firsts), tuple(to_left)
    faces = start._c.faces(0, g[k.DICE])
    for row in log:  # the columns of LOG_FIELDS
        first = row[6]
        middle = first + row[3]
        fight = (
            *row[:6], tuple(faces[first:middle]), tuple(faces[middle : middle + row[4]]),
            *row[7:10], row[10] == 1, row[11], row[12], row[13] == 1, row[14], row[15],
        )  # fmt: skip
        s._log = (_NEW_FIGHT(Fight, fight), s._log)
    return s


def play_compiled(
    state: Any, agents: Sequence[Any], max_plies: int | None
) -> tuple[Any, int] | None:
    """Play from ``state`` to the end (or ``max_plies`` decisions) in the kernel: the final
    state and the decisions taken, as :func:`~workbench.games.daggers_brink.phases.
    play_in_place` gives them; ``None`` when the kernel cannot play this game."""
    chance, table = state._c, state.table
    if not state.decision or not isinstance(chance, SeededChance):
        return None
    if not all(map(compiles, agents)):
        return None
    if table.compiled is None:
        table.compiled = _shared_arrays(table)
    arrays = table.compiled
    if not arrays:
        return None
    seated = arrays.seated(agents)
    position = _position(state, _FIRST_LOG_ROWS)
    g, limit = position[0], -1 if max_plies is None else max_plies
    while True:
        faces, orders = chance.arrays()
        run(arrays.tables(seated, faces, orders), position, limit)
        status, g[k.STATUS] = g[k.STATUS], k.OK
        if status == k.OK:
            return _state(state, position), int(g[k.PLIES])
        if status == k.DECLINE:
            return None
        log = position[10]  # paused: grow the log and draw what may be short, and go on
        if g[k.N_FIGHTS] >= len(log):
            position = (*position[:10], np.concatenate((log, np.zeros_like(log))), *position[11:])
        chance.draw_more(
            faces=len(faces) - g[k.DICE] < k.FACE_RESERVE,
            shuffles=len(orders) - g[k.SHUFFLES] < k.SHUFFLE_RESERVE,
        )
