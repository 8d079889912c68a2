"""Brawlhalla's rules as one frozen object of documented knobs.

Every ambiguity of the rule text is a knob whose default is its most natural
reading; ``Rules().describe()`` lists them as a table.

>>> from workbench.games.brawlhalla.rules import Rules
>>> Rules().dice_cap
7
>>> Rules(faces=8, ties="attacker").replace(dice_cap=5).dice_cap
5
>>> Rules(dragon_tiles_per_move=3).dragon_tiles_per_move
3
>>> Rules().opening_hand, Rules(hand_limit=7).most_cards_held
(5, 12)
>>> Rules(guardian_dice=(5, 4, 9))
Traceback (most recent call last):
...
workbench.errors.RulesError: Rules.guardian_dice: expected faces between 1 and 6, got (5, 4, 9)
"""

from __future__ import annotations

from workbench.errors import RulesError
from workbench.rules import knob, rules_class

__all__ = ["Rules"]

_BONUS = {"minimum": 0, "maximum": 20}


@rules_class
class Rules:
    """Rules of Brawlhalla, the 1 on 1 Viking board game (every ambiguity is a knob)."""

    # --- combat (issue 2) ---
    faces: int = knob(
        6,
        says="Battles are rolled with ordinary six-sided dice.",
        alternatives="Any die from a d2: d4, d8, d10, d20...",
        minimum=2,
        maximum=100,
    )
    dice_cap: int = knob(
        7,
        says="A unit value may not exceed 7: a side rolls at most 7 dice.",
        alternatives="Any cap from 1 (a set with fewer or more dice).",
        minimum=1,
        maximum=20,
    )
    ties: str = knob(
        "defender",
        says="The highest dice of each side face each other; in the case of a draw the "
        "defender wins the pair.",
        alternatives="'attacker': ties go to the attacker.",
        choices=("defender", "attacker"),
    )
    value_above_cap: str = knob(
        "lost on casualties",
        says="A stack worth more than the cap rolls the cap, and casualties lower its value "
        "from the cap: a warlord (5) with 4 warriors rolls 7 dice and, losing 4, is left "
        "with 3. Flat bonuses (buildings, cards) add dice but are not units.",
        alternatives="'kept': casualties come off the full value (9 - 4 = 5).",
        choices=("lost on casualties", "kept"),
    )
    barracks_bonus: int = knob(1, says="Barracks (+1) to the units on it.", **_BONUS)
    nursery_bonus: int = knob(1, says="Dragon nursery (+1) to the units on it.", **_BONUS)
    harbor_bonus: int = knob(1, says="Harbor (+1) to the units on it.", **_BONUS)
    capital_bonus: int = knob(2, says="A capital grants a bonus of +2.", **_BONUS)
    boat_bonus: int = knob(
        1,
        says="Boats have no value of their own but add +1 to the units aboard.",
        alternatives="0: a boat is only transport.",
        **_BONUS,
    )
    dragon_mountain_bonus: int = knob(1, says="Dragons gain +1 on a mountain type tile.", **_BONUS)
    assassin_of_kings_bonus: int = knob(
        2, says="Assassin of Kings: a +2 bonus of power value when facing a warlord.", **_BONUS
    )
    guerilla_coins_per_point: int = knob(
        2,
        says="Guerilla tactics reduces an enemy power value by X, the player's ruin coins "
        "divided by 2 and rounded down.",
        alternatives="1: one point per coin.",
        minimum=1,
    )
    powerless_stack: str = knob(
        "loses automatically",
        says="Units with no value lose any battle automatically; a stack whose power is "
        "brought to 0 or less (Guerilla tactics) rolls no dice, so it loses at once when "
        "attacked and cannot attack.",
        alternatives="'rolls one die': a stack with units always rolls at least one die.",
        choices=("loses automatically", "rolls one die"),
    )
    empty_building: str = knob(
        "falls at once",
        says="A building with no unit on it has a power value of 0 and is automatically "
        "destroyed if attacked (the same goes for capitals).",
        alternatives="'defends with its bonus': its bonus rolls like that many units.",
        choices=("falls at once", "defends with its bonus"),
    )
    empty_boat: str = knob(
        "falls at once",
        says="Boats automatically lose any battle if no unit stands on them.",
        alternatives="'defends with its bonus': the boat's +1 rolls one die.",
        choices=("falls at once", "defends with its bonus"),
    )
    guardian_dice: tuple[int, ...] = knob(
        (5, 4, 3),
        says="A sanctuary guardian has set values 3, 4, 5; to beat it, all three must be "
        "beaten at once in one attack (4,5,6 wins; 3,5,6 does not). Losses as in combat.",
        alternatives="Other fixed values, e.g. (6, 5, 4) for a tougher beast.",
    )
    modifier_order: str = knob(
        "attacker first",
        says="Thor's blessing can be played during combat, Norn's wrath whenever the player "
        "wishes; the text gives no order. Modifiers are placed after both sides have "
        "rolled; here the attacker places all of its own first, then the defender answers.",
        alternatives="'defender first'.",
        choices=("attacker first", "defender first"),
    )
    modified_dice: str = knob(
        "unbounded",
        says="Thor's blessing adds +1 to a die; nothing caps it, so a 6 becomes 7 and beats "
        "a 6, and Norn's wrath can take a 1 to 0.",
        alternatives="'within faces': a modified die stays within 1..faces.",
        choices=("unbounded", "within faces"),
    )
    blood_lord_sacrifice: str = knob(
        "any units",
        says="Blood lord: sacrifice X units to add X to a die; the text does not say which "
        "units, so they are not counted among the clash's losses.",
        alternatives="'fighting stack': the X units come from the stack in the clash and "
        "count among its losses.",
        choices=("any units", "fighting stack"),
    )
    action_points_per_turn: int = knob(
        3,
        says="Every turn, the player has 3 action points; attacking costs one.",
        alternatives="4 with the Tyrfing artifact (permanently +1 action point).",
        minimum=1,
    )
    actions_per_unit_per_turn: int = knob(
        2,
        says="Action points can be used twice on the same unit (a unit may attack twice a turn).",
        alternatives="3: any number of the turn's action points on one unit.",
        minimum=1,
    )

    def cross_check(self) -> None:
        """Guardian dice must be faces of the die in use."""
        if not self.guardian_dice or not all(
            isinstance(v, int) and 1 <= v <= self.faces for v in self.guardian_dice
        ):
            raise RulesError(
                f"Rules.guardian_dice: expected faces between 1 and {self.faces}, "
                f"got {self.guardian_dice!r}"
            )

    @property
    def attacks_per_turn(self) -> int:
        """How often one stack can attack in a turn (action points, per-unit limit)."""
        return min(self.action_points_per_turn, self.actions_per_unit_per_turn)

    # --- terrain and movement (issue 4) ---
    # (action_points_per_turn and actions_per_unit_per_turn above also bound movement:
    # a unit makes at most ``attacks_per_turn`` moves or attacks a turn.)
    dragon_tiles_per_move: int = knob(
        2,
        says="Dragons may move 2 tiles at a time, over any terrain.",
        alternatives="1 (as slow as other units), 4 with Njord's breeze.",
        minimum=1,
    )
    diagonal_moves_at_sea_and_air: bool = knob(
        True,
        says="Movement can't be made diagonally for terrestrial units; boats and dragons may.",
        alternatives="False: no unit moves diagonally.",
    )
    boats_carry_land_units: bool = knob(
        True,
        says="Boats transport up to 4 units: land units ride a boat across water, "
        "boarding and landing on a shore tile.",
        alternatives="False: land units never leave their continent.",
    )
    flyers_pass_over_buildings: bool = knob(
        True,
        says="Buildings act as impassable terrain for enemies; flying units ignore terrain, "
        "so a dragon flies over an enemy building but never stops on one.",
        alternatives="False: enemy buildings also block a dragon's path.",
    )

    # --- cards (the draw deck: basic, ruin and face-down cards; artifacts are won) ---
    opening_hand: int = knob(
        5,
        says="Every player starts with 5 basic cards.",
        alternatives="Any hand from 0 (a slower start) up.",
        minimum=0,
    )
    draws_per_turn: int = knob(
        1,
        says="Each player may draw 1 card per turn.",
        alternatives="2 for a faster card game; 0: cards only from ruins and card effects.",
        minimum=0,
    )
    hand_limit: int = knob(
        5,
        says="A player may only have up to 5 cards in his hand; overdrawing obliges a player "
        "to discard one of his cards (the one just drawn, from his hand or face up).",
        alternatives="A larger hand, e.g. 7.",
        minimum=0,
    )
    face_up_limit: int = knob(
        5,
        says="...and up to 5 cards face up in front of him, so at most 10 cards in his "
        "possession; artifact cards do not count towards that total.",
        alternatives="0: no cards face up, the hand alone holds cards.",
        minimum=0,
    )

    @property
    def most_cards_held(self) -> int:
        """The most cards a player holds at once (hand and face up; artifacts aside)."""
        return self.hand_limit + self.face_up_limit
