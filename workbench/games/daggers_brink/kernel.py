"""A whole game of Daggers Brink between hand agents, compiled with numba.

This is a second implementation of :mod:`~workbench.games.daggers_brink.phases` (the
transitions) and of :class:`~workbench.games.daggers_brink.agents.HandAgent` (the
choices), on arrays, for the speed of balance studies. It is not the reference:
:mod:`~workbench.games.daggers_brink.compiled` runs it only for agents whose play it
knows, and tests play many seeded games both ways and find every die, fight and
final position equal. Each function below names the Python function it mirrors.

The game is held in arrays (see :func:`run`): ``g`` holds every scalar (indices
below), the others hands, tokens, piles, the fight log and scratch space. Before a
decision that might run short of dice, shuffles or room in the log, the kernel pauses
(``g[STATUS] == PAUSED``) so that the caller can draw more and resume; whatever it does
not know how to play on (an attribute outside its tables, an illegal choice, dice
running out in mid-decision after many tied roll-offs) it reports and stops, and the
caller plays the game in Python.

Nothing here allocates: every function runs without numba's reference counting
(``_nrt=False``), which would otherwise cost more than the game itself (an atomic
count per array argument of every call).
"""

from __future__ import annotations

from numba import njit

__all__ = ["CFG_FIELDS", "G_FIELDS", "LOG_FIELDS", "run"]

# ---------------------------------------------------------------- g: the scalars
STATUS, DECISION, PLAYER, DEALER, ROUND, DICE, SHUFFLES, DRAW_TURNS = range(8)
TURN, CHALLENGER, DRAWN, ORDER_POS, ORDER_LEN, WOUNDED, WINNER = range(8, 15)
DECK_LEN, DECK_POS, DISC_LEN, F_ATT, F_DEF, F_AW, F_DW = range(15, 22)
STRIPS_LEN, N_FIGHTS, CT_MAY, CT_MUST, PLIES = range(22, 27)
#: Names of the fields of ``g``, in order.
G_FIELDS = (
    "status", "decision", "player", "dealer", "round", "dice", "shuffles", "draw_turns",
    "turn", "challenger", "drawn", "order_pos", "order_len", "wounded", "winner",
    "deck_len", "deck_pos", "disc_len", "fight_attacker", "fight_defender",
    "fight_attacker_wild", "fight_defender_wild", "strips_len", "n_fights", "challenge_may",
    "challenge_must", "plies"
)  # fmt: skip

# ------------------------------------------------------- cfg: rules and the table
N, HAND_SIZE, BASE, THRESHOLD, PASS_AFTER, DISCARD_DRAWN, RESHUFFLE_DEPLETED = range(7)
SPEED_ROLL, ATTACK_OPTIONAL, SIT_OUT, WILD_PER_FIGHT, DEFENDER_FIRST, MAX_ROUNDS = range(7, 13)
WILD = 13
#: Names of the fields of ``cfg``, in order (``wild``: the wildcard type, or -1).
CFG_FIELDS = (
    "n", "hand_size", "base", "threshold", "pass_after_challenge", "discard_drawn",
    "reshuffle_depleted", "speed_roll", "attack_optional", "sit_out", "wildcards_per_fight",
    "defender_first", "max_rounds", "wild"
)  # fmt: skip

#: Columns of the fight log: as :class:`~workbench.games.daggers_brink.actions.Fight`,
#: with the index of the first attack die instead of the faces.
LOG_FIELDS = (
    "round", "attacker", "defender", "attack", "defend", "health", "first_die", "hits",
    "blocks", "remaining", "wounded", "attacker_rank", "defender_rank", "defender_had_acted",
    "attacker_wild", "defender_wild"
)  # fmt: skip

# statuses
OK, PAUSED, DECLINE = range(3)
#: Dice and shuffles a decision may use at most before it is taken (else pause).
FACE_RESERVE, SHUFFLE_RESERVE = 128, 3

# decisions ("" is 0: the game is over)
SOURCE, DISCARD, ATTACK, WILDCARDS, STRIP = range(1, 6)
# draw-phase actions
DECK, DISCARD_PILE, CHALLENGE, STAND = range(4)
TERMINAL = -2
PASS = -1
# targets
WEAKEST, STRONGEST, LEADER = range(3)


