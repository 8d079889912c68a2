"""Clash odds as exact distributions and tidy tables.

A clash of ``a`` attacker dice against ``d`` defender dice forms ``min(a, d)``
pairs; the attacker wins ``w`` of them (the defender loses ``w`` units) and loses
the rest. With no modifiers the tables come from one dynamic program over faces
(:mod:`workbench.dice.sorted_dp`); with die modifiers from the placement game on
sorted outcomes (:mod:`workbench.dice.modifiers`).

RISK: three attacker dice against two defender dice.

>>> risk = clash(3, 2)
>>> risk
Distribution.from_weights({0: 2275, 1: 2611, 2: 2890})
>>> risk.probability(2)  # the attacker wins both pairs
Fraction(1445, 3888)
>>> table = clash_table(cap=3)
>>> table.query("attacker_dice == 3 and defender_dice == 2")["rolls"].tolist()
[2275, 2611, 2890]
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pandas as pd

from workbench.dice.distribution import Distribution
from workbench.dice.modifiers import DieModifier, modified_clash_counts, modified_clash_weights
from workbench.dice.sorted_dp import clash_weights
from workbench.errors import RulesError

__all__ = ["clash", "clash_counts", "clash_summary", "clash_table"]


def _check_dice(value: int, who: str) -> int:
    try:
        value = operator.index(value)
    except TypeError:
        raise RulesError(f"{who} dice must be a whole number, got {value!r}") from None
    if value < 1:
        raise RulesError(f"{who} dice must be at least 1, got {value}")
    return value


def _check_faces(faces: int) -> None:
    if faces < 2:
        raise RulesError(f"faces must be at least 2, got {faces}")


def clash_counts(
    *,
    faces: int = 6,
    cap: int = 7,
    ties: str = "defender",
    attacker: Sequence[DieModifier] = (),
    defender: Sequence[DieModifier] = (),
    order: str = "attacker first",
    bounds: tuple[int, int] | None = None,
) -> np.ndarray:
    """Roll counts ``W[a, d, w]`` for every ``a, d`` in ``0..cap``: of the
    ``faces ** (a + d)`` rolls, how many let the attacker win ``w`` pairs.

    Modifiers are placed optimally after the roll (see :mod:`workbench.dice.modifiers`).

    >>> clash_counts(cap=2)[2, 2].tolist()
    [581, 420, 295]
    """
    if attacker or defender:
        _check_faces(faces)
        return modified_clash_weights(
            faces=faces,
            cap=cap,
            ties=ties,
            attacker=tuple(attacker),
            defender=tuple(defender),
            order=order,
            bounds=bounds,
        )
    return clash_weights(faces=faces, cap=cap, ties=ties)


def clash(
    attacker_dice: int,
    defender_dice: int,
    *,
    faces: int = 6,
    ties: str = "defender",
    attacker: Sequence[DieModifier] = (),
    defender: Sequence[DieModifier] = (),
    order: str = "attacker first",
    bounds: tuple[int, int] | None = None,
) -> Distribution:
    """The distribution of pairs won by the attacker, which is the defender's losses;
    the attacker loses ``min(attacker_dice, defender_dice)`` minus that.

    >>> clash(1, 1).probability(1)
    Fraction(5, 12)
    """
    a = _check_dice(attacker_dice, "attacker")
    d = _check_dice(defender_dice, "defender")
    if attacker or defender:
        _check_faces(faces)
        counts = modified_clash_counts(
            a, d, faces=faces, ties=ties, attacker=tuple(attacker), defender=tuple(defender),
            order=order, bounds=bounds,
        )  # fmt: skip
    else:
        counts = clash_weights(faces=faces, cap=max(a, d), ties=ties)[a, d]
    return Distribution.from_weights({won: int(n) for won, n in enumerate(counts[: min(a, d) + 1])})


def clash_table(
    *,
    faces: int = 6,
    cap: int = 7,
    ties: str = "defender",
    attacker: Sequence[DieModifier] = (),
    defender: Sequence[DieModifier] = (),
    order: str = "attacker first",
    bounds: tuple[int, int] | None = None,
) -> pd.DataFrame:
    """Every clash with ``1..cap`` dice a side as one tidy table.

    One row per (attacker_dice, defender_dice, outcome) with the columns
    ``attacker_losses``, ``defender_losses``, ``rolls`` (how many of the equally
    likely rolls), exact ``probability`` (Fraction) and float ``p``.
    """
    counts = clash_counts(
        faces=faces,
        cap=cap,
        ties=ties,
        attacker=attacker,
        defender=defender,
        order=order,
        bounds=bounds,
    )
    rows = []
    for a in range(1, cap + 1):
        for d in range(1, cap + 1):
            pairs, total = min(a, d), faces ** (a + d)
            for won in range(pairs + 1):
                rolls = int(counts[a, d, won])
                rows.append((a, d, pairs - won, won, rolls, Fraction(rolls, total), rolls / total))
    columns = [
        "attacker_dice",
        "defender_dice",
        "attacker_losses",
        "defender_losses",
        "rolls",
        "probability",
        "p",
    ]
    return pd.DataFrame(rows, columns=columns)


def clash_summary(table: pd.DataFrame) -> pd.DataFrame:
    """One row per (attacker_dice, defender_dice) of a :func:`clash_table`, exact:
    ``p_sweep`` (the attacker wins every pair), ``p_repelled`` (it wins none),
    ``expected_attacker_losses``, ``expected_defender_losses`` and
    ``p_defender_loses_at_least_k`` for ``k = 1..`` the most losses in the table.

    Losses are read from the table's columns, so a table whose losses include
    extra costs (units sacrificed for a card) is summarised with them.

    >>> clash_summary(clash_table(cap=1)).loc[0, "p_sweep"]
    Fraction(5, 12)
    """
    most = int(table["defender_losses"].max())
    rows = []
    for (a, d), group in table.groupby(["attacker_dice", "defender_dice"], sort=True):
        group = group.sort_values("defender_losses")
        prob = group["probability"]
        row = {
            "attacker_dice": a,
            "defender_dice": d,
            "p_sweep": prob.iloc[-1],
            "p_repelled": prob.iloc[0],
            "expected_attacker_losses": (group["attacker_losses"] * prob).sum(),
            "expected_defender_losses": (group["defender_losses"] * prob).sum(),
        }
        for k in range(1, most + 1):
            row[f"p_defender_loses_at_least_{k}"] = sum(
                prob[group["defender_losses"] >= k], Fraction(0)
            )
        rows.append(row)
    return pd.DataFrame(rows)
