"""The compiled loops of the free-walk search (numba): each touches every element once.

They hold no game rules, only what NumPy would do in many passes over temporaries,
reading the rules from the lookup tables the engine fills
(:class:`~workbench.games.valhalla.lookup.LookupTable`, whose hash index is probed here):
a breadth-first search per query (:func:`walk_distances`, for
:class:`~workbench.games.valhalla.reach.Reach`), the moves of a layer
(:func:`expand_states`), the canonical codes of states (:func:`canonical`), the states of
the next layer (:func:`unite_hashed`, :func:`renumber`) and the backward pass, which also
finds the ends the moves reach (:func:`backward_layer`). Their tests prove them
against the step-by-step engine, networkx, plain Python ints and dictionaries. Each is
compiled on first use and cached on disk beside this module.

A loop over the words of the Health bitsets runs as often as there are words, which most
levels (Health under 64) have one of: a kernel whose time such loops take calls its body
(inlined) twice, once with the number of words as the constant 1, which the compiler
unrolls, and once as read from the arrays. The same source, compiled for both: seed 38's
backward pass took 0.29 s against 0.50 s.

>>> import numpy as np
>>> line = np.array([0b111], np.uint64)  # three open fields in a row
>>> found, free = np.zeros((1, 1), np.int16), np.zeros(1, np.bool_)
>>> walk_distances(line, 3, np.array([2]), np.array([1]), np.array([0]), found, free)
>>> found.tolist(), free.tolist()
([[2]], [True])
"""

from __future__ import annotations

import numpy as np
from numba import njit

from workbench.bits import popcount

__all__ = [
    "CLASSES",
    "backward_layer",
    "canonical",
    "canonical_codes",
    "expand_states",
    "find_rows",
    "renumber",
    "store_rows",
    "unite_hashed",
    "walk_distances",
]

_compiled = njit(cache=True, nogil=True)
_inlined = njit(cache=True, nogil=True, inline="always")

#: Star classes of a won game: bit 0 all-but-one, bit 1 strong killer.
CLASSES = 4


#: De Bruijn multiplier and table: the index of a word's lowest set bit (:func:`_lowest_bit`).
_DE_BRUIJN = 0x03F79D71B4CB0A89
_BIT_AT = np.zeros(64, np.int64)
for _k in range(64):
    _BIT_AT[(_DE_BRUIJN << _k) % 2**64 >> 58] = _k


