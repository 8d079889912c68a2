"""Fights to the death between the hero and one enemy, in closed form.

Strikes alternate, each subtracting the striker's Attack from the other's Health,
until one side is at zero or below. :func:`fight` counts strikes instead of
looping: the hero needs ``ceil(enemy health / attack)`` strikes (one with Mjolnir
or under Biorn's Curse), the enemy ``shields + ceil(health / enemy attack)``.
:func:`simulate_fight` plays the same fight blow by blow (the tests' oracle).

>>> fight(10, 3, enemy_attack=4, enemy_health=7, hero_first=True)
FightResult(hero_won=True, health=2, enemy_health=0, mjolnir=0, shield=0, final_strike_kills=False)
>>> fight(10, 3, enemy_attack=4, enemy_health=7, hero_first=True) == simulate_fight(
...     10, 3, enemy_attack=4, enemy_health=7, hero_first=True)
True
"""

from __future__ import annotations

from typing import NamedTuple

from workbench.games.valhalla.rules import Rules

__all__ = ["FightResult", "fight", "hero_strikes_first", "simulate_fight"]


class FightResult(NamedTuple):
    """How a fight ended.

    ``health`` is the hero's Health afterwards (0 or less if the hero fell),
    ``enemy_health`` what is left of the enemy (0 if bested), ``mjolnir`` and
    ``shield`` the charges left. If the hero fell, ``final_strike_kills`` tells
    whether one more strike (To Valhalla) would best the enemy.
    """

    hero_won: bool
    health: int
    enemy_health: int
    mjolnir: int
    shield: int
    final_strike_kills: bool


def hero_strikes_first(
    hero_attack: int,
    enemy_attack: int,
    *,
    trickster: bool = False,
    loki: bool = False,
    rules: Rules | None = None,
) -> bool:
    """Who strikes first: the higher Attack (the lower with Trickster's Cunning).

    The hero wins ties. Loki's Trickery switches the result; with Trickster's
    Cunning the two cancel (the higher Attack strikes first, the hero wins ties).
    ``rules.loki_on_tie="hero"`` keeps ties with the hero under Loki.

    >>> hero_strikes_first(3, 3), hero_strikes_first(3, 3, loki=True)
    (True, False)
    >>> [hero_strikes_first(2, 5, trickster=True, loki=loki) for loki in (False, True)]
    [True, False]
    """
    if hero_attack == enemy_attack:
        swap = (rules or Rules()).loki_on_tie == "swap"
        return not (loki and not trickster and swap)
    inverted = trickster != loki  # together they cancel: the higher Attack again
    return hero_attack < enemy_attack if inverted else hero_attack > enemy_attack


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def fight(
    health: int,
    attack: int,
    *,
    enemy_attack: int,
    enemy_health: int,
    hero_first: bool,
    mjolnir: int = 0,
    shield: int = 0,
    biorn: bool = False,
    zero_spends_shield: bool = False,
) -> FightResult:
    """The result of a fight, computed from strike counts.

    ``mjolnir``/``shield`` are charges held: Mjolnir makes the hero's next strike
    kill, a shield makes the next enemy strike deal 0 (a strike of 0 damage, from
    an enemy of Attack 0, leaves it unless ``zero_spends_shield``). ``biorn``: the
    hero's Attack equals the enemy's Health, so every hero strike kills.

    >>> fight(5, 1, enemy_attack=0, enemy_health=3, hero_first=True, shield=1).shield
    1
    >>> fight(5, 1, enemy_attack=0, enemy_health=3, hero_first=True, shield=1,
    ...       zero_spends_shield=True).shield
    0
    """
    one_blow = biorn or mjolnir > 0
    needed = 1 if one_blow else _ceil_div(enemy_health, attack)
    fatal = shield + _ceil_div(health, enemy_attack) if enemy_attack > 0 else None
    if fatal is None or (needed <= fatal if hero_first else needed < fatal):
        hero_strikes, enemy_strikes = needed, needed - 1 if hero_first else needed
        won = True
    else:
        hero_strikes, enemy_strikes = fatal if hero_first else fatal - 1, fatal
        won = False
    used_mjolnir = 1 if mjolnir and hero_strikes else 0
    harmless = enemy_attack == 0 and not zero_spends_shield  # its strikes leave the shield
    left = 0 if won else enemy_health - hero_strikes * attack
    return FightResult(
        hero_won=won,
        health=health - enemy_attack * max(0, enemy_strikes - shield),
        enemy_health=left,
        mjolnir=mjolnir - used_mjolnir,
        shield=shield if harmless else max(0, shield - enemy_strikes),
        final_strike_kills=not won and (one_blow or left <= attack),
    )


def simulate_fight(
    health: int,
    attack: int,
    *,
    enemy_attack: int,
    enemy_health: int,
    hero_first: bool,
    mjolnir: int = 0,
    shield: int = 0,
    biorn: bool = False,
    zero_spends_shield: bool = False,
) -> FightResult:
    """The same fight as :func:`fight`, played one strike at a time."""
    hero_turn = hero_first
    while True:
        if hero_turn:
            blow = enemy_health if biorn else attack
            if mjolnir:
                mjolnir -= 1
                blow = enemy_health
            enemy_health -= blow
            if enemy_health <= 0:
                return FightResult(True, health, 0, mjolnir, shield, False)
        else:
            if shield and (enemy_attack > 0 or zero_spends_shield):
                shield -= 1
            else:
                health -= enemy_attack
            if health <= 0:
                kills = biorn or mjolnir > 0 or enemy_health <= attack
                return FightResult(False, health, enemy_health, mjolnir, shield, kills)
        hero_turn = not hero_turn
