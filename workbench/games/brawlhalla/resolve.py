"""What Brawlhalla's actions do: moves, fusion, attacks and their dice, works, the
flag, the start of each turn and the three victories.

Every function here changes a *working copy* of a state (``state.copy()``) that
:func:`apply` then hands out as the new immutable position. Clashes are resolved as
:mod:`workbench.dice` resolves them (sorted dice, ties to ``Rules.ties``): an attack
leaves a chance node whose outcomes are the exact ``(attacker_losses,
defender_losses)`` of that clash; an attack on a guardian is a clash with its fixed
dice (:mod:`~workbench.games.brawlhalla.guardian`).

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> game = Brawlhalla()
>>> state = game.position(stacks={(7, 0): (0, 3, 0, 0, 0, 0), (7, 1): (1, 2, 0, 0, 0, 0)})
>>> after = state.apply(("attack", (7, 0), (7, 1)))
>>> [(outcome, str(p)) for outcome, p in after.chance_outcomes()][:2]
[((2, 0), '...'), ((1, 1), '...')]
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from workbench.dice import clash
from workbench.errors import IllegalMoveError
from workbench.games.brawlhalla.actions import actions_from, is_extra_move, is_phase_move
from workbench.games.brawlhalla.card_effects import (
    card_actions,
    commit_die_cards,
    extra_action_points,
    play_card,
)
from workbench.games.brawlhalla.combat import Mods, clash_settings
from workbench.games.brawlhalla.defence_cards import defence_card, defence_options
from workbench.games.brawlhalla.face_down import after_clash, after_move, sink_ghost_ships, spend
from workbench.games.brawlhalla.flag import drop_flag
from workbench.games.brawlhalla.graves import bury
from workbench.games.brawlhalla.guardian import guardian_odds
from workbench.games.brawlhalla.hands import discard_card, draw_artifact
from workbench.games.brawlhalla.ruins import capture_ruin
from workbench.games.brawlhalla.setup import apply_setup
from workbench.games.brawlhalla.stacking import can_stand
from workbench.games.brawlhalla.state import PLAYING, ROLL
from workbench.games.brawlhalla.strength import after_losses, attack_dice, defence_dice
from workbench.games.brawlhalla.turn_effects import PHASING, thaw, turn_starts
from workbench.games.brawlhalla.works import halt_work, progress_works, start_work
from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.rules import Rules
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["apply", "begin_turn", "chance_outcomes", "clash_outcomes", "guardian_outcomes"]

#: A chance outcome with its probability.
Outcome = tuple[tuple[int, int], Fraction]
_FIRST = ((0, Fraction(1, 2)), (1, Fraction(1, 2)))


@functools.cache
def clash_outcomes(
    rules: Rules, attack: int, defence: int, attacker_mods: Mods = (), defender_mods: Mods = ()
) -> tuple[Outcome, ...]:
    """``((attacker_losses, defender_losses), probability)`` of a clash of ``attack``
    against ``defence`` dice, most attacker losses first; die cards (``thor``, ``norn``)
    placed by each side as :mod:`workbench.dice` places them, best for their owner."""
    settings = clash_settings(rules, attacker_mods, defender_mods)
    won = clash(attack, defence, **settings).probabilities
    pairs = min(attack, defence)
    return tuple(((pairs - k, k), p) for k, p in sorted(won.items()) if p)


@functools.cache
def guardian_outcomes(rules: Rules, attack: int, attacker_mods: Mods = ()) -> tuple[Outcome, ...]:
    """``((attacker_losses, 1 if the guardian falls else 0), probability)`` of one
    attack on a guardian with ``attack`` dice (and the attacker's die cards)."""
    odds = guardian_odds(attack, rules=rules, attacker_mods=attacker_mods)
    found = [((0, 1), odds.p_defeat)] if odds.p_defeat else []
    for lost, p in sorted(odds.losses.probabilities.items(), reverse=True):
        p = p - odds.p_defeat if lost == 0 else p
        if p:
            found.append(((lost, 0), p))
    return tuple(found)


def chance_outcomes(state: BrawlhallaState) -> list[tuple[Any, Fraction]]:
    """See :meth:`BrawlhallaState.chance_outcomes`."""
    if state.winner is not None:
        return []
    if state.setup == ROLL:
        return list(_FIRST)
    if state.pending is None:
        return []
    _, _, attack, defence, guardian = state.pending
    rules = state.game.rules
    mine, theirs = state.committed
    if guardian:
        return list(guardian_outcomes(rules, attack, mine))
    return list(clash_outcomes(rules, attack, defence, mine, theirs))


# -- the flag and victory ---------------------------------------------------------------
def _win(state: BrawlhallaState, side: int, victory: str) -> None:
    state.winner, state.victory = side, victory


def _controls(state: BrawlhallaState, side: int, cell: Cell) -> bool:
    stack = state.stacks.get(cell)
    if state.game.rules.sanctuary_control == "unit on it":
        return stack is not None and stack[0] == side
    return state.beaten.get(cell) == side and (stack is None or stack[0] == side)


def begin_turn(state: BrawlhallaState, side: int) -> None:
    """Start ``side``'s turn: the turn limit, the flag's return, works, recruits,
    holy domination, the draw; then its action points."""
    rules, geometry = state.game.rules, state.game.geometry
    state.turn += 1
    state.to_move, state.ap = side, rules.action_points_per_turn + extra_action_points(state, side)
    turn_starts(state, side)
    state.shown_hand = (False, False)
    if state.turn > rules.turn_limit:
        _win(state, -1, "turn_limit")
        return
    if state.respawn is not None and state.turn >= state.respawn:
        state.flag, state.respawn = geometry.flag_home, None
    progress_works(state, side)
    _recruit(state, side)
    for cell, stack in state.stacks.items():
        if stack[0] == side and stack[5]:
            state.stacks[cell] = (*stack[:5], 0)
    holy = list(state.holy)
    sanctuaries = geometry.sanctuaries
    if sanctuaries and all(_controls(state, side, cell) for _, cell in sanctuaries):
        holy[side] += 1
    else:
        holy[side] = 0
    state.holy = (holy[0], holy[1])
    if holy[side] >= rules.holy_turns:
        _win(state, side, "holy")
        return
    if rules.cards:
        state.game.cards.draw(state, side)


def _recruit(state: BrawlhallaState, side: int) -> None:
    rules = state.game.rules
    barracks = [c for c, (o, k) in state.buildings.items() if o == side and k == "barracks"]
    room = state.game.rules.warriors_per_square
    on_board = state.count(side, "warriors")
    for cell in barracks:
        if on_board >= rules.warrior_pool:
            return
        spots = [cell] if rules.recruits_appear == "on each barrack" else barracks
        for spot in spots:
            stack = state.stacks.get(spot, (side, 0, 0, 0, 0, 0))
            grown = (stack[1] + 1, *stack[2:5])
            if (
                stack[0] == side
                and stack[1] < room
                and not stack[4]
                and can_stand(state, grown, spot)
            ):
                state.stacks[spot] = (side, stack[1] + 1, *stack[2:])
                on_board += 1
                break


def _end_turn(state: BrawlhallaState) -> None:
    begin_turn(state, 1 - state.to_move)


def _spend(state: BrawlhallaState, cell: Cell, cost: int = 1) -> None:
    """The action points of an action by the stack on ``cell`` (gone if it was sacrificed)."""
    stack = state.stacks.get(cell)
    if stack is not None:
        state.stacks[cell] = (*stack[:5], stack[5] + cost)
    state.ap -= cost
    state.actions += cost


# -- actions ------------------------------------------------------------------------
def _enter(state: BrawlhallaState, side: int, cell: Cell) -> None:
    """A unit of ``side`` arrives on ``cell``: ruins, the flag picked up."""
    rules = state.game.rules
    work = state.works.get(cell)
    if work is not None and work[0] != side:  # an unguarded work site taken: the work is lost
        del state.works[cell]
    capture_ruin(state, side, cell)
    if state.flag == cell and not rules.flag_take_cost:
        state.flag, state.carrier = None, cell


def _move(state: BrawlhallaState, src: Cell, dst: Cell, part: tuple[int, int, int, int]) -> None:
    stack = state.stacks[src]
    side, spent = stack[0], stack[5] + 1
    if state.in_effect[side] and is_extra_move(state, stack, part):
        marks = list(state.extra_move)
        marks[side] = state.turn
        state.extra_move = (marks[0], marks[1])
    if PHASING in state.doubled and is_phase_move(state, src, dst, part):
        state.doubled = state.doubled - {PHASING}
    left = (side, *(stack[i + 1] - part[i] for i in range(4)), stack[5])
    whole = left[1:5] == (0, 0, 0, 0)
    if whole:
        del state.stacks[src]
    else:
        state.stacks[src] = left
    there = state.stacks.get(dst)
    if there is None:
        state.stacks[dst] = (side, *part, spent)
    else:
        state.stacks[dst] = (
            side,
            there[1] + part[0],
            there[2] + part[1],
            there[3] + part[2],
            there[4] + part[3],
            max(there[5], spent),
        )
    state.ap -= 1
    state.actions += 1
    if whole and state.carrier == src:
        state.carrier = dst
    _arrive(state, side, dst)


def _arrive(state: BrawlhallaState, side: int, dst: Cell) -> None:
    """A stack of ``side`` came onto ``dst``: ruins, the flag, Landslide, a flag victory."""
    _enter(state, side, dst)
    if state.face_down[1 - side]:
        after_move(state, side, dst)
    if state.carrier == dst and dst == state.game.geometry.capitals[side]:
        _win(state, side, "flag")


def _fuse(state: BrawlhallaState, src: Cell, dst: Cell) -> None:
    rules = state.game.rules
    if src != dst:
        _move(state, src, dst, (1, 0, 0, 0))
        need = rules.warriors_per_square + 1
    else:
        need = 4 if rules.fusion == "four fuse" else 5
    stack = state.stacks.get(dst)
    if stack is not None and stack[1] >= need:  # a Landslide may have taken the fifth
        state.stacks[dst] = (stack[0], stack[1] - need, stack[2] + 1, *stack[3:])
    _spend(state, dst)


def _attack(state: BrawlhallaState, src: Cell, dst: Cell, cards: tuple[str, ...] = ()) -> None:
    rules, side = state.game.rules, state.to_move
    _spend(state, src)
    if dst in state.guardians:
        mine = commit_die_cards(state, side, None, cards, src=src)
        attack = attack_dice(state, src, state.stacks[src], mine.power)
        state.pending = (src, dst, attack, len(rules.guardian_dice), True)
        state.committed = (mine.mods, ())
        return
    if rules.cards and state.face_down[1 - side] and defence_options(state, dst):
        state.deciding = (src, dst, cards)  # Retreat! or Substitution: the defender chooses
        return
    _engage(state, src, dst, cards)


def _defended(state: BrawlhallaState, action: Any) -> BrawlhallaState:
    """The defender's Retreat! or Substitution answers the attack waiting for it."""
    src, dst, cards = state.deciding
    if action not in defence_options(state, dst):
        raise IllegalMoveError(
            f"{action!r}: the attacked side must answer with {defence_options(state, dst)}"
        )
    new = state.copy()
    new.deciding = None
    spend(new, 1 - new.to_move, defence_card(new, action))
    kind, _, there = action
    if kind == "retreat":
        stack = new.stacks.pop(dst)
        joined = new.stacks.get(there)
        if joined is not None:
            units = (a + b for a, b in zip(joined[1:5], stack[1:5], strict=True))
            stack = (stack[0], *units, max(joined[5], stack[5]))
        new.stacks[there] = stack
        if new.carrier == dst:
            new.carrier = there
        _arrive(new, stack[0], there)
    else:
        stacks, frozen = new.stacks, dict(new.frozen)
        stacks[dst], stacks[there] = stacks[there], stacks[dst]
        moved = frozen.pop(dst, None), frozen.pop(there, None)
        frozen.update({c: n for c, n in ((there, moved[0]), (dst, moved[1])) if n})
        new.frozen = frozen
        _engage(new, src, dst, cards)
    if new.ap == 0 and new.pending is None and new.winner is None:
        _end_turn(new)
    return new


def _engage(state: BrawlhallaState, src: Cell, dst: Cell, cards: tuple[str, ...]) -> None:
    """The attacker on ``src`` engages ``dst`` with its clash ``cards``: the defender's
    cards, then the dice (a chance node) or a battle decided at once."""
    side = state.to_move
    mine = commit_die_cards(state, side, state.stacks.get(dst), cards, src=src)
    halt_work(state, dst)
    theirs = commit_die_cards(state, 1 - side, state.stacks[src], defending=True)
    if mine.wins:  # Dragon killer: the battle is won outright
        _falls(state, dst)
        return
    if theirs.wins:
        _wiped(state, src)
        return
    attack = attack_dice(state, src, state.stacks[src], mine.power + theirs.against)
    defence = defence_dice(state, dst, theirs.power + mine.against)
    if attack == 0:  # Guerilla tactics left the attacker powerless: it loses at once
        _wiped(state, src)
        return
    if defence:
        state.pending = (src, dst, attack, defence, False)
        state.committed = (mine.mods, theirs.mods)
        return
    _falls(state, dst)


def _wiped(state: BrawlhallaState, cell: Cell) -> None:
    """The stack on ``cell`` is destroyed (its building, if any, stands)."""
    stack = state.stacks.pop(cell, None)
    if stack is not None:
        bury(state, stack, None)
    if state.carrier == cell:
        drop_flag(state)


def _falls(state: BrawlhallaState, cell: Cell) -> None:
    """Whatever the enemy has on ``cell`` is destroyed: units, boat, building."""
    stack = state.stacks.pop(cell, None)
    if stack is not None:
        bury(state, stack, None)
        if state.carrier == cell:
            drop_flag(state)
    building = state.buildings.pop(cell, None)
    if building is None:
        return
    if building[1] == "capital":
        _win(state, 1 - building[0], "war")
    else:
        state.earthed = state.earthed | {cell}


def _resolve(state: BrawlhallaState, outcome: tuple[int, int]) -> None:
    src, dst, _, _, guardian = state.pending
    state.pending, state.committed = None, ((), ())
    rules = state.game.rules
    lost, won = outcome
    attacker = after_losses(state, src, lost)
    gone = attacker[1] + attacker[2] + attacker[3] == 0
    bury(state, state.stacks[src], None if gone else attacker)
    if gone:
        del state.stacks[src]
        if state.carrier == src:
            drop_flag(state)
    else:
        state.stacks[src] = attacker
    side = state.to_move
    if guardian:
        if won:
            state.guardians = state.guardians - {dst}
            state.beaten[dst] = side
            artifacts = list(state.artifacts)
            name = next(n for n, c in state.game.geometry.sanctuaries if c == dst)
            artifacts[side] = (*artifacts[side], name)
            state.artifacts = (artifacts[0], artifacts[1])
            if rules.cards:
                draw_artifact(state, side)
        return
    there = state.stacks.get(dst)
    if there is None or state.value(there) == 0:  # an empty building or boat defended
        if won:
            _falls(state, dst)
        return
    _clash_losses(state, src, dst, there, outcome)
    if state.face_down[0] or state.face_down[1]:
        after_clash(state, (src, dst), outcome)


def _clash_losses(state, src, dst, there, outcome) -> None:
    rules, side, won = state.game.rules, state.to_move, outcome[1]
    defender = after_losses(state, dst, won)
    gone = defender[1] + defender[2] + defender[3] == 0
    bury(state, there, None if gone else defender)
    if gone:
        del state.stacks[dst]
        if state.carrier == dst:
            drop_flag(state)
        building = state.buildings.get(dst)
        if (
            building is not None
            and building[1] == "capital"
            and rules.capital_capture == "clear its defenders"
            and src in state.stacks
        ):
            _win(state, side, "war")
    else:
        state.stacks[dst] = defender


def apply(state: BrawlhallaState, action: Any) -> BrawlhallaState:
    """See :meth:`BrawlhallaState.apply`."""
    new = _applied(state, action)
    if new.face_down[0] or new.face_down[1]:
        sink_ghost_ships(new)
    if new.frozen:
        thaw(new)
    new._tally = new._legal = new._by_source = None  # counts taken while it changed
    return new


def _applied(state: BrawlhallaState, action: Any) -> BrawlhallaState:
    player = state.current_player()
    if player < 0 and state.winner is not None:
        raise IllegalMoveError(f"the game is over ({state.victory}); no action {action!r}")
    if player < 0:
        outcomes = [o for o, _ in chance_outcomes(state)]
        if action not in outcomes:
            raise IllegalMoveError(f"chance outcome {action!r}: expected one of {outcomes}")
        new = state.copy()
        if state.setup == ROLL:
            new.first, new.to_move, new.setup = action, action, 0
            return new
        _resolve(new, action)
        if new.ap == 0 and new.winner is None:
            _end_turn(new)
        return new
    if state.setup < PLAYING:
        new = apply_setup(state, action)
        if new.setup == PLAYING:
            begin_turn(new, new.first)
        return new
    if state.discarding is not None:
        return _discarded(state, action)
    if state.deciding is not None:
        return _defended(state, action)
    if action == ("end",):
        new = state.copy()
        _end_turn(new)
        return new
    if isinstance(action, tuple) and action[:1] == ("card",):
        if action not in card_actions(state):
            raise IllegalMoveError(f"{action!r}: not a card the side to act may play now")
        new = state.copy()
        play_card(new, action)
        if new.ap == 0 and new.winner is None and new.discarding is None:
            _end_turn(new)
        return new
    src = action[1] if isinstance(action, tuple) and len(action) > 1 else None
    try:
        legal = action in actions_from(state, src)
    except TypeError:
        legal = False
    if not legal:
        raise IllegalMoveError(_why(state, action))
    new = state.copy()
    kind = action[0]
    if kind == "move":
        _move(new, src, action[2], action[3])
    elif kind == "fuse":
        _fuse(new, src, action[2])
    elif kind == "attack":
        _attack(new, src, action[2], action[3] if len(action) > 3 else ())
    elif kind == "build":
        _spend(new, src)
        start_work(new, src, action[2])
    else:  # the flag
        new.flag, new.carrier = None, src
        _spend(new, src)
    if new.ap == 0 and new.pending is None and new.deciding is None and new.winner is None:
        _end_turn(new)
    return new


def _discarded(state: BrawlhallaState, action: Any) -> BrawlhallaState:
    """The side over its hand limit discards one card of its choice."""
    side = state.discarding
    if not (isinstance(action, tuple) and action[:1] == ("discard",)) or action[1:2] not in [
        (name,) for name in state.hands[side]
    ]:
        raise IllegalMoveError(f"{action!r}: the side must discard a card of its hand first")
    new = state.copy()
    discard_card(new, side, action[1])
    if new.discarding is None and new.ap == 0 and new.winner is None:
        _end_turn(new)
    return new


def _why(state: BrawlhallaState, action: Any) -> str:
    stack = state.stacks.get(action[1]) if isinstance(action, tuple) and len(action) > 1 else None
    if not isinstance(action, tuple) or not action:
        return f"{action!r} is not a Brawlhalla action (expected a tuple such as ('end',))"
    if stack is None or stack[0] != state.to_move:
        where = action[1] if len(action) > 1 else "?"
        return f"{action!r}: the side to act has no stack on {where}"
    return f"{action!r} is not legal now (see legal_actions() for this stack's actions)"
