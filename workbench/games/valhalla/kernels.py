"""The compiled loops of the free-walk search (numba): each touches every element once.

They hold no game rules, only what NumPy would do in many passes over temporaries,
reading the rules from the lookup tables the engine fills
(:class:`~workbench.games.valhalla.lookup.LookupTable`, whose hash index is probed here):
a breadth-first search per query (:func:`walk_distances`, for
:class:`~workbench.games.valhalla.reach.Reach`), the moves of a layer and their ends
(:func:`expand_states`, :func:`mark_falls`), the canonical codes of states
(:func:`canonical`), the union of rows with equal keys (:func:`unite_sorted`) and the
backward pass (:func:`backward_layer`). Their tests prove them against the step-by-step
engine, networkx, plain Python ints and dictionaries. Each is compiled on first use and
cached on disk beside this module.

>>> import numpy as np
>>> line = np.array([[1, -1, -1, -1], [0, 2, -1, -1], [1, -1, -1, -1]])  # three fields in a row
>>> found, free = np.zeros((1, 1), np.int16), np.zeros(1, np.bool_)
>>> walk_distances(line, np.array([2]), np.array([1]), np.array([0]), found, free)
>>> found.tolist(), free.tolist()
([[2]], [True])
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "backward_layer",
    "canonical",
    "canonical_codes",
    "expand_states",
    "find_rows",
    "mark_falls",
    "store_rows",
    "unite_sorted",
    "walk_distances",
]

_compiled = njit(cache=True, nogil=True)


@_compiled
def walk_distances(neighbours, target_field, left, origins, found, free) -> None:
    """Per query ``i``: the steps of the shortest walk from field ``origins[i]`` to each
    target ``t`` whose bit is set in ``left[i]`` (into ``found[i, t]``; 0 if none), over
    fields that are no target still there, and whether a step off the origin onto such
    a field exists (``free[i]``). ``neighbours[f]`` lists the walkable fields next to
    field ``f`` (-1 pads)."""
    fields, targets = neighbours.shape[0], target_field.shape[0]
    target_of = np.full(fields, -1, np.int64)
    for t in range(targets):
        target_of[target_field[t]] = t
    seen = np.zeros(fields, np.int64)  # the query that last saw the field, plus one
    queue = np.empty(fields, np.int64)
    depth = np.empty(fields, np.int64)
    for i in range(left.shape[0]):
        mark, wanted = i + 1, left[i]
        origin = origins[i]
        seen[origin] = mark
        queue[0], depth[origin], head, tail = origin, 0, 0, 1
        if target_of[origin] >= 0:
            wanted &= ~(np.int64(1) << target_of[origin])
        free[i] = False
        for k in range(neighbours.shape[1]):
            y = neighbours[origin, k]
            if y >= 0 and (target_of[y] < 0 or not left[i] >> target_of[y] & 1):
                free[i] = True
        while head < tail and wanted:
            x = queue[head]
            head += 1
            for k in range(neighbours.shape[1]):
                y = neighbours[x, k]
                if y < 0 or seen[y] == mark:
                    continue
                seen[y] = mark
                t = target_of[y]
                if t >= 0 and left[i] >> t & 1:
                    found[i, t] = depth[x] + 1  # reached; a target still there blocks the way
                    wanted &= ~(np.int64(1) << t)
                    continue
                depth[y] = depth[x] + 1
                queue[tail] = y
                tail += 1


@_compiled
def backward_layer(first_edge, child, event, kills, target, attack, fall_classes, damage,
                   survives, falls, strikes, below, live, wins, ends) -> None:  # fmt: skip
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
    the final strike, bit 1 with it)."""
    classes, words = wins.shape[1], wins.shape[2]
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
            if fight >= 0:
                fall_star = fall_classes[kills[e], target[e], attack[e]]
                strike_star = fall_classes[kills[e] + 1, target[e], attack[e]]
                ends[e] = (fall_star >= 0) | (strike_star >= 0) << 1
                for w in range(words):
                    if fall_star >= 0:
                        wins[s, fall_star, w] |= falls[fight, w]
                    if strike_star >= 0:
                        wins[s, strike_star, w] |= strikes[fight, w]
        for c in range(classes):
            for w in range(words):
                wins[s, c, w] &= live[s, w]


# --- the hash index of a lookup table ---------------------------------------------------

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
    """The row stored for ``key`` in a hash index, or -1."""
    slot = _slot(index_keys, key)
    return index_rows[slot] if index_keys[slot] == key else -1


@_compiled
def find_rows(keys, rows, wanted, out) -> None:
    """``out[i]``: the row stored for key ``wanted[i]`` in a hash index, or -1."""
    for i in range(wanted.shape[0]):
        out[i] = _find(keys, rows, wanted[i])


@_compiled
def store_rows(keys, rows, new, numbers) -> None:
    """Store row ``numbers[i]`` for key ``new[i]`` in a hash index (with room to spare)."""
    for i in range(new.shape[0]):
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