_kernel = njit(cache=True, _nrt=False)


# ------------------------------------------------------------------- lookups
@_kernel
def _attributes(bonus, base, hands, hand_len, seat):
    """``Table.attributes[hand]``: (speed, health, defend, attack) of a seat's hand."""
    sp = he = de = at = base
    for i in range(hand_len[seat]):
        card = hands[seat, i]
        sp += bonus[card, 0]
        he += bonus[card, 1]
        de += bonus[card, 2]
        at += bonus[card, 3]
    return sp, he, de, at


@_kernel
def _wound(g, wound, attack, defend, health):
    """``wound_chance``, from the table ``wound``; an attribute beyond it declines."""
    top = wound.shape[0]
    if not (0 <= attack < top and 0 <= defend < top and 0 <= health < top):
        g[STATUS] = DECLINE
        return 0.0
    return wound[attack, defend, health]


@_kernel
def _value(g, index, values, lo, dims, sp, he, de, at):
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


@_kernel
def _fight_chance(g, wound, mine, theirs, attacking):
    """``agents._fight_chance``: my chance of the fight going my way."""
    if attacking:
        return _wound(g, wound, mine[3], theirs[2], theirs[1])
    return 1.0 - _wound(g, wound, theirs[3], mine[2], mine[1])


@_kernel
def _minus(attributes, bonus, card, times):
    """Attributes without ``times`` cards of type ``card``."""
    return (
        attributes[0] - times * bonus[card, 0],
        attributes[1] - times * bonus[card, 1],
        attributes[2] - times * bonus[card, 2],
        attributes[3] - times * bonus[card, 3],
    )


# -------------------------------------------------------------- hands and piles
@_kernel
def _add_card(g, hands, hand_len, seat, card):
    """``phases._add_card``: insert into the sorted hand, after equal cards."""
    i = hand_len[seat]
    if i >= hands.shape[1]:
        g[STATUS] = DECLINE
        return
    while i > 0 and hands[seat, i - 1] > card:
        hands[seat, i] = hands[seat, i - 1]
        i -= 1
    hands[seat, i] = card
    hand_len[seat] += 1


@_kernel
def _remove_card(g, hands, hand_len, seat, card):
    """``phases._remove_card``: take out the first copy of ``card``."""
    length = hand_len[seat]
    i = 0
    while i < length and hands[seat, i] != card:
        i += 1
    if i == length:
        g[STATUS] = DECLINE
        return
    for j in range(i, length - 1):
        hands[seat, j] = hands[seat, j + 1]
    hand_len[seat] = length - 1


@_kernel
def _count(hands, hand_len, seat, card):
    held = 0
    for i in range(hand_len[seat]):
        held += hands[seat, i] == card
    return held


@_kernel
def _left_of(seat, tokens):
    """``phases.left_of``: the next seat clockwise that holds a token."""
    n = len(tokens)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if tokens[nxt]:
            return nxt
    return seat


@_kernel
def _living_from_dealers_left(g, tokens, seats):
    """Living seats clockwise from the dealer's left into ``seats``; their number."""
    n = len(tokens)
    k = 0
    for step in range(1, n + 1):
        seat = (g[DEALER] + step) % n
        if tokens[seat]:
            seats[k] = seat
            k += 1
    return k


@_kernel
def _open(cfg, g, tokens, seat):
    """``Table.open_seats``: living, and not wounded this phase if the wounded sit out."""
    return tokens[seat] > 0 and not (cfg[SIT_OUT] and g[WOUNDED] >> seat & 1)


@_kernel
def _end(g, winner):
    g[DECISION], g[PLAYER], g[WINNER] = 0, TERMINAL, winner


