"""The moves of many packed states at once, from tables computed once per distinct case.

A state is the hero standing on the field of the last event (or the start): a
*code* (``int64``, :attr:`MoveMaker.fields`) packs what is left on the board
(bit ``k`` for enemy ``k``, then the items), the position (a point of interest),
the Mjolnir and shield charges, the Loki and Chariot counters and Attack; the
reachable Health values ride along as a bitset row
(:mod:`~workbench.games.valhalla.bitsets`). A move walks over empty fields to a
point of interest and resolves it (:meth:`MoveMaker.expand`).

Every rule goes through a small :class:`LookupTable` built from the step-by-step
engine (:class:`~workbench.games.valhalla.engine.ValhallaCalling`) for the distinct cases
that occur: the effect of a walk of ``d`` steps, a pickup, a fight against every
Health at once (who survives, the damage, the charges left, who falls with or
without To Valhalla's final strike), and the star class of a fall. The arrays
only look those up.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> maker = MoveMaker(ValhallaCalling(level), prune=())
>>> code, healths = maker.start()
>>> moves = maker.expand(np.array([code]), healths, maker.origins(np.array([code])))
>>> moves.target.tolist(), moves.steps.tolist(), moves.attack.tolist()  # 4 steps: no change
([0], [2], [1])
>>> bitsets.to_int(maker.fights.column("falls", words=1)[moves.event[0]]) == 0b111110
True
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import NamedTuple

import numpy as np

from workbench.errors import SearchLimitError
from workbench.games.valhalla import bitsets, kernels
from workbench.games.valhalla.bitsets import Fields
from workbench.games.valhalla.engine import Outcome, ValhallaCalling
from workbench.games.valhalla.kernels import CLASSES, canonical_codes, expand_states
from workbench.games.valhalla.lookup import LookupTable
from workbench.games.valhalla.reach import Reach

__all__ = ["CLASSES", "PASSING", "MoveMaker", "Moves", "outcome_class", "walk_lengths"]


def walk_lengths(shortest: int, *, bounce: bool, limit: int) -> list[int]:
    """Lengths of walks between two fields ``shortest`` steps apart, up to ``limit``.

    Grids are bipartite, so every walk has the parity of the shortest; stepping
    back and forth once (``bounce``) adds any multiple of two.

    >>> walk_lengths(3, bounce=True, limit=8)
    [3, 5, 7]
    """
    if not bounce:
        return [shortest]
    return list(range(shortest, max(shortest, limit) + 1, 2))


def outcome_class(game: ValhallaCalling, outcome: Outcome) -> int:
    """Index 0..3 of a won outcome's star class: bit 0 all-but-one, bit 1 strong killer."""
    stars = game.stars(outcome, one_line=False)
    return ("all_but_one" in stars) + 2 * ("strong_killer" in stars)


class Moves(NamedTuple):
    """Moves of a batch of states, one entry each: the state (``parent``), the point
    of interest walked to (``target``), the walk's ``steps``, Attack at the event,
    the fight (row of :attr:`MoveMaker.fights`, -1 for a pickup), enemies bested
    before it (``kills``), the next state's code (``child``), the Healths that
    get there (``after``, a bitset row; empty if none survive) and whether
    Tricksters Cunning is used in the fight (``cunning``; under
    ``Rules.trickster_cunning="choice"`` every fight is two moves, 0 and 1)."""

    parent: np.ndarray
    target: np.ndarray
    steps: np.ndarray
    attack: np.ndarray
    event: np.ndarray
    kills: np.ndarray
    child: np.ndarray
    after: np.ndarray
    cunning: np.ndarray


_WALK = ("attack", "loki_active", "late_loss", "loki", "chariot")
#: The integer results of a fight that :func:`~.kernels.expand_states` reads, in its order.
_FIGHT_INTS = ("damage", "mjolnir", "shield")
#: The fields of a state code, in the order of :data:`~.kernels.LEFT` ...
_FIELDS = ("left", "pos", "mjolnir", "shield", "loki", "chariot", "attack")


