"""What Brawlhalla's cards do: one small function per effect id, registered in one place.

A card of ``cards.csv`` names its effect by id; :data:`EFFECTS` maps each id to a
:class:`CardEffect`: when the card is played (``timing``: ``action``, in the player's
turn for ``cost`` action points), its targets in a position, and what it does to a
working copy of the position. A card plays as the action ``("card", name, target)``;
it then goes to the discard pile, and the ruin coins of its ``cost`` column are
sacrificed (Grave robber gains them back). To add a card, add a CSV row with an
existing effect id; for a new effect, register a function in a notebook cell::

    @effect("draw_three")
    def _draw_three(state, side, target):
        draw_cards(state, side, 3)

Effects whose id is not registered are listed by ``workbench brawlhalla cards`` as not
implemented, and such cards are never offered for play.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True))
>>> hands = (("Bragi's blessing",), ())
>>> state = game.position(stacks={(2, 2): (0, 1, 0, 0, 0)}, hands=hands, deck=("Raid", "Pillage"))
>>> [a for a in card_actions(state)]
[('card', "Bragi's blessing", None)]
>>> after = state.apply(("card", "Bragi's blessing", None))
>>> len(after.hands[0]), after.discard, after.ap
(2, ("Bragi's blessing",), 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd

from workbench.games.brawlhalla.face_down import countered, spend
from workbench.games.brawlhalla.flag import drop_flag
from workbench.games.brawlhalla.graves import bury
from workbench.games.brawlhalla.hands import discard_card, draw_artifact, draw_cards
from workbench.games.brawlhalla.ruins import capture_ruin
from workbench.games.brawlhalla.stacking import can_stand
from workbench.grids.square import Cell

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = [
    "EFFECTS",
    "LASTING",
    "CardEffect",
    "ClashCards",
    "card_actions",
    "card_table",
    "commit_die_cards",
    "die_card_choices",
    "effect",
    "extra_action_points",
    "play_card",
    "pool_left",
    "recruit",
]

Targets = Callable[["BrawlhallaState", int, list], list]
Play = Callable[["BrawlhallaState", int, Any], None]


@dataclass(frozen=True)
class CardEffect:
    """One effect id: its targets in a position and what it does."""

    id: str
    play: Play
    targets: Targets
    timing: str = "action"
    cost: int = 1


#: Effect id -> its :class:`CardEffect`.
EFFECTS: dict[str, CardEffect] = {}
#: When a card can be played as an action of its owner's turn.
PLAYED = ("action", "face-down")
#: Artifacts whose effect lasts once played (the others leave the game when played).
LASTING = frozenset({"plus_one_action_point", "plus_one_die_each_turn", "one_unit_moves_one_more"})


def _no_target(state: BrawlhallaState, side: int, others: list) -> list:
    return [None]


def effect(
    effect_id: str, *, targets: Targets = _no_target, timing: str = "action", cost: int = 1
) -> Callable[[Play], Play]:
    """Register the decorated ``play(state, side, target)`` as the effect ``effect_id``;
    ``targets(state, side, others)`` lists its targets (``others``: the player's hand
    without the card played)."""

    def register(play: Play) -> Play:
        EFFECTS[effect_id] = CardEffect(effect_id, play, targets, timing, cost)
        return play

    return register


# -- playing a card --------------------------------------------------------------------
def card_table(cards: pd.DataFrame) -> pd.DataFrame:
    """The card list with whether each card's effect is in play (registered) and when it
    is played.

    >>> from workbench.games.brawlhalla.deck import load_cards
    >>> table = card_table(load_cards())
    >>> table.loc[table["name"] == "Bragi's blessing", ["effect", "implemented"]].values.tolist()
    [['draw_two', True]]
    """
    table = cards[["name", "family", "count", "cost", "effect"]].copy()
    table["implemented"] = table["effect"].isin(EFFECTS)
    table["timing"] = [EFFECTS[e].timing if e in EFFECTS else "" for e in table["effect"]]
    return table


def card_actions(state: BrawlhallaState) -> list[tuple]:
    """Every ``("card", name, target)`` the side to act may play now (one per distinct
    card in hand with a registered action effect, its coins and action points at hand)."""
    if not state.game.rules.cards:
        return []
    side = state.to_move
    table = state.game.cards.table()
    found = []
    for name in dict.fromkeys(state.hands[side] + state.relics[side]):
        effect_id, coins = table.get(name, ("", 0))
        known = EFFECTS.get(effect_id)
        if known is None or known.timing not in PLAYED or state.ap < known.cost:
            continue
        if known.timing == "face-down" and (
            name in state.face_down[side]
            or len(state.face_down[side]) >= state.game.rules.face_up_limit
        ):
            continue  # at most one of each face-down card in effect, and the face-up limit
        if state.coins[side] < coins:
            continue
        others = list(state.hands[side])
        if name in others:
            others.remove(name)
        found.extend(("card", name, target) for target in known.targets(state, side, others))
    return found


def play_card(state: BrawlhallaState, action: tuple) -> None:
    """Play ``("card", name, target)`` on a working copy: the card leaves the hand for the
    discard pile, its coins are sacrificed, its action points spent, its effect done."""
    _, name, target = action
    side = state.to_move
    effect_id, coins = state.game.cards.table()[name]
    known = EFFECTS[effect_id]
    if known.timing == "face-down":
        state.hands = _without(state.hands, side, name)
    elif name in state.hands[side]:
        discard_card(state, side, name)
    else:  # an artifact: it lasts, or leaves the game
        state.relics = _without(state.relics, side, name)
        if effect_id in LASTING:
            state.in_effect = _with(state.in_effect, side, name)
    if coins:
        _pay(state, side, coins)
    state.ap -= known.cost
    state.actions += known.cost
    artifact = state.game.cards.families()[name] == "artifact"
    if artifact or not countered(state, side, effect_id):
        known.play(state, side, target)
        if known.timing == "face-down":
            state.face_down = _with(state.face_down, side, name)
    elif known.timing == "face-down":  # countered as it was laid: it goes to the discards
        state.discard = (*state.discard, name)


Pair = tuple[tuple[str, ...], tuple[str, ...]]


def _without(pair: Pair, side: int, name: str) -> Pair:
    """A per-side pair of card tuples with one copy of ``name`` taken from ``side``'s."""
    held = list(pair[side])
    held.remove(name)
    return (tuple(held), pair[1]) if side == 0 else (pair[0], tuple(held))


