"""The game, one step at a time: the reference semantics every search is checked against.

A :class:`Situation` is the hero mid-game; :meth:`ValhallaCalling.step` moves one field and
resolves what is there (attack loss, counters, fight or pickup), returning the
next situation or the :class:`Outcome` if the game ended. Plays are drawn as
*lines* (walks from the hero's cell); :meth:`ValhallaCalling.replay` checks lines against
the line rule and plays them.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> game = ValhallaCalling(level)
>>> s = game.step(game.start(), (0, 1))
>>> s.attack
2
>>> game.step(s, (0, 2))
Outcome(won=True, kills=1, killer=0, strong=True)
>>> game.stars(game.replay([[(0, 0), (0, 1), (0, 2)]]), one_line=True)
('one_line', 'strong_killer')
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from workbench.errors import IllegalMoveError
from workbench.games.valhalla.fight import FightResult, fight, hero_strikes_first
from workbench.games.valhalla.level import Level, level_graph
from workbench.games.valhalla.rules import STAR_NAMES, Rules
from workbench.grids.square import Cell

__all__ = ["Outcome", "Situation", "ValhallaCalling"]

_UNBEATABLE = 10**9


class Situation(NamedTuple):
    """The hero mid-game. ``enemies`` and ``items`` are bitmasks of what is still on
    the board (bit k: enemy/item k of the level)."""

    cell: Cell
    health: int
    attack: int
    enemies: int
    items: int
    mjolnir: int = 0
    shield: int = 0
    loki: int = 0
    chariot: int = 0


class Outcome(NamedTuple):
    """How a game ended: ``killer`` is the enemy (index) the hero fell against, or
    None if the hero bested every enemy and survived; ``strong`` tells whether that
    enemy earns the strong-killer star."""

    won: bool
    kills: int
    killer: int | None
    strong: bool


class ValhallaCalling:
    """Valhalla Calling on one level under some rules: the start, the moves and their effects."""

    def __init__(self, level: Level, rules: Rules | None = None):
        self.level = level
        self.rules = rules or Rules()
        self.graph = level_graph(level)
        self.n = len(level.enemies)
        self.enemy_at = {e.at: k for k, e in enumerate(level.enemies)}
        self.item_at = {i.at: k for k, i in enumerate(level.items)}
        self.ability = level.hero.ability
        self._neighbours = {cell: tuple(sorted(self.graph[cell])) for cell in self.graph}
        self._fights: dict[tuple, FightResult] = {}
        self._falls: dict[tuple, Outcome] = {}

    # --- pieces shared with the searches -------------------------------------------

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Walkable cells one orthogonal step from ``cell``."""
        return self._neighbours[cell]

    @property
    def start_attack(self) -> int:
        """Attack at the start, which a Potion of Vitality restores: the level's, raised
        to the floor (Attack is never below it, ``Rules.attack_floor``)."""
        return max(self.level.hero.attack, self.rules.attack_floor)

    def start(self) -> Situation:
        """The situation before the first step."""
        hero = self.level.hero
        everything = (1 << self.n) - 1
        return Situation(self.level.start, hero.health, self.start_attack, everything,
                         (1 << len(self.level.items)) - 1)  # fmt: skip

    def hero_first(
        self, enemy: int, attack: int, *, loki: bool, mjolnir: int, cunning: bool = True
    ) -> bool:
        """Whether the hero strikes first against enemy ``enemy`` (``cunning``: Tricksters
        Cunning is used in this fight, see :meth:`cunning_choices`)."""
        foe = self.level.enemies[enemy]
        if self.ability == "biorns_curse" and self.rules.biorn_initiative == "enemy_health":
            attack = foe.health
        if mjolnir and self.rules.mjolnir_initiative:
            attack = _UNBEATABLE
        return hero_strikes_first(
            attack,
            foe.attack,
            trickster=cunning and self.ability == "tricksters_cunning",
            loki=loki,
            rules=self.rules,
        )

    def fight(
        self,
        enemy: int,
        health: int,
        attack: int,
        *,
        loki: bool,
        mjolnir: int,
        shield: int,
        cunning: bool = True,
    ) -> FightResult:
        """The (memoised) fight against enemy ``enemy``."""
        key = (enemy, health, attack, loki, mjolnir, shield, cunning)
        result = self._fights.get(key)
        if result is None:
            foe = self.level.enemies[enemy]
            result = fight(
                health,
                attack,
                enemy_attack=foe.attack,
                enemy_health=foe.health,
                hero_first=self.hero_first(
                    enemy, attack, loki=loki, mjolnir=mjolnir, cunning=cunning
                ),
                mjolnir=mjolnir,
                shield=shield,
                biorn=self.ability == "biorns_curse",
                zero_spends_shield=self.rules.shield_zero_damage == "spent",
            )
            self._fights[key] = result
        return result

    def cunning_choices(self) -> tuple[bool, ...]:
        """Whether Tricksters Cunning is used in a fight: the player's choice per fight
        under ``Rules.trickster_cunning="choice"``, else always (without the ability the
        value is ignored)."""
        choice = self.ability == "tricksters_cunning" and self.rules.trickster_cunning == "choice"
        return (False, True) if choice else (True,)

    def final_strike_choices(self, result: FightResult) -> tuple[bool, ...]:
        """The To Valhalla choices that matter after the hero fell: strike or not."""
        if self.ability != "to_valhalla" or not result.final_strike_kills:
            return (False,)
        return (True,) if self.rules.final_strike == "always" else (False, True)

    def fall(self, kills: int, killer: int, fight_attack: int) -> Outcome:
        """The outcome when the hero falls against ``killer`` with ``kills`` bested."""
        key = (kills, killer, fight_attack)
        found = self._falls.get(key)
        if found is None:
            found = self._falls[key] = self._fall(kills, killer, fight_attack)
        return found

    def _fall(self, kills: int, killer: int, fight_attack: int) -> Outcome:
        share = self.rules.win_share
        won = kills * share.denominator >= share.numerator * self.n
        bar = fight_attack if self.rules.strong_killer == "fight_attack" else self.start_attack
        return Outcome(won, kills, killer, self.level.enemies[killer].attack >= bar)

    def cleared(self) -> Outcome:
        """The outcome when the hero is alive and every enemy is bested: a loss."""
        return Outcome(False, self.n, None, False)

    def picked_up(self, item: int, attack: int, mjolnir: int, shield: int, loki: int, chariot: int):
        """``(attack, mjolnir, shield, loki, chariot)`` after using item ``item``."""
        found = self.level.items[item]
        kind, rules = found.kind, self.rules
        if kind == "mjolnir":
            mjolnir = mjolnir + 1 if rules.charges_stack else 1
        elif kind == "dwarven_shield":
            shield = shield + 1 if rules.charges_stack else 1
        elif kind == "lokis_trickery":
            loki = loki + found.turns if rules.counters_stack else max(loki, found.turns)
        elif kind == "thors_chariot":
            chariot = chariot + found.turns if rules.counters_stack else max(chariot, found.turns)
        else:  # potion_of_vitality
            attack = self.start_attack
        return attack, mjolnir, shield, loki, chariot

    def stars(self, outcome: Outcome, *, one_line: bool) -> tuple[str, ...]:
        """The stars a game with this outcome earns (none unless it is won)."""
        if not outcome.won:
            return ()
        if self.rules.all_but_one == "exactly":
            all_but_one = outcome.kills == self.n - 1
        else:
            all_but_one = outcome.kills >= self.n - 1
        earned = (one_line, all_but_one, outcome.strong)
        return tuple(name for name, got in zip(STAR_NAMES, earned, strict=True) if got)

    # --- single steps ------------------------------------------------------------

    def step(
        self, s: Situation, cell: Cell, *, final_strike: bool = True, cunning: bool = True
    ) -> Situation | Outcome:
        """Move the hero one field to ``cell`` and resolve it.

        ``final_strike`` is the player's To Valhalla choice if the hero falls here,
        ``cunning`` whether Tricksters Cunning is used if a fight starts here (a choice
        only under ``Rules.trickster_cunning="choice"``).
        """
        if cell not in self._neighbours.get(s.cell, ()):
            raise IllegalMoveError(f"cannot step from {list(s.cell)} to {list(cell)}")
        rules = self.rules
        loss = s.chariot == 0
        chariot = max(0, s.chariot - 1)
        attack, loki = s.attack, s.loki
        if loss and rules.attack_loss == "before_content":
            attack = max(rules.attack_floor, attack - 1)
        loki_active = loki > 0
        if rules.loki_counts == "steps":
            loki = max(0, loki - 1)
        health, enemies, items, mjolnir, shield = s.health, s.enemies, s.items, s.mjolnir, s.shield
        enemy = self.enemy_at.get(cell)
        item = self.item_at.get(cell)
        if enemy is not None and enemies >> enemy & 1:
            if rules.loki_counts == "fights":
                loki = max(0, loki - 1)
            cunning = cunning or len(self.cunning_choices()) == 1
            result = self.fight(enemy, health, attack, loki=loki_active, mjolnir=mjolnir,
                                shield=shield, cunning=cunning)  # fmt: skip
            kills = self.n - enemies.bit_count()
            if not result.hero_won:
                choices = self.final_strike_choices(result)
                strike = final_strike if len(choices) > 1 else choices[0]
                return self.fall(kills + strike, enemy, attack)
            enemies &= ~(1 << enemy)
            if not enemies:
                return self.cleared()
            health, mjolnir, shield = result.health, result.mjolnir, result.shield
        elif item is not None and items >> item & 1:
            items &= ~(1 << item)
            attack, mjolnir, shield, loki, chariot = self.picked_up(
                item, attack, mjolnir, shield, loki, chariot
            )
        if loss and rules.attack_loss == "after_content":
            attack = max(rules.attack_floor, attack - 1)
        return Situation(cell, health, attack, enemies, items, mjolnir, shield, loki, chariot)

    def step_results(self, s: Situation, cell: Cell) -> tuple[Situation | Outcome, ...]:
        """Every distinct result of stepping to ``cell`` over the player's choices there
        (final strike, Tricksters Cunning)."""
        return tuple(dict.fromkeys(r for _, _, r in self.step_choices(s, cell)))

    def step_choices(
        self, s: Situation, cell: Cell
    ) -> list[tuple[bool, bool, Situation | Outcome]]:
        """``(final strike, cunning, result)`` for every choice that matters at this step:
        the final strike only where the hero falls with To Valhalla, Tricksters Cunning
        only where a fight starts under ``Rules.trickster_cunning="choice"``."""
        fights = cell in self.enemy_at and s.enemies >> self.enemy_at[cell] & 1
        found = []
        for cunning in self.cunning_choices() if fights else (True,):
            plain = self.step(s, cell, final_strike=False, cunning=cunning)
            found.append((False, cunning, plain))
            if isinstance(plain, Outcome) and self.ability == "to_valhalla":
                strike = self.step(s, cell, final_strike=True, cunning=cunning)
                if strike != plain:
                    found.append((True, cunning, strike))
        return found

    def replay(
        self,
        lines: Sequence[Sequence[Cell]],
        *,
        final_strike: bool = True,
        cunning: Sequence[bool] | None = None,
    ) -> Situation | Outcome:
        """Play lines of cells (each starting on the hero's cell); checks the line rule.

        ``cunning`` gives, fight by fight, whether Tricksters Cunning is used (None:
        in every fight). Returns the outcome, or the situation if the game is not
        over yet.
        """
        choices = iter(cunning) if cunning is not None else None
        s: Situation | Outcome = self.start()
        for k, line in enumerate(lines):
            cells = [tuple(c) for c in line]
            if isinstance(s, Outcome):
                raise IllegalMoveError(f"line {k + 1}: the game is already over")
            if not cells or cells[0] != s.cell:
                raise IllegalMoveError(f"line {k + 1} must start on the hero's cell {list(s.cell)}")
            used: set[frozenset] = set()
            last = None
            for j, (a, b) in enumerate(itertools.pairwise(cells)):
                edge = frozenset((a, b))
                if edge in used if self.rules.line_rule == "no_edge_twice" else edge == last:
                    raise IllegalMoveError(f"line {k + 1}, step {j + 1}: follows itself")
                used.add(edge)
                last = edge
                if isinstance(s, Outcome):
                    raise IllegalMoveError(f"line {k + 1}, step {j + 1}: the game is over")
                use = True
                if choices is not None and b in self.enemy_at and s.enemies >> self.enemy_at[b] & 1:
                    use = next(choices, None)
                    if use is None:
                        raise IllegalMoveError(
                            f"line {k + 1}, step {j + 1}: no cunning choice left"
                        )
                s = self.step(s, b, final_strike=final_strike, cunning=use)
        return s
