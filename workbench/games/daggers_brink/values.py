"""What a card is worth: how one more card changes the chance to wound and to be wounded.

A hand's worth in a fight is measured against a random opponent whose hand is
dealt from the same deck (the exact dealt-hand distribution of
:mod:`~workbench.games.daggers_brink.hands`), all exact:

- ``dealt``: P(my attack wounds the opponent) = sum over opponent hands of
  P(hand) * P(wound | my Attack, their Defend, their Health);
- ``taken``: P(the opponent's attack wounds me);
- ``first``: P(I act before the opponent) = P(my Speed > theirs) + P(equal) / 2 (a
  tie is a fair roll-off).

A card's value is the change of each when it is added to a hand.

>>> from workbench.games.daggers_brink.deck import load_deck
>>> deck = load_deck()
>>> table = card_values(deck, (4, 4, 4, 4))
>>> row = table.set_index("card").loc["Attack +1"]
>>> row["dealt_change"] > 0, row["taken_change"] == 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pandas as pd

from workbench.errors import RulesError
from workbench.games.daggers_brink.deck import Deck
from workbench.games.daggers_brink.hands import Attributes, hand_attribute_distribution
from workbench.games.daggers_brink.odds import remaining_hits_distribution
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules

__all__ = ["card_values", "fight_chances"]


def _marginal(distribution: Mapping[Attributes, Fraction], index: tuple[int, ...]) -> dict:
    out: dict = {}
    for key, p in distribution.items():
        part = tuple(key[i] for i in index)
        out[part] = out.get(part, Fraction(0)) + p
    return out


class _Opponents:
    """The opponent distribution, reduced to what each figure needs."""

    def __init__(self, distribution: Mapping[Attributes, Fraction], rules: Rules):
        self.rules = rules
        self.speed = _marginal(distribution, (0,))
        self.guard = _marginal(distribution, (2, 1))  # (defend, health)
        self.attack = _marginal(distribution, (3,))

    def wound(self, attack: int, defend: int, health: int) -> Fraction:
        left = remaining_hits_distribution(attack, defend, rules=self.rules)
        return left.at_least(health)

    def chances(self, hand: Attributes) -> dict[str, Fraction]:
        speed, health, defend, attack = hand
        dealt = sum((p * self.wound(attack, d, h) for (d, h), p in self.guard.items()), Fraction(0))
        taken = sum(
            (p * self.wound(a, defend, health) for (a,), p in self.attack.items()), Fraction(0)
        )
        first = sum(
            (p * (1 if speed > s else Fraction(1, 2) if speed == s else 0))
            for (s,), p in self.speed.items()
        )
        return {"dealt": dealt, "taken": taken, "first": Fraction(first)}


def _opponents(
    deck: Deck, rules: Rules | None, opponents: Mapping[Attributes, Fraction] | None
) -> _Opponents:
    rules = rules or DEFAULT_RULES
    distribution = opponents or hand_attribute_distribution(deck, rules=rules)
    return _Opponents(distribution, rules)


def fight_chances(
    hand: Attributes,
    deck: Deck,
    *,
    rules: Rules | None = None,
    opponents: Mapping[Attributes, Fraction] | None = None,
) -> dict[str, Fraction]:
    """``dealt``, ``taken`` and ``first`` (see the module docstring) for one hand.

    ``opponents`` is the opponents' attribute distribution (default: dealt hands).

    >>> from workbench.games.daggers_brink.deck import load_deck
    >>> chances = fight_chances((1, 1, 1, 1), load_deck())
    >>> chances["dealt"] < chances["taken"]
    True
    """
    _check_hand(hand)
    return _opponents(deck, rules, opponents).chances(tuple(hand))


def _check_hand(hand: Attributes) -> None:
    if len(hand) != 4 or any(not isinstance(v, int) or v < 0 for v in hand):
        raise RulesError(
            f"hand: expected 4 attributes >= 0 (speed, health, defend, attack), got {hand!r}"
        )


def card_values(
    deck: Deck,
    hand: Attributes,
    *,
    rules: Rules | None = None,
    opponents: Mapping[Attributes, Fraction] | None = None,
) -> pd.DataFrame:
    """For each card type, the exact change in ``dealt``, ``taken`` and ``first`` when added
    to a hand with attributes ``hand`` (speed, health, defend, attack).

    Columns: ``card``, then ``dealt_change``, ``taken_change``, ``first_change`` (exact
    Fractions; ``taken_change`` < 0 is good) and their float versions ``dealt``,
    ``... (points)`` in percentage points.
    """
    _check_hand(hand)
    judge = _opponents(deck, rules, opponents)
    before = judge.chances(tuple(hand))
    rows = []
    for card in deck.types:
        after = judge.chances(tuple(v + b for v, b in zip(hand, card.bonus, strict=True)))
        change = {k: after[k] - before[k] for k in before}
        rows.append(
            {
                "card": card.name,
                **{f"{k}_change": v for k, v in change.items()},
                **{f"{k} (points)": round(100 * float(v), 2) for k, v in change.items()},
            }
        )
    return pd.DataFrame(rows)