def _with(pair: Pair, side: int, name: str) -> Pair:
    """A per-side pair of card tuples with ``name`` added to ``side``'s."""
    return ((*pair[0], name), pair[1]) if side == 0 else (pair[0], (*pair[1], name))


def _pay(state: BrawlhallaState, side: int, coins: int) -> None:
    purse = list(state.coins)
    purse[side] -= coins
    state.coins = (purse[0], purse[1])
    state.sacrificed += coins


# -- drawing and discarding --------------------------------------------------------------
@effect("draw_two")
def _draw_two(state, side, target) -> None:
    draw_cards(state, side, 2)


def _one_card(state, side, others) -> list:
    return sorted(set(others))


def _two_cards(state, side, others) -> list:
    return sorted(set(itertools.combinations(sorted(others), 2)))


@effect("discard_one_draw_one", targets=_one_card)
def _discard_one_draw_one(state, side, target) -> None:
    discard_card(state, side, target)
    draw_cards(state, side, 1)


@effect("discard_two_draw_two", targets=_two_cards)
def _discard_two_draw_two(state, side, target) -> None:
    for name in target:
        discard_card(state, side, name)
    draw_cards(state, side, 2)


def _opponent_cards(state, side, others=()) -> list:
    """A card of the opponent's hand, picked blind: its place in the hand."""
    return list(range(len(state.hands[1 - side])))


@effect("discard_random_opponent_card", targets=_opponent_cards)
def _discard_random(state, side, target) -> None:
    discard_card(state, 1 - side, state.hands[1 - side][target])


def _swaps(state, side, others) -> list:
    return [(mine, k) for mine in sorted(set(others)) for k in _opponent_cards(state, side)]


@effect("swap_card_with_opponent", targets=_swaps)
def _swap(state, side, target) -> None:
    mine, place = target
    hands = [list(state.hands[0]), list(state.hands[1])]
    theirs = hands[1 - side][place]
    hands[side][hands[side].index(mine)] = theirs
    hands[1 - side][place] = mine
    state.hands = (tuple(hands[0]), tuple(hands[1]))


# -- recruiting --------------------------------------------------------------------------
def _recruit_sites(state, side, units: tuple[int, int, int, int]) -> list:
    """Where a card's recruits may appear: the side's barracks (or capital) with room."""
    rules = state.game.rules
    kind = "capital" if rules.card_recruits_appear == "on the capital" else "barracks"
    sites = []
    for cell, (owner, what) in sorted(state.buildings.items()):
        if owner != side or what != kind:
            continue
        stack = state.stacks.get(cell, (side, 0, 0, 0, 0, 0))
        grown = (stack[1] + units[0], stack[2] + units[1], stack[3], stack[4])
        if stack[0] == side and can_stand(state, grown, cell):
            sites.append(cell)
    return sites