#: The type of each column of :class:`Moves`, as small as the values allow (a state code
#: has a bit per point of interest, so there are fewer than 63 of them and of enemies;
#: a level's Attack and walks that do not fit 16 bits are refused by :class:`MoveMaker`),
#: but ``parent`` as NumPy's index type, which ``np.bincount`` reads without a copy.
_MOVE_TYPES = Moves(np.intp, np.int8, np.int16, np.int16, np.int32, np.int8, np.int64,
                    np.uint64, np.int8)  # fmt: skip


#: The columns of :class:`Moves` that the search reads before it asks for the next layer's
#: moves (it keeps the others): :meth:`MoveMaker.expand` writes them into arrays it keeps.
PASSING = ("parent", "child", "after")


def _empty_moves(room: int, words: int, held: dict[str, np.ndarray]) -> Moves:
    """Move arrays with room for ``room`` moves; those of :data:`PASSING` are the first
    rows of the arrays ``held`` (by name), which are made or grown to fit first.

    >>> held = {}
    >>> moves = _empty_moves(8, 1, held)
    >>> sorted(held), moves.child.base is held["child"], len(_empty_moves(4, 1, held).child)
    (['after', 'child', 'parent'], True, 4)
    """
    columns = []
    for name, kind in zip(Moves._fields, _MOVE_TYPES, strict=True):
        shape = (room, words) if name == "after" else (room,)
        if name not in PASSING:
            columns.append(np.empty(shape, dtype=kind))
            continue
        if name not in held or len(held[name]) < room:  # room to grow: pages are taken as
            held[name] = np.empty((4 * room, *shape[1:]), dtype=kind)  # they are written
        columns.append(held[name][:room])
    return Moves(*columns)