# ----------------------------------------------------------------- the round
@_kernel
def _start_round(T, S):
    """``phases.start_round``: shuffle, deal one card at a time, turn one card up."""
    cfg, cards, turns, orders = T[0], T[3], T[4], T[13]
    g, hands, hand_len, tokens, to_left, deck, discard = S[0], S[1], S[2], S[3], S[5], S[7], S[8]
    seats = S[11]
    if cfg[MAX_ROUNDS] and g[ROUND] >= cfg[MAX_ROUNDS]:
        _end(g, -1)
        return
    if g[SHUFFLES] >= len(orders):
        g[STATUS] = DECLINE
        return
    g[ROUND] += 1
    size = len(cards)
    _shuffle(orders, g[SHUFFLES], cards, size, deck)
    g[SHUFFLES] += 1
    k = _living_from_dealers_left(g, tokens, seats)
    dealt = k * cfg[HAND_SIZE]
    for seat in range(len(hand_len)):
        hand_len[seat] = 0
    for j in range(k):
        seat = seats[j]
        for i in range(j, dealt, k):
            _add_card(g, hands, hand_len, seat, deck[i])
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


@_kernel
def _refill(T, S):
    """``phases.refill``: the discard pile but its top card becomes a new deck."""
    orders = T[13]
    g, deck, discard = S[0], S[7], S[8]
    m = g[DISC_LEN] - 1
    if m < 1:
        return
    if g[SHUFFLES] >= len(orders):
        g[STATUS] = DECLINE
        return
    _shuffle(orders, g[SHUFFLES], discard, m, deck)
    g[SHUFFLES] += 1
    discard[0] = discard[m]
    g[DECK_LEN], g[DECK_POS], g[DISC_LEN] = m, 0, 1


@_kernel
def _shuffle(orders, row, cards, m, deck):
    """``SeededChance.shuffled(row, cards[:m])`` into ``deck``: the cards in the order of the
    row's first ``m`` keys. ``orders[row]`` orders all the row's keys, stably; the first
    ``m`` keys' stable order is that order without the places from ``m`` on."""
    k = 0
    for place in orders[row]:
        if place < m:
            deck[k] = cards[place]
            k += 1


@_kernel
def _sort_down(seats, values, lo, hi):
    """Sort ``seats[lo:hi]`` and ``values[lo:hi]`` by value, highest first, stably."""
    for i in range(lo + 1, hi):
        seat, value = seats[i], values[i]
        j = i
        while j > lo and values[j - 1] < value:
            seats[j], values[j] = seats[j - 1], values[j - 1]
            j -= 1
        seats[j], values[j] = seat, value


@_kernel
def _rank(g, faces, seats, values, m, places, stack):
    """``phases._ranked`` (with its ``roll_off``), in place on ``seats[:m]`` and their
    ``values``: highest first; tied seats keep their order, or, while their first place
    is among the first ``places``, roll 4d6 each and are ranked again among themselves,
    depth first. ``stack`` holds (end, next position) of each group still to rank."""
    _sort_down(seats, values, 0, m)
    if places == 0:
        return
    stack[0], stack[1] = m, 0
    depth = 1
    while depth:
        depth -= 1
        end, i = stack[2 * depth], stack[2 * depth + 1]
        while i < end:
            j = i + 1
            while j < end and values[j] == values[i]:
                j += 1
            if j - i > 1 and i < places:  # a tie for a place that counts: roll off
                start = g[DICE]
                if start + 4 * (j - i) > len(faces):
                    g[STATUS] = DECLINE
                    return
                if 2 * (depth + 2) > len(stack):
                    g[STATUS] = DECLINE
                    return
                for seat in range(i, j):
                    die = start + 4 * (seat - i)
                    values[seat] = faces[die] + faces[die + 1] + faces[die + 2] + faces[die + 3]
                g[DICE] += 4 * (j - i)
                _sort_down(seats, values, i, j)
                stack[2 * depth], stack[2 * depth + 1] = end, j  # the rest of this group
                stack[2 * depth + 2], stack[2 * depth + 3] = j, i  # the tied ones, first
                depth += 2
                break
            i = j


@_kernel
def _next_drawer(T, S):
    """``phases._next_drawer``: play passes left; back at the challenger, combat."""
    g, to_left = S[0], S[5]
    g[TURN] += 1
    seat = to_left[g[PLAYER]]
    if seat == g[CHALLENGER]:
        _start_combat(T, S)
    else:
        g[PLAYER], g[DECISION] = seat, SOURCE


