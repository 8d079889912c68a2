"""Exhaustive search from point of interest to point of interest, layer by layer in arrays.

Between two events (a fight or a pickup) the hero only walks over empty fields,
and all such a walk changes is where the hero ends up and how many steps it took
(Attack loss, Loki and Chariot counters). So the hero always stands on the field
of the last event, and a move is "walk to point of interest ``q`` in ``d``
steps"; longer walks are kept (one that drops Attack can win where the shortest
one loses). Each move uses up one point of interest, so layer ``k`` holds the
states with ``k`` of them used and every move goes to the next layer.

A layer is a sorted ``int64`` array of state codes (what is left, position,
charges, counters, Attack; :mod:`~workbench.games.valhalla.moves`) with the set
of reachable Health values of each as a bitset row: a fight maps the whole set at
once. The forward pass expands a whole layer in compiled loops
(:mod:`~workbench.games.valhalla.kernels`) and merges equal codes through a hash
table (:func:`~.bitsets.merge`); it keeps every move (:class:`Edges`) but the fights where
every Health falls and no fall wins a star class, and notes the falls it meets
(:meth:`~.moves.MoveMaker.expand`).
The backward pass computes, per state and star class (:func:`outcome_class`),
the Healths from which that class can still be won, and whether the board can be cleared;
with the falls, every outcome reached (:attr:`StateSpace.outcomes`). A level whose state codes
would need more than 63 bits (dozens of points of interest with long Loki or
Chariot counters and a huge Attack) is refused with
:class:`~workbench.errors.SearchLimitError`, and so is a search whose layers outgrow
``max_memory`` (default :data:`MAX_MEMORY`), as soon as the layers found show it.

Pruning rules (:data:`PRUNING_RULES`; ``prune=True`` for all, or a collection of
names), each proven sound by a test against the unpruned search, keep every
*winning* outcome:

* ``hopeless``: Health above the most damage the enemies left could deal in
  total means the hero can never fall, so never win: not expanded;
* ``chariot``: at the Attack floor with no potion left the Chariot counter cannot
  matter and is dropped;
* ``biorn``: under Biorn's Curse, when Attack plays no part, Attack and Chariot
  are dropped, and Mjolnir too when it cannot change who strikes first.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> space = StateSpace(ValhallaCalling(level))
>>> space.classes(space.start) == 1 << 2  # not all-but-one, strong killer
True
>>> [(q, d, after, ends) for q, d, after, ends, _ in space.successors(space.start)]
[(0, 2, None, ((Outcome(won=False, kills=0, killer=0, strong=True), False), \
(Outcome(won=True, kills=1, killer=0, strong=True), True)))]
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterator
from typing import NamedTuple

import numpy as np

from workbench.errors import RulesError, SearchLimitError
from workbench.games.valhalla import bitsets
from workbench.games.valhalla.engine import Outcome, Situation, ValhallaCalling
from workbench.games.valhalla.kernels import backward_layer
from workbench.games.valhalla.moves import CLASSES, MoveMaker, outcome_class
from workbench.memory import give_back, small_pages

__all__ = [
    "MAX_MEMORY",
    "PRUNING_RULES",
    "Edges",
    "StateRef",
    "StateSpace",
    "Unpacked",
    "outcome_class",
]

#: Bytes the search's layers may hold by default (the hard 10x10 levels need well under 1 GB).
MAX_MEMORY = 3 * 2**30
#: Bytes a move takes while a layer is expanded (about 80 kept, as much again twice over
#: while the arrays are made and merged): measured on 16x16 levels with 36 points.
BYTES_PER_MOVE = 240

#: Names of the pruning rules (see the module docstring).
PRUNING_RULES: tuple[str, ...] = ("hopeless", "chariot", "biorn")


class StateRef(NamedTuple):
    """One state: ``row`` of layer ``layer`` (-1 if never reached) with this Health."""

    layer: int
    row: int
    health: int


class Unpacked(NamedTuple):
    """A state's fields (``left``: bitmask of enemies then items still there)."""

    pos: int
    mjolnir: int
    shield: int
    loki: int
    chariot: int
    attack: int
    health: int
    left: int