@_compiled
def walk_distances(open_fields, width, target_field, left, origins, found, free) -> None:
    """Per query ``i``: the steps of the shortest walk from field ``origins[i]`` to each
    target ``t`` whose bit is set in ``left[i]`` (into ``found[i, t]``; 0 if none), over
    fields that are no target still there, and whether a step off the origin onto such
    a field exists (``free[i]``).

    The grid's rows are ``width`` fields wide (fewer than 64), field ``row * width + col``
    stepping to its four neighbours; ``open_fields`` is the bitset row of the fields that
    can be walked on (not walls). Breadth-first, a whole frontier per step: the fields
    next to it are its bitset row shifted by one field and by a row (:func:`_neighbours`),
    kept to the open fields not seen before."""
    words, targets = open_fields.shape[0], target_field.shape[0]
    target_of = np.full(64 * words, -1, np.int64)
    for t in range(targets):
        target_of[target_field[t]] = t
    east, west = np.zeros(words + 2, np.uint64), np.zeros(words + 2, np.uint64)
    for f in range(64 * words):  # the fields with a neighbour east, and west (padded)
        bit = np.uint64(1) << np.uint64(f % 64)
        if f % width != width - 1:
            east[1 + f // 64] |= bit
        if f % width:
            west[1 + f // 64] |= bit
    there, seen = np.empty(words, np.uint64), np.empty(words, np.uint64)
    frontier = np.zeros(words + 2, np.uint64)  # a word of zeros either side
    for i in range(left.shape[0]):
        origin, wanted = origins[i], left[i]
        if target_of[origin] >= 0:
            wanted &= ~(np.int64(1) << target_of[origin])
        for w in range(words):
            there[w] = seen[w] = frontier[1 + w] = 0
        for t in range(targets):
            if left[i] >> t & 1:
                there[target_field[t] // 64] |= np.uint64(1) << np.uint64(target_field[t] % 64)
        seen[origin // 64] = frontier[1 + origin // 64] = np.uint64(1) << np.uint64(origin % 64)
        steps = 0
        while True:
            steps += 1
            more, below = np.uint64(0), np.uint64(0)  # below: word w - 1 before this step
            for w in range(words):
                x = frontier[1 + w]
                grown = _neighbours(x, below, frontier[2 + w], w, width, east, west)
                grown &= open_fields[w] & ~seen[w]
                seen[w] |= grown
                below, frontier[1 + w] = x, grown & ~there[w]
                more |= frontier[1 + w]
                hit = grown & there[w]  # targets reached: recorded, never walked through
                while hit:
                    t = target_of[64 * w + _lowest_bit(hit)]
                    found[i, t] = steps
                    wanted &= ~(np.int64(1) << t)
                    hit &= hit - np.uint64(1)
            if steps == 1:
                free[i] = more != 0
            if not wanted or not more:
                break


@_inlined
def _neighbours(x, below, above, w, width, east, west):
    """Word ``w`` of the fields next to a set of fields whose words ``w - 1``, ``w`` and
    ``w + 1`` are ``below``, ``x`` and ``above`` (rows ``width`` fields wide, fewer than
    64; ``east`` and ``west``: the fields with a neighbour that way, padded by a word)."""
    one, top = np.uint64(1), np.uint64(63)
    row, back = np.uint64(width), np.uint64(64 - width)
    return ((x & east[1 + w]) << one | (below & east[w]) >> top
            | (x & west[1 + w]) >> one | (above & west[2 + w]) << top
            | x << row | below >> back | x >> row | above << back)  # fmt: skip


@_inlined
def _lowest_bit(word) -> int:
    """The index of the lowest set bit of a non-zero ``uint64`` (a De Bruijn product)."""
    lowest = word & (~word + np.uint64(1))
    return _BIT_AT[np.int64((lowest * np.uint64(_DE_BRUIJN)) >> np.uint64(58))]


@_compiled
def backward_layer(first_edge, child, event, kills, target, attack, fall_classes, damage,
                   survives, falls, strikes, below, live, wins, ends) -> bool:  # fmt: skip
    """One layer of the backward pass of :class:`~workbench.games.valhalla.search.StateSpace`.

    Move ``e`` of state ``s`` (``first_edge[s] <= e < first_edge[s + 1]``) leads to row
    ``child[e]`` of the next layer (-1: none), whose Healths winning each star class are
    ``below[child[e]]``; a fight (``event[e] >= 0``, a row of the fight columns) is
    survived by the Healths ``survives[event]``, which lose ``damage[event]``, and the
    Healths ``falls[event]`` (``strikes[event]``: with the final strike, one more enemy
    bested) fall there, against enemy ``target[e]`` with ``kills[e]`` bested before and
    Attack ``attack[e]``, winning star class ``fall_classes[kills, enemy, attack]``
    (-1: a loss). Writes per state
    the Healths from which each class is won, kept to ``live[s]`` (into ``wins[s]``), and
    per move whether falling there wins (into ``ends[e]``, zeroed before: bit 0 without
    the final strike, bit 1 with it). Returns whether some fight clears the board from the
    Healths ``live`` (Healths survive it and it leads to no state: no enemy is left)."""
    if wins.shape[2] == 1:  # one word of Healths (see the module docstring)
        return _backward_layer(first_edge, child, event, kills, target, attack, fall_classes,
                               damage, survives, falls, strikes, below, live, wins, ends,
                               1)  # fmt: skip
    return _backward_layer(first_edge, child, event, kills, target, attack, fall_classes,
                           damage, survives, falls, strikes, below, live, wins, ends,
                           wins.shape[2])  # fmt: skip


@_inlined
def _backward_layer(first_edge, child, event, kills, target, attack, fall_classes, damage,
                    survives, falls, strikes, below, live, wins, ends,
                    words) -> bool:  # fmt: skip
    """:func:`backward_layer` for Healths of ``words`` words (:data:`CLASSES` classes)."""
    classes = CLASSES
    cleared = False
    for s in range(first_edge.shape[0] - 1):
        for c in range(classes):  # word by word: a row's slice costs more than its loop
            for w in range(words):
                wins[s, c, w] = 0
        for e in range(first_edge[s], first_edge[s + 1]):
            after, fight = child[e], event[e]
            if after >= 0 and fight < 0:
                for c in range(classes):
                    for w in range(words):
                        wins[s, c, w] |= below[after, c, w]
            elif after >= 0:
                q, r = damage[fight] // 64, np.uint64(damage[fight] % 64)
                for c in range(classes):
                    for w in range(words):
                        gain = np.uint64(0)
                        if 0 <= w - q < words:
                            gain |= below[after, c, w - q] << r
                        if r and 0 <= w - q - 1 < words:
                            gain |= below[after, c, w - q - 1] >> (np.uint64(64) - r)
                        wins[s, c, w] |= gain & survives[fight, w]
            elif fight >= 0 and not cleared:
                for w in range(words):
                    cleared |= live[s, w] & survives[fight, w] != 0
            if fight >= 0:
                k, t, a = kills[e], target[e], attack[e]
                fall_star, strike_star = fall_classes[k, t, a], fall_classes[k + 1, t, a]
                ends[e] = (fall_star >= 0) | (strike_star >= 0) << 1
                for w in range(words):
                    if fall_star >= 0:
                        wins[s, fall_star, w] |= falls[fight, w]
                    if strike_star >= 0:
                        wins[s, strike_star, w] |= strikes[fight, w]
        for c in range(classes):
            for w in range(words):
                wins[s, c, w] &= live[s, w]
    return cleared


# --- the index of a lookup table ---------------------------------------------------

#: A free slot of a hash index (keys are non-negative).
FREE = -1


@_compiled
def _slot(keys, key):
    """The slot of ``key`` in a hash index's ``keys`` (a power of two of them, linear
    probing from a splitmix64 hash), or the free slot where it would go."""
    i = _first_slot(key, keys.shape[0])
    while keys[i] != key and keys[i] != FREE:
        i = (i + 1) & (keys.shape[0] - 1)
    return i


@_compiled
def _first_slot(key, slots):
    """Where ``key`` is first looked for among ``slots`` (a power of two): splitmix64."""
    mixed = np.uint64(key)
    mixed = (mixed ^ (mixed >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    mixed = (mixed ^ (mixed >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return np.int64((mixed ^ (mixed >> np.uint64(31))) & np.uint64(slots - 1))


@_compiled
def _find(index_keys, index_rows, key):
    """The row stored for ``key`` in a hash index, or -1; in a direct index (no keys) it
    is ``index_rows[key]``."""
    if not index_keys.shape[0]:
        return index_rows[key]
    slot = _slot(index_keys, key)
    return index_rows[slot] if index_keys[slot] == key else -1


@_compiled
def find_rows(keys, rows, wanted, out) -> None:
    """``out[i]``: the row stored for key ``wanted[i]`` in a hash or direct index, or -1."""
    for i in range(wanted.shape[0]):
        out[i] = _find(keys, rows, wanted[i])


@_compiled
def store_rows(keys, rows, new, numbers) -> None:
    """Store row ``numbers[i]`` for key ``new[i]`` in a hash index (with room to spare) or
    a direct one (no keys, a row per possible key)."""
    for i in range(new.shape[0]):
        if not keys.shape[0]:
            rows[new[i]] = numbers[i]
            continue
        slot = _slot(keys, new[i])
        keys[slot], rows[slot] = new[i], numbers[i]


# --- the moves of many states -------------------------------------------------------------

#: Indices of the state code's fields in ``layout`` (see :func:`expand_states`).
LEFT, POS, MJOLNIR, SHIELD, LOKI, CHARIOT, ATTACK = range(7)
#: Bits of ``flags`` (see :func:`expand_states`).
CUNNING_CHOICE, LOKI_BY_FIGHTS, ATTACK_BLIND, DROP_CHARIOT, MJOLNIR_BLIND = (
    1 << k for k in range(5)
)
#: The lookup tables :func:`expand_states` probes, in the order of its misses.
WALK_COUNT, WALK_EFFECT, PICKUPS, FIGHTS = range(4)


@_compiled
def _missed(misses, missed, table, key) -> bool:
    """Note a key missing from a lookup table (while there is room for it); True."""
    if missed[table] < misses.shape[1]:
        misses[table, missed[table]] = key
        missed[table] += 1
    return True


@_inlined
def _damage(damage):
    """The words and bits a fight's damage shifts Healths by (``64 * words + bits``)."""
    return damage // 64, np.uint64(damage % 64)


@_compiled
def canonical(left, pos, mjolnir, shield, loki, chariot, attack, layout, floor, potions, flags):
    """The code of a state, with what the pruning rules in ``flags`` make irrelevant
    zeroed: Attack and Chariot (:data:`ATTACK_BLIND`), Chariot at the Attack floor with no
    potion left (:data:`DROP_CHARIOT`), Mjolnir (:data:`MJOLNIR_BLIND`)."""
    return _canonical(left, pos, mjolnir, shield, loki, chariot, attack, _of_fields(layout, 0),
                      floor, potions, flags)  # fmt: skip


@_inlined
def _of_fields(layout, column):
    """Column ``column`` of ``layout`` (0: each field's shift, 1: its mask; :data:`LEFT`
    ...) as a tuple: a loop that passes it on to inlined helpers counts no references
    (numba counts them per array)."""
    return (layout[LEFT, column], layout[POS, column], layout[MJOLNIR, column],
            layout[SHIELD, column], layout[LOKI, column], layout[CHARIOT, column],
            layout[ATTACK, column])  # fmt: skip


@_inlined
def _canonical(left, pos, mjolnir, shield, loki, chariot, attack, shifts, floor, potions,
               flags):  # fmt: skip
    """:func:`canonical`, the layout given by its shifts (:func:`_of_fields`)."""
    if flags & ATTACK_BLIND:
        attack, chariot = floor, 0
    elif flags & DROP_CHARIOT and attack == floor and left & potions == 0:
        chariot = 0
    if flags & MJOLNIR_BLIND:
        mjolnir = 0
    return (left << shifts[LEFT] | pos << shifts[POS] | mjolnir << shifts[MJOLNIR]
            | shield << shifts[SHIELD] | loki << shifts[LOKI] | chariot << shifts[CHARIOT]
            | attack << shifts[ATTACK])  # fmt: skip


@_compiled
def canonical_codes(left, pos, mjolnir, shield, loki, chariot, attack, layout, floor, potions,
                    flags, out) -> None:  # fmt: skip
    """:func:`canonical` of each state given by its fields (arrays of equal length)."""
    for i in range(out.shape[0]):
        out[i] = canonical(left[i], pos[i], mjolnir[i], shield[i], loki[i], chariot[i],
                           attack[i], layout, floor, potions, flags)  # fmt: skip


@_compiled
def expand_states(start, codes, healths, place, near, free, layout, n, floor, potions, flags,
                  count_keys, count_rows, count_shifts, count_column,
                  effect_keys, effect_rows, effect_shifts, effect_columns,
                  pickup_keys, pickup_rows, pickup_shifts, pickup_columns,
                  fight_keys, fight_rows, fight_shifts, fight_columns, fight_survives,
                  fight_falls, fight_strikes, fall_classes,
                  parent, target, steps, attack, event, kills, child, after, cunning,
                  misses, missed, stamps, counted, counts, recorded, records, fallen,
                  tally):  # fmt: skip
    """The moves of states ``start, start + 1, ...`` (codes ``codes[s]``, Healths
    ``healths[s]``, standing where the walk distances ``near[place[s]]`` and the free
    step ``free[place[s]]`` were measured) into the move arrays, grouped by state in
    order: a walk to each point of interest in reach (``t``: an enemy below ``n``, else
    item ``t - n``), of each length with its own effect, each way of fighting (Tricksters
    Cunning used or not when ``flags`` has ``CUNNING_CHOICE``). A fight where every Health
    falls and no fall wins a star class from any Health (``fall_classes[kills, enemy,
    Attack]``, -1 for a loss, without and with the final strike; ``fight_falls`` and
    ``fight_strikes`` are the Healths that fall so) is not written: it matters to no
    question the search answers but which ends it reaches, which it marks in
    ``fallen[kills, enemy, Attack]`` for every fight (one more bested with the final
    strike). ``tally[0]`` gains, per state, its
    Healths times its moves, those not written too (the search's mean branching).

    The rules are rows of lookup tables (index keys and rows, key shifts, result
    columns), found by packed keys; one not yet computed is a miss, written to
    ``misses[table, missed[table]]`` for Python to compute. Returns ``(moves written,
    the state to go on from, full)``: once a state misses, the states after it are only
    probed for misses; ``full`` when the move arrays had no room for a state.
    Consecutive states with the same charges, counters and Attack (sorted codes) differ
    only in what is left and where they stand: what a walk of some length to some point
    of interest does to them is looked up once for them all, into memos kept across calls
    and valid while stamped with the run's number (``stamps``: the last one given and its
    charges, counters and Attack, the code's bits from Mjolnir's on):
    how many lengths a walk of ``d`` steps has (at ``2 * d + 1`` in ``counted`` and
    ``counts`` if it can be lengthened by stepping back and forth, else at ``2 * d``), and
    what a walk of ``d`` steps to ``t`` does (stamped at ``recorded[2 * (t * span + d)]``,
    the records of its ways of fighting, :func:`_walk_records`, from there on in
    ``records``), for walks of up to ``span - 1`` steps (``counted`` has ``2 * span``
    entries).
    ``layout`` holds the shift and mask of each field of a state code (:data:`LEFT` ...),
    ``flags`` the rules of :class:`~workbench.games.valhalla.moves.MoveMaker` that bear
    on it (:data:`CUNNING_CHOICE` ...); the other names are the move columns of
    :class:`~workbench.games.valhalla.moves.Moves`.
    """
    cursor, resume, capacity = 0, codes.shape[0], parent.shape[0]
    words, span = healths.shape[1], counted.shape[0] // 2
    stamp, status = stamps[0], stamps[1]
    shifts, masks = _of_fields(layout, 0), _of_fields(layout, 1)
    for s in range(start, codes.shape[0]):
        probing = resume < codes.shape[0]
        begin, made = cursor, 0
        code = codes[s]
        if code >> shifts[MJOLNIR] != status:
            status, stamp = code >> shifts[MJOLNIR], stamp + 1
            stamps[0], stamps[1] = stamp, status
        left, mjolnir, shield = ((code >> shifts[LEFT]) & masks[LEFT],
                                 (code >> shifts[MJOLNIR]) & masks[MJOLNIR],
                                 (code >> shifts[SHIELD]) & masks[SHIELD])  # fmt: skip
        loki, chariot, strength = ((code >> shifts[LOKI]) & masks[LOKI],
                                   (code >> shifts[CHARIOT]) & masks[CHARIOT],
                                   (code >> shifts[ATTACK]) & masks[ATTACK])  # fmt: skip
        bested, alive = 0, left & ((np.int64(1) << n) - 1)
        while alive:
            alive &= alive - 1
            bested += 1
        bested = n - bested
        u, failed, there = place[s], False, np.uint64(left)
        while there:  # the points of interest left, in order (the others are out of reach)
            t = _lowest_bit(there)
            there &= there - np.uint64(1)
            d = np.int64(near[u, t])
            if d == 0:
                continue
            bounce = np.int64(d >= 2 or free[u])
            if counted[2 * d + bounce] != stamp:
                key = (d << count_shifts[0] | bounce << count_shifts[1]
                       | strength << count_shifts[2] | loki << count_shifts[3]
                       | chariot << count_shifts[4])  # fmt: skip
                row = _find(count_keys, count_rows, key)
                if row < 0:
                    failed = _missed(misses, missed, WALK_COUNT, key)
                    continue
                counted[2 * d + bounce], counts[2 * d + bounce] = stamp, count_column[row]
            ways = 2 if t < n and flags & CUNNING_CHOICE else 1
            for extra in range(counts[2 * d + bounce]):
                walked = d + 2 * extra
                m = 2 * (t * span + walked)  # the records of the ways of fighting
                if recorded[m] != stamp:
                    if not _walk_records(t, walked, ways, n, strength, loki, chariot, mjolnir,
                                         shield, flags, effect_keys, effect_rows, effect_shifts,
                                         effect_columns, pickup_keys, pickup_rows,
                                         pickup_shifts, pickup_columns, fight_keys, fight_rows,
                                         fight_shifts, fight_columns, misses, missed,
                                         records[m : m + ways]):  # fmt: skip
                        failed = True
                        continue
                    recorded[m] = stamp
                for way in range(ways):
                    if failed or probing:
                        continue
                    if cursor == capacity:
                        return begin, s, True
                    k = m + way  # the record (indexed, not sliced: a view counts references)
                    fight = event[cursor] = records[k, EVENT]
                    made += 1
                    if fight >= 0:  # the Healths that survive the fight, each less the damage
                        q, r = _damage(records[k, DAMAGE])
                        lives = np.uint64(0)
                        for w in range(words):
                            value = np.uint64(0)
                            if 0 <= w + q < words:
                                value |= (healths[s, w + q] & fight_survives[fight, w + q]) >> r
                            if r and 0 <= w + q + 1 < words:
                                value |= (healths[s, w + q + 1] & fight_survives[
                                    fight, w + q + 1]) << (np.uint64(64) - r)  # fmt: skip
                            after[cursor, w] = value
                            lives |= value
                        a, more = records[k, ATTACK_AT_EVENT], bested + 1
                        if not (fallen[bested, t, a] and fallen[more, t, a]):  # the ends
                            for w in range(words):  # reached (most are known already)
                                fallen[bested, t, a] |= (healths[s, w]
                                                         & fight_falls[fight, w] != 0)  # fmt: skip
                                fallen[more, t, a] |= healths[s, w] & fight_strikes[fight, w] != 0
                        if not lives:  # every Health falls: kept if some fall can win
                            wins = False
                            for w in range(words):
                                wins |= fall_classes[bested, t, a] >= 0 and fight_falls[
                                    fight, w] != 0  # fmt: skip
                                wins |= fall_classes[more, t, a] >= 0 and fight_strikes[
                                    fight, w] != 0  # fmt: skip
                            if not wins:
                                continue
                    else:
                        for w in range(words):
                            after[cursor, w] = healths[s, w]
                    child[cursor] = _canonical(
                        left & ~(np.int64(1) << t), t, records[k, MJOLNIR_AFTER],
                        records[k, SHIELD_AFTER], records[k, LOKI_AFTER],
                        records[k, CHARIOT_AFTER],
                        max(floor, records[k, ATTACK_AFTER] - records[k, LATE_LOSS]), shifts,
                        floor, potions, flags,
                    )  # fmt: skip
                    parent[cursor], target[cursor], steps[cursor] = s, t, walked
                    attack[cursor], kills[cursor] = records[k, ATTACK_AT_EVENT], bested
                    cunning[cursor] = way if ways == 2 else 1
                    cursor += 1
        if failed and not probing:
            cursor, resume = begin, s
        elif not probing:
            sizes = 0
            for w in range(words):
                sizes += popcount(healths[s, w])
            tally[0] += sizes * made
    return cursor, resume, False


#: The fields of a walk's record (:func:`_walk_records`): the event (a row of the fight
#: columns, -1 for a pickup), the damage taken there, Attack at the event, the loss of
#: Attack due after it, and Attack, Mjolnir, shield, Loki and Chariot after it.
EVENT, DAMAGE, ATTACK_AT_EVENT, LATE_LOSS = range(4)
ATTACK_AFTER, MJOLNIR_AFTER, SHIELD_AFTER, LOKI_AFTER, CHARIOT_AFTER = range(4, 9)
RECORD = 9


@_inlined
def _walk_records(t, walked, ways, n, strength, loki, chariot, mjolnir, shield, flags,
                  effect_keys, effect_rows, effect_shifts, effect_columns,
                  pickup_keys, pickup_rows, pickup_shifts, pickup_columns,
                  fight_keys, fight_rows, fight_shifts, fight_columns, misses, missed,
                  records) -> bool:  # fmt: skip
    """What a walk of ``walked`` steps to point of interest ``t`` does to a state with this
    Attack (``strength``), Loki and Chariot counters and charges, for each way of fighting
    (``ways`` of them), into ``records`` (see :data:`RECORD`), looked up as
    :func:`expand_states` does; False after noting the misses if some are missing."""
    key = (walked << effect_shifts[0] | strength << effect_shifts[1]
           | loki << effect_shifts[2] | chariot << effect_shifts[3])  # fmt: skip
    effect = _find(effect_keys, effect_rows, key)
    if effect < 0:
        return not _missed(misses, missed, WALK_EFFECT, key)
    at_event, active, late = (effect_columns[0, effect], effect_columns[1, effect],
                              effect_columns[2, effect])  # fmt: skip
    walked_loki, walked_chariot = effect_columns[3, effect], effect_columns[4, effect]
    found = True
    for way in range(ways):
        record, used = records[way], way if ways == 2 else 1
        record[ATTACK_AT_EVENT], record[LATE_LOSS] = at_event, late
        record[LOKI_AFTER], record[CHARIOT_AFTER] = walked_loki, walked_chariot
        if t < n:
            if flags & LOKI_BY_FIGHTS:
                active = np.int64(walked_loki > 0)
                record[LOKI_AFTER] = max(0, walked_loki - 1)
            key = (t << fight_shifts[0] | at_event << fight_shifts[1]
                   | active << fight_shifts[2] | mjolnir << fight_shifts[3]
                   | shield << fight_shifts[4] | used << fight_shifts[5])  # fmt: skip
            row = _find(fight_keys, fight_rows, key)
            if row < 0:
                found = not _missed(misses, missed, FIGHTS, key)
                continue
            record[EVENT], record[ATTACK_AFTER] = row, at_event
            for field in range(3):  # the damage, Mjolnir and shield after it
                record[(DAMAGE, MJOLNIR_AFTER, SHIELD_AFTER)[field]] = fight_columns[field, row]
        else:
            key = ((t - n) << pickup_shifts[0] | at_event << pickup_shifts[1]
                   | mjolnir << pickup_shifts[2] | shield << pickup_shifts[3]
                   | walked_loki << pickup_shifts[4]
                   | walked_chariot << pickup_shifts[5])  # fmt: skip
            row = _find(pickup_keys, pickup_rows, key)
            if row < 0:
                found = not _missed(misses, missed, PICKUPS, key)
                continue
            record[EVENT], record[DAMAGE] = -1, 0
            for field in range(5):  # Attack, Mjolnir, shield, Loki and Chariot after it
                record[ATTACK_AFTER + field] = pickup_columns[field, row]
    return found


# --- the states of the next layer ------------------------------------------------------------


@_compiled
def unite_hashed(keys, bits, needed, where, expected) -> tuple:
    """Rows of ``bits`` with equal ``keys`` united, in one pass through a hash table:
    ``(the distinct keys, the union of each one's rows)``, each key where it first
    appears. The number of each row's key among them goes into ``where``, -1 for a row
    left out: one whose set is empty or whose key has no bit of ``needed``. The table is
    made for ``expected`` keys (at least 512), and doubled whenever it is half full."""
    words, slots = bits.shape[1], 1024
    while slots < 2 * expected:
        slots *= 2
    table, distinct, union = _unite_table(keys[:0], bits[:0], 0, slots)
    count = 0
    for i in range(keys.shape[0]):
        key, some = keys[i], np.uint64(0)
        for w in range(words):
            some |= bits[i, w]
        if not some or not key & needed:
            where[i] = -1
            continue
        slot = _first_slot(key, table.shape[0])
        while table[slot] >= 0 and distinct[table[slot]] != key:
            slot = (slot + 1) & (table.shape[0] - 1)
        if table[slot] >= 0:
            j = table[slot]
            for w in range(words):
                union[j, w] |= bits[i, w]
            where[i] = j
            continue
        if 2 * (count + 1) > table.shape[0]:  # at most half full
            table, distinct, union = _unite_table(distinct, union, count, 2 * table.shape[0])
            slot = _first_slot(key, table.shape[0])
            while table[slot] >= 0:
                slot = (slot + 1) & (table.shape[0] - 1)
        table[slot], distinct[count], where[i] = np.int32(count), key, count
        for w in range(words):
            union[count, w] = bits[i, w]
        count += 1
    return distinct[:count], union[:count]


@_compiled
def _unite_table(distinct, union, count, slots) -> tuple:
    """A hash table of ``slots`` slots (a power of two) for :func:`unite_hashed`, holding
    the first ``count`` keys of ``distinct`` (each slot: the key's number, -1 free; 32 bits,
    so that more of the table stays in the cache: 12% less time on the hardest level's
    biggest layers than with 64), and room for half as many keys and their unions, the
    first ``count`` copied."""
    table = np.full(slots, -1, np.int32)
    keys, rows = np.empty(slots // 2, np.int64), np.empty((slots // 2, union.shape[1]), np.uint64)
    for j in range(count):
        slot = _first_slot(distinct[j], slots)
        while table[slot] >= 0:
            slot = (slot + 1) & (slots - 1)
        table[slot], keys[j] = np.int32(j), distinct[j]
        for w in range(union.shape[1]):
            rows[j, w] = union[j, w]
    return table, keys, rows


@_compiled
def renumber(numbers, new) -> None:
    """Each number that is not negative replaced by its new one, ``new[numbers[i]]``, in
    place."""
    for i in range(numbers.shape[0]):
        if numbers[i] >= 0:
            numbers[i] = new[numbers[i]]