@_kernel
def _start_combat(T, S):
    """``phases._start_combat``: combat order by Speed, ties rolled off (or in order)."""
    cfg, bonus, faces = T[0], T[1], T[12]
    g, hands, hand_len, tokens, firsts, order = S[0], S[1], S[2], S[3], S[4], S[6]
    speeds, stack = S[12], S[13]
    k = _living_from_dealers_left(g, tokens, order)
    for i in range(k):
        speeds[i] = _attributes(bonus, cfg[BASE], hands, hand_len, order[i])[0]
    _rank(g, faces, order, speeds, k, k if cfg[SPEED_ROLL] else 0, stack)
    if g[STATUS]:
        return
    g[ORDER_LEN], g[ORDER_POS], g[DRAWN] = k, -1, -1
    firsts[order[0]] += 1
    _next_attacker(T, S)


@_kernel
def _has_target(cfg, g, tokens, seat):
    """``DaggersState.has_target``."""
    others = 0
    for other in range(len(tokens)):
        if other != seat and _open(cfg, g, tokens, other):
            others += 1
    return others > 0


@_kernel
def _next_attacker(T, S):
    """``phases._next_attacker``: the next in combat order who may attack someone; after
    the last, the deal passes left and a new round begins."""
    cfg = T[0]
    g, tokens, order = S[0], S[3], S[6]
    while True:
        g[ORDER_POS] += 1
        if g[ORDER_POS] >= g[ORDER_LEN]:
            g[DEALER] = _left_of(g[DEALER], tokens)
            _start_round(T, S)
            return
        seat = order[g[ORDER_POS]]
        if _open(cfg, g, tokens, seat) and _has_target(cfg, g, tokens, seat):
            g[PLAYER], g[DECISION] = seat, ATTACK
            return


@_kernel
def _resolve(T, S):
    """``phases._resolve``: attack dice against defend dice; a wound costs a token."""
    cfg, bonus, faces = T[0], T[1], T[12]
    g, hands, hand_len, tokens, order, log = S[0], S[1], S[2], S[3], S[6], S[10]
    attacker, defender = g[F_ATT], g[F_DEF]
    attack = _attributes(bonus, cfg[BASE], hands, hand_len, attacker)[3]
    _, health, defend, _ = _attributes(bonus, cfg[BASE], hands, hand_len, defender)
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
            _end(g, last)
            return
    _next_attacker(T, S)


@_kernel
def _victim(g):
    return g[F_ATT] if g[PLAYER] == g[F_DEF] else g[F_DEF]


@_kernel
def _can_strip(strippable, hands, hand_len, victim):
    for i in range(hand_len[victim]):  # noqa: SIM110 (a plain loop compiles best)
        if strippable[hands[victim, i]]:
            return True
    return False


@_kernel
def _drop_first(g, strips):
    for i in range(g[STRIPS_LEN] - 1):
        strips[i] = strips[i + 1]
    g[STRIPS_LEN] -= 1


@_kernel
def _next_strip(T, S):
    """``phases._next_strip``: the next stripper who has something to strip, then the dice."""
    strippable = T[2]
    g, hands, hand_len, strips = S[0], S[1], S[2], S[9]
    while g[STRIPS_LEN]:
        g[PLAYER] = strips[0]
        if _can_strip(strippable, hands, hand_len, _victim(g)):
            g[DECISION] = STRIP
            return
        _drop_first(g, strips)
    _resolve(T, S)


@_kernel
def _start_strips(T, S):
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
    _next_strip(T, S)


@_kernel
def _discard_wildcards(T, S, seat, count):
    """``phases._discard_wildcards``."""
    cfg = T[0]
    g, hands, hand_len, discard = S[0], S[1], S[2], S[8]
    for _ in range(count):
        _remove_card(g, hands, hand_len, seat, cfg[WILD])
        discard[g[DISC_LEN]] = cfg[WILD]
        g[DISC_LEN] += 1


# ------------------------------------------------------------- transitions
@_kernel
def _source_is_legal(T, S, action):
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


