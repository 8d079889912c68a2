"""The kernel's hand agents: :class:`~workbench.games.daggers_brink.agents.HandAgent`'s
choices on the arrays, with its hand values tabulated (``values``) and its target policy
by code.

Each function names the method it mirrors; ties are broken as the Python ones break them.
"""

from __future__ import annotations

from workbench.games.daggers_brink.kernel.jit import dispatch, function
from workbench.games.daggers_brink.kernel.layout import (
    ATTACK,
    BASE,
    CHALLENGE,
    CHALLENGER,
    CT_MAY,
    CT_MUST,
    DECISION,
    DECK,
    DECK_LEN,
    DECK_POS,
    DECLINE,
    DISC_LEN,
    DISCARD,
    DISCARD_DRAWN,
    DISCARD_PILE,
    DRAWN,
    F_ATT,
    PASS,
    PLAYER,
    SOURCE,
    STATUS,
    STRONGEST,
    TURN,
    WEAKEST,
    WILD,
    WILD_PER_FIGHT,
    WILDCARDS,
)
from workbench.games.daggers_brink.kernel.position import (
    copies,
    hand_attributes,
    is_open,
    minus,
    victim_of,
)

__all__ = [
    "best_discard",
    "best_strip",
    "best_wildcards",
    "choose",
    "choose_attack",
    "choose_discard",
    "choose_source",
    "choose_strip",
    "choose_target",
    "fight_chance",
    "fight_value",
    "hand_value",
    "wound_of",
]


@function
def wound_of(g, wound, attack, defend, health):
    """``wound_chance``, from the table ``wound``; an attribute beyond it declines."""
    top = wound.shape[0]
    if not (0 <= attack < top and 0 <= defend < top and 0 <= health < top):
        g[STATUS] = DECLINE
        return 0.0
    return wound[attack, defend, health]


@function
def hand_value(g, index, values, lo, dims, sp, he, de, at):
    """``HandAgent._value``: the agent's tabulated hand value, ``values[index[attributes]]``
    (``index`` over the box ``lo`` + ``dims``; -1, a hand not tabulated, declines)."""
    i, j, k, m = sp - lo[0], he - lo[1], de - lo[2], at - lo[3]
    if not (0 <= i < dims[0] and 0 <= j < dims[1] and 0 <= k < dims[2] and 0 <= m < dims[3]):
        g[STATUS] = DECLINE
        return 0.0
    place = index[((i * dims[1] + j) * dims[2] + k) * dims[3] + m]
    if place < 0:
        g[STATUS] = DECLINE
        return 0.0
    return values[place]


@function
def fight_chance(g, wound, mine, theirs, attacking):
    """``agents._fight_chance``: my chance of the fight going my way."""
    if attacking:
        return wound_of(g, wound, mine[3], theirs[2], theirs[1])
    return 1.0 - wound_of(g, wound, theirs[3], mine[2], mine[1])


@function
def best_discard(g, bonus, index, values, lo, dims, cards, length, attributes):
    """``HandAgent._best_discard``: the card (of sorted ``cards[:length]``) whose discard
    leaves the best hand, the lowest among equals, and that hand's value."""
    best_card, best = -1, 0.0
    for i in range(length):
        card = cards[i]
        if i and card == cards[i - 1]:
            continue
        sp, he, de, at = minus(attributes, bonus, card, 1)
        value = hand_value(g, index, values, lo, dims, sp, he, de, at)
        if best_card < 0 or value > best:
            best_card, best = card, value
    return best_card, best


