"""The rules of Valhalla Calling as one frozen object of documented knobs.

The hero walks lines on a grid, losing one Attack per step, fights the enemies
it walks into one at a time, and must fall in battle after besting at least half
of them. Every point where the rule text is ambiguous or silent is a knob whose
default is the reading stated for the workbench; the alternatives are
implemented too, so a designer can see what each reading changes.

>>> rules = Rules()
>>> rules.loki_counts, rules.final_strike
('steps', 'optional')
>>> rules.replace(final_strike="always").final_strike
'always'
>>> Rules(attack_floor=0)
Traceback (most recent call last):
...
workbench.errors.RulesError: Rules.attack_floor: expected an integer >= 1, got 0
"""

from __future__ import annotations

from fractions import Fraction

from workbench.rules import knob, rules_class

__all__ = ["STAR_NAMES", "Rules"]

#: The three stars, in the order the rule text lists them.
STAR_NAMES: tuple[str, ...] = ("one_line", "all_but_one", "strong_killer")


@rules_class
class Rules:
    """Rules of Valhalla Calling (a one-player grid puzzle about falling in battle)."""

    attack_floor: int = knob(
        1,
        says="Each movement lowers Attack by one, to a minimum of one.",
        alternatives="Any floor >= 1.",
        minimum=1,
    )
    attack_loss: str = knob(
        "before_content",
        says="The hero loses one Attack for every field moved to; the text does not say "
        "whether before or after the field's enemy or item resolves. Default: on "
        "entering, before the content (so a fight uses the lowered Attack).",
        alternatives="'after_content': the step's loss is applied after the fight or pickup.",
        choices=("before_content", "after_content"),
    )
    line_rule: str = knob(
        "no_edge_twice",
        says="A path may cross itself but may not follow itself: within one line no edge "
        "between two fields is used twice.",
        alternatives="'no_reversal': only stepping straight back along the edge just "
        "used is forbidden.",
        choices=("no_edge_twice", "no_reversal"),
    )
    loki_counts: str = knob(
        "steps",
        says="Loki's Trickery switches who attacks first 'for the next X turns'; a turn is "
        "read as one step, and a fight on any of those steps is switched.",
        alternatives="'fights': the counter counts fights instead of steps.",
        choices=("steps", "fights"),
        label="Loki's trickery counts",
    )
    loki_on_tie: str = knob(
        "swap",
        says="Equal Attack lets the hero strike first; Loki switches who attacks first, so "
        "on a tie under Loki the enemy strikes first.",
        alternatives="'hero': ties always go to the hero, even under Loki.",
        choices=("swap", "hero"),
        label="Loki's trickery on a tie",
    )
    counters_stack: bool = knob(
        True,
        says="Silent. Default: a second Loki's Trickery or Thor's Chariot adds its turns to "
        "the running counter.",
        alternatives="False: the counter becomes the larger of the two.",
    )
    charges_stack: bool = knob(
        False,
        says="Silent. Default: Mjolnir and the Dwarven Shield are one charge each; picking "
        "up a second while one is held does nothing.",
        alternatives="True: charges add up and are spent one per strike.",
    )
    shield_zero_damage: str = knob(
        "kept",
        says="The Dwarven Shield: 'the next damage the Player Character takes is reduced to "
        "zero'. A strike of 0 damage (an enemy of Attack 0) is no damage taken, so it "
        "leaves the shield.",
        alternatives="'spent': the next enemy strike spends the shield whatever its damage.",
        choices=("kept", "spent"),
    )
    trickster_cunning: str = knob(
        "always",
        says="Tricksters Cunning: 'the party with the lower attack may attack first in a "
        "fight'. The 'may' echoes the Attack paragraph ('determines which party may attack "
        "first'), so the lower Attack always strikes first.",
        alternatives="'choice': the player decides in each fight whether to use it (the "
        "higher Attack strikes first if not); the solver explores both.",
        choices=("always", "choice"),
        label="Trickster's cunning",
    )
    mjolnir_initiative: bool = knob(
        False,
        says="Mjolnir 'sets Attack high enough to kill any enemy for the next attack'. "
        "Default: only the next strike is affected; who strikes first is unchanged.",
        alternatives="True: while Mjolnir is held the hero's Attack counts as unbeatable "
        "when deciding who strikes first.",
        label="Mjolnir's initiative",
    )
    biorn_initiative: str = knob(
        "enemy_health",
        says="Biorn's Curse: 'Attack is always set to the enemy's HP', so in a fight the "
        "hero's Attack (also for who strikes first) is the enemy's current Health.",
        alternatives="'walking_attack': the walking Attack decides who strikes first; "
        "only the damage equals the enemy's Health.",
        choices=("enemy_health", "walking_attack"),
        label="Biorn's initiative",
    )
    final_strike: str = knob(
        "optional",
        says="To Valhalla: after Health reaches zero the player MAY attack one final time; "
        "a kill by it counts.",
        alternatives="'always': the final strike is always made.",
        choices=("optional", "always"),
    )
    win_share: Fraction = knob(
        Fraction(1, 2),
        says="The hero wins by falling after besting at least 50% of all enemies.",
        alternatives="Any share between 0 and 1.",
        minimum=0,
        maximum=1,
    )
    all_but_one: str = knob(
        "exactly",
        says="Star for 'besting all (but one) enemy': exactly n - 1 enemies bested.",
        alternatives="'at_least': n - 1 or all n (possible with To Valhalla's final strike).",
        choices=("exactly", "at_least"),
    )
    strong_killer: str = knob(
        "starting_attack",
        says="Star for 'falling against an enemy that has equal or more attack to Player "
        "Character at the start': the killer's Attack >= the hero's Attack at the start "
        "of the level.",
        alternatives="'fight_attack': compared with the hero's Attack when the fatal fight starts.",
        choices=("starting_attack", "fight_attack"),
    )