class Edges(NamedTuple):
    """The moves of a layer's states, grouped by state (see :attr:`Layer.first_edge`);
    ``child`` is the row in the next layer (-1 if the game ended); see
    :class:`~.moves.Moves`. A fight where every Health falls and no fall wins is left out
    (30% of the moves of the hardest level of the benchmark's ladder)."""

    target: np.ndarray
    steps: np.ndarray
    attack: np.ndarray
    event: np.ndarray
    kills: np.ndarray
    child: np.ndarray
    cunning: np.ndarray


class Layer(NamedTuple):
    """States with the same number of points of interest used."""

    codes: np.ndarray  # sorted
    healths: np.ndarray  # reached, a bitset row per state
    live: np.ndarray  # the Healths expanded (after ``hopeless``)
    first_edge: np.ndarray  # edges of row i: first_edge[i] .. first_edge[i + 1] - 1
    edges: Edges


class StateSpace:
    """The game as a layered graph of packed states between events (see the module)."""

    def __init__(
        self,
        game: ValhallaCalling,
        *,
        prune: bool | Collection[str] = True,
        max_memory: int = MAX_MEMORY,
    ):
        self.game = game
        self.max_memory = max_memory
        #: Bytes the layers found so far hold.
        self.held = 0
        self.prune = set(PRUNING_RULES if prune is True else prune or ())
        unknown = self.prune - set(PRUNING_RULES)
        if unknown:
            raise RulesError(f"prune: unknown rule(s) {sorted(unknown)}; known: {PRUNING_RULES}")
        self.maker = maker = MoveMaker(game, prune=self.prune)
        self.n, self.m, self.cells = maker.n, maker.m, maker.cells
        self._damage_tables = self._most_damage()
        #: Every end of a game the search reaches (a fall, or the board cleared).
        self.outcomes: set[Outcome] = set()
        #: States expanded, and the moves they had in total (mean branching).
        self.expanded = self.branches = 0
        self.layers: list[Layer] = []
        #: Per layer and state, the Healths from which each star class can be won.
        self.wins: list[np.ndarray] = []
        #: Per layer and move, whether falling in that fight wins: bit 0 without the
        #: final strike, bit 1 with it (:func:`~.kernels.backward_layer`).
        self.winning_ends: list[np.ndarray] = []
        self.start = StateRef(0, 0, game.level.hero.health)
        #: Whether :meth:`forget_walks` was called.
        self.walks_forgotten = False
        #: Whether :meth:`spend` handed the layers over.
        self.spent = False
        self._promising: dict[Situation, int] = {}
        with small_pages():
            self._explore()
            self._backward()

    def _most_damage(self) -> list[np.ndarray]:
        """Per byte of a code's enemy bits, the most damage each set of its eight enemies
        can deal in total (a table of 256): two lookups for 14 enemies, not 14 passes."""
        level, rules = self.game.level, self.game.rules
        biorn = level.hero.ability == "biorns_curse"
        most = [e.attack * (1 if biorn else -(-e.health // rules.attack_floor))
                for e in level.enemies]  # fmt: skip
        subsets, tables = np.arange(256), []
        for first in range(0, len(most), 8):
            table = np.zeros(256, np.int64)
            for k, damage in enumerate(most[first : first + 8]):
                table += (subsets >> k & 1) * damage
            tables.append(table)
        return tables

    def _live(self, codes: np.ndarray, healths: np.ndarray) -> np.ndarray:
        """The Healths from which the hero can still fall against the enemies left."""
        if "hopeless" not in self.prune:
            return healths
        most = np.zeros(len(codes), dtype=np.int64)
        for byte, table in enumerate(self._damage_tables):
            most += table[codes >> 8 * byte & 255]
        most = np.minimum(most, self.game.level.hero.health)
        return healths & bitsets.prefix(most + 1, words=self.maker.words)

    # --- the two passes ---------------------------------------------------------------

    def _explore(self) -> None:
        maker = self.maker
        start, healths = maker.start()
        codes = np.array([start], dtype=np.int64)
        per_move = 0.0  # next states per move of the layer before: the next table's size
        while len(codes):
            live = self._live(codes, healths)
            rows = np.flatnonzero(bitsets.nonempty(live))
            self._room_for(len(rows))
            expanded, with_healths = codes[rows], live[rows]
            tallied = int(maker.tally[0])
            moves = maker.expand(expanded, with_healths, maker.origins(expanded))
            first_edge = self._first_edges(moves.parent, rows, len(codes))
            self.expanded += int(bitsets.popcount(with_healths).sum())
            self.branches += int(maker.tally[0]) - tallied
            # a move goes on where Healths survive and enemies are left
            made = len(moves.child)
            next_codes, child, next_healths = bitsets.merge(
                moves.child, moves.after, needed=maker.enemy_mask, expected=int(per_move * made)
            )
            per_move = len(next_codes) / max(1, made)
            edges = Edges(
                moves.target,
                moves.steps,
                moves.attack,
                moves.event,
                moves.kills,
                child,
                moves.cunning,
            )
            self.layers.append(Layer(codes, healths, live, first_edge, edges))
            self._hold(codes, healths, live, first_edge, *edges, next_codes, next_healths)
            codes, healths = next_codes, next_healths
        maker.let_go()

    @staticmethod
    def _first_edges(parent: np.ndarray, rows: np.ndarray, states: int) -> np.ndarray:
        """Where the moves of each of ``states`` states start (and the end), given each
        move's state (``parent``, in order) as an index into ``rows``, the states expanded.

        >>> StateSpace._first_edges(np.array([0, 0, 1]), np.array([1, 3]), 4).tolist()
        [0, 0, 2, 2, 3]
        """
        counts = np.zeros(states + 1, dtype=np.int64)
        counts[rows + 1] = np.bincount(parent, minlength=len(rows))
        return np.cumsum(counts)

    def _hold(self, *arrays: np.ndarray) -> None:
        """Count a layer's arrays (and the next layer's) against ``max_memory``."""
        self.held += sum(a.nbytes for a in arrays[:-2])
        if self.held + sum(a.nbytes for a in arrays[-2:]) > self.max_memory:
            self._refuse()

    def _room_for(self, states: int) -> None:
        """Refuse before expanding ``states`` states whose moves would not fit: each makes
        up to one move per point of interest, :data:`BYTES_PER_MOVE` each while made."""
        if self.held + states * (self.n + self.m) * BYTES_PER_MOVE > self.max_memory:
            self._refuse()

    def _refuse(self) -> None:
        states = sum(len(layer.codes) for layer in self.layers)
        raise SearchLimitError(
            f"{self.game.level.name}: the search needs more than {self.max_memory / 2**20:,.0f} "
            f"MB ({states:,} states in {len(self.layers)} layers so far); solve a smaller "
            "level or raise max_memory (--max-memory)"
        )

    def _backward(self) -> None:
        maker, words = self.maker, self.maker.words
        fights = maker.fights
        columns = (
            fights.column("damage"),
            *(fights.column(name, words=words) for name in ("survives", "falls", "strikes")),
        )
        below = np.zeros((0, CLASSES, words), dtype=np.uint64)
        wins: list[np.ndarray] = []
        ends: list[np.ndarray] = []
        cleared = False
        for layer in reversed(self.layers):
            e = layer.edges
            won = np.zeros(len(e.child), dtype=np.uint8)
            below = np.empty((len(layer.codes), CLASSES, words), dtype=np.uint64)
            cleared |= backward_layer(layer.first_edge, e.child, e.event, e.kills, e.target,
                                      e.attack, maker.fall_classes, *columns,
                                      wins[-1] if wins else below[:0], layer.live, below,
                                      won)  # fmt: skip
            wins.append(below)
            ends.append(won)
        self.wins, self.winning_ends = wins[::-1], ends[::-1]
        for kills, enemy, attack in zip(*np.nonzero(maker.fallen), strict=True):
            self.outcomes.add(self.game.fall(int(kills), int(enemy), int(attack)))
        if cleared:
            self.outcomes.add(self.game.cleared())

    def forget_walks(self) -> None:
        """Drop what only :meth:`successors` reads: each state's Healths expanded and each
        move's steps, Attack, kills and Tricksters Cunning use. What is left answers every
        other question, the kill-order count included; :func:`~.solver.solve` calls this
        before counting, which lowers its peak memory (seed 38 of the hard ladder: by
        about 190 MiB). :meth:`successors` refuses afterwards.

        >>> from workbench.games.valhalla.level import Level
        >>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
        ...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
        ...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
        >>> space = StateSpace(ValhallaCalling(level))
        >>> space.forget_walks()
        >>> space.size, space.classes(space.start)
        (1, 4)
        """
        none = np.zeros(0, dtype=np.int8)
        self.layers = [
            layer._replace(live=none, edges=layer.edges._replace(
                steps=none, attack=none, kills=none, cunning=none))
            for layer in self.layers
        ]  # fmt: skip
        self.walks_forgotten = True

    def spend(self) -> Iterator[tuple[int, Layer, np.ndarray]]:
        """Hand the layers over, the last first, each as ``(index, layer, its winning ends)``,
        letting go of each (and of its star classes) once the next is asked for, and giving
        the memory back: the space then holds nothing, and answers nothing more. For a
        caller that needs the search no more once it has read it, as :func:`~.solver.solve`
        counting the kill orders (:func:`~.kill_graph.kill_graph`)."""
        self.spent = True
        while self.layers:
            k = len(self.layers) - 1
            yield k, self.layers[k], self.winning_ends[k]
            del self.layers[k], self.winning_ends[k], self.wins[k]
            give_back()

    # --- questions ----------------------------------------------------------------------

    def find(self, layer: int, code: int) -> int:
        """The row of a state code in a layer, or -1."""
        if layer >= len(self.layers):
            return -1
        codes = self.layers[layer].codes
        at = int(np.searchsorted(codes, code))
        return at if at < len(codes) and codes[at] == code else -1

    def classes(self, state: StateRef) -> int:
        """Bitmask of the star classes still winnable from ``state``."""
        if state.row < 0:
            return 0
        found = self.wins[state.layer][state.row]
        return sum(
            1 << c
            for c in range(CLASSES)
            if found[c, state.health // 64] >> np.uint64(state.health % 64) & 1
        )

    def unpack(self, state: StateRef) -> Unpacked:
        """The fields of a reached state."""
        code = int(self.layers[state.layer].codes[state.row])
        get = self.maker.layout.get
        fields = [get(code, f) for f in ("pos", "mjolnir", "shield", "loki", "chariot", "attack")]
        return Unpacked(*fields, state.health, get(code, "left"))

    def successors(
        self, state: StateRef
    ) -> Iterator[tuple[int, int, StateRef | None, tuple, bool]]:
        """Moves from one state: ``(target, steps, next state or None, ends, cunning)``
        where ``ends`` lists ``(outcome, final strike used)`` when the game ended and
        ``cunning`` tells whether a fight there uses Tricksters Cunning; a fight where every
        Health falls and no fall wins is not among them (:class:`Edges`)."""
        if self.walks_forgotten:
            raise RuntimeError("this search's walks were forgotten (forget_walks)")
        layer = self.layers[state.layer]
        h = state.health
        if not bitsets.to_int(layer.live[state.row]) >> h & 1:
            return
        e, fights = layer.edges, self.maker.fights
        for i in range(layer.first_edge[state.row], layer.first_edge[state.row + 1]):
            q, d, event, child = int(e.target[i]), int(e.steps[i]), int(e.event[i]), int(e.child[i])
            cunning = bool(e.cunning[i])
            if event < 0:
                yield q, d, StateRef(state.layer + 1, child, h), (), cunning
                continue
            survives, damage, _, _, falls, strikes = fights.rows[event]
            if survives >> h & 1:
                if child >= 0:
                    yield q, d, StateRef(state.layer + 1, child, h - damage), (), cunning
                else:
                    yield q, d, None, ((self.game.cleared(), False),), cunning
                continue
            kills, attack = int(e.kills[i]), int(e.attack[i])
            ends = [
                (self.game.fall(kills + strike, q, attack), bool(strike))
                for strike, mask in enumerate((falls, strikes))
                if mask >> h & 1
            ]
            yield q, d, None, tuple(ends), cunning

    def state_of(self, situation: Situation) -> StateRef:
        """The state of an engine :class:`Situation` standing on a point of interest
        just used (or the start)."""
        code, layer = self._code_of(situation, self.cells.index(situation.cell))
        return StateRef(layer, self.find(layer, code), situation.health)

    def _code_of(self, s: Situation, pos: int) -> tuple[int, int]:
        left = s.enemies | s.items << self.n
        code = self.maker.code(
            pos=pos,
            mjolnir=s.mjolnir,
            shield=s.shield,
            loki=s.loki,
            chariot=s.chariot,
            left=left,
            attack=s.attack,
        )
        return int(code), self.n + self.m - left.bit_count()

    def promising(self, situation: Situation, wanted: int) -> bool:
        """Whether a free walk from an engine :class:`Situation` anywhere on the board
        can still win a star class in ``wanted`` (a bitmask of classes).

        Used to prune searches that walk step by step: a ``False`` is a proof.
        """
        found = self._promising.get(situation)
        if found is None:
            found = self._promising[situation] = self._reachable_classes(situation)
        return bool(found & wanted)

    def _reachable_classes(self, s: Situation) -> int:
        maker = self.maker
        code, layer = self._code_of(s, 0)
        healths = bitsets.from_ints([1 << s.health], words=maker.words)
        origin = np.array([maker.reach.cell_index(s.cell)])
        moves = maker.expand(np.array([code]), healths, origin, memo=True)
        found = 0
        for i in range(len(moves.parent)):
            event, q = int(moves.event[i]), int(moves.target[i])
            after = bitsets.to_int(moves.after[i])
            if after:
                child = self.find(layer + 1, int(moves.child[i]))
                found |= self.classes(StateRef(layer + 1, child, after.bit_length() - 1))
            elif event >= 0:
                kills, attack = int(moves.kills[i]), int(moves.attack[i])
                _, _, _, _, falls, strikes = maker.fights.rows[event]
                for strike, mask in enumerate((falls, strikes)):
                    outcome = self.game.fall(kills + strike, q, attack)
                    if mask >> s.health & 1 and outcome.won:
                        found |= 1 << outcome_class(self.game, outcome)
        return found

    @property
    def size(self) -> int:
        """Number of distinct states reached (node, Attack, Health)."""
        return sum(int(bitsets.popcount(layer.healths).sum()) for layer in self.layers)

    @property
    def nodes(self) -> int:
        """Number of distinct states reached, Attack and Health aside."""
        mask = self.maker.node_mask
        return sum(_distinct(layer.codes & mask) for layer in self.layers)

    def winnable_states(self) -> int:
        """Number of reached states from which some win can still follow."""
        # class by class: NumPy's reduce along an axis of four runs a loop of four per state
        return sum(int(bitsets.popcount(functools.reduce(np.bitwise_or, w.transpose(1, 0, 2)))
                       .sum()) for w in self.wins)  # fmt: skip


def _distinct(values: np.ndarray) -> int:
    """How many distinct values: by sorting (NumPy 2.4's hashing ``np.unique`` took 1.3 s on
    2 million random int64 values, sorting them 0.02 s).

    >>> _distinct(np.array([3, 1, 3, 2])), _distinct(np.array([], dtype=np.int64))
    (3, 0)
    """
    ordered = np.sort(values)
    return int(np.count_nonzero(ordered[1:] != ordered[:-1])) + (len(ordered) > 0)