@function
def choose_source(T, S, seat):
    """``HandAgent.choose_source``: challenge when due; take the discard pile's top card
    when it makes a better hand; else the deck."""
    cfg, bonus, values, seat_table, patience = T[0], T[1], T[6], T[7], T[8]
    lo, dims, index = T[10], T[11], T[14]
    g, hands, hand_len, tokens, discard, merged = S[0], S[1], S[2], S[3], S[8], S[14]
    if g[CHALLENGER] < 0 and g[TURN] >= g[CT_MAY]:
        alive = 0
        for t in tokens:
            alive += t != 0
        if g[TURN] >= g[CT_MUST] or g[TURN] >= patience[seat] * alive:
            return CHALLENGE
    if g[DISC_LEN]:
        top = discard[g[DISC_LEN] - 1]
        length = hand_len[seat]
        i = 0
        while i < length and hands[seat, i] <= top:
            merged[i] = hands[seat, i]
            i += 1
        merged[i] = top
        for j in range(i, length):
            merged[j + 1] = hands[seat, j]
        table = values[seat_table[seat]]
        attributes = hand_attributes(bonus, cfg[BASE], hands, hand_len, seat)
        with_top = minus(attributes, bonus, top, -1)
        kept, value = best_discard(g, bonus, index, table, lo, dims, merged, length + 1, with_top)
        if kept != top and value > hand_value(g, index, table, lo, dims, *attributes):
            return DISCARD_PILE
    if g[DECK_POS] < g[DECK_LEN] or g[DISC_LEN] >= 2:
        return DECK
    return DISCARD_PILE


@function
def choose_discard(T, S, seat):
    """``HandAgent.choose_discard``: keep the best hand (the card just drawn, if the rules
    make it stay, excepted)."""
    cfg, bonus, values, seat_table, lo, dims, index = T[0], T[1], T[6], T[7], T[10], T[11], T[14]
    g, hands, hand_len = S[0], S[1], S[2]
    table = values[seat_table[seat]]
    hand = hands[seat]
    full = hand_attributes(bonus, cfg[BASE], hands, hand_len, seat)
    card = best_discard(g, bonus, index, table, lo, dims, hand, hand_len[seat], full)[0]
    if card != g[DRAWN] or cfg[DISCARD_DRAWN]:
        return card
    skipped, best_card, best = False, -1, 0.0  # one copy of the drawn card must stay
    for i in range(hand_len[seat]):
        card = hand[i]
        if card == g[DRAWN] and not skipped:
            skipped = True
            continue
        sp, he, de, at = minus(full, bonus, card, 1)
        value = hand_value(g, index, table, lo, dims, sp, he, de, at)
        if best_card < 0 or value > best:
            best_card, best = card, value
    return best_card


@function
def best_strip(g, wound, bonus, strippable, hand, length, mine, theirs, attacking):
    """``agents._best_strip``: the card of sorted ``hand[:length]`` whose strip helps my
    fight most (the lowest among equals), or -1 if none can be stripped."""
    best_card, best = -1, 0.0
    for i in range(length):
        card = hand[i]
        if not strippable[card] or (i and card == hand[i - 1]):
            continue
        chance = fight_chance(g, wound, mine, minus(theirs, bonus, card, 1), attacking)
        if best_card < 0 or chance > best:
            best_card, best = card, chance
    return best_card


@function
def fight_value(T, S, seat, wildcards, other, attacking):
    """``HandAgent._fight_value`` (its first part): my fight chance if I discard
    ``wildcards`` and strip the opponent's most useful cards."""
    cfg, bonus, strippable, wound = T[0], T[1], T[2], T[5]
    g, hands, hand_len, their_hand = S[0], S[1], S[2], S[14]
    mine = minus(
        hand_attributes(bonus, cfg[BASE], hands, hand_len, seat), bonus, cfg[WILD], wildcards
    )
    theirs = hand_attributes(bonus, cfg[BASE], hands, hand_len, other)
    length = hand_len[other]
    for i in range(length):
        their_hand[i] = hands[other, i]
    for _ in range(wildcards):
        stripped = best_strip(
            g, wound, bonus, strippable, their_hand, length, mine, theirs, attacking
        )
        if stripped < 0:
            break
        i = 0
        while their_hand[i] != stripped:
            i += 1
        for j in range(i, length - 1):
            their_hand[j] = their_hand[j + 1]
        length -= 1
        theirs = minus(theirs, bonus, stripped, 1)
    return fight_chance(g, wound, mine, theirs, attacking)


