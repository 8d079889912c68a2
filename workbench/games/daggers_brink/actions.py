"""The vocabulary of a Daggers Brink game: decisions, actions and the record of a fight.

>>> Attack(2)
Attack(target=2, wildcards=())
>>> Attack(1, (12,)).wildcards
(12,)
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["CHALLENGE", "DECISIONS", "DECK", "DISCARD_PILE", "PASS", "STAND", "Attack", "Fight"]

#: Draw the top card of the deck.
DECK = "deck"
#: Draw the face-up top card of the discard pile.
DISCARD_PILE = "discard"
#: Declare a challenge instead of drawing (combat begins when play returns to you).
CHALLENGE = "challenge"
#: Stand pat after someone else's challenge (only if the rules allow it).
STAND = "stand"
#: Do not attack this combat phase.
PASS = "pass"

#: Every decision a player can face, with what its actions are.
DECISIONS = {
    "source": "draw from DECK or DISCARD_PILE, or CHALLENGE (or STAND, if allowed)",
    "discard": "the card type (index into the deck's types) to discard",
    "attack": "an Attack (target seat, wildcard types to discard) or PASS",
    "wildcards": "the attacked player's answer: a tuple of wildcard types to discard",
    "strip": "the card type to strip from the opponent's hand",
}


class Attack(NamedTuple):
    """Attack ``target``, discarding the wildcard types in ``wildcards`` (may be empty)."""

    target: int
    wildcards: tuple[int, ...] = ()


class Fight(NamedTuple):
    """One resolved attack, as the engine logs it.

    ``attack``, ``defend`` and ``health`` are the values the dice were rolled with
    (after any wildcard strips); ``hits`` and ``blocks`` count the attack and defend dice
    that succeeded; ``attacker_rank`` and ``defender_rank`` are their
    places in the combat order (0 = fastest); ``defender_had_acted`` says whether the
    defender had already had its turn this combat phase.
    """

    round: int
    attacker: int
    defender: int
    attack: int
    defend: int
    health: int
    attack_faces: tuple[int, ...]
    defend_faces: tuple[int, ...]
    hits: int
    blocks: int
    remaining_hits: int
    wounded: bool
    attacker_rank: int
    defender_rank: int
    defender_had_acted: bool
    attacker_wildcards: int
    defender_wildcards: int