def recruit(state, side, cell, warriors: int, warlords: int = 0) -> None:
    """Add warriors and warlords to the side's stack on ``cell`` (a new stack if none)."""
    stack = state.stacks.get(cell, (side, 0, 0, 0, 0, 0))
    state.stacks[cell] = (side, stack[1] + warriors, stack[2] + warlords, *stack[3:])


def pool_left(state, side, name: str) -> int:
    """Units of a kind the side may still add (its pool less those on the board)."""
    rules = state.game.rules
    limit = rules.warrior_pool if name == "warriors" else rules.warlord_pool
    index = 1 if name == "warriors" else 2
    return limit - sum(s[index] for s in state.stacks.values() if s[0] == side)


def _warrior_sites(count: int) -> Targets:
    def targets(state, side, others) -> list:
        if pool_left(state, side, "warriors") < count:
            return []
        return _recruit_sites(state, side, (count, 0, 0, 0))

    return targets


@effect("recruit_one_warrior", targets=_warrior_sites(1))
def _recruit_one(state, side, target) -> None:
    recruit(state, side, target, 1)


@effect("recruit_two_warriors", targets=_warrior_sites(2))
def _recruit_two(state, side, target) -> None:
    recruit(state, side, target, 2)


def _warlord_sites(state, side, others) -> list:
    if pool_left(state, side, "warlords") < 1:
        return []
    return _recruit_sites(state, side, (0, 1, 0, 0))


@effect("recruit_warlord", targets=_warlord_sites)
def _recruit_warlord(state, side, target) -> None:
    recruit(state, side, target, 0, 1)


def _conscripts(state, side) -> int:
    coins = state.coins[side]
    half = coins // 2 if state.game.rules.conscription_rounding == "down" else -(-coins // 2)
    return min(half, pool_left(state, side, "warriors"))


def _conscription_sites(state, side, others) -> list:
    count = _conscripts(state, side)
    return _recruit_sites(state, side, (count, 0, 0, 0)) if count else []


@effect("recruit_half_coins_warriors", targets=_conscription_sites)
def _conscription(state, side, target) -> None:
    recruit(state, side, target, _conscripts(state, side))


# -- ruin coins --------------------------------------------------------------------------
def _opponent_has_coins(state, side, others) -> list:
    return [None] if state.coins[1 - side] else []


@effect("steal_ruin_coin", targets=_opponent_has_coins)
def _steal(state, side, target) -> None:
    purse = list(state.coins)
    purse[1 - side] -= 1
    purse[side] += 1
    state.coins = (purse[0], purse[1])


def _ruins_left(state, side, others) -> list:
    return sorted(state.ruins[side])


@effect("capture_ruin_coin", targets=_ruins_left)
def _pillage(state, side, target) -> None:
    capture_ruin(state, side, target)


def _sacrificed_coins(state, side, others) -> list:
    return [None] if state.sacrificed else []


@effect("gain_sacrificed_coins", targets=_sacrificed_coins)
def _grave_robber(state, side, target) -> None:
    purse = list(state.coins)
    purse[side] += state.sacrificed
    state.coins = (purse[0], purse[1])
    state.sacrificed = 0


# -- boats -------------------------------------------------------------------------------
def _empty_enemy_boats(state, side, others) -> list:
    return sorted(
        cell
        for cell, stack in state.stacks.items()
        if stack[0] != side and stack[4] and not (stack[1] or stack[2] or stack[3])
    )


@effect("destroy_empty_boat", targets=_empty_enemy_boats)
def _njords_punishment(state, side, target) -> None:
    bury(state, state.stacks.pop(target), None)


# -- artifacts ---------------------------------------------------------------------------
@effect("draw_artifact", targets=lambda state, side, others: [None] if state.artifact_pile else [])
def _lucky_finding(state, side, target) -> None:
    draw_artifact(state, side)


def _four_to_discard(state, side, others) -> list:
    if not state.artifact_pile:
        return []
    return sorted(set(itertools.combinations(sorted(others), 4)))


@effect("draw_artifact_discard_four", targets=_four_to_discard)
def _tomb_pillager(state, side, target) -> None:
    for name in target:
        discard_card(state, side, name)
    draw_artifact(state, side)