@function
def best_wildcards(T, S, seat, other, attacking):
    """How many wildcards to discard: the best fight value, the fewest among equals."""
    cfg = T[0]
    hands, hand_len = S[1], S[2]
    held = copies(hands, hand_len, seat, cfg[WILD]) if cfg[WILD] >= 0 else 0
    most = min(held, cfg[WILD_PER_FIGHT])
    if most == 0:  # the one choice: none
        return 0
    best_count, best = 0, 0.0
    for count in range(most + 1):
        value = fight_value(T, S, seat, count, other, attacking)
        if count == 0 or value > best:
            best_count, best = count, value
    return best_count


@function
def choose_target(T, S, seat, targets, count):
    """``HandAgent.choose_target`` for the weakest, strongest and leader policies."""
    cfg, bonus, wound, target_policy = T[0], T[1], T[5], T[9]
    g, hands, hand_len, tokens = S[0], S[1], S[2], S[3]
    _, health, defend, attack = hand_attributes(bonus, cfg[BASE], hands, hand_len, seat)
    policy = target_policy[seat]
    best_i, best_first, best_second = -1, 0.0, 0.0
    for i in range(count):
        t = targets[i]
        their = hand_attributes(bonus, cfg[BASE], hands, hand_len, t)
        if policy == STRONGEST:
            first, second = wound_of(g, wound, their[3], defend, health), 0.0
        elif policy == WEAKEST:
            first, second = wound_of(g, wound, attack, their[2], their[1]), -1.0 * tokens[t]
        else:
            first, second = 1.0 * tokens[t], wound_of(g, wound, attack, their[2], their[1])
        if best_i < 0 or first > best_first or (first == best_first and second > best_second):
            best_i, best_first, best_second = i, first, second
    return targets[best_i]


@function
def choose_attack(T, S, seat):
    """``HandAgent.choose_attack``: a target by the policy, and the wildcards to discard."""
    cfg = T[0]
    g, tokens, targets = S[0], S[3], S[11]
    k = 0
    for t in range(len(tokens)):
        if t != seat and is_open(cfg, g, tokens, t):
            targets[k] = t
            k += 1
    if k == 0:
        return PASS, 0
    target = targets[0] if k == 1 else choose_target(T, S, seat, targets, k)
    return target, best_wildcards(T, S, seat, target, True)


@function
def choose_strip(T, S, seat):
    """``HandAgent.choose_strip``."""
    cfg, bonus, strippable, wound = T[0], T[1], T[2], T[5]
    g, hands, hand_len = S[0], S[1], S[2]
    victim = victim_of(g)
    mine = hand_attributes(bonus, cfg[BASE], hands, hand_len, seat)
    theirs = hand_attributes(bonus, cfg[BASE], hands, hand_len, victim)
    attacking = seat == g[F_ATT]
    return best_strip(
        g, wound, bonus, strippable, hands[victim], hand_len[victim], mine, theirs, attacking
    )


@dispatch
def choose(T, S):
    """The choice of the seat to move at its decision, as two integers: the source action,
    the card, the (target or ``PASS``, wildcards discarded) of an attack, or the wildcards
    discarded in answer (second 0 but for an attack); ``HandAgent.act``."""
    g = S[0]
    seat, decision = g[PLAYER], g[DECISION]
    if decision == SOURCE:
        return choose_source(T, S, seat), 0
    if decision == DISCARD:
        return choose_discard(T, S, seat), 0
    if decision == ATTACK:
        return choose_attack(T, S, seat)
    if decision == WILDCARDS:
        return best_wildcards(T, S, seat, g[F_ATT], False), 0
    return choose_strip(T, S, seat), 0
