"""The kernel's transitions: the deal, the draw phase, combat and the next round.

Each function mirrors the function of :mod:`workbench.games.daggers_brink.phases` it
names, on the arrays of :func:`~workbench.games.daggers_brink.kernel.loop.run` (``T``:
rules, table, agents and chance; ``S``: the position). Legality is checked only where
the kernel's own agents could go wrong; anything it cannot play on sets
``g[STATUS] = DECLINE``.
"""

from __future__ import annotations

from workbench.games.daggers_brink.kernel.chance import rank_seats, shuffle
from workbench.games.daggers_brink.kernel.jit import dispatch, function
from workbench.games.daggers_brink.kernel.layout import (
    ATTACK,
    BASE,
    CHALLENGE,
    CHALLENGER,
    CT_MAY,
    CT_MUST,
    DEALER,
    DECISION,
    DECK,
    DECK_LEN,
    DECK_POS,
    DECLINE,
    DEFENDER_FIRST,
    DICE,
    DISC_LEN,
    DISCARD,
    DISCARD_PILE,
    DRAW_TURNS,
    DRAWN,
    F_ATT,
    F_AW,
    F_DEF,
    F_DW,
    HAND_SIZE,
    MAX_ROUNDS,
    N_FIGHTS,
    ORDER_LEN,
    ORDER_POS,
    PASS,
    PASS_AFTER,
    PLAYER,
    RESHUFFLE_DEPLETED,
    ROLL_OFF_DICE,
    ROUND,
    SHUFFLES,
    SOURCE,
    SPEED_ROLL,
    STATUS,
    STRIP,
    STRIPS_LEN,
    THRESHOLD,
    TURN,
    WILD,
    WILD_PER_FIGHT,
    WILDCARDS,
    WOUNDED,
)
from workbench.games.daggers_brink.kernel.position import (
    add_card,
    copies,
    end_game,
    hand_attributes,
    has_target,
    is_open,
    left_of,
    living_from_dealers_left,
    remove_card,
    victim_of,
)

__all__ = [
    "apply",
    "can_strip",
    "discard_wildcards",
    "drop_first_strip",
    "next_attacker",
    "next_drawer",
    "next_strip",
    "on_attack",
    "on_discard",
    "on_source",
    "on_strip",
    "on_wildcards",
    "refill",
    "resolve",
    "source_is_legal",
    "start_combat",
    "start_round",
    "start_strips",
]


@function
def start_round(T, S):
    """``phases.start_round``: shuffle, deal one card at a time, turn one card up."""
    cfg, cards, turns, orders = T[0], T[3], T[4], T[13]
    g, hands, hand_len, tokens, to_left, deck, discard = S[0], S[1], S[2], S[3], S[5], S[7], S[8]
    seats = S[11]
    if cfg[MAX_ROUNDS] and g[ROUND] >= cfg[MAX_ROUNDS]:
        end_game(g, -1)
        return
    if g[SHUFFLES] >= len(orders):
        g[STATUS] = DECLINE
        return
    g[ROUND] += 1
    size = len(cards)
    shuffle(orders, g[SHUFFLES], cards, size, deck)
    g[SHUFFLES] += 1
    k = living_from_dealers_left(g, tokens, seats)
    dealt = k * cfg[HAND_SIZE]
    for seat in range(len(hand_len)):
        hand_len[seat] = 0
    for j in range(k):
        seat = seats[j]
        for i in range(j, dealt, k):
            add_card(g, hands, hand_len, seat, deck[i])
    discard[0] = deck[dealt]
    g[DISC_LEN], g[DECK_LEN], g[DECK_POS] = 1, size, dealt + 1
    g[TURN], g[CHALLENGER], g[DRAWN] = 0, -1, -1
    for seat in range(len(to_left)):
        to_left[seat] = seat
    for j in range(k):
        to_left[seats[j]] = seats[(j + 1) % k]
    g[CT_MAY], g[CT_MUST] = turns[k, 0], turns[k, 1]
    g[ORDER_LEN], g[ORDER_POS], g[WOUNDED] = 0, -1, 0
    g[PLAYER], g[DECISION] = seats[0], SOURCE


@function
def refill(T, S):
    """``phases.refill``: the discard pile but its top card becomes a new deck."""
    orders = T[13]
    g, deck, discard = S[0], S[7], S[8]
    m = g[DISC_LEN] - 1
    if m < 1:
        return
    if g[SHUFFLES] >= len(orders):
        g[STATUS] = DECLINE
        return
    shuffle(orders, g[SHUFFLES], discard, m, deck)
    g[SHUFFLES] += 1
    discard[0] = discard[m]
    g[DECK_LEN], g[DECK_POS], g[DISC_LEN] = m, 0, 1


@function
def next_drawer(T, S):
    """``phases._next_drawer``: play passes left; back at the challenger, combat."""
    g, to_left = S[0], S[5]
    g[TURN] += 1
    seat = to_left[g[PLAYER]]
    if seat == g[CHALLENGER]:
        start_combat(T, S)
    else:
        g[PLAYER], g[DECISION] = seat, SOURCE