@_kernel
def _on_source(T, S, action):
    """``phases._on_source``: draw from the deck or the discard pile, or challenge."""
    cfg = T[0]
    g, hands, hand_len, deck, discard = S[0], S[1], S[2], S[7], S[8]
    if not _source_is_legal(T, S, action):
        g[STATUS] = DECLINE
        return
    g[DRAW_TURNS] += 1
    if action == DECK:
        if g[DECK_POS] >= g[DECK_LEN]:
            _refill(T, S)
            if g[STATUS]:
                return
        card = deck[g[DECK_POS]]
        g[DECK_POS] += 1
        if g[DECK_POS] >= g[DECK_LEN] and cfg[RESHUFFLE_DEPLETED]:
            _refill(T, S)
    elif action == DISCARD_PILE:
        g[DISC_LEN] -= 1
        card = discard[g[DISC_LEN]]
    else:
        if action == CHALLENGE:
            g[CHALLENGER] = g[PLAYER]
        _next_drawer(T, S)
        return
    g[DRAWN] = card
    _add_card(g, hands, hand_len, g[PLAYER], card)
    g[DECISION] = DISCARD


@_kernel
def _on_discard(T, S, card):
    """``phases._on_discard``."""
    g, hands, hand_len, discard = S[0], S[1], S[2], S[8]
    _remove_card(g, hands, hand_len, g[PLAYER], card)
    discard[g[DISC_LEN]] = card
    g[DISC_LEN] += 1
    g[DRAWN] = -1
    _next_drawer(T, S)


@_kernel
def _on_attack(T, S, target, wildcards):
    """``phases._on_attack``: attack (discarding wildcards) or pass."""
    cfg = T[0]
    g, hands, hand_len = S[0], S[1], S[2]
    if target == PASS:
        _next_attacker(T, S)
        return
    if wildcards:
        _discard_wildcards(T, S, g[PLAYER], wildcards)
    g[F_ATT], g[F_DEF], g[F_AW], g[F_DW] = g[PLAYER], target, wildcards, 0
    if cfg[WILD_PER_FIGHT] and cfg[WILD] >= 0 and _count(hands, hand_len, target, cfg[WILD]):
        g[PLAYER], g[DECISION] = target, WILDCARDS
    elif wildcards:
        _start_strips(T, S)
    else:
        _resolve(T, S)


@_kernel
def _on_wildcards(T, S, wildcards):
    """``phases._on_wildcards``."""
    g = S[0]
    _discard_wildcards(T, S, g[PLAYER], wildcards)
    g[F_DW] = wildcards
    _start_strips(T, S)


@_kernel
def _on_strip(T, S, card):
    """``phases._on_strip``."""
    g, hands, hand_len, discard, strips = S[0], S[1], S[2], S[8], S[9]
    _remove_card(g, hands, hand_len, _victim(g), card)
    discard[g[DISC_LEN]] = card
    g[DISC_LEN] += 1
    _drop_first(g, strips)
    _next_strip(T, S)


# ------------------------------------------------------------ hand agents
@_kernel
def _best_discard(g, bonus, index, values, lo, dims, cards, length, attributes):
    """``HandAgent._best_discard``: the card (of sorted ``cards[:length]``) whose discard
    leaves the best hand, the lowest among equals, and that hand's value."""
    best_card, best = -1, 0.0
    for i in range(length):
        card = cards[i]
        if i and card == cards[i - 1]:
            continue
        sp, he, de, at = _minus(attributes, bonus, card, 1)
        value = _value(g, index, values, lo, dims, sp, he, de, at)
        if best_card < 0 or value > best:
            best_card, best = card, value
    return best_card, best


@_kernel
def _choose_source(T, S, seat):
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
        attributes = _attributes(bonus, cfg[BASE], hands, hand_len, seat)
        with_top = _minus(attributes, bonus, top, -1)
        kept, value = _best_discard(g, bonus, index, table, lo, dims, merged, length + 1, with_top)
        if kept != top and value > _value(g, index, table, lo, dims, *attributes):
            return DISCARD_PILE
    if g[DECK_POS] < g[DECK_LEN] or g[DISC_LEN] >= 2:
        return DECK
    return DISCARD_PILE


