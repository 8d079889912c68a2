"""Exhaustive search from point of interest to point of interest, over packed integer states.

Between two events (a fight or a pickup) the hero only walks over empty fields,
and all such a walk changes is where the hero ends up and how many steps it took
(Attack loss, Loki and Chariot counters). So the hero always stands on the field
of the last event, and a move is "walk to point of interest ``q`` in ``d``
steps". Every walk between two grid fields has the parity of the shortest one,
and any longer walk of that parity exists once the hero can step back and forth
(:func:`walk_lengths`); lengths past the point where Attack and the counters
stop changing give the same state and are skipped. Longer walks are kept: one
that drops Attack can win where the shortest one loses.

States are ints. A *node* packs the bitmask of enemies and items left, the
position, the Mjolnir and shield charges and the Loki and Chariot counters; a
*state* adds Attack and Health. Health is never a loop variable: each node and
Attack keep the **set** of reachable Health values as the bits of one int, and a
fight maps the whole set at once (survivors lose the same damage, a right shift;
the rest fall). Fight results come from :func:`~workbench.games.valhalla.fight.fight`,
tabulated per (enemy, Attack, Loki, charges) over every Health.

The forward pass visits nodes layer by layer (each move uses up one point of
interest, so there are no cycles) and collects every outcome; the backward pass
computes, per state, which star classes (:func:`outcome_class`) can still be won.

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
>>> space = StateSpace(Game(level))
>>> space.classes(space.start) == 1 << 2  # not all-but-one, strong killer
True
>>> walk_lengths(3, bounce=True, limit=8)
[3, 5, 7]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import NamedTuple

from workbench.errors import RulesError
from workbench.games.valhalla.engine import Game, Outcome

__all__ = [
    "PRUNING_RULES",
    "FightTable",
    "StateSpace",
    "Unpacked",
    "outcome_class",
    "walk_lengths",
]

#: Names of the pruning rules (see the module docstring).
PRUNING_RULES: tuple[str, ...] = ("hopeless", "chariot", "biorn")


def walk_lengths(shortest: int, *, bounce: bool, limit: int) -> list[int]:
    """Lengths of walks between two fields ``shortest`` steps apart, up to ``limit``.

    Grids are bipartite, so every walk has the parity of the shortest; stepping
    back and forth once (``bounce``) adds any multiple of two.
    """
    if not bounce:
        return [shortest]
    return list(range(shortest, max(shortest, limit) + 1, 2))


def outcome_class(game: Game, outcome: Outcome) -> int:
    """Index 0..3 of a won outcome's star class: bit 0 all-but-one, bit 1 strong killer."""
    stars = game.stars(outcome, one_line=False)
    return ("all_but_one" in stars) + 2 * ("strong_killer" in stars)


class Unpacked(NamedTuple):
    """A packed state's fields (``left``: bitmask of enemies then items still there)."""

    pos: int
    mjolnir: int
    shield: int
    loki: int
    chariot: int
    attack: int
    health: int
    left: int


class FightTable(NamedTuple):
    """A fight against one enemy with one Attack/Loki/charges, for every Health at once.

    Bit ``h`` of a mask is Health ``h``. Survivors lose ``damage`` and keep
    ``mjolnir``/``shield`` charges; a fallen hero's game ends with the plain
    outcome (``falls``) or, if To Valhalla's final strike bests the enemy, with
    one kill more (``strikes``).
    """

    survives: int
    damage: int
    mjolnir: int
    shield: int
    falls: int
    strikes: int


_CLASSES = 4