@function
def start_combat(T, S):
    """``phases._start_combat``: combat order by Speed, ties rolled off (or in order)."""
    cfg, bonus, faces = T[0], T[1], T[12]
    g, hands, hand_len, tokens, firsts, order = S[0], S[1], S[2], S[3], S[4], S[6]
    speeds, stack = S[12], S[13]
    k = living_from_dealers_left(g, tokens, order)
    for i in range(k):
        speeds[i] = hand_attributes(bonus, cfg[BASE], hands, hand_len, order[i])[0]
    rank_seats(g, faces, order, speeds, k, k if cfg[SPEED_ROLL] else 0, cfg[ROLL_OFF_DICE], stack)
    if g[STATUS]:
        return
    g[ORDER_LEN], g[ORDER_POS], g[DRAWN] = k, -1, -1
    firsts[order[0]] += 1
    next_attacker(T, S)


@function
def next_attacker(T, S):
    """``phases._next_attacker``: the next in combat order who may attack someone; after
    the last, the deal passes left and a new round begins."""
    cfg = T[0]
    g, tokens, order = S[0], S[3], S[6]
    while True:
        g[ORDER_POS] += 1
        if g[ORDER_POS] >= g[ORDER_LEN]:
            g[DEALER] = left_of(g[DEALER], tokens)
            start_round(T, S)
            return
        seat = order[g[ORDER_POS]]
        if is_open(cfg, g, tokens, seat) and has_target(cfg, g, tokens, seat):
            g[PLAYER], g[DECISION] = seat, ATTACK
            return


@function
def resolve(T, S):
    """``phases._resolve``: attack dice against defend dice; a wound costs a token."""
    cfg, bonus, faces = T[0], T[1], T[12]
    g, hands, hand_len, tokens, order, log = S[0], S[1], S[2], S[3], S[6], S[10]
    attacker, defender = g[F_ATT], g[F_DEF]
    attack = hand_attributes(bonus, cfg[BASE], hands, hand_len, attacker)[3]
    _, health, defend, _ = hand_attributes(bonus, cfg[BASE], hands, hand_len, defender)
    start = g[DICE]
    if attack < 0 or defend < 0:
        g[STATUS] = DECLINE
        return
    if start + attack + defend > len(faces):
        g[STATUS] = DECLINE
        return
    if g[N_FIGHTS] >= log.shape[0]:  # run() pauses before this can happen
        g[STATUS] = DECLINE
        return
    hits = blocks = 0
    for i in range(attack):
        hits += faces[start + i] >= cfg[THRESHOLD]
    for i in range(defend):
        blocks += faces[start + attack + i] >= cfg[THRESHOLD]
    g[DICE] += attack + defend
    remaining = hits - blocks if hits > blocks else 0
    wounded = remaining >= health
    rank = 0
    while order[rank] != defender:
        rank += 1
    row = log[g[N_FIGHTS]]
    row[0], row[1], row[2], row[3], row[4] = g[ROUND], attacker, defender, attack, defend
    row[5], row[6], row[7], row[8], row[9] = health, start, hits, blocks, remaining
    row[10], row[11], row[12], row[13] = wounded, g[ORDER_POS], rank, rank < g[ORDER_POS]
    row[14], row[15] = g[F_AW], g[F_DW]
    g[N_FIGHTS] += 1
    g[F_ATT], g[STRIPS_LEN] = -1, 0
    if wounded:
        tokens[defender] -= 1
        g[WOUNDED] |= 1 << defender
        alive = last = 0
        for seat in range(len(tokens)):
            if tokens[seat]:
                alive += 1
                last = seat
        if alive == 1:
            end_game(g, last)
            return
    next_attacker(T, S)


@function
def can_strip(strippable, hands, hand_len, victim):
    for i in range(hand_len[victim]):  # noqa: SIM110 (a plain loop compiles best)
        if strippable[hands[victim, i]]:
            return True
    return False


@function
def drop_first_strip(g, strips):
    for i in range(g[STRIPS_LEN] - 1):
        strips[i] = strips[i + 1]
    g[STRIPS_LEN] -= 1


@function
def next_strip(T, S):
    """``phases._next_strip``: the next stripper who has something to strip, then the dice."""
    strippable = T[2]
    g, hands, hand_len, strips = S[0], S[1], S[2], S[9]
    while g[STRIPS_LEN]:
        g[PLAYER] = strips[0]
        if can_strip(strippable, hands, hand_len, victim_of(g)):
            g[DECISION] = STRIP
            return
        drop_first_strip(g, strips)
    resolve(T, S)


