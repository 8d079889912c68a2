"""Exact distribution of a hand's four attributes, dealt and after solitaire draws.

Hands are counted per card type: a multiset ``k`` of card types occurs in
``prod(comb(count_t, k_t))`` of the ``comb(deck size, hand size)`` equally likely
hands (the multivariate hypergeometric law), so the 34,826,106 five-card hands of
the standard deck reduce to 6,188 multisets, each weighed exactly.

After the deal a player draws and discards. Under a *keep-the-best* policy that
ranks card types in a fixed order and always discards the lowest-ranked card,
the hand after ``k`` draws from the deck is exactly the best ``hand size`` cards
of the ``hand size + k`` cards seen, so it too is exact by enumerating multisets
of ``hand size + k`` cards. (This is the solitaire view: draws from the deck only.
The full multiplayer draw phase, with the discard pile and other players' choices,
is simulated in :mod:`workbench.games.daggers_brink.balance`.)

>>> from workbench.games.daggers_brink.deck import load_deck
>>> deck = load_deck()
>>> dist = hand_attribute_distribution(deck)
>>> sum(dist.values())
Fraction(1, 1)
>>> from math import comb  # attack 1: none of the 21 attack cards or 2 wildcards
>>> attribute_marginals(dist).loc[1, "attack"] == Fraction(comb(63, 5), comb(86, 5))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb

import pandas as pd

from workbench.errors import RulesError
from workbench.games.daggers_brink.deck import ATTRIBUTES, Deck
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules

__all__ = [
    "Attributes",
    "attribute_marginals",
    "attribute_means",
    "card_ranking",
    "hand_attribute_distribution",
    "hand_multisets",
    "kept_after_draws",
]

Attributes = tuple[int, int, int, int]


def hand_multisets(counts: Sequence[int], size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` cards from types with ``counts``, with its number of hands.

    >>> sorted(hand_multisets([2, 1], 2))
    [((1, 1), 2), ((2, 0), 1)]
    """
    n = len(counts)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i]
    chosen = [0] * n

    def place(i: int, left: int, weight: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == n - 1:
            if left <= counts[i]:
                chosen[i] = left
                yield tuple(chosen), weight * comb(counts[i], left)
            return
        low = max(0, left - suffix[i + 1])
        for k in range(low, min(left, counts[i]) + 1):
            chosen[i] = k
            yield from place(i + 1, left - k, weight * comb(counts[i], k))
        chosen[i] = 0

    if size > suffix[0]:
        return
    yield from place(0, size, 1)


def card_ranking(deck: Deck, weights: Sequence[float]) -> tuple[int, ...]:
    """Card types best first by ``weights . bonus``, then by total bonus, then file order.

    ``weights`` is one number per attribute (speed, health, defend, attack).

    >>> from workbench.games.daggers_brink.deck import load_deck
    >>> deck = load_deck()
    >>> [deck.names[t] for t in card_ranking(deck, (0, 0, 0, 1))[:4]]
    ['Attack +3', 'Attack +2', 'Wildcard', 'Attack +1']
    """
    if len(weights) != 4:
        raise RulesError(f"weights: expected 4 numbers ({', '.join(ATTRIBUTES)}), got {weights!r}")
    value = [sum(w * b for w, b in zip(weights, bonus, strict=True)) for bonus in deck.bonuses]
    total = [sum(bonus) for bonus in deck.bonuses]
    return tuple(sorted(range(len(deck.types)), key=lambda t: (-value[t], -total[t], t)))


def kept_after_draws(
    counts: Sequence[int], ranking: Sequence[int], hand_size: int
) -> tuple[int, ...]:
    """The best ``hand_size`` cards of a multiset (counts per type) under ``ranking``.

    >>> kept_after_draws((2, 1, 3), ranking=(2, 0, 1), hand_size=4)
    (1, 0, 3)
    """
    kept = [0] * len(counts)
    left = hand_size
    for t in ranking:
        take = min(counts[t], left)
        kept[t] = take
        left -= take
        if not left:
            break
    return tuple(kept)


def hand_attribute_distribution(
    deck: Deck,
    *,
    rules: Rules | None = None,
    draws: int = 0,
    ranking: Sequence[int] | None = None,
) -> dict[Attributes, Fraction]:
    """Exact joint distribution of (speed, health, defend, attack) of one hand.

    Parameters
    ----------
    deck : Deck
        The deck the hand is dealt from (shuffled, all cards in it).
    rules : Rules, optional
        The rules' ``hand_size`` cards are dealt; an attribute with no bonus is their
        ``base_attribute`` (default: the standard rules).
    draws : int
        Cards then drawn from the deck one at a time, each followed by discarding
        the lowest-ranked card (keep-the-best); 0 for the hand as dealt.
    ranking : sequence of int, optional
        Card types best first (see :func:`card_ranking`); required when ``draws > 0``.

    Returns
    -------
    dict
        ``{(speed, health, defend, attack): Fraction}``, summing to 1.

    Examples
    --------
    >>> from workbench.games.daggers_brink.deck import load_deck
    >>> deck = load_deck()
    >>> attack_first = card_ranking(deck, (0, 0, 0, 1))
    >>> after = hand_attribute_distribution(deck, draws=2, ranking=attack_first)
    >>> dealt = hand_attribute_distribution(deck)
    >>> [round(float(attribute_means(d)["attack"]), 3) for d in (dealt, after)]
    [3.558, 4.58]
    """
    rules = rules or DEFAULT_RULES
    hand_size = rules.hand_size
    if draws < 0:
        raise RulesError(f"draws: expected an integer >= 0, got {draws}")
    if draws and ranking is None:
        raise RulesError("ranking: required when draws > 0 (see card_ranking)")
    seen = hand_size + draws
    if seen > deck.size:
        raise RulesError(f"hand_size + draws = {seen} exceeds the deck's {deck.size} cards")
    weights: dict[Attributes, int] = {}
    for multiset, ways in hand_multisets(deck.counts, seen):
        hand = kept_after_draws(multiset, ranking, hand_size) if draws else multiset
        key = deck.attributes(hand, rules=rules)
        weights[key] = weights.get(key, 0) + ways
    total = comb(deck.size, seen)
    return {key: Fraction(w, total) for key, w in sorted(weights.items())}


def attribute_marginals(distribution: dict[Attributes, Fraction]) -> pd.DataFrame:
    """Distribution of each attribute alone: index the value, one column per attribute.

    >>> table = attribute_marginals({(1, 2, 1, 1): Fraction(1, 2), (2, 2, 1, 1): Fraction(1, 2)})
    >>> [str(p) for p in table["speed"]], [str(p) for p in table["health"]]
    (['1/2', '1/2'], ['0', '1'])
    """
    values = sorted({v for key in distribution for v in key})
    table = {a: {v: Fraction(0) for v in values} for a in ATTRIBUTES}
    for key, p in distribution.items():
        for a, v in zip(ATTRIBUTES, key, strict=True):
            table[a][v] += p
    return pd.DataFrame(table, index=pd.Index(values, name="value"), columns=list(ATTRIBUTES))


def attribute_means(distribution: dict[Attributes, Fraction]) -> dict[str, Fraction]:
    """Exact mean of each attribute.

    >>> attribute_means({(1, 2, 1, 1): Fraction(1, 2), (2, 2, 1, 1): Fraction(1, 2)})["speed"]
    Fraction(3, 2)
    """
    return {
        a: sum((p * key[i] for key, p in distribution.items()), Fraction(0))
        for i, a in enumerate(ATTRIBUTES)
    }
