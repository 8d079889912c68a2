"""Brawlhalla combat: clashes under a :class:`Rules` object, with the cards' die modifiers.

Each side rolls one die per point of power (units plus bonuses, at most
``Rules.dice_cap``); both sort their dice and the k-th highest dice meet; the
higher wins the pair, ties go to ``Rules.ties``; each lost pair costs one unit.

Die modifiers, by name (several of each may be played):

========================  ============================================================
``thor``                  Thor's blessing: +1 to one of the player's own dice.
``skofnung``              Skofnung (artifact): +1 to one own die, once per turn.
``norn``                  Norn's wrath: -1 to one enemy die.
``blood_lord:X``          Blood lord: sacrifice X units, +X to one own die.
========================  ============================================================

Order of play: modifiers are placed after both sides have rolled. The side named
by ``Rules.modifier_order`` places all of its modifiers first (jointly, foreseeing
the answer), then the other side places its own knowing them. Each side places
its modifiers to win the most pairs, which is also what minimises its losses
(a clash always costs ``min(a, d)`` units in all). Several may go on one die.

>>> odds = clash_odds(1, 1, attacker_mods=["thor"])
>>> odds[["attacker_losses", "defender_losses", "probability"]].to_dict("records")
[{'attacker_losses': 1, 'defender_losses': 0, 'probability': Fraction(5, 12)}, \
{'attacker_losses': 0, 'defender_losses': 1, 'probability': Fraction(7, 12)}]
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

import pandas as pd

from workbench.dice import DieModifier, clash, clash_table
from workbench.errors import RulesError
from workbench.games.brawlhalla.rules import Rules

__all__ = [
    "MODIFIER_NAMES",
    "check_count",
    "clash_odds",
    "clash_settings",
    "clash_tables",
    "dice_for",
    "die_modifiers",
    "parse_modifier",
    "power_bonus",
    "sacrificed_units",
    "units_after",
]

#: The die modifiers' names as the CLI and the widgets accept them.
MODIFIER_NAMES = ("thor", "skofnung", "norn", "blood_lord:X")
_FIXED = {
    "thor": DieModifier(1, on="own", name="thor"),
    "skofnung": DieModifier(1, on="own", name="skofnung"),
    "norn": DieModifier(1, on="enemy", name="norn"),
}
_BUILDINGS = ("barracks", "nursery", "harbor", "capital")

Mods = Sequence[str | DieModifier]


def parse_modifier(text: str | DieModifier) -> DieModifier:
    """A die modifier from its name: ``thor``, ``skofnung``, ``norn`` or ``blood_lord:X``.

    >>> parse_modifier("blood_lord:2")
    DieModifier(amount=2, on='own', name='blood_lord:2')
    >>> parse_modifier("loki")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    workbench.errors.RulesError: unknown die modifier 'loki'; known: thor, skofnung, ...
    """
    if isinstance(text, DieModifier):
        return text
    name = str(text).strip().lower()
    if name in _FIXED:
        return _FIXED[name]
    head, _, amount = name.partition(":")
    if head == "blood_lord":
        if not amount.isdigit() or int(amount) < 1:
            raise RulesError(
                f"blood_lord needs the number of units sacrificed, e.g. blood_lord:2; got {text!r}"
            )
        return DieModifier(int(amount), on="own", name=f"blood_lord:{int(amount)}")
    raise RulesError(f"unknown die modifier {text!r}; known: {', '.join(MODIFIER_NAMES)}")


def die_modifiers(mods: Mods) -> tuple[DieModifier, ...]:
    """Parse a list of modifier names (or pass :class:`DieModifier` objects through)."""
    if isinstance(mods, str):
        mods = [mods]
    return tuple(parse_modifier(m) for m in mods)


def sacrificed_units(mods: Mods) -> int:
    """Units sacrificed by the Blood lord cards among ``mods``."""
    return sum(m.amount for m in die_modifiers(mods) if m.name.startswith("blood_lord"))


def check_count(value: int, what: str, *, minimum: int = 1, maximum: int | None = None) -> int:
    """``value`` as an int within bounds, else a :class:`RulesError` naming ``what``."""
    try:
        value = operator.index(value)
    except TypeError:
        raise RulesError(f"{what} must be a whole number, got {value!r}") from None
    if value < minimum or (maximum is not None and value > maximum):
        bounds = f"between {minimum} and {maximum}" if maximum is not None else f">= {minimum}"
        raise RulesError(f"{what} must be {bounds}, got {value}")
    return value


def power_bonus(
    *,
    rules: Rules | None = None,
    building: str | None = None,
    boat: bool = False,
    dragon_on_mountain: bool = False,
    assassin_of_kings: bool = False,
    guerilla_coins: int = 0,
) -> int:
    """The flat bonus to a stack's power: its building, a boat, a dragon on a mountain,
    Assassin of Kings against a warlord, minus Guerilla tactics played against it by an
    enemy holding ``guerilla_coins`` ruin coins.

    >>> power_bonus(building="capital", guerilla_coins=5)
    0
    """
    rules = rules or Rules()
    bonus = 0
    if building is not None:
        if building not in _BUILDINGS:
            raise RulesError(f"unknown building {building!r}; known: {', '.join(_BUILDINGS)}")
        bonus += getattr(rules, f"{building}_bonus")
    bonus += rules.boat_bonus * boat + rules.dragon_mountain_bonus * dragon_on_mountain
    bonus += rules.assassin_of_kings_bonus * assassin_of_kings
    coins = check_count(guerilla_coins, "guerilla_coins", minimum=0)
    return bonus - coins // rules.guerilla_coins_per_point


def dice_for(units: int, bonus: int, rules: Rules) -> int:
    """Dice rolled by a stack of ``units`` with a flat ``bonus`` (0 for no units).

    >>> dice_for(9, 0, Rules()), dice_for(2, -3, Rules()), dice_for(0, 2, Rules())
    (7, 0, 0)
    """
    if units <= 0:
        return 0
    power = units + bonus
    if power <= 0:
        return 1 if rules.powerless_stack == "rolls one die" else 0
    return min(power, rules.dice_cap)


def units_after(units: int, losses: int, rules: Rules) -> int:
    """Units left after ``losses`` casualties (value above the cap per the rules).

    >>> units_after(9, 4, Rules()), units_after(9, 4, Rules(value_above_cap="kept"))
    (3, 5)
    >>> units_after(9, 0, Rules())
    9
    """
    if losses == 0:
        return units
    if rules.value_above_cap == "lost on casualties":
        units = min(units, rules.dice_cap)
    return max(units - losses, 0)


def _bounds(rules: Rules) -> tuple[int, int] | None:
    return (1, rules.faces) if rules.modified_dice == "within faces" else None


def clash_settings(rules: Rules, attacker_mods: Mods = (), defender_mods: Mods = ()) -> dict:
    """The keyword arguments of :func:`workbench.dice.clash` for these rules and die
    modifiers (faces, ties, the modifiers, who places first, bounds)."""
    return {
        "faces": rules.faces,
        "ties": rules.ties,
        "attacker": die_modifiers(attacker_mods),
        "defender": die_modifiers(defender_mods),
        "order": rules.modifier_order,
        "bounds": _bounds(rules),
    }


def _sacrifices(rules: Rules, attacker_mods: Mods, defender_mods: Mods) -> tuple[int, int]:
    if rules.blood_lord_sacrifice != "fighting stack":
        return 0, 0
    return sacrificed_units(attacker_mods), sacrificed_units(defender_mods)


def clash_odds(
    attacker_dice: int,
    defender_dice: int,
    *,
    rules: Rules | None = None,
    attacker_mods: Mods = (),
    defender_mods: Mods = (),
) -> pd.DataFrame:
    """The exact joint distribution of losses in one clash.

    Columns ``attacker_losses``, ``defender_losses``, ``probability`` (Fraction) and
    ``p`` (float). Losses include Blood lord sacrifices when
    ``Rules.blood_lord_sacrifice`` is ``"fighting stack"``.
    """
    rules = rules or Rules()
    a = check_count(attacker_dice, "attacker dice", maximum=rules.dice_cap)
    d = check_count(defender_dice, "defender dice", maximum=rules.dice_cap)
    won = clash(a, d, **clash_settings(rules, attacker_mods, defender_mods))
    extra_a, extra_d = _sacrifices(rules, attacker_mods, defender_mods)
    rows = [
        (min(a, d) - k + extra_a, k + extra_d, p, float(p)) for k, p in won.probabilities.items()
    ]
    return pd.DataFrame(rows, columns=["attacker_losses", "defender_losses", "probability", "p"])


def clash_tables(
    *, rules: Rules | None = None, attacker_mods: Mods = (), defender_mods: Mods = ()
) -> pd.DataFrame:
    """Every clash with ``1..Rules.dice_cap`` dice a side as one tidy table (see
    :func:`workbench.dice.clash_table`), losses including Blood lord sacrifices when
    they come from the fighting stacks.

    >>> table = clash_tables()
    >>> len(table), table["probability"].sum()
    (189, Fraction(49, 1))
    """
    rules = rules or Rules()
    table = clash_table(cap=rules.dice_cap, **clash_settings(rules, attacker_mods, defender_mods))
    extra_a, extra_d = _sacrifices(rules, attacker_mods, defender_mods)
    table["attacker_losses"] += extra_a
    table["defender_losses"] += extra_d
    return table