def _opponent_holds_cards(state, side, others) -> list:
    return [None] if state.hands[1 - side] else []


@effect("discard_opponent_hand", targets=_opponent_holds_cards)
def _gungnir(state, side, target) -> None:
    hand = state.hands[1 - side]
    keep = 0 if state.game.rules.gungnir_discards == "the whole hand" else len(hand) // 2
    for name in hand[keep:]:
        discard_card(state, 1 - side, name)


@effect("plus_one_die_each_turn")
def _skofnung(state, side, target) -> None:
    """Lasting: a die of its owner's +1 in one clash a turn (see :func:`die_card_choices`)."""


@effect("plus_one_action_point")
def _tyrfing(state, side, target) -> None:
    """Lasting: one more action point at the start of each of the side's turns."""


def extra_action_points(state: BrawlhallaState, side: int) -> int:
    """Action points the side's lasting artifacts add to each of its turns (Tyrfing)."""
    if not state.in_effect[side]:
        return 0
    table = state.game.cards.table()
    return sum(table[name][0] == "plus_one_action_point" for name in state.in_effect[side])


def _enemy_stacks(state, side, others) -> list:
    return sorted(cell for cell, stack in state.stacks.items() if stack[0] != side)


@effect("destroy_all_units_on_tile", targets=_enemy_stacks)
def _mjolnir(state, side, target) -> None:
    bury(state, state.stacks.pop(target), None)
    state.works.pop(target, None)  # its builders are gone with it
    if state.carrier == target:
        drop_flag(state)


# -- face-down cards: laid in front of their owner (by :func:`play_card`), they wait for
# their condition (:mod:`.face_down`)
def _waits(state, side, target) -> None:
    """Laid face down: what it does comes when its condition is met."""


for _face_down in (
    "counter_next_card",
    "weaken_on_shore",
    "weaken_winner_by_one",
    "destroy_powerless_ship",
):
    effect(_face_down, timing="face-down")(_waits)


# -- clash cards: spent in a clash; die cards placed after the roll as workbench.dice does --
#: Die card effect id -> the die modifier it gives (see :mod:`.combat`).
DIE_CARDS = {"plus_one_to_a_die": "thor", "minus_one_to_enemy_die": "norn"}
#: Blood lord's effect id: sacrifice X units to add X to a die.
BLOOD_LORD = "sacrifice_units_for_die_value"
#: Cards that change a clash before the roll, by effect id.
POWER_CARDS = (
    "plus_two_against_warlord",
    "reduce_power_by_half_coins",
    "win_against_dragon_above_five_coins",
)


@dataclass(frozen=True)
class ClashCards:
    """What one side's cards do to a clash: die modifiers, a change to its own power and
    to the enemy's, and whether it wins the battle outright (Dragon killer)."""

    mods: tuple[str, ...] = ()
    power: int = 0
    against: int = 0
    wins: bool = False


def _clash_cards(state: BrawlhallaState, side: int, enemy: tuple | None) -> list[str]:
    """The side's cards it could bring to a clash against the ``enemy`` stack: Thor's
    blessings in hand, Norn's wrath face down, Skofnung once a turn, and the ruin cards
    whose condition holds."""
    table = state.game.cards.table()
    rules = state.game.rules
    holds = {
        "plus_two_against_warlord": enemy is not None and enemy[2] > 0,
        "reduce_power_by_half_coins": state.coins[side] >= rules.guerilla_coins_per_point,
        "win_against_dragon_above_five_coins": (
            enemy is not None and enemy[3] > 0 and state.coins[side] > 5
        ),
    }
    found = [
        name
        for name in (*state.hands[side], *state.face_down[side])
        if (effect_id := table.get(name, ("", 0))[0]) in DIE_CARDS or holds.get(effect_id, False)
    ]
    if state.skofnung[side] != state.turn:
        found += [n for n in state.in_effect[side] if table[n][0] == "plus_one_die_each_turn"][:1]
    return found


def _blood_lords(state: BrawlhallaState, side: int, src: Cell) -> list[str]:
    """Blood lord choices of the attacker on ``src``: ``"name:X"``, X of its warriors
    sacrificed (1 to 3, keeping one unit to fight)."""
    table = state.game.cards.table()
    names = [n for n in dict.fromkeys(state.hands[side]) if table[n][0] == BLOOD_LORD]
    stack = state.stacks[src]
    most = min(3, stack[1] - (stack[2] + stack[3] == 0))
    return [f"{name}:{x}" for name in names[:1] for x in range(1, most + 1)]