class StateSpace:
    """The game as a layered graph of packed states between events.

    Points of interest 0..n-1 are the enemies, n..n+m-1 the items, n+m the start.
    """

    def __init__(self, game: Game, *, prune: bool | Collection[str] = True):
        self.game = game
        self.prune = set(PRUNING_RULES if prune is True else prune or ())
        unknown = self.prune - set(PRUNING_RULES)
        if unknown:
            raise RulesError(f"prune: unknown rule(s) {sorted(unknown)}; known: {PRUNING_RULES}")
        level, rules = game.level, game.rules
        self.n, self.m = len(level.enemies), len(level.items)
        self.cells = [e.at for e in level.enemies] + [i.at for i in level.items] + [level.start]
        self._width = width = level.width
        bit = {(r, c): 1 << (r * width + c) for r in range(level.height) for c in range(width)}
        self._walkable = sum(bit[c] for c in game.graph)
        self._not_first_col = sum(b for (r, c), b in bit.items() if c > 0)
        self._not_last_col = sum(b for (r, c), b in bit.items() if c < width - 1)
        self._pos_bits = [bit[c] for c in self.cells]
        self._poi_bits = self._pos_bits[:-1]
        self._poi_at_bit = {b: k for k, b in enumerate(self._poi_bits)}
        self._pos_of_cell = {c: k for k, c in enumerate(self.cells)}
        self._cell_bits = bit
        self._promising: dict[tuple, bool] = {}
        kinds = [i.kind for i in level.items]
        most = (lambda kind: kinds.count(kind)) if rules.charges_stack else (lambda kind: 1)
        turns = [sum(i.turns for i in level.items if i.kind == k)
                 for k in ("lokis_trickery", "thors_chariot")]  # fmt: skip
        self._left_bits = self.n + self.m
        widths = [
            len(self.cells).bit_length(),
            most("mjolnir").bit_length(),
            most("dwarven_shield").bit_length(),
            turns[0].bit_length(),
            turns[1].bit_length(),
            max(level.hero.attack, rules.attack_floor).bit_length(),
            (level.hero.health + 1).bit_length(),
        ]
        self._shifts, self._masks = [], []
        offset = self._left_bits
        for w in widths:
            self._shifts.append(offset)
            self._masks.append((1 << w) - 1)
            offset += w
        self._node_mask = (1 << self._shifts[5]) - 1
        self._potions = sum(1 << (self.n + k) for k, kind in enumerate(kinds)
                            if kind == "potion_of_vitality")  # fmt: skip
        biorn = level.hero.ability == "biorns_curse"
        drop = biorn and "biorn" in self.prune
        self._attack_blind = (drop and rules.biorn_initiative == "enemy_health"
                              and rules.strong_killer == "starting_attack")  # fmt: skip
        self._mjolnir_blind = drop and not rules.mjolnir_initiative
        self._max_damage = [e.attack * (1 if biorn else -(-e.health // rules.attack_floor))
                            for e in level.enemies]  # fmt: skip
        self._all_health = (1 << (level.hero.health + 1)) - 2
        self._reach: dict[int, tuple] = {}
        self._walks: dict[tuple, tuple] = {}
        self._tables: dict[tuple, FightTable] = {}
        self._cap: dict[int, int] = {}
        self._moves: dict[tuple[int, int], list[tuple]] = {}
        self._events: dict[tuple, tuple] = {}
        self._blocked: dict[int, int] = {}
        self._classes: dict[Outcome, int] = {}
        self.outcomes: set[Outcome] = set()
        #: States expanded, and the moves they had in total (mean branching).
        self.expanded = self.branches = 0
        start = game.start()
        self.start_node = self._node(len(self.cells) - 1, 0, 0, 0, 0, (1 << self._left_bits) - 1)
        self.start_attack = self._canonical_attack(start.attack)
        self.start = self.state(self.start_node, self.start_attack, start.health)
        self.layers: list[dict[int, dict[int, int]]] = []
        self.wins: dict[tuple[int, int], tuple[int, ...]] = {}
        self._explore()

    # --- packing -------------------------------------------------------------------

    def _canonical_attack(self, attack: int) -> int:
        return self.game.rules.attack_floor if self._attack_blind else attack

    def _node(self, pos, mjolnir, shield, loki, chariot, left, attack=None) -> int:
        if self._attack_blind or (
            "chariot" in self.prune
            and attack == self.game.rules.attack_floor
            and not left & self._potions
        ):
            chariot = 0
        if self._mjolnir_blind:
            mjolnir = 0
        s = self._shifts
        return (left | pos << s[0] | mjolnir << s[1] | shield << s[2] | loki << s[3]
                | chariot << s[4])  # fmt: skip

    def state(self, node: int, attack: int, health: int) -> int:
        """The packed state of a node with this Attack and Health."""
        return node | attack << self._shifts[5] | health << self._shifts[6]

    def unpack(self, state: int) -> Unpacked:
        """The fields of a packed state (or node: Attack and Health then read 0)."""
        fields = [state >> s & m for s, m in zip(self._shifts, self._masks, strict=True)]
        return Unpacked(*fields, state & ((1 << self._left_bits) - 1))

    # --- moves -----------------------------------------------------------------------

    def reachable(self, pos: int, left: int) -> tuple[tuple[int, int, bool], ...]:
        """Points of interest still there that the hero at ``pos`` can walk to over
        empty fields: ``(target, shortest steps, can lengthen the walk)``."""
        return self._reachable_from(self._pos_bits[pos], left)

    def _reachable_from(self, origin: int, left: int) -> tuple[tuple[int, int, bool], ...]:
        """:meth:`reachable` from the field of bit ``origin``: a breadth-first flood
        fill on the bits of one int (bit ``r * width + c``)."""
        key = left | origin << self._left_bits
        found = self._reach.get(key)
        if found is not None:
            return found
        blocked = self._blocked.get(left)
        if blocked is None:
            blocked = sum(bit for p, bit in enumerate(self._poi_bits) if left >> p & 1)
            self._blocked[left] = blocked
        walkable, spread = self._walkable, self._spread
        seen = frontier = origin
        hits, depth = [], 0
        while frontier:
            depth += 1
            frontier = spread(frontier) & walkable & ~seen
            seen |= frontier
            hit = frontier & blocked
            frontier &= ~blocked
            while hit:
                low = hit & -hit
                hits.append((self._poi_at_bit[low], depth))
                hit ^= low
        free = bool(spread(origin) & walkable & ~blocked)
        found = tuple((p, d, d >= 2 or free) for p, d in hits)
        self._reach[key] = found
        return found

    def _spread(self, bits: int) -> int:
        """Cells one orthogonal step from any cell in ``bits`` (walls not removed)."""
        w = self._width
        return ((bits << 1) & self._not_first_col | (bits >> 1) & self._not_last_col
                | bits << w | bits >> w)  # fmt: skip

    def walks(self, shortest: int, bounce: bool, attack: int, loki: int, chariot: int) -> tuple:
        """Distinct effects of the walks to a target: ``(steps, Attack at the event,
        Loki active, loss after the event, Loki after, Chariot after)``."""
        key = (shortest, bounce, attack, loki, chariot)
        found = self._walks.get(key)
        if found is not None:
            return found
        rules = self.game.rules
        floor, after = rules.attack_floor, rules.attack_loss == "after_content"
        by_steps = rules.loki_counts == "steps"
        limit = shortest + 2 * (attack + chariot + loki + 2)
        effects, previous = [], None
        for d in walk_lengths(shortest, bounce=bounce, limit=limit):
            losses = max(0, d - chariot)
            late = after and d > chariot
            effect = (
                max(floor, attack - losses + late),
                loki >= d if by_steps else loki > 0,
                late,
                max(0, loki - d) if by_steps else loki,
                max(0, chariot - d),
            )
            if effect == previous:
                break
            effects.append((d, *effect))
            previous = effect
        found = tuple(effects)
        self._walks[key] = found
        return found

    def fight_table(self, enemy: int, attack: int, loki: bool, mjolnir: int, shield: int):
        """The :class:`FightTable` of a fight, built from :meth:`Game.fight` per Health."""
        key = (enemy, attack, loki, mjolnir, shield)
        table = self._tables.get(key)
        if table is not None:
            return table
        game = self.game
        survives = falls = strikes = damage = 0
        after = (mjolnir, shield)
        for h in range(1, game.level.hero.health + 1):
            result = game.fight(enemy, h, attack, loki=loki, mjolnir=mjolnir, shield=shield)
            if result.hero_won:
                survives |= 1 << h
                damage, after = h - result.health, (result.mjolnir, result.shield)
                continue
            for strike in game.final_strike_choices(result):
                if strike:
                    strikes |= 1 << h
                else:
                    falls |= 1 << h
        table = FightTable(survives, damage, *after, falls, strikes)
        self._tables[key] = table
        return table

    def _alive_cap(self, left: int) -> int:
        """Healths from which the hero can still fall against the enemies left."""
        enemies = left & ((1 << self.n) - 1)
        cap = self._cap.get(enemies)
        if cap is None:
            most = sum(d for k, d in enumerate(self._max_damage) if enemies >> k & 1)
            cap = (1 << (min(most, self.game.level.hero.health) + 1)) - 1
            self._cap[enemies] = cap
        return cap

    def moves(self, node: int, attack: int) -> list[tuple]:
        """Every move of a node with this Attack: ``(target, steps, Attack at the
        event, child node, child Attack, table, ends)``; ``table`` is the
        :class:`FightTable` of a fight (None for a pickup) and ``ends`` lists
        ``(Healths, outcome, final strike used)`` for the hero falling."""
        key = (node, attack)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = list(self._make_moves(node, attack))
        return found

    def _make_moves(self, node: int, attack: int) -> Iterator[tuple]:
        pos, mjolnir, shield, loki, chariot, _, _, left = self.unpack(node)
        return self._moves_from(self._pos_bits[pos], mjolnir, shield, loki, chariot, left, attack)

    def _moves_from(self, origin, mjolnir, shield, loki, chariot, left, attack) -> Iterator[tuple]:
        game, n, rules = self.game, self.n, self.game.rules
        by_fights = rules.loki_counts == "fights"
        floor = rules.attack_floor
        canonical, node = self._canonical_attack, self._node
        kills = n - (left & ((1 << n) - 1)).bit_count()
        for q, shortest, bounce in self._reachable_from(origin, left):
            rest = left & ~(1 << q)
            for d, a, active, late, lo, ch in self.walks(shortest, bounce, attack, loki, chariot):
                if q >= n:
                    a2, mj, sh, lo2, ch2 = game.picked_up(q - n, a, mjolnir, shield, lo, ch)
                    a2 = canonical(max(floor, a2 - late))
                    yield q, d, a, node(q, mj, sh, lo2, ch2, rest, a2), a2, None, ()
                    continue
                if by_fights:
                    active, lo = lo > 0, max(0, lo - 1)
                table, ends = self._event(q, a, active, mjolnir, shield, kills)
                a2 = canonical(max(floor, a - late))
                yield (
                    q,
                    d,
                    a,
                    node(q, table.mjolnir, table.shield, lo, ch, rest, a2),
                    a2,
                    table,
                    ends,
                )

    def _event(self, enemy, attack, loki, mjolnir, shield, kills) -> tuple[FightTable, tuple]:
        """The fight table and the ways the hero can fall there (memoised)."""
        key = (enemy, attack, loki, mjolnir, shield, kills)
        found = self._events.get(key)
        if found is None:
            table = self.fight_table(enemy, attack, loki, mjolnir, shield)
            ends = []
            if table.falls:
                ends.append((table.falls, self.game.fall(kills, enemy, attack), False))
            if table.strikes:
                ends.append((table.strikes, self.game.fall(kills + 1, enemy, attack), True))
            found = self._events[key] = (table, tuple(ends))
        return found

    # --- the two passes ---------------------------------------------------------------

    def _explore(self) -> None:
        layers: list[dict[int, dict[int, int]]] = [{} for _ in range(self._left_bits + 1)]
        layers[0][self.start_node] = {self.start_attack: 1 << self.game.level.hero.health}
        enemy_bits = (1 << self.n) - 1
        cleared = self.game.cleared()
        for k in range(self._left_bits):
            for node, rows in layers[k].items():
                cap = self._alive_cap(node) if "hopeless" in self.prune else -1
                for attack, healths in rows.items():
                    healths &= cap
                    if not healths:
                        continue
                    moves = self.moves(node, attack)
                    self.expanded += healths.bit_count()
                    self.branches += healths.bit_count() * len(moves)
                    for _, _, _, child, a2, table, ends in moves:
                        if table is None:
                            after = healths
                        else:
                            for mask, outcome, _ in ends:
                                if healths & mask:
                                    self.outcomes.add(outcome)
                            after = (healths & table.survives) >> table.damage
                            if after and not child & enemy_bits:
                                self.outcomes.add(cleared)
                                continue
                        if after:
                            row = layers[k + 1].setdefault(child, {})
                            row[a2] = row.get(a2, 0) | after
        self.layers = layers
        self._backward()

    def _class_of(self, outcome: Outcome) -> int:
        found = self._classes.get(outcome)
        if found is None:
            found = self._classes[outcome] = outcome_class(self.game, outcome)
        return found

    def _backward(self) -> None:
        wins = self.wins
        enemy_bits = (1 << self.n) - 1
        nothing = (0,) * _CLASSES
        for layer in reversed(self.layers):
            for node, rows in layer.items():
                cap = self._alive_cap(node) if "hopeless" in self.prune else -1
                for attack, healths in rows.items():
                    healths &= cap
                    found = [0] * _CLASSES
                    if healths:
                        for _, _, _, child, a2, table, ends in self.moves(node, attack):
                            if table is None:
                                below = wins.get((child, a2), nothing)
                                for c in range(_CLASSES):
                                    found[c] |= below[c]
                                continue
                            for mask, outcome, _ in ends:
                                if outcome.won:
                                    found[self._class_of(outcome)] |= mask
                            if child & enemy_bits:
                                below = wins.get((child, a2), nothing)
                                for c in range(_CLASSES):
                                    found[c] |= (below[c] << table.damage) & table.survives
                    wins[node, attack] = tuple(f & healths for f in found)

    # --- questions ----------------------------------------------------------------------

    def classes(self, state: int) -> int:
        """Bitmask of the star classes still winnable from a reachable ``state``."""
        node, attack = state & self._node_mask, state >> self._shifts[5] & self._masks[5]
        health = state >> self._shifts[6]
        found = self.wins.get((node, attack))
        if found is None:
            return 0
        return sum(1 << c for c in range(_CLASSES) if found[c] >> health & 1)

    def successors(self, state: int) -> Iterator[tuple[int, int, int | None, tuple]]:
        """Moves from one state: ``(target, steps, next state or None, ends)`` where
        ``ends`` lists ``(outcome, final strike used)`` when the game ended."""
        node = state & self._node_mask
        attack = state >> self._shifts[5] & self._masks[5]
        health = state >> self._shifts[6]
        if "hopeless" in self.prune and not self._alive_cap(node) >> health & 1:
            return
        bit = 1 << health
        for q, d, _, child, a2, table, ends in self.moves(node, attack):
            if table is None:
                yield q, d, self.state(child, a2, health), ()
            elif table.survives & bit:
                if child & ((1 << self.n) - 1):
                    yield q, d, self.state(child, a2, health - table.damage), ()
                else:
                    yield q, d, None, ((self.game.cleared(), False),)
            else:
                yield q, d, None, tuple((o, strike) for mask, o, strike in ends if mask & bit)

    def state_of(self, situation) -> int:
        """The packed state of an engine :class:`Situation` standing on a point of
        interest just used (or the start)."""
        s = situation
        pos = self._pos_of_cell[s.cell]
        left = s.enemies | s.items << self.n
        attack = self._canonical_attack(s.attack)
        node = self._node(pos, s.mjolnir, s.shield, s.loki, s.chariot, left, attack)
        return self.state(node, attack, s.health)

    def promising(self, situation, wanted: int) -> bool:
        """Whether a free walk from an engine :class:`Situation` anywhere on the board
        can still win a star class in ``wanted`` (a bitmask of classes).

        Used to prune searches that walk step by step: a ``False`` is a proof.
        """
        s = situation
        key = (s, wanted)
        found = self._promising.get(key)
        if found is not None:
            return found
        bit, found = 1 << s.health, False
        left = s.enemies | s.items << self.n
        origin = self._cell_bits[s.cell]
        attack = self._canonical_attack(s.attack)
        for _, _, _, child, a2, table, ends in self._moves_from(
            origin, s.mjolnir, s.shield, s.loki, s.chariot, left, attack
        ):
            if table is None:
                health = s.health
            elif table.survives & bit:
                health = s.health - table.damage
            else:
                found = any(mask & bit and o.won and wanted >> self._class_of(o) & 1
                            for mask, o, _ in ends)  # fmt: skip
                if found:
                    break
                continue
            if self.classes(self.state(child, a2, health)) & wanted:
                found = True
                break
        self._promising[key] = found
        return found

    @property
    def size(self) -> int:
        """Number of distinct states reached (node, Attack, Health)."""
        return sum(h.bit_count() for layer in self.layers for rows in layer.values()
                   for h in rows.values())  # fmt: skip

    def winnable_states(self) -> int:
        """Number of reached states from which some win can still follow."""
        return sum((f[0] | f[1] | f[2] | f[3]).bit_count() for f in self.wins.values())
