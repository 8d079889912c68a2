"""How a Daggers Brink game moves on: the deal, the draw phase, combat and the next round.

Every function here works on a *fresh copy* made by ``DaggersState.apply`` (or
on the state being built by ``initial_state``, or on the one private copy that
:func:`play_in_place` moves through a whole game) and moves it to the next decision
of some player, doing everything automatic on the way: shuffling, dealing,
reshuffling the discard pile, roll-offs, rolling and resolving fights, passing
the deal. The rule each step implements is named in its docstring; the knobs
are fields of :class:`~workbench.games.daggers_brink.rules.Rules`. Containers in
the state (hands, piles, tokens) are tuples, replaced and never changed, so a copy
shares them safely.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from itertools import count, groupby
from typing import Any

from workbench.errors import IllegalMoveError
from workbench.games.daggers_brink.actions import CHALLENGE, DECK, DISCARD_PILE, PASS, Fight
from workbench.play.protocol import TERMINAL

__all__ = ["HANDLERS", "left_of", "play_in_place", "start_game", "without"]

#: ``Fight(*fields)`` without the Python-level ``__new__`` of a named tuple.
_new_fight = tuple.__new__


def left_of(seat: int, tokens: Sequence[int]) -> int:
    """The next seat to the left (clockwise) that still holds a token."""
    n = len(tokens)
    if tokens[(seat + 1) % n]:
        return (seat + 1) % n
    for step in range(2, n + 1):
        nxt = (seat + step) % n
        if tokens[nxt]:
            return nxt
    return seat


def without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand`` with one copy of ``card`` removed."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _seats_from_left_of_dealer(s: Any) -> list[int]:
    """Living seats clockwise from the dealer's left (the dealer last)."""
    tokens = s.tokens
    return [seat for seat in s.table.clockwise[s.dealer] if tokens[seat]]


def _add_card(s: Any, seat: int, card: int) -> None:
    """Put ``card`` into ``seat``'s hand (hands are sorted tuples)."""
    hands = list(s.hands)
    hand = hands[seat]
    i = bisect_right(hand, card)
    hands[seat] = (*hand[:i], card, *hand[i:])
    s.hands = tuple(hands)


def _remove_card(s: Any, seat: int, card: int) -> None:
    """Take one ``card`` out of ``seat``'s hand."""
    hands = list(s.hands)
    hand = hands[seat]
    i = hand.index(card)
    hands[seat] = hand[:i] + hand[i + 1 :]
    s.hands = tuple(hands)


def roll_off(s: Any, seats: list[int], places: int) -> list[int]:
    """Order ``seats`` by the totals of ``roll_off_dice`` dice each (each seat's dice in turn),
    highest first; tied totals roll again among themselves while their places are among the
    first ``places``."""
    each = s.table.rules.roll_off_dice
    faces = s._c.faces(s.dice, each * len(seats))
    s.dice += each * len(seats)
    totals = {seat: sum(faces[each * i : each * (i + 1)]) for i, seat in enumerate(seats)}
    return _ranked(s, seats, totals, places)


def _ranked(s: Any, seats: list[int], value: dict[int, int], places: int) -> list[int]:
    """``seats`` by ``value``, highest first; tied seats keep their order, or :func:`roll_off`
    while their places are among the first ``places``."""
    ranked = sorted(seats, key=value.__getitem__, reverse=True)  # stable: ties keep their order
    if not places or len(set(value.values())) == len(seats):
        return ranked
    tied_groups, ranked = groupby(ranked, value.__getitem__), []
    for _, tied in tied_groups:
        group = list(tied)
        if len(group) > 1 and len(ranked) < places:
            group = roll_off(s, group, places - len(ranked))
        ranked += group
    return ranked


def start_game(s: Any) -> None:
    """The first dealer rolls highest in a roll-off (or is seat 0); then the first round is
    dealt."""
    rules = s.table.rules
    s.dealer = 0 if rules.first_dealer == "seat 0" else roll_off(s, list(range(s.table.n)), 1)[0]
    start_round(s)


def _end(s: Any, winner: int | None) -> None:
    s.decision, s.player, s.winner = "", TERMINAL, winner


