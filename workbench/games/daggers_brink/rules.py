"""The rules of Daggers Brink as one frozen object, every ambiguity of the text a knob.

Each field says what the rule text says and what the alternatives are; the
default is the most natural reading. Safeguards that the text does not have
(a game that would never end) are knobs too, and say so.

>>> rules = Rules()
>>> rules.starting_tokens, rules.hit_threshold
(3, 4)
>>> rules.replace(starting_tokens=5).starting_tokens
5
>>> Rules(hit_threshold=7)
Traceback (most recent call last):
...
workbench.errors.RulesError: Rules.hit_threshold: expected an integer >= 1 <= 6, got 7
"""

from __future__ import annotations

from fractions import Fraction

from workbench.errors import RulesError
from workbench.rules import knob, rules_class

__all__ = ["DEFAULT_RULES", "MAX_PLAYERS", "MIN_PLAYERS", "Rules"]

#: The text's range of players.
MIN_PLAYERS = 3
MAX_PLAYERS = 6


@rules_class
class Rules:
    """Rules of Daggers Brink (a 3 to 6 player tavern brawl of cards and d6)."""

    starting_tokens: int = knob(
        3,
        says="Each player begins with 3 combat tokens; the designer tunes game length with it.",
        alternatives="Any number from 1.",
        minimum=1,
    )
    hand_size: int = knob(
        5,
        says="The dealer deals each player 5 cards.",
        alternatives="Any number from 1.",
        minimum=1,
    )
    base_attribute: int = knob(
        1,
        says="An attribute is 1 plus the bonuses of that attribute held in the hand.",
        alternatives="Any base from 0.",
        minimum=0,
    )
    die_sides: int = knob(
        6,
        says="Every die is a 6-sided die: the attack and defend dice and the 4 dice of a roll-off.",
        alternatives="Any die from 2 sides (a d8, a d10); hit_threshold counts on it.",
        minimum=2,
    )
    hit_threshold: int = knob(
        4,
        says="A die showing 4, 5 or 6 is a hit for the attacker and a block for the defender.",
        alternatives="3 (easier hits and blocks) or 5 (harder); any face of the die.",
        minimum=1,
    )
    roll_off_dice: int = knob(
        4,
        says="To choose the first dealer, or to order equal Speeds, each player rolls 4 "
        "6-sided dice; the highest combined value goes first.",
        alternatives="Fewer dice (more ties, rolled again) or more.",
        minimum=1,
        label="Roll-off dice",
    )
    first_dealer: str = knob(
        "roll",
        says="Everyone rolls 4d6 and the highest total deals first (tied highest roll again).",
        alternatives="'seat 0': seat 0 deals first (for studies of seat order).",
        choices=("roll", "seat 0"),
    )
    challenge_after_laps: int = knob(
        1,
        says="A player may challenge instead of drawing once every player has drawn at least "
        "once, so the earliest challenge is the second turn of the dealer's left neighbour.",
        alternatives="0 (challenge from the first turn) or more laps.",
        minimum=0,
    )
    pass_after_challenge: bool = knob(
        False,
        says="After a challenge play goes on as normal (every other player draws and discards "
        "once more) until the challenger's turn comes again.",
        alternatives="True: after a challenge the others may also stand pat.",
    )
    discard_drawn_card: bool = knob(
        True,
        says="After drawing, a player discards any card from the hand, the drawn one included.",
        alternatives="False: the card just drawn must be kept.",
    )
    reshuffle: str = knob(
        "when depleted",
        says="When the deck is depleted, the discard pile but its top card is shuffled into a "
        "new deck; 'when depleted' does it as soon as the last card is drawn.",
        alternatives="'on next draw': only when someone draws from the empty deck.",
        choices=("when depleted", "on next draw"),
    )
    speed_tie_break: str = knob(
        "roll",
        says="Combat order is by Speed, highest first (fixed when combat begins); equal Speeds "
        "roll 4d6, highest acts first, tied totals roll again.",
        alternatives="'seat order': ties act in seat order from the dealer's left.",
        choices=("roll", "seat order"),
    )
    attack_optional: bool = knob(
        True,
        says="On its turn a player may attack one other player, or not attack at all.",
        alternatives="False: a player must attack if anyone can be attacked.",
    )
    wounded_sit_out: bool = knob(
        True,
        says="A wounded player can neither attack nor be attacked again this combat phase.",
        alternatives="False: wounded players keep fighting (each wound costs a token).",
    )
    wildcards_per_fight: int = knob(
        2,
        says="A player holding one or both wildcards may discard them when attacking or "
        "attacked (the attacker declares first, then the defender answers); each discarded "
        "wildcard strips one chosen card from the opponent's hand.",
        alternatives="1: at most one wildcard per player per fight.",
        minimum=0,
        maximum=2,
    )
    strip_wildcards: bool = knob(
        True,
        says="A stripped card may be any card of the opponent's hand, a wildcard included.",
        alternatives="False: wildcards cannot be stripped.",
    )
    defender_strips_first: bool = knob(
        True,
        says="If both attacker and defender discard wildcards, the defender chooses first.",
        alternatives="False: the attacker chooses first.",
    )
    draw_lap_limit: int = knob(
        20,
        says="Not in the text (a safeguard): after this many laps of the draw phase the next "
        "player allowed to challenge must do so. 0 means no limit.",
        alternatives="Any number of laps; 0 for none.",
        minimum=0,
    )
    max_rounds: int = knob(
        200,
        says="Not in the text (a safeguard): after this many rounds the game stops and the "
        "survivors share a draw. 0 means no limit.",
        alternatives="Any number of rounds; 0 for none.",
        minimum=0,
    )

    def cross_check(self) -> None:
        """The hit threshold must be a face of the die."""
        if self.hit_threshold > self.die_sides:
            raise RulesError(
                f"Rules.hit_threshold: expected an integer >= 1 <= {self.die_sides}, "
                f"got {self.hit_threshold!r}"
            )

    @property
    def hit_chance(self) -> Fraction:
        """Chance that one die succeeds (a hit or a block):
        ``(die_sides + 1 - hit_threshold) / die_sides``.

        >>> Rules().hit_chance, Rules(die_sides=8, hit_threshold=6).hit_chance
        (Fraction(1, 2), Fraction(3, 8))
        """
        return Fraction(self.die_sides + 1 - self.hit_threshold, self.die_sides)


#: The rules as the text reads them (every knob at its default): what ``rules=None`` means.
DEFAULT_RULES = Rules()