def die_card_choices(
    state: BrawlhallaState, side: int, dst: Cell, src: Cell
) -> list[tuple[str, ...]]:
    """The sets of clash cards the attacker (on ``src``) may bring against ``dst`` (none
    is the plain attack): any number of its Thor's blessings, its Norn's wrath, Skofnung,
    its ruin cards, and one Blood lord."""
    held = _clash_cards(state, side, state.stacks.get(dst))
    lords = _blood_lords(state, side, src)
    if not held and not lords:
        return []
    names = sorted(set(held))
    ranges = [range(held.count(name) + 1) for name in names]
    found = []
    for counts in itertools.product(*ranges):
        chosen = tuple(name for name, n in zip(names, counts, strict=True) for _ in range(n))
        found.extend((*chosen, lord) for lord in lords)
        if chosen:
            found.append(chosen)
    return found


def commit_die_cards(
    state: BrawlhallaState,
    side: int,
    enemy: tuple | None,
    cards: tuple[str, ...] = (),
    *,
    defending: bool = False,
    src: Cell | None = None,
) -> ClashCards:
    """Spend clash cards and say what they do: the attacker's chosen ``cards`` (its Blood
    lord's warriors taken from its stack on ``src``), or for the defender what
    ``Rules.defender_die_cards`` says (all it may bring but Blood lord, or none)."""
    rules = state.game.rules
    if not rules.cards:
        return ClashCards()
    if defending:
        cards = tuple(_clash_cards(state, side, enemy)) if rules.defender_die_cards == "all" else ()
    table = state.game.cards.table()
    mods, power, against, wins = [], 0, 0, False
    for entry in cards:
        name, _, sacrificed = entry.partition(":")
        effect_id = table[name][0]
        if effect_id in DIE_CARDS:
            mods.append(DIE_CARDS[effect_id])
        elif effect_id == "plus_one_die_each_turn":
            mods.append("skofnung")
            marks = list(state.skofnung)
            marks[side] = state.turn
            state.skofnung = (marks[0], marks[1])
            continue  # the artifact lasts
        elif effect_id == BLOOD_LORD:
            mods.append(f"blood_lord:{sacrificed}")
            stack = state.stacks[src]
            state.stacks[src] = (stack[0], stack[1] - int(sacrificed), *stack[2:])
            bury(state, stack, state.stacks[src])
        elif effect_id == "plus_two_against_warlord":
            power += rules.assassin_of_kings_bonus
        elif effect_id == "reduce_power_by_half_coins":
            against -= state.coins[side] // rules.guerilla_coins_per_point
        else:
            wins = True
        if name in state.hands[side]:
            discard_card(state, side, name)
        else:
            spend(state, side, name)
    return ClashCards(tuple(sorted(mods)), power, against, wins)


effect("plus_one_to_a_die", timing="combat")(_waits)
effect("minus_one_to_enemy_die", timing="face-down")(_waits)
for _clash_card in (*POWER_CARDS, BLOOD_LORD):
    effect(_clash_card, timing="combat")(_waits)


# -- face-down cards of the opponent -----------------------------------------------------
def _opponent_face_down(state, side, others) -> list:
    """A face-down card of the opponent, picked blind: its place in front of it."""
    return list(range(len(state.face_down[1 - side])))


@effect("destroy_face_down_card", targets=_opponent_face_down)
def _mimirs_well(state, side, target) -> None:
    spend(state, 1 - side, state.face_down[1 - side][target])


# -- what a side may learn of the other's cards -------------------------------------------
@effect("reveal_opponent_hand", targets=_opponent_holds_cards)
def _odins_vision(state, side, target) -> None:
    """The opponent's hand is shown to the side until a new turn begins."""
    shown = list(state.shown_hand)
    shown[1 - side] = True
    state.shown_hand = (shown[0], shown[1])


def _unseen_face_down(state, side, others) -> list:
    """A face-down card of the opponent it has not seen, picked blind: its place."""
    seen = state.shown_face_down[1 - side]
    return [k for k, name in enumerate(state.face_down[1 - side]) if name not in seen]


@effect("reveal_face_down_card", targets=_unseen_face_down)
def _odins_eye(state, side, target) -> None:
    name = state.face_down[1 - side][target]
    state.shown_face_down = _with(state.shown_face_down, 1 - side, name)