def start_round(s: Any) -> None:
    """Shuffle every card, deal the hand size to each living player one card at a time from
    the dealer's left, turn the next card face up as the discard pile; the dealer's left
    neighbour draws first. Past ``max_rounds`` the game ends with the survivors sharing."""
    setup = s.table
    if setup.rules.max_rounds and s.round >= setup.rules.max_rounds:
        _end(s, None)
        return
    s.round += 1
    deck = s._c.shuffled(s.shuffles, setup.cards)
    s.shuffles += 1
    seats = _seats_from_left_of_dealer(s)
    k, dealt = len(seats), len(seats) * setup.rules.hand_size
    hands: list[tuple[int, ...]] = [()] * setup.n
    for j, seat in enumerate(seats):  # one card at a time, round the table
        hands[seat] = tuple(sorted(deck[j:dealt:k]))
    s.hands = tuple(hands)
    s.discard, s.deck, s.deck_pos = (deck[dealt],), deck, dealt + 1
    s.turn, s.challenger, s.drawn = 0, -1, -1
    to_the_left = list(range(setup.n))  # the next living seat of each living seat
    for seat, neighbour in zip(seats, seats[1:] + seats[:1], strict=True):
        to_the_left[seat] = neighbour
    s.to_the_left = tuple(to_the_left)
    s.challenge_turns = setup.challenge_turns[len(seats)]  # draw turns after which one may / must
    s.order, s.order_pos, s.wounded = (), -1, 0
    s.player, s.decision = seats[0], "source"


def refill(s: Any) -> None:
    """The discard pile but its top card is shuffled into a new deck."""
    if len(s.discard) >= 2:
        s.deck = s._c.shuffled(s.shuffles, s.discard[:-1])
        s.shuffles += 1
        s.deck_pos, s.discard = 0, s.discard[-1:]


def _next_drawer(s: Any) -> None:
    """Play passes left; when it reaches the challenger again, combat begins."""
    s.turn += 1
    seat = s.to_the_left[s.player]
    if seat == s.challenger:
        _start_combat(s)
    else:
        s.player, s.decision = seat, "source"


def _start_combat(s: Any) -> None:
    """Combat order: highest Speed first, fixed now; equal Speeds roll off (or sit in order)."""
    seats = _seats_from_left_of_dealer(s)
    attributes, hands = s.table.attributes, s.hands
    speed = dict(zip(seats, [attributes[hands[seat]][0] for seat in seats], strict=True))
    order = _ranked(s, seats, speed, len(seats) if s.table.rules.speed_tie_break == "roll" else 0)
    s.order, s.order_pos, s.drawn = tuple(order), -1, -1
    firsts = list(s.firsts)
    firsts[order[0]] += 1
    s.firsts = tuple(firsts)
    _next_attacker(s)


def _next_attacker(s: Any) -> None:
    """The next player in combat order who may attack and has someone to attack; after the
    last, the deal passes left and a new round begins."""
    sit_out = s.table.rules.wounded_sit_out
    while True:
        s.order_pos += 1
        if s.order_pos >= len(s.order):
            s.dealer = left_of(s.dealer, s.tokens)
            start_round(s)
            return
        seat = s.order[s.order_pos]
        if not s.tokens[seat] or (sit_out and s.wounded >> seat & 1):
            continue
        if s.has_target(seat):
            s.player, s.decision = seat, "attack"
            return


def _resolve(s: Any) -> None:
    """Attack dice against defend dice; each block cancels a hit; remaining hits >= Health
    wound: the defender loses a token (and is out of the game at zero)."""
    attacker, defender, attacker_wild, defender_wild = s.fight
    table, hands = s.table, s.hands
    attack = table.attributes[hands[attacker]][3]
    _, health, defend, _ = table.attributes[hands[defender]]
    faces = s._c.faces(s.dice, attack + defend)
    attack_faces, defend_faces = tuple(faces[:attack]), tuple(faces[attack:])
    s.dice += attack + defend
    succeeds = table.succeeds
    hits, blocks = sum(map(succeeds, attack_faces)), sum(map(succeeds, defend_faces))
    remaining = hits - blocks if hits > blocks else 0
    wounded = remaining >= health
    rank = s.order.index(defender)
    record = _new_fight(Fight, (
        s.round, attacker, defender, attack, defend, health, attack_faces, defend_faces, hits,
        blocks, remaining, wounded, s.order_pos, rank, rank < s.order_pos, attacker_wild,
        defender_wild,
    ))  # fmt: skip
    s._log = (record, s._log)
    s.fight, s.strips = None, ()
    if wounded:
        tokens = list(s.tokens)
        tokens[defender] -= 1
        s.tokens = tuple(tokens)
        s.wounded |= 1 << defender
        alive = [seat for seat, t in enumerate(tokens) if t]
        if len(alive) == 1:
            _end(s, alive[0])
            return
    _next_attacker(s)


def _next_strip(s: Any) -> None:
    while s.strips:
        s.player = s.strips[0]
        if s._strippable():
            s.decision = "strip"
            return
        s.strips = s.strips[1:]
    _resolve(s)