def _unique_of_runs(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(values, return_inverse=True)`` (the distinct values sorted, and where
    each value is among them) by a stable sort, which merges runs of sorted values: the
    boards and fields of a layer's sorted states come in a run per charges, counters and
    Attack (seed 38's biggest layer: 2 ms instead of 14 ms for the sort).

    >>> [a.tolist() for a in _unique_of_runs(np.array([2, 5, 9, 1, 5, 7]))]
    [[1, 2, 5, 7, 9], [1, 2, 4, 0, 2, 3]]
    """
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    first = np.ones(len(values), dtype=np.bool_)
    first[1:] = ordered[1:] != ordered[:-1]
    where = np.empty(len(values), dtype=np.int64)
    where[order] = np.cumsum(first) - 1
    return ordered[first], where


def _bits(value: int) -> int:
    return max(1, int(value).bit_length())


class MoveMaker:
    """Packing, tables and move generation for one game.

    Points of interest 0..n-1 are the enemies, n..n+m-1 the items, n+m the start.
    ``prune`` names the canonicalising pruning rules in force (``"chariot"``,
    ``"biorn"``; see :mod:`~workbench.games.valhalla.search`).
    """

    def __init__(self, game: ValhallaCalling, *, prune: Collection[str]):
        self.game = game
        level, rules = game.level, game.rules
        self.n, self.m = n, m = len(level.enemies), len(level.items)
        self.cells = [e.at for e in level.enemies] + [i.at for i in level.items] + [level.start]
        self.reach = Reach(level, self.cells[:-1])
        self.words = bitsets.words_for(level.hero.health + 1)
        kinds = [i.kind for i in level.items]
        most = (lambda kind: kinds.count(kind)) if rules.charges_stack else (lambda kind: 1)
        loki, chariot = (
            sum(i.turns for i in level.items if i.kind == kind)
            for kind in ("lokis_trickery", "thors_chariot")
        )
        attack = max(level.hero.attack, rules.attack_floor)
        self.layout = Fields(
            left=n + m,
            pos=_bits(n + m),
            mjolnir=_bits(most("mjolnir")),
            shield=_bits(most("dwarven_shield")),
            loki=_bits(loki),
            chariot=_bits(chariot),
            attack=_bits(attack),
        )
        self.node_mask = self.layout.mask("left", "pos", "mjolnir", "shield", "loki", "chariot")
        self.enemy_mask = (1 << n) - 1
        self._potions = sum(
            1 << (n + k) for k, kind in enumerate(kinds) if kind == "potion_of_vitality"
        )
        self._origin = np.array([self.reach.cell_index(c) for c in self.cells], dtype=np.int64)
        biorn = "biorn" in prune and level.hero.ability == "biorns_curse"
        self.attack_blind = (
            biorn
            and rules.biorn_initiative == "enemy_health"
            and rules.strong_killer == "starting_attack"
        )
        self._mjolnir_blind = biorn and not rules.mjolnir_initiative
        self._drop_chariot = "chariot" in prune
        self._longest = longest = level.width * level.height + 2 * (attack + loki + chariot + 2)
        if max(self.layout.masks["attack"], longest) > np.iinfo(np.int16).max:
            raise SearchLimitError(
                f"{level.name}: Attack up to {attack} and walks of up to {longest} steps; "
                f"the moves hold {np.iinfo(np.int16).max} at most"
            )
        sizes = {"attack": _bits(attack), "loki": _bits(loki), "chariot": _bits(chariot)}
        self.walk_count = LookupTable(
            self._walk_count, outputs=("count",), shortest=_bits(longest), bounce=1, **sizes
        )
        self.walk_effect = LookupTable(
            self._walk_effect, outputs=_WALK, steps=_bits(longest), **sizes
        )
        charges = {"mjolnir": _bits(most("mjolnir")), "shield": _bits(most("dwarven_shield"))}
        self.pickups = LookupTable(
            game.picked_up,
            outputs=("attack", "mjolnir", "shield", "loki", "chariot"),
            item=_bits(m),
            attack=sizes["attack"],
            **charges,
            loki=sizes["loki"],
            chariot=sizes["chariot"],
        )
        #: Fights per (enemy, Attack, Loki active, mjolnir, shield): the Healths that
        #: survive, the damage they take, the charges left, the Healths that fall
        #: without and with To Valhalla's final strike (bitsets).
        self.fights = LookupTable(
            self._fight,
            outputs=("survives", "damage", "mjolnir", "shield", "falls", "strikes"),
            enemy=_bits(n),
            attack=sizes["attack"],
            loki=1,
            **charges,
            cunning=1,
        )
        cunning_choice = len(game.cunning_choices()) > 1
        #: Star class (-1: lost) of falling against ``enemy`` after ``kills`` kills.
        self.fall_class = LookupTable(
            self._fall_class,
            outputs=("star_class",),
            kills=_bits(n + 1),
            enemy=_bits(n),
            attack=sizes["attack"],
        )

        self._layout = np.array(
            [[self.layout.shifts[f], self.layout.masks[f]] for f in _FIELDS], dtype=np.int64
        )
        self._flags = sum(
            flag
            for flag, on in (
                (kernels.CUNNING_CHOICE, cunning_choice),
                (kernels.LOKI_BY_FIGHTS, rules.loki_counts == "fights"),
                (kernels.ATTACK_BLIND, self.attack_blind),
                (kernels.DROP_CHARIOT, self._drop_chariot),
                (kernels.MJOLNIR_BLIND, self._mjolnir_blind),
            )
            if on
        )
        self._moves_per_state = 2.0 * (n + m)  # a first guess, then the last batch's
        #: The arrays of the columns of :data:`PASSING`, kept from call to call.
        self._held: dict[str, np.ndarray] = {}
        #: The ends the moves made so far reach: whether the hero falls ``[kills, enemy,
        #: Attack]`` (indexed as :attr:`fall_classes`).
        self.fallen = np.zeros(self.fall_classes.shape, dtype=np.bool_)
        #: The Healths of each state expanded so far times its moves, in total (in
        #: ``tally[0]``; the moves :meth:`expand` leaves out counted too).
        self.tally = np.zeros(1, dtype=np.int64)

    # --- the rules, per distinct case ---------------------------------------------------

    def _walk_effect(self, steps: int, attack: int, loki: int, chariot: int) -> tuple:
        """A walk of ``steps`` steps to an event: ``(Attack at the event, Loki active,
        a loss still due after the event, Loki after, Chariot after)``."""
        rules = self.game.rules
        late = rules.attack_loss == "after_content" and steps > chariot
        by_steps = rules.loki_counts == "steps"
        return (
            max(rules.attack_floor, attack - max(0, steps - chariot) + late),
            loki >= steps if by_steps else loki > 0,
            late,
            max(0, loki - steps) if by_steps else loki,
            max(0, chariot - steps),
        )

    def _walk_count(self, shortest: int, bounce: int, attack: int, loki: int, chariot: int):
        """How many walk lengths (:func:`walk_lengths`) have distinct effects: past the
        point where Attack and the counters stop changing, longer walks change nothing."""
        count, previous = 0, None
        for steps in walk_lengths(shortest, bounce=bool(bounce), limit=self._longest):
            effect = self._walk_effect(steps, attack, loki, chariot)
            if effect == previous:
                break
            count, previous = count + 1, effect
        return (count,)

    def _fight(
        self, enemy: int, attack: int, loki: int, mjolnir: int, shield: int, cunning: int
    ) -> tuple:
        game = self.game
        survives = falls = strikes = damage = 0
        after = (mjolnir, shield)
        for h in range(1, game.level.hero.health + 1):
            result = game.fight(enemy, h, attack, loki=bool(loki), mjolnir=mjolnir, shield=shield,
                                cunning=bool(cunning))  # fmt: skip
            if result.hero_won:
                survives |= 1 << h
                damage, after = h - result.health, (result.mjolnir, result.shield)
                continue
            for strike in game.final_strike_choices(result):
                if strike:
                    strikes |= 1 << h
                else:
                    falls |= 1 << h
        return survives, damage, *after, falls, strikes

    def _fall_class(self, kills: int, enemy: int, attack: int) -> tuple[int]:
        outcome = self.game.fall(kills, enemy, attack)
        return (outcome_class(self.game, outcome) if outcome.won else -1,)

    @functools.cached_property
    def fall_classes(self) -> np.ndarray:
        """:attr:`fall_class` of every case, as an array indexed ``[kills, enemy, attack]``
        (kills up to every enemy, Attack up to what its field holds)."""
        shape = (self.n + 1, self.n, self.layout.masks["attack"] + 1)
        kills, enemy, attack = (a.ravel() for a in np.indices(shape))
        (star,) = self.fall_class(kills=kills, enemy=enemy, attack=attack)
        return star.reshape(shape)

    # --- packing --------------------------------------------------------------------------

    def code(self, *, pos, mjolnir, shield, loki, chariot, left, attack):
        """The canonical code of a state (ints or arrays): what the pruning rules in
        force make irrelevant is zeroed (:func:`~.kernels.canonical`)."""
        values = (left, pos, mjolnir, shield, loki, chariot, attack)
        fields = np.broadcast_arrays(*(np.asarray(v, dtype=np.int64) for v in values))
        out = np.empty(fields[0].shape, dtype=np.int64)
        canonical_codes(*(np.ascontiguousarray(f).reshape(-1) for f in fields), self._layout,
                        self.game.rules.attack_floor, self._potions, self._flags,
                        out.reshape(-1))  # fmt: skip
        return out if out.ndim else int(out)

    def start(self) -> tuple[int, np.ndarray]:
        """The start's code and Health bitset (one row)."""
        s = self.game.start()
        code = int(
            self.code(
                pos=self.n + self.m,
                mjolnir=0,
                shield=0,
                loki=0,
                chariot=0,
                left=(1 << (self.n + self.m)) - 1,
                attack=s.attack,
            )
        )
        return code, bitsets.from_ints([1 << s.health], words=self.words)

    def origins(self, codes: np.ndarray) -> np.ndarray:
        """The grid field (:meth:`Reach.cell_index`) each state stands on."""
        return self._origin[self.layout.get(codes, "pos")]

    # --- moves ------------------------------------------------------------------------------

    @functools.cached_property
    def _memos(self) -> tuple[np.ndarray, ...]:
        """The memos :func:`~.kernels.expand_states` keeps across calls (for walks of up to
        :attr:`_longest` steps), none valid yet: the last stamp given and its charges,
        counters and Attack (none), the stamps and counts of walk lengths, and the stamps
        and records of walks to each point of interest. The tables only grow, so what a
        walk does to a state stays what they say."""
        span, walks = self._longest + 1, 2 * (self._longest + 1) * (self.n + self.m)
        return (np.array([0, -1], dtype=np.int64), np.zeros(2 * span, dtype=np.int64),
                np.empty(2 * span, dtype=np.int64), np.zeros(walks, dtype=np.int64),
                np.empty((walks, kernels.RECORD), dtype=np.int64))  # fmt: skip

    def expand(
        self, codes: np.ndarray, healths: np.ndarray, origins: np.ndarray, *, memo: bool = False
    ) -> Moves:
        """Every move of every state (``codes[i]`` with Healths ``healths[i]``, standing
        on grid field ``origins[i]``) that can matter, grouped by state in order
        (:func:`~.kernels.expand_states`, the tables filled as it meets new cases): a fight
        where every Health falls and no fall wins a star class from any Health is left out,
        and only marks the end it reaches (:attr:`fallen`). On the hardest level of the
        benchmark's ladder, 30% of the moves.

        ``memo`` keeps the walks from every field of each board met
        (:meth:`Reach.everywhere`): for many calls on a few states each.

        The columns of :data:`PASSING` lie in arrays kept for the next call, which writes
        over them (until :meth:`let_go`): fresh memory costs the system time of clearing
        it, and the search's layers wrote hundreds of megabytes of them (the hardest level
        of the benchmark's ladder: 190,000 page faults in its search, now 140,000, and 0.39
        s of system time, now 0.30 s).
        """
        left = self.layout.get(codes, "left")
        unique, place = _unique_of_runs(left | origins << (self.n + self.m))
        boards, fields = unique & ((1 << (self.n + self.m)) - 1), unique >> (self.n + self.m)
        if memo:
            found = [self.reach.everywhere(board) for board in boards.tolist()]
            near = np.stack([d[f] for (d, _), f in zip(found, fields, strict=True)])
            free = np.array([ok[f] for (_, ok), f in zip(found, fields, strict=True)])
        else:
            near, free = self.reach.distances(boards, fields)
        return self._moves(
            np.ascontiguousarray(codes, dtype=np.int64),
            np.ascontiguousarray(healths, dtype=np.uint64),
            place,
            np.ascontiguousarray(near, dtype=np.int16).reshape(len(unique), len(self.cells) - 1),
            np.ascontiguousarray(free, dtype=np.bool_).reshape(-1),
        )

    def let_go(self) -> None:
        """Let go of the arrays :meth:`expand` keeps from call to call."""
        self._held.clear()

    def _moves(self, codes, healths, place, near, free) -> Moves:
        tables = (self.walk_count, self.walk_effect, self.pickups, fights := self.fights)
        room = max(64, int(len(codes) * self._moves_per_state))
        out = _empty_moves(room, self.words, self._held)
        misses, missed = np.empty((len(tables), 4096), dtype=np.int64), np.zeros(4, np.int64)
        start = written = 0
        while start < len(codes):
            missed[:] = 0
            count, start, full = expand_states(
                start, codes, healths, place, near, free, self._layout, self.n,
                self.game.rules.attack_floor, self._potions, self._flags,
                *self.walk_count.index, self.walk_count.shifts, self.walk_count.column("count"),
                *self.walk_effect.index, self.walk_effect.shifts, self.walk_effect.columns(),
                *self.pickups.index, self.pickups.shifts, self.pickups.columns(),
                *fights.index, fights.shifts,
                np.stack([fights.column(c) for c in _FIGHT_INTS]).reshape(3, -1),
                *(fights.column(c, words=self.words) for c in ("survives", "falls", "strikes")),
                self.fall_classes, *(column[written:] for column in out), misses, missed,
                *self._memos, self.fallen, self.tally,
            )  # fmt: skip
            written += count
            if full:
                grown = _empty_moves(2 * len(out.parent), self.words, self._held)
                for old, new in zip(out, grown, strict=True):
                    new[:written] = old[:written]
                out = grown
            for table, keys, many in zip(tables, misses, missed, strict=True):
                table.add(keys[:many])
        self._moves_per_state = max(1.0, written / len(codes)) if len(codes) else 1.0
        return Moves(*(column[:written] for column in out))