@_kernel
def _choose_discard(T, S, seat):
    """``HandAgent.choose_discard``: keep the best hand (the card just drawn, if the rules
    make it stay, excepted)."""
    cfg, bonus, values, seat_table, lo, dims, index = T[0], T[1], T[6], T[7], T[10], T[11], T[14]
    g, hands, hand_len = S[0], S[1], S[2]
    table = values[seat_table[seat]]
    hand = hands[seat]
    full = _attributes(bonus, cfg[BASE], hands, hand_len, seat)
    card = _best_discard(g, bonus, index, table, lo, dims, hand, hand_len[seat], full)[0]
    if card != g[DRAWN] or cfg[DISCARD_DRAWN]:
        return card
    skipped, best_card, best = False, -1, 0.0  # one copy of the drawn card must stay
    for i in range(hand_len[seat]):
        card = hand[i]
        if card == g[DRAWN] and not skipped:
            skipped = True
            continue
        sp, he, de, at = _minus(full, bonus, card, 1)
        value = _value(g, index, table, lo, dims, sp, he, de, at)
        if best_card < 0 or value > best:
            best_card, best = card, value
    return best_card


@_kernel
def _best_strip(g, wound, bonus, strippable, hand, length, mine, theirs, attacking):
    """``agents._best_strip``: the card of sorted ``hand[:length]`` whose strip helps my
    fight most (the lowest among equals), or -1 if none can be stripped."""
    best_card, best = -1, 0.0
    for i in range(length):
        card = hand[i]
        if not strippable[card] or (i and card == hand[i - 1]):
            continue
        chance = _fight_chance(g, wound, mine, _minus(theirs, bonus, card, 1), attacking)
        if best_card < 0 or chance > best:
            best_card, best = card, chance
    return best_card