@function
def start_strips(T, S):
    """``phases._start_strips``: each discarded wildcard strips a card; defender first."""
    cfg = T[0]
    g, strips = S[0], S[9]
    first, first_count, second, second_count = g[F_DEF], g[F_DW], g[F_ATT], g[F_AW]
    if not cfg[DEFENDER_FIRST]:
        first, first_count, second, second_count = second, second_count, first, first_count
    k = 0
    for _ in range(first_count):
        strips[k] = first
        k += 1
    for _ in range(second_count):
        strips[k] = second
        k += 1
    g[STRIPS_LEN] = k
    next_strip(T, S)


@function
def discard_wildcards(T, S, seat, count):
    """``phases._discard_wildcards``."""
    cfg = T[0]
    g, hands, hand_len, discard = S[0], S[1], S[2], S[8]
    for _ in range(count):
        remove_card(g, hands, hand_len, seat, cfg[WILD])
        discard[g[DISC_LEN]] = cfg[WILD]
        g[DISC_LEN] += 1


@function
def source_is_legal(T, S, action):
    """``DaggersState._source_is_legal``."""
    cfg = T[0]
    g = S[0]
    if action == DECK:
        if g[DECK_POS] >= g[DECK_LEN] and g[DISC_LEN] < 2:
            return False
    elif action == DISCARD_PILE:
        if g[DISC_LEN] == 0:
            return False
    elif action == CHALLENGE:
        return g[CHALLENGER] < 0 and g[TURN] >= g[CT_MAY]
    else:
        return g[CHALLENGER] >= 0 and cfg[PASS_AFTER] != 0
    return g[CHALLENGER] >= 0 or g[TURN] < g[CT_MUST]


@function
def on_source(T, S, action):
    """``phases._on_source``: draw from the deck or the discard pile, or challenge."""
    cfg = T[0]
    g, hands, hand_len, deck, discard = S[0], S[1], S[2], S[7], S[8]
    if not source_is_legal(T, S, action):
        g[STATUS] = DECLINE
        return
    g[DRAW_TURNS] += 1
    if action == DECK:
        if g[DECK_POS] >= g[DECK_LEN]:
            refill(T, S)
            if g[STATUS]:
                return
        card = deck[g[DECK_POS]]
        g[DECK_POS] += 1
        if g[DECK_POS] >= g[DECK_LEN] and cfg[RESHUFFLE_DEPLETED]:
            refill(T, S)
    elif action == DISCARD_PILE:
        g[DISC_LEN] -= 1
        card = discard[g[DISC_LEN]]
    else:
        if action == CHALLENGE:
            g[CHALLENGER] = g[PLAYER]
        next_drawer(T, S)
        return
    g[DRAWN] = card
    add_card(g, hands, hand_len, g[PLAYER], card)
    g[DECISION] = DISCARD


@function
def on_discard(T, S, card):
    """``phases._on_discard``."""
    g, hands, hand_len, discard = S[0], S[1], S[2], S[8]
    remove_card(g, hands, hand_len, g[PLAYER], card)
    discard[g[DISC_LEN]] = card
    g[DISC_LEN] += 1
    g[DRAWN] = -1
    next_drawer(T, S)


@function
def on_attack(T, S, target, wildcards):
    """``phases._on_attack``: attack (discarding wildcards) or pass."""
    cfg = T[0]
    g, hands, hand_len = S[0], S[1], S[2]
    if target == PASS:
        next_attacker(T, S)
        return
    if wildcards:
        discard_wildcards(T, S, g[PLAYER], wildcards)
    g[F_ATT], g[F_DEF], g[F_AW], g[F_DW] = g[PLAYER], target, wildcards, 0
    if cfg[WILD_PER_FIGHT] and cfg[WILD] >= 0 and copies(hands, hand_len, target, cfg[WILD]):
        g[PLAYER], g[DECISION] = target, WILDCARDS
    elif wildcards:
        start_strips(T, S)
    else:
        resolve(T, S)


@function
def on_wildcards(T, S, wildcards):
    """``phases._on_wildcards``."""
    g = S[0]
    discard_wildcards(T, S, g[PLAYER], wildcards)
    g[F_DW] = wildcards
    start_strips(T, S)


@function
def on_strip(T, S, card):
    """``phases._on_strip``."""
    g, hands, hand_len, discard, strips = S[0], S[1], S[2], S[8], S[9]
    remove_card(g, hands, hand_len, victim_of(g), card)
    discard[g[DISC_LEN]] = card
    g[DISC_LEN] += 1
    drop_first_strip(g, strips)
    next_strip(T, S)


@dispatch
def apply(T, S, a, b):
    """Apply the action ``a`` (and ``b``, for an attack) encoded as by
    :func:`~workbench.games.daggers_brink.kernel.agents.choose` at the position's decision;
    ``DaggersState.apply`` for actions known to be legal."""
    decision = S[0][DECISION]
    if decision == SOURCE:
        on_source(T, S, a)
    elif decision == DISCARD:
        on_discard(T, S, a)
    elif decision == ATTACK:
        on_attack(T, S, a, b)
    elif decision == WILDCARDS:
        on_wildcards(T, S, a)
    else:
        on_strip(T, S, a)