@_compiled
def _field(code, layout, name):
    return (code >> layout[name, 0]) & layout[name, 1]


_inlined = njit(cache=True, nogil=True, inline="always")


@_inlined
def _damage(damage):
    """The words and bits a fight's damage shifts Healths by (see :func:`_survivors`)."""
    return damage // 64, np.uint64(damage % 64)


@_inlined
def _survivors(healths, i, survives, fight, q, r, w):
    """Word ``w`` of the Healths of row ``i`` of ``healths`` that survive a fight (row
    ``fight`` of ``survives``), each less the fight's damage ``64 * q + r``."""
    words = healths.shape[1]
    value = np.uint64(0)
    if 0 <= w + q < words:
        value |= (healths[i, w + q] & survives[fight, w + q]) >> r
    if r and 0 <= w + q + 1 < words:
        value |= (healths[i, w + q + 1] & survives[fight, w + q + 1]) << (np.uint64(64) - r)
    return value


@_compiled
def canonical(left, pos, mjolnir, shield, loki, chariot, attack, layout, floor, potions, flags):
    """The code of a state, with what the pruning rules in ``flags`` make irrelevant
    zeroed: Attack and Chariot (:data:`ATTACK_BLIND`), Chariot at the Attack floor with no
    potion left (:data:`DROP_CHARIOT`), Mjolnir (:data:`MJOLNIR_BLIND`)."""
    if flags & ATTACK_BLIND:
        attack, chariot = floor, 0
    elif flags & DROP_CHARIOT and attack == floor and left & potions == 0:
        chariot = 0
    if flags & MJOLNIR_BLIND:
        mjolnir = 0
    return (left << layout[LEFT, 0] | pos << layout[POS, 0] | mjolnir << layout[MJOLNIR, 0]
            | shield << layout[SHIELD, 0] | loki << layout[LOKI, 0]
            | chariot << layout[CHARIOT, 0] | attack << layout[ATTACK, 0])  # fmt: skip


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
                  parent, target, steps, attack, event, kills, child, after, cunning,
                  misses, missed):  # fmt: skip
    """The moves of states ``start, start + 1, ...`` (codes ``codes[s]``, Healths
    ``healths[s]``, standing where the walk distances ``near[place[s]]`` and the free
    step ``free[place[s]]`` were measured) into the move arrays, grouped by state in
    order: a walk to each point of interest in reach (``t``: an enemy below ``n``, else
    item ``t - n``), of each length with its own effect, each way of fighting
    (Tricksters Cunning used or not when ``flags`` has ``CUNNING_CHOICE``).

    The rules are rows of lookup tables (hash index keys and rows, key shifts, result
    columns), found by packed keys; one not yet computed is a miss, written to
    ``misses[table, missed[table]]`` for Python to compute. Returns ``(moves written,
    the state to go on from, full)``: once a state misses, the states after it are only
    probed for misses; ``full`` when the move arrays had no room for a state.
    ``layout`` holds the shift and mask of each field of a state code (:data:`LEFT` ...),
    ``flags`` the rules of :class:`~workbench.games.valhalla.moves.MoveMaker` that bear
    on it (:data:`CUNNING_CHOICE` ...); the other names are the move columns of
    :class:`~workbench.games.valhalla.moves.Moves`.
    """
    cursor, resume, capacity = 0, codes.shape[0], parent.shape[0]
    words = healths.shape[1]
    for s in range(start, codes.shape[0]):
        probing = resume < codes.shape[0]
        begin = cursor
        code = codes[s]
        left, mjolnir, shield = (_field(code, layout, LEFT), _field(code, layout, MJOLNIR),
                                 _field(code, layout, SHIELD))  # fmt: skip
        loki, chariot, strength = (_field(code, layout, LOKI), _field(code, layout, CHARIOT),
                                   _field(code, layout, ATTACK))  # fmt: skip
        bested, alive = 0, left & ((np.int64(1) << n) - 1)
        while alive:
            alive &= alive - 1
            bested += 1
        bested = n - bested
        u, failed = place[s], False
        for t in range(near.shape[1]):
            d = np.int64(near[u, t])
            if d == 0:
                continue
            bounce = np.int64(d >= 2 or free[u])
            key = (d << count_shifts[0] | bounce << count_shifts[1] | strength << count_shifts[2]
                   | loki << count_shifts[3] | chariot << count_shifts[4])  # fmt: skip
            row = _find(count_keys, count_rows, key)
            if row < 0:
                failed = _missed(misses, missed, WALK_COUNT, key)
                continue
            fights = t < n
            for extra in range(count_column[row]):
                walked = d + 2 * extra
                key = (walked << effect_shifts[0] | strength << effect_shifts[1]
                       | loki << effect_shifts[2] | chariot << effect_shifts[3])  # fmt: skip
                effect = _find(effect_keys, effect_rows, key)
                if effect < 0:
                    failed = _missed(misses, missed, WALK_EFFECT, key)
                    continue
                at_event, active, late = (effect_columns[0, effect], effect_columns[1, effect],
                                          effect_columns[2, effect])  # fmt: skip
                walked_loki, walked_chariot = effect_columns[3, effect], effect_columns[4, effect]
                ways = 2 if fights and flags & CUNNING_CHOICE else 1
                for way in range(ways):
                    used = way if ways == 2 else 1
                    new_loki, new_chariot = walked_loki, walked_chariot
                    if fights:
                        if flags & LOKI_BY_FIGHTS:
                            active = np.int64(walked_loki > 0)
                            new_loki = max(0, walked_loki - 1)
                        key = (t << fight_shifts[0] | at_event << fight_shifts[1]
                               | active << fight_shifts[2] | mjolnir << fight_shifts[3]
                               | shield << fight_shifts[4] | used << fight_shifts[5])  # fmt: skip
                        row = _find(fight_keys, fight_rows, key)
                        miss = FIGHTS
                    else:
                        key = ((t - n) << pickup_shifts[0] | at_event << pickup_shifts[1]
                               | mjolnir << pickup_shifts[2] | shield << pickup_shifts[3]
                               | walked_loki << pickup_shifts[4]
                               | walked_chariot << pickup_shifts[5])  # fmt: skip
                        row = _find(pickup_keys, pickup_rows, key)
                        miss = PICKUPS
                    if row < 0:
                        failed = _missed(misses, missed, miss, key)
                        continue
                    if failed or probing:
                        continue
                    if cursor == capacity:
                        return begin, s, True
                    if fights:
                        new_strength, new_mjolnir = at_event, fight_columns[1, row]
                        new_shield = fight_columns[2, row]
                        q, r = _damage(fight_columns[0, row])
                        for w in range(words):
                            after[cursor, w] = _survivors(healths, s, fight_survives, row, q, r, w)
                        event[cursor] = row
                    else:
                        new_strength, new_mjolnir = pickup_columns[0, row], pickup_columns[1, row]
                        new_shield, new_loki = pickup_columns[2, row], pickup_columns[3, row]
                        new_chariot = pickup_columns[4, row]
                        for w in range(words):
                            after[cursor, w] = healths[s, w]
                        event[cursor] = -1
                    child[cursor] = canonical(
                        left & ~(np.int64(1) << t), t, new_mjolnir, new_shield, new_loki,
                        new_chariot, max(floor, new_strength - late), layout, floor, potions, flags,
                    )  # fmt: skip
                    parent[cursor], target[cursor], steps[cursor] = s, t, walked
                    attack[cursor], kills[cursor], cunning[cursor] = at_event, bested, used
                    cursor += 1
        if failed and not probing:
            cursor, resume = begin, s
    return cursor, resume, False