@_kernel
def _fight_value(T, S, seat, wildcards, other, attacking):
    """``HandAgent._fight_value`` (its first part): my fight chance if I discard
    ``wildcards`` and strip the opponent's most useful cards."""
    cfg, bonus, strippable, wound = T[0], T[1], T[2], T[5]
    g, hands, hand_len, their_hand = S[0], S[1], S[2], S[14]
    mine = _minus(_attributes(bonus, cfg[BASE], hands, hand_len, seat), bonus, cfg[WILD], wildcards)
    theirs = _attributes(bonus, cfg[BASE], hands, hand_len, other)
    length = hand_len[other]
    for i in range(length):
        their_hand[i] = hands[other, i]
    for _ in range(wildcards):
        stripped = _best_strip(
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
        theirs = _minus(theirs, bonus, stripped, 1)
    return _fight_chance(g, wound, mine, theirs, attacking)


@_kernel
def _best_wildcards(T, S, seat, other, attacking):
    """How many wildcards to discard: the best fight value, the fewest among equals."""
    cfg = T[0]
    hands, hand_len = S[1], S[2]
    held = _count(hands, hand_len, seat, cfg[WILD]) if cfg[WILD] >= 0 else 0
    most = min(held, cfg[WILD_PER_FIGHT])
    if most == 0:  # the one choice: none
        return 0
    best_count, best = 0, 0.0
    for count in range(most + 1):
        value = _fight_value(T, S, seat, count, other, attacking)
        if count == 0 or value > best:
            best_count, best = count, value
    return best_count


@_kernel
def _choose_target(T, S, seat, targets, count):
    """``HandAgent.choose_target`` for the weakest, strongest and leader policies."""
    cfg, bonus, wound, target_policy = T[0], T[1], T[5], T[9]
    g, hands, hand_len, tokens = S[0], S[1], S[2], S[3]
    _, health, defend, attack = _attributes(bonus, cfg[BASE], hands, hand_len, seat)
    policy = target_policy[seat]
    best_i, best_first, best_second = -1, 0.0, 0.0
    for i in range(count):
        t = targets[i]
        their = _attributes(bonus, cfg[BASE], hands, hand_len, t)
        if policy == STRONGEST:
            first, second = _wound(g, wound, their[3], defend, health), 0.0
        elif policy == WEAKEST:
            first, second = _wound(g, wound, attack, their[2], their[1]), -1.0 * tokens[t]
        else:
            first, second = 1.0 * tokens[t], _wound(g, wound, attack, their[2], their[1])
        if best_i < 0 or first > best_first or (first == best_first and second > best_second):
            best_i, best_first, best_second = i, first, second
    return targets[best_i]


@_kernel
def _choose_attack(T, S, seat):
    """``HandAgent.choose_attack``: a target by the policy, and the wildcards to discard."""
    cfg = T[0]
    g, tokens, targets = S[0], S[3], S[11]
    k = 0
    for t in range(len(tokens)):
        if t != seat and _open(cfg, g, tokens, t):
            targets[k] = t
            k += 1
    if k == 0:
        return PASS, 0
    target = targets[0] if k == 1 else _choose_target(T, S, seat, targets, k)
    return target, _best_wildcards(T, S, seat, target, True)


@_kernel
def _choose_strip(T, S, seat):
    """``HandAgent.choose_strip``."""
    cfg, bonus, strippable, wound = T[0], T[1], T[2], T[5]
    g, hands, hand_len = S[0], S[1], S[2]
    victim = _victim(g)
    mine = _attributes(bonus, cfg[BASE], hands, hand_len, seat)
    theirs = _attributes(bonus, cfg[BASE], hands, hand_len, victim)
    attacking = seat == g[F_ATT]
    return _best_strip(
        g, wound, bonus, strippable, hands[victim], hand_len[victim], mine, theirs, attacking
    )


# ------------------------------------------------------------------ the loop
@_kernel
def run(T, S, max_plies):
    """Play from the position in ``S`` until the game ends, ``max_plies`` decisions were
    taken (-1: no limit) or ``g[STATUS]`` is set (``PAUSED``: before a decision that might
    need more dice, shuffles or log rows than there are; grow them and call again).

    ``T`` = (cfg, bonus, strippable, cards, challenge_turns, wound, values, seat_table,
    patience, target, lo, dims, faces, orders, index): the rules and table (``cfg`` fields in
    :data:`CFG_FIELDS`; ``challenge_turns[alive]`` = turns after which one may / must
    challenge; ``cards``: the fresh deck; ``strippable[type]``), the agents (hand-value
    tables ``values[seat_table[seat]]`` with the place of each hand's attributes in them,
    ``index``, over the attribute box ``lo`` + ``dims``,
    ``patience[seat]``, ``target[seat]``), the wound-chance table ``wound[a, d, h]`` and
    the game's chance (``faces``: every die rolled; ``orders[j]``: the stable order of the
    j-th shuffle's keys). ``S`` = (g, hands, hand_len, tokens, firsts, to_the_left, order,
    deck, discard, strips, log, and scratch: seats, values, stack, cards), changed in place.
    """
    g, log, faces, orders = S[0], S[10], T[12], T[13]
    while g[DECISION] and not g[STATUS]:
        if max_plies >= 0 and g[PLIES] >= max_plies:
            return
        if (
            len(faces) - g[DICE] < FACE_RESERVE
            or len(orders) - g[SHUFFLES] < SHUFFLE_RESERVE
            or g[N_FIGHTS] >= len(log)
        ):
            g[STATUS] = PAUSED
            return
        seat, decision = g[PLAYER], g[DECISION]
        if decision == SOURCE:
            action = _choose_source(T, S, seat)
            if not g[STATUS]:
                _on_source(T, S, action)
        elif decision == DISCARD:
            card = _choose_discard(T, S, seat)
            if not g[STATUS]:
                _on_discard(T, S, card)
        elif decision == ATTACK:
            target, wildcards = _choose_attack(T, S, seat)
            if not g[STATUS]:
                _on_attack(T, S, target, wildcards)
        elif decision == WILDCARDS:
            wildcards = _best_wildcards(T, S, seat, g[F_ATT], False)
            if not g[STATUS]:
                _on_wildcards(T, S, wildcards)
        else:
            card = _choose_strip(T, S, seat)
            if not g[STATUS]:
                _on_strip(T, S, card)
        g[PLIES] += 1
