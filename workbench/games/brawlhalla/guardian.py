"""The sanctuary guardian: fixed dice 5, 4, 3 that must all be beaten at once.

An attacker rolls ``n`` dice against the guardian's fixed values
(``Rules.guardian_dice``); dice are paired high to high as in a clash. The guardian
falls only if the attacker wins every one of its pairs in one attack, so fewer
dice than the guardian has can never win. The attacker loses one unit per pair
lost, as in combat; the guardian never loses value.

>>> odds = guardian_odds(3)
>>> odds.p_defeat
Fraction(2, 27)
>>> guardian_odds(7).p_defeat
Fraction(26305, 46656)
>>> guardian_siege(7, attacks=2)
Fraction(1174930381, 1632586752)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from workbench.dice import Distribution, fixed_clash_weights
from workbench.games.brawlhalla.combat import (
    Mods,
    check_count,
    dice_for,
    die_modifiers,
    sacrificed_units,
    units_after,
)
from workbench.games.brawlhalla.rules import Rules

__all__ = ["GuardianOdds", "guardian_odds", "guardian_siege", "guardian_table"]


@dataclass(frozen=True)
class GuardianOdds:
    """One attack on the guardian: P(it falls) and the attacker's losses."""

    dice: int
    p_defeat: Fraction
    losses: Distribution


def _attack(n: int, rules: Rules, mods) -> tuple[Fraction, dict[int, Fraction]]:
    """P(the guardian falls) and, for the other outcomes, units lost -> probability."""
    counts = fixed_clash_weights(
        n,
        rules.guardian_dice,
        faces=rules.faces,
        ties=rules.ties,
        attacker=mods,
        order=rules.modifier_order,
        bounds=(1, rules.faces) if rules.modified_dice == "within faces" else None,
    )
    pairs, total = len(counts) - 1, rules.faces**n
    falls = pairs == len(rules.guardian_dice)
    extra = sacrificed_units(mods) if rules.blood_lord_sacrifice == "fighting stack" else 0
    p_defeat = Fraction(int(counts[pairs]), total) if falls else Fraction(0)
    others: dict[int, Fraction] = {}
    for won, count in enumerate(counts[:pairs] if falls else counts):
        if count:
            others[pairs - won + extra] = Fraction(int(count), total)
    return p_defeat, others


def guardian_odds(
    dice: int, *, rules: Rules | None = None, attacker_mods: Mods = ()
) -> GuardianOdds:
    """Exact odds of one attack with ``dice`` dice (``1..Rules.dice_cap``), the attacker
    placing its die modifiers (Norn's wrath lowers a guardian die) to win the most pairs.

    Losses include Blood lord sacrifices when they come from the fighting stack.
    """
    rules = rules or Rules()
    n = check_count(dice, "attacker dice", maximum=rules.dice_cap)
    mods = die_modifiers(attacker_mods)
    p_defeat, others = _attack(n, rules, mods)
    extra = sacrificed_units(mods) if rules.blood_lord_sacrifice == "fighting stack" else 0
    if p_defeat:
        others[extra] = others.get(extra, Fraction(0)) + p_defeat
    return GuardianOdds(n, p_defeat, Distribution.from_weights(others))


def guardian_table(*, rules: Rules | None = None, attacker_mods: Mods = ()) -> pd.DataFrame:
    """One row per number of dice: exact ``p_defeat``, float ``p``, ``expected_losses``
    and ``p_lose_k`` for each number of units ``k`` the attacker can lose."""
    rules = rules or Rules()
    rows = []
    for n in range(1, rules.dice_cap + 1):
        odds = guardian_odds(n, rules=rules, attacker_mods=attacker_mods)
        row = {
            "dice": n,
            "p_defeat": odds.p_defeat,
            "p": float(odds.p_defeat),
            "expected_losses": odds.losses.mean,
        }
        row.update({f"p_lose_{k}": p for k, p in odds.losses.probabilities.items()})
        rows.append(row)
    frame = pd.DataFrame(rows)
    loss_columns = sorted((c for c in frame if c.startswith("p_lose_")), key=lambda c: int(c[7:]))
    frame[loss_columns] = (
        frame[loss_columns].astype(object).where(frame[loss_columns].notna(), Fraction(0))
    )
    return frame[["dice", "p_defeat", "p", "expected_losses", *loss_columns]]


def guardian_siege(
    units: int,
    *,
    attacks: int | None = None,
    rules: Rules | None = None,
    bonus: int = 0,
    attacker_mods: Mods = (),
) -> Fraction:
    """P(the guardian falls within ``attacks`` attacks, or ever if ``None``) by a stack of
    ``units`` (with a flat power ``bonus``) attacking again and again, losing units as it
    goes (value above the cap per ``Rules.value_above_cap``). The die modifiers are
    available at every attack (Skofnung is once per turn).

    >>> guardian_siege(2) == 0  # two dice can never beat three
    True
    """
    rules = rules or Rules()
    start = check_count(units, "attacker units")
    if attacks is not None:
        check_count(attacks, "attacks", minimum=0)
    mods = die_modifiers(attacker_mods)
    attack_with = {n: _attack(n, rules, mods) for n in range(1, rules.dice_cap + 1)}
    steps = {}
    for v in range(1, start + 1):
        n = dice_for(v, bonus, rules)
        if n == 0:
            steps[v] = (Fraction(0), {})
            continue
        falls, others = attack_with[n]
        moves: dict[int, Fraction] = {}
        for lost, p in others.items():
            nxt = units_after(v, lost, rules)
            moves[nxt] = moves.get(nxt, Fraction(0)) + p
        steps[v] = (falls, moves)

    if attacks is None:  # states only go down, except "no loss and no win" loops
        value = {0: Fraction(0)}
        for v in range(1, start + 1):
            falls, moves = steps[v]
            stay = moves.get(v, Fraction(0))
            if stay == 1:
                value[v] = Fraction(0)
                continue
            rest = sum((p * value[w] for w, p in moves.items() if w != v), Fraction(0))
            value[v] = (falls + rest) / (1 - stay)
        return value[start]
    value = dict.fromkeys(range(start + 1), Fraction(0))
    for _ in range(attacks):
        value = {0: Fraction(0)} | {
            v: falls + sum((p * value[w] for w, p in moves.items()), Fraction(0))
            for v, (falls, moves) in steps.items()
        }
    return value[start]