@_compiled
def mark_falls(parent, event, kills, target, attack, child, after, healths, falls, strikes,
               enemies, fallen) -> bool:  # fmt: skip
    """The ends a layer's moves reach: ``fallen[kills, enemy, attack]`` set where the
    hero can fall against ``enemy`` with ``kills`` bested (one more with the final
    strike) at that Attack: a fight (``event[e] >= 0``) whose ``falls`` (``strikes``)
    meet the Healths ``healths[parent[e]]``. Returns whether some fight clears the board
    (survivors ``after[e]`` and no enemy left in the code ``child[e]``, of which
    ``enemies`` is the mask)."""
    cleared = False
    for e in range(parent.shape[0]):
        fight = event[e]
        if fight < 0:
            continue
        hit_falls = hit_strikes = survived = False
        for w in range(healths.shape[1]):
            hit_falls |= healths[parent[e], w] & falls[fight, w] != 0
            hit_strikes |= healths[parent[e], w] & strikes[fight, w] != 0
            survived |= after[e, w] != 0
        if hit_falls:
            fallen[kills[e], target[e], attack[e]] = True
        if hit_strikes:
            fallen[kills[e] + 1, target[e], attack[e]] = True
        cleared |= survived and child[e] & enemies == 0
    return cleared


@_compiled
def unite_sorted(keys, order, bits, where) -> tuple:
    """Rows of ``bits`` with equal ``keys`` united, read in ``order`` (which sorts
    ``keys``): ``(the distinct keys sorted, the union of each one's rows)``, in one pass
    and without a sorted copy of either; the number of each row's key among them goes
    into ``where`` unless it is empty."""
    runs = 0
    for i in range(order.shape[0]):
        if i == 0 or keys[order[i]] != keys[order[i - 1]]:
            runs += 1
    distinct = np.empty(runs, np.int64)
    union = np.zeros((runs, bits.shape[1]), np.uint64)
    run = -1
    for i in range(order.shape[0]):
        row = order[i]
        if run < 0 or keys[row] != distinct[run]:
            run += 1
            distinct[run] = keys[row]
        for w in range(bits.shape[1]):
            union[run, w] |= bits[row, w]
        if where.shape[0]:
            where[row] = run
    return distinct, union
