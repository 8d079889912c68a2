"""Fights and assaults: repeated clashes as absorbing Markov chains.

A stack of ``A`` units attacks a stack of ``D`` units again and again until one
is gone. The state is ``(A, D)``; each clash rolls ``dice_for(units, bonus)`` dice a
side and removes ``min(a, d) >= 1`` units in all, so every transition goes to a
state of smaller ``A + D``: the chain's transient states form a DAG, and the
absorption probabilities follow by back substitution in order of ``A + D`` (no
matrix inversion). Exactly, each state's value is kept as an integer over
``faces ** (2 * cap * (A + D))``, so the whole table needs only integer products.

>>> fight(1, 1).p_attacker_wins, fight(2, 2).p_attacker_wins
(Fraction(5, 12), Fraction(235, 648))
>>> fight(3, 2, max_attacks=1).p_attacker_wins  # RISK's 3 against 2, one roll
Fraction(1445, 3888)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import pandas as pd

from workbench.dice import Distribution, clash_counts
from workbench.errors import RulesError
from workbench.games.brawlhalla.combat import check_count, dice_for, power_bonus, units_after
from workbench.games.brawlhalla.rules import Rules

__all__ = ["FightOdds", "assault", "fight", "fight_table"]


@dataclass(frozen=True)
class FightOdds:
    """The end of a fight: exact odds, the final states and the expected clashes.

    ``outcomes`` has one row per final state (``attacker_left``, ``defender_left``,
    ``result`` in "attacker wins", "defender holds", "undecided" (the attack budget
    ran out), ``probability``, ``p``). ``expected_clashes`` counts attacks made.
    """

    attacker_units: int
    defender_units: int
    max_attacks: int | None
    p_attacker_wins: Fraction
    expected_clashes: Fraction
    outcomes: pd.DataFrame

    @property
    def attacker_left(self) -> Distribution:
        """Units the attacker has at the end."""
        return _column_distribution(self.outcomes, "attacker_left")

    @property
    def defender_left(self) -> Distribution:
        """Units the defender has at the end."""
        return _column_distribution(self.outcomes, "defender_left")


def _column_distribution(outcomes: pd.DataFrame, column: str) -> Distribution:
    grouped = outcomes.groupby(column)["probability"].sum()
    return Distribution.from_weights({int(k): v for k, v in grouped.items()})


@lru_cache(maxsize=64)
def _clash_losses(rules: Rules) -> dict[tuple[int, int], tuple[tuple[int, int, int], ...]]:
    """(a, d) -> ((attacker losses, defender losses, rolls), ...) with all rolls > 0."""
    weights = clash_counts(faces=rules.faces, cap=rules.dice_cap, ties=rules.ties)
    table = {}
    for a in range(1, rules.dice_cap + 1):
        for d in range(1, rules.dice_cap + 1):
            m = min(a, d)
            table[a, d] = tuple(
                (m - won, won, int(weights[a, d, won]))
                for won in range(m + 1)
                if weights[a, d, won]
            )
    return table


def _moves(attacker, defender, rules, bonus_a, bonus_d, outcomes):
    """Next states from ``(attacker, defender)`` as ((A', D', rolls), ...) and the number
    of dice rolled (their total is ``faces ** rolled``; 0 when the defender falls at
    once), or ``None`` if the fight is over. ``outcomes`` is ``_clash_losses(rules)``."""
    if attacker <= 0 or defender <= 0:
        return None
    a, d = dice_for(attacker, bonus_a, rules), dice_for(defender, bonus_d, rules)
    if a == 0:
        return None  # a powerless stack cannot attack
    if d == 0:
        return ((attacker, 0, 1),), 0
    moves = tuple(
        (units_after(attacker, la, rules), units_after(defender, ld, rules), rolls)
        for la, ld, rolls in outcomes[a, d]
    )
    return moves, a + d


def _result(attacker: int, defender: int) -> str:
    return "attacker wins" if defender == 0 and attacker > 0 else "defender holds"


def fight(
    attacker_units: int,
    defender_units: int,
    *,
    rules: Rules | None = None,
    attacker_bonus: int = 0,
    defender_bonus: int = 0,
    max_attacks: int | None = None,
) -> FightOdds:
    """Exact odds of a fight of ``attacker_units`` against ``defender_units``, each with
    a flat power bonus, until one side is gone or, if given, ``max_attacks`` clashes
    are spent (see :meth:`Rules.attacks_per_turn` for what one stack can do in a turn).
    """
    rules = rules or Rules()
    start = (
        check_count(attacker_units, "attacker units"),
        check_count(defender_units, "defender units", minimum=0),
    )
    budget = None if max_attacks is None else check_count(max_attacks, "max_attacks", minimum=0)
    faces, outcomes = rules.faces, _clash_losses(rules)
    live = {start: Fraction(1)}
    final: dict[tuple[int, int, str], Fraction] = {}
    clashes = Fraction(0)
    spent = 0
    while live:
        if budget is not None and spent == budget:
            for (a, d), mass in live.items():
                over = _moves(a, d, rules, attacker_bonus, defender_bonus, outcomes) is None
                key = (a, d, _result(a, d) if over else "undecided")
                final[key] = final.get(key, Fraction(0)) + mass
            break
        # Without a budget, states are taken in order of A + D, each exactly once.
        if budget is None:
            level = max(a + d for a, d in live)
            current = {s: m for s, m in live.items() if sum(s) == level}
            live = {s: m for s, m in live.items() if sum(s) != level}
        else:
            current, live = live, {}
        for (a, d), mass in current.items():
            step = _moves(a, d, rules, attacker_bonus, defender_bonus, outcomes)
            if step is None:
                key = (a, d, _result(a, d))
                final[key] = final.get(key, Fraction(0)) + mass
                continue
            clashes += mass
            moves, dice = step
            total = faces**dice
            for a2, d2, rolls in moves:
                live[a2, d2] = live.get((a2, d2), Fraction(0)) + mass * Fraction(rolls, total)
        spent += 1
    rows = [(a, d, result, p, float(p)) for (a, d, result), p in sorted(final.items()) if p]
    outcomes = pd.DataFrame(
        rows, columns=["attacker_left", "defender_left", "result", "probability", "p"]
    )
    wins = outcomes.loc[outcomes["result"] == "attacker wins", "probability"]
    return FightOdds(*start, budget, sum(wins, Fraction(0)), clashes, outcomes)


def fight_table(
    max_attacker: int,
    max_defender: int,
    *,
    rules: Rules | None = None,
    attacker_bonus: int = 0,
    defender_bonus: int = 0,
    exact: bool = True,
) -> pd.DataFrame:
    """P(attacker wins) and expected clashes for every start ``1..max_attacker`` against
    ``1..max_defender``, in one back substitution over all states.

    ``exact=True`` gives Fractions (fast up to about 30 x 30); ``exact=False`` runs the
    same recurrence in floats (up to a few hundred units a side).

    >>> table = fight_table(2, 2).set_index(["attacker_units", "defender_units"])
    >>> table.loc[(2, 2), "p_attacker_wins"]
    Fraction(235, 648)
    """
    rules = rules or Rules()
    max_a = check_count(max_attacker, "max_attacker")
    max_d = check_count(max_defender, "max_defender")
    faces, most = rules.faces, max_a + max_d + 1
    # Every move removes at least one unit and rolls at most 2 * cap dice, so exactly,
    # value(A, D) is an integer over faces ** (per_unit * (A + D)).
    per_unit = 2 * rules.dice_cap
    if exact:
        zero, power = 0, [faces**k for k in range(per_unit * most + 1)]
        unit = [power[per_unit * level] for level in range(most + 1)]
    else:
        zero, unit = 0.0, [1.0] * (most + 1)
    outcomes = _clash_losses(rules)
    win: dict[tuple[int, int], object] = {}
    length: dict[tuple[int, int], object] = {}
    for level in range(most):
        for a in range(max(0, level - max_d), min(level, max_a) + 1):
            d = level - a
            step = _moves(a, d, rules, attacker_bonus, defender_bonus, outcomes)
            if step is None:
                win[a, d] = unit[level] if _result(a, d) == "attacker wins" else zero
                length[a, d] = zero
                continue
            moves, rolled = step
            won, clashes = zero, unit[level]
            for a2, d2, rolls in moves:
                if exact:
                    factor = rolls * power[per_unit * (level - a2 - d2) - rolled]
                else:
                    factor = rolls / faces**rolled
                won += factor * win[a2, d2]
                clashes += factor * length[a2, d2]
            win[a, d], length[a, d] = won, clashes
    rows = []
    for a in range(1, max_a + 1):
        for d in range(1, max_d + 1):
            scale = unit[a + d]
            if exact:
                rows.append((a, d, Fraction(win[a, d], scale), Fraction(length[a, d], scale)))
            else:
                rows.append((a, d, win[a, d], length[a, d]))
    columns = ["attacker_units", "defender_units", "p_attacker_wins", "expected_clashes"]
    return pd.DataFrame(rows, columns=columns)


def assault(
    attacker_units: int,
    defender_units: int,
    *,
    building: str | None = None,
    boat: bool = False,
    rules: Rules | None = None,
    attacker_bonus: int = 0,
    defender_bonus: int = 0,
    max_attacks: int | None = None,
) -> FightOdds:
    """A fight against a stack on a ``building`` (barracks, nursery, harbor, capital)
    or aboard a ``boat``, whose bonus is added to the defenders' power.

    An empty building or boat falls at once, or defends with its bonus as if it were
    that many units, per ``Rules.empty_building`` / ``Rules.empty_boat``.

    >>> assault(3, 0, building="capital").p_attacker_wins
    Fraction(1, 1)
    >>> guarded = Rules(empty_building="defends with its bonus")
    >>> assault(3, 0, building="capital", rules=guarded).p_attacker_wins
    Fraction(6610505, 10077696)
    """
    rules = rules or Rules()
    if building is not None and boat:
        raise RulesError("a stack stands either on a building or aboard a boat, not both")
    bonus = power_bonus(rules=rules, building=building, boat=boat)
    defenders = check_count(defender_units, "defender units", minimum=0)
    empty_rule = rules.empty_boat if boat else rules.empty_building
    if defenders == 0 and (building or boat) and empty_rule == "defends with its bonus":
        defenders, bonus = bonus, 0
    return fight(
        attacker_units,
        defenders,
        rules=rules,
        attacker_bonus=attacker_bonus,
        defender_bonus=defender_bonus + bonus,
        max_attacks=max_attacks,
    )
