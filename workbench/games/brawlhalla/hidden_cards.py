"""What one side can know of the other's clash cards: the hidden hands and face-down cards
it may hold, with their exact chances, for odds that do not peek.

The cards a side has not seen placed (the other side's hand, unless shown by Odin's
vision, its face-down cards not revealed, and the deck) are a pool it knows only as a
whole. :func:`clash_worlds` lists what the other side may hold of the cards that change
a clash it defends (Thor's blessing, Guerilla tactics, Dragon killer, Assassin of Kings
in hand; Norn's wrath face down), each with its chance: the hand is ``h`` cards drawn
from the pool without its face-down cards (multivariate hypergeometric over those
cards, the others counted together), and each unseen face-down card is one of the pool's
face-down cards (Norn's wrath among them at its share; other face-down cards, which do
not change the dice, are left out of the worlds). Each world is the position with the
other side's hidden cards replaced by what the world holds.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True))
>>> state = game.position(hands=((), ("Raid",)), deck=("Thor's blessing", "Pillage"))
>>> [(p, w.hands[1]) for p, w in clash_worlds(state, 0)]
[(Fraction(2, 3), ('Raid',)), (Fraction(1, 3), ("Thor's blessing",))]
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from workbench.games.brawlhalla.card_effects import DIE_CARDS, POWER_CARDS

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["clash_worlds"]

_CLASH_EFFECTS = frozenset(DIE_CARDS) | frozenset(POWER_CARDS)


def _unseen(state: BrawlhallaState, other: int) -> tuple[list[str], int, int]:
    """The pool ``other``'s hidden cards come from, its hidden hand size and its unseen
    face-down count."""
    shown = state.shown_hand[other]
    seen = state.shown_face_down[other]
    unseen_down = [n for n in state.face_down[other] if n not in seen]
    pool = [*(() if shown else state.hands[other]), *unseen_down, *state.deck]
    return pool, 0 if shown else len(state.hands[other]), len(unseen_down)


def clash_worlds(state: BrawlhallaState, viewer: int) -> list[tuple[Fraction, BrawlhallaState]]:
    """The other side's possible clash cards as ``viewer`` can know them: ``(chance,
    position)`` pairs whose chances sum to 1 (one pair, the position itself, when
    nothing that matters is hidden)."""
    other = 1 - viewer
    pool, size, down = _unseen(state, other)
    if not size and not down:
        return [(Fraction(1), state)]
    table, families = state.game.cards.table(), state.game.cards.families()
    in_hand = Counter(
        n for n in pool if families[n] != "face-down" and table[n][0] in _CLASH_EFFECTS
    )
    plain = [n for n in pool if families[n] != "face-down" and n not in in_hand]
    hand_pool = sum(in_hand.values()) + len(plain)
    names = sorted(in_hand)
    hands = []
    for counts in itertools.product(*(range(min(in_hand[n], size) + 1) for n in names)):
        rest = size - sum(counts)
        if rest < 0 or rest > len(plain):
            continue
        ways = comb(len(plain), rest)
        for name, k in zip(names, counts, strict=True):
            ways *= comb(in_hand[name], k)
        held = tuple(n for n, k in zip(names, counts, strict=True) for _ in range(k))
        hands.append((Fraction(ways, comb(hand_pool, size)), held + tuple(plain[:rest])))
    norn = [n for n in pool if families[n] == "face-down" and table[n][0] in _CLASH_EFFECTS]
    face_down_pool = sum(families[n] == "face-down" for n in pool)
    laid = _norn_chances(len(norn), face_down_pool, down, norn[:1])
    seen = tuple(n for n in state.face_down[other] if n in state.shown_face_down[other])
    worlds = []
    for (p_hand, hand), (p_down, cards) in itertools.product(hands, laid):
        world = state.copy()
        pair_h, pair_d = list(state.hands), list(state.face_down)
        pair_h[other], pair_d[other] = hand, seen + cards
        world.hands, world.face_down = (pair_h[0], pair_h[1]), (pair_d[0], pair_d[1])
        worlds.append((p_hand * p_down, world))
    return worlds


def _norn_chances(copies: int, pool: int, slots: int, name: list[str]) -> list[tuple]:
    """Whether one of ``slots`` unseen face-down cards, drawn from ``pool`` face-down
    cards of which ``copies`` are Norn's wrath, is one: ``[(chance, cards laid)]``."""
    if not slots or not copies:
        return [(Fraction(1), ())]
    if pool - copies < slots:
        return [(Fraction(1), tuple(name))]
    none = Fraction(comb(pool - copies, slots), comb(pool, slots))
    return [(none, ()), (1 - none, tuple(name))]