def _start_strips(s: Any) -> None:
    """Each discarded wildcard strips one card; the defender chooses first (a knob)."""
    attacker, defender, attacker_wild, defender_wild = s.fight
    first, second = (defender,) * defender_wild, (attacker,) * attacker_wild
    if not s.table.rules.defender_strips_first:
        first, second = second, first
    s.strips = first + second
    _next_strip(s)


def _discard_wildcards(s: Any, seat: int, wildcards: tuple[int, ...]) -> None:
    for card in wildcards:
        _remove_card(s, seat, card)
    s.discard += wildcards


def _illegal(s: Any, action: Any) -> IllegalMoveError:
    return IllegalMoveError(
        f"{action!r} is not legal for seat {s.player} at decision {s.decision!r}; "
        f"legal: {s.legal_actions()!r}"
    )


def _on_source(s: Any, action: Any) -> None:
    """Draw from the deck (reshuffling when it is depleted) or the discard pile; or challenge."""
    if not s._source_is_legal(action):
        raise _illegal(s, action)
    s.draw_turns += 1
    if action == DECK:
        if s.deck_pos >= len(s.deck):
            refill(s)
        card = s.deck[s.deck_pos]
        s.deck_pos += 1
        if s.deck_pos >= len(s.deck) and s.table.rules.reshuffle == "when depleted":
            refill(s)
    elif action == DISCARD_PILE:
        card = s.discard[-1]
        s.discard = s.discard[:-1]
    else:  # a challenge, or standing pat
        if action == CHALLENGE:
            s.challenger = s.player
        _next_drawer(s)
        return
    s.drawn = card
    _add_card(s, s.player, card)
    s.decision = "discard"


def _on_discard(s: Any, card: Any) -> None:
    """Discard a card of the hand (the one just drawn too, unless the rules forbid it)."""
    if card not in s.hands[s.player] or (card == s.drawn and card not in s._discardable()):
        raise _illegal(s, card)
    _remove_card(s, s.player, card)
    s.discard += (card,)
    s.drawn = -1
    _next_drawer(s)


def _on_attack(s: Any, action: Any) -> None:
    """Declare an attack (discarding wildcards to strip cards), or pass."""
    if not s._attack_is_legal(action):
        raise _illegal(s, action)
    if action == PASS:
        _next_attacker(s)
        return
    target, wildcards = action
    if wildcards:
        _discard_wildcards(s, s.player, wildcards)
    s.fight = (s.player, target, len(wildcards), 0)
    if s.table.rules.wildcards_per_fight and not s.table.wild.isdisjoint(s.hands[target]):
        s.player, s.decision = target, "wildcards"
    elif wildcards:
        _start_strips(s)
    else:
        _resolve(s)


def _on_wildcards(s: Any, wildcards: Any) -> None:
    if wildcards not in s.wildcard_choices(s.player):
        raise _illegal(s, wildcards)
    _discard_wildcards(s, s.player, wildcards)
    attacker, defender, attacker_wild, _ = s.fight
    s.fight = (attacker, defender, attacker_wild, len(wildcards))
    _start_strips(s)


def _on_strip(s: Any, card: Any) -> None:
    if card not in s._strippable():
        raise _illegal(s, card)
    attacker, defender = s.fight[0], s.fight[1]
    victim = attacker if s.player == defender else defender
    _remove_card(s, victim, card)
    s.discard += (card,)
    s.strips = s.strips[1:]
    _next_strip(s)


#: The transition for each decision.
HANDLERS: dict[str, Callable[[Any, Any], None]] = {
    "source": _on_source,
    "discard": _on_discard,
    "attack": _on_attack,
    "wildcards": _on_wildcards,
    "strip": _on_strip,
}


def play_in_place(
    state: Any, choosers: Sequence[Mapping[str, Callable[[Any], Any]]], max_plies: int | None
) -> tuple[Any, int]:
    """Play from ``state`` (left unchanged) to the end, or ``max_plies`` decisions, moving
    one private copy on with the same transitions as ``apply`` (no copy per decision).

    ``choosers[seat][decision](state)`` is the action of the agent in ``seat`` (its
    ``act``, or the method ``act`` would dispatch to). The agents are shown that one
    copy at every decision, so they must not keep it past the call.
    """
    s, handlers = state._copy(), HANDLERS
    for plies in count() if max_plies is None else range(max_plies):
        decision = s.decision
        if not decision:
            return s, plies
        handlers[decision](s, choosers[s.player][decision](s))
    return s, max_plies
