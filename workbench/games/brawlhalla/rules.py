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
        label="Die faces",
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
        label="Ties go to",
    )
    value_above_cap: str = knob(
        "lost on casualties",
        says="A stack worth more than the cap rolls the cap, and casualties lower its value "
        "from the cap: a warlord (5) with 4 warriors rolls 7 dice and, losing 4, is left "
        "with 3. Flat bonuses (buildings, cards) add dice but are not units.",
        alternatives="'kept': casualties come off the full value (9 - 4 = 5).",
        choices=("lost on casualties", "kept"),
        label="Value above the cap",
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
        label="Card modifiers apply",
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
        label="Blood lord sacrifices",
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
        "possession; artifact cards do not count towards that total. The cards in front of "
        "a player are its face-down cards in effect: none is laid past the limit (a "
        "discard after an overdraw is then from the hand).",
        alternatives="0: no cards face up, the hand alone holds cards.",
        minimum=0,
    )

    # --- the game: set-up, turns, units, buildings, objectives, victory (issue 13) ---
    first_player: str = knob(
        "roll",
        says="The text does not say who begins.",
        alternatives="'north' or 'south' always begins.",
        choices=("roll", "north", "south"),
    )
    turn_limit: int = knob(
        60,
        says="The text sets no limit; a game should take 20-30 minutes. A game undecided "
        "after this many turns (both sides' turns counted) ends as a draw.",
        alternatives="Any limit; 40 for short studies.",
        minimum=1,
    )
    setup_warriors: int = knob(
        5, says="Every player starts with 5 basic viking warriors.", minimum=0
    )
    setup_warlords: int = knob(1, says="...and 1 warlord.", minimum=0)
    warrior_value: int = knob(1, says="Every viking warrior has a value 1.", minimum=1)
    warlord_value: int = knob(5, says="A viking warlord has a value 5.", minimum=1)
    dragon_value: int = knob(3, says="Dragons have a value of 3.", minimum=1)
    warriors_per_square: int = knob(
        4,
        says="Viking warriors may be paired onto 1 tile up to 4.",
        alternatives="More or fewer; see stack_limit for what the limit counts.",
        minimum=1,
    )
    stack_limit: str = knob(
        "warriors",
        says="'Up to 4' is said of warriors; the combat example has 1 warlord and 4 warriors "
        "on one tile, so warlords and dragons do not count toward it.",
        alternatives="'units': at most warriors_per_square units of any kind on a square.",
        choices=("warriors", "units"),
    )
    fusion: str = knob(
        "fifth joins to fuse",
        says="5 viking warriors can be converted into a warlord only if they all stand on "
        "the same tile (converting counts as an action), yet a tile holds up to 4. Here a "
        "fifth warrior may step onto a tile of 4 only to fuse them at once: the move and "
        "the conversion are two actions.",
        alternatives="'four fuse': 4 warriors on a tile make a warlord (one action); "
        "'five on a square': a tile holds a fifth warrior, 5 fuse (one action).",
        choices=("fifth joins to fuse", "four fuse", "five on a square"),
    )
    warrior_pool: int = knob(20, says="A player may only have up to 20 warriors.", minimum=0)
    warlord_pool: int = knob(5, says="A player may only have 5 warlords.", minimum=0)
    boat_pool: int = knob(3, says="A player may only have 3 boats.", minimum=0)
    dragon_limit: int = knob(
        4, says="There may only be 4 dragons on the board at a time.", minimum=0
    )
    dragon_limit_shared: bool = knob(
        True,
        says="No limit to the dragons a player may have as long as the board holds at most 4.",
        alternatives="False: 4 dragons per side.",
    )
    boat_capacity: int = knob(
        4,
        says="Boats can transport up to 4 units (4 warriors, or 1 warlord and 3 warriors).",
        minimum=1,
    )
    casualties: str = knob(
        "warriors first",
        says="Casualties lower a unit value. Warriors fall first; a warlord or dragon that "
        "must take losses is replaced by warriors worth what is left of its value.",
        alternatives="'whole units': each loss kills the cheapest unit whole (a dragon "
        "losing 1 is gone).",
        choices=("warriors first", "whole units"),
    )
    attack_reach: str = knob(
        "any neighbour",
        says="Attacks may be done diagonally: a stack attacks any of the 8 squares around it.",
        alternatives="'standable': only a square the attacker could stand on (a warrior "
        "cannot attack a boat at sea).",
        choices=("any neighbour", "standable"),
    )
    building_bonus_on: str = knob(
        "defence",
        says="Barracks (+1), capital (+2, a crucial point of defense): the bonus goes to "
        "the units defending on the building.",
        alternatives="'attack and defence': units on their building also add it when they attack.",
        choices=("defence", "attack and defence"),
    )
    capital_capture: str = knob(
        "attack it empty",
        says="A capital with no unit on it automatically loses; capturing the enemy "
        "capital wins. It is captured when attacked with no defender on it.",
        alternatives="'clear its defenders': the attack that kills its last defender captures it.",
        choices=("attack it empty", "clear its defenders"),
    )
    barracks_costs: tuple[int, ...] = knob(
        (1, 2, 3),
        says="Up to 3 barracks; the first rebuilt takes 1 unit and 1 turn, the second 2 "
        "units and 2 turns, the third 3 units and 3 turns (the n-th barrack owned).",
        alternatives="Other costs, one per barrack; their number is the barracks limit.",
    )
    nursery_cost: int = knob(
        3, says="A dragon nursery is built by sacrificing 3 units over 3 turns.", minimum=1
    )
    nursery_limit: int = knob(1, says="The set has 2 dragon nurseries: one a side.", minimum=0)
    harbor_cost: int = knob(
        1,
        says="One harbor at a time; the text gives no cost to rebuild one. Here 1 unit, 1 turn.",
        alternatives="2 or 3, like the later barracks.",
        minimum=1,
    )
    boat_cost: int = knob(
        3, says="A boat necessitates 3 units and 2 turns (at the harbor).", minimum=1
    )
    boat_turns: int = knob(2, says="...and takes 2 turns.", minimum=1)
    dragon_cost: int = knob(4, says="Recruiting dragons takes 4 units and 3 turns.", minimum=1)
    dragon_turns: int = knob(3, says="...and 3 turns (at a dragon nursery).", minimum=1)
    salvage_cost: int = knob(
        2,
        says="A boat wreckage may be salvaged by 2 units for 2 turns to obtain a boat; "
        "the salvagers are not sacrificed.",
        minimum=1,
    )
    salvage_turns: int = knob(2, says="...for 2 turns.", minimum=1)
    wreckage_uses: int = knob(
        1, says="The text does not say a wreckage gives more than one boat.", minimum=1
    )
    work_units: str = knob(
        "held until done",
        says="Builders stay on the site, busy, for the turns of the work and are sacrificed "
        "when it is done.",
        alternatives="'sacrificed at the start': the units go at once; the work goes on alone.",
        choices=("held until done", "sacrificed at the start"),
    )
    halted_work: str = knob(
        "builders defend",
        says="Attacking units that are building or recruiting stops them: the work (a "
        "building, or the recruiting of a boat or dragon) is lost and its builders rejoin "
        "the stack on the square before the clash. Warriors are recruited at once, at the "
        "start of the turn, so nothing of theirs is under way to halt.",
        alternatives="'builders lost': the builders are lost with the work.",
        choices=("builders defend", "builders lost"),
    )
    build_site: str = knob(
        "own continent",
        says="Barracks and harbor go wherever the player wants on their island (the "
        "harbor on a shore tile); other buildings likewise.",
        alternatives="'any land': any earth or shore tile a unit of the side stands on.",
        choices=("own continent", "any land"),
    )
    recruits_appear: str = knob(
        "on each barrack",
        says="One warrior per barrack at the beginning of the turn, each on its barrack; "
        "a full barrack recruits none.",
        alternatives="'on any barrack': each recruit goes on the first barrack with room.",
        choices=("on each barrack", "on any barrack"),
    )
    ruin_capture: str = knob(
        "first visit only",
        says="Ruins coins are only gained the first time a ruin is captured, by any side.",
        alternatives="'once per side': each side gains each ruin's coin once.",
        choices=("first visit only", "once per side"),
    )
    flag_take_cost: int = knob(
        1,
        says="The flag can be taken by a unit: an action of a unit standing on it.",
        alternatives="0: a unit picks it up by stepping on the square.",
        minimum=0,
        maximum=1,
    )
    flag_respawn: str = knob(
        "next turn",
        says="If a unit holding the flag is defeated, the flag respawns on the central "
        "sanctuary on the following turn.",
        alternatives="'at once'.",
        choices=("next turn", "at once"),
    )
    sanctuary_control: str = knob(
        "unit on it",
        says="Control the 3 sanctuaries: a unit of the side stands on each (its guardian "
        "beaten first, by anyone).",
        alternatives="'beaten and no enemy': the side beat its guardian and no enemy stands there.",
        choices=("unit on it", "beaten and no enemy"),
    )
    holy_turns: int = knob(
        3,
        says="Holy domination: control the 3 sanctuaries for 3 turns (counted at the start "
        "of each of the side's turns).",
        minimum=1,
    )
    cards: bool = knob(
        False,
        says="Cards are dealt, drawn and played (their effects come with the cards engine).",
        alternatives="True: hands are dealt and drawn; the effects are not in play yet.",
    )

    card_recruits_appear: str = knob(
        "on a barrack",
        says="Wandering warrior, mercenaries and warlord, Conscription: 'recruit' units; "
        "they appear where recruits do, on one of the side's barracks with room.",
        alternatives="'on the capital'.",
        choices=("on a barrack", "on the capital"),
    )
    movement_doubling: str = knob(
        "two steps per move",
        says="Njord's breeze, Njord's blessing, Honir's blessing: 'double' the movement of "
        "air, boat or land units this turn. Each move of that kind goes up to two of its "
        "steps (a dragon 4 tiles), never through an enemy's square.",
        alternatives="'twice the moves': units of that kind may move up to twice "
        "actions_per_unit_per_turn times this turn, one step and one action point each.",
        choices=("two steps per move", "twice the moves"),
    )
    ice_prison_water: str = knob(
        "boats",
        says="Ice prison freezes 1 turn an air unit, 2 an earth unit, 3 a 'water air "
        "unit': here a stack aboard a boat.",
        alternatives="'air over water': dragons alone over water; 'none': no unit is one "
        "(boats count as earth units).",
        choices=("boats", "air over water", "none"),
    )
    conscription_rounding: str = knob(
        "down",
        says="Conscription: the ruin coins divided by 2, 'rounded up downward': rounded down.",
        alternatives="'up'.",
        choices=("down", "up"),
    )

    defender_die_cards: str = knob(
        "all",
        says="Thor's blessing can be played during combat, Norn's wrath whenever the player "
        "wishes: the defender brings every die card it holds to a clash it did not choose; "
        "the attacker chooses which it brings with its attack. Die cards brought are spent.",
        alternatives="'none': only the attacker plays die cards.",
        choices=("all", "none"),
    )
    gungnir_discards: str = knob(
        "the whole hand",
        says="Gungnir: discard your opponent hand (artifacts are immune to discards).",
        alternatives="'half the hand': the newer half (rounded down kept), a weaker artifact.",
        choices=("the whole hand", "half the hand"),
    )
    phase_through: str = knob(
        "one square",
        says="Gridarvolr: phase a unit through impassable terrain (a building or a mountain): "
        "this turn one walking move of the side may pass one such square in a straight line.",
        alternatives="'a line': through a row of such squares, to the first square beyond.",
        choices=("one square", "a line"),
    )
    forseti_axe_sites: str = knob(
        "nearest the capital",
        says="Forseti's axe: instantly build all of your buildings (3 barracks, 1 harbor). "
        "Works under way are done at once; each building still missing goes on the free site "
        "nearest the capital (the text leaves where to the player).",
        alternatives="'works under way': only the works under way are done at once.",
        choices=("nearest the capital", "works under way"),
    )
    freya_grace_dead: str = knob(
        "own",
        says="Freya's grace: re-summon any dead unit: one of the side's own dead units comes "
        "back on its capital (a boat on its harbor).",
        alternatives="'either side': a dead unit of either side comes back as the player's.",
        choices=("own", "either side"),
    )
    freya_grace_timing: str = knob(
        "last action point",
        says="Freya's grace can only be played as the very last action of the turn: with the "
        "side's last action point.",
        alternatives="'ends the turn': played at any time, it ends the turn.",
        choices=("last action point", "ends the turn"),
    )
    retreat_squares: str = knob(
        "exactly 2",
        says="Retreat!: disengage and move your unit 2 tiles away if the terrain permits it: "
        "to a square 2 steps away (not 1) that it can reach and stand on; with none, no "
        "retreat (the card stays).",
        alternatives="'up to 2': 1 or 2 steps away.",
        choices=("exactly 2", "up to 2"),
    )

    @property
    def most_cards_held(self) -> int:
        """The most cards a player holds at once (hand and face up; artifacts aside)."""
        return self.hand_limit + self.face_up_limit
