"""The rules of Viking Raid as one frozen object, with every version of the changelog.

Each version the designer released is a constructor: ``Rules.version("0.2")``.
Every number and choice of the rule text is a knob (the set-up's role draw, each
Viking's move and reach, the tribute), and so is every open question of the text,
whose default is its most natural reading; ``Rules().describe()`` lists them all.

>>> Rules.version("0.2").huscarl_move, Rules.version("0.21").huscarl_move
('straight', 'any')
>>> [v for v in VERSIONS if Rules.version(v).broke_eliminated]
['0.11', '0.2']
>>> Rules.version("0.11") == Rules(huscarl_move="straight", tribute_stuns=False,
...                                broke_eliminated=True)
True
>>> [Rules().tribute(gold) for gold in (0, 1, 4, 5)]  # half, rounded up
[0, 1, 2, 3]
>>> version_label(Rules.version("0.2")), version_label(Rules(role_draw=True))
('0.2', '0.21 with role_draw=True')
"""

from __future__ import annotations

from fractions import Fraction

from workbench.errors import RulesError
from workbench.rules import knob, rules_class

__all__ = ["VERSIONS", "Rules", "version_label"]

#: Released versions, oldest first. Each differs from the next as its changelog says.
VERSIONS: tuple[str, ...] = ("0.11", "0.2", "0.21")

_VERSION_CHANGES = {
    "0.11": {"huscarl_move": "straight", "tribute_stuns": False, "broke_eliminated": True},
    "0.2": {"huscarl_move": "straight", "broke_eliminated": True},
    "0.21": {},
}


@rules_class
class Rules:
    """Rules of Viking Raid (defaults: version 0.21 with the natural reading of open questions).

    Turn order is Archer, Huscarl, Berserker. A turn is a move, then optionally a
    demand for tribute from one opponent in range; ending the turn on a treasure
    hex pillages all of it. Tribute hands over half the target's gold, rounded up.
    The game ends when all treasure is taken; the most gold wins, ties allowed.
    """

    role_draw: bool = knob(
        False,
        says="Set-up: 'Roll a die (preferably a d20, the die of war), the player who rolled "
        "the highest plays the Berserker while the one that rolled the lowest plays the "
        "Archer.' Off: the roles are fixed seats (player 0 the Archer, 1 the Huscarl, 2 the "
        "Berserker), so a study decides who plays what.",
        alternatives="True: the roll assigns the players to the roles at the start of each "
        "game (ties rerolled), a chance step drawn from the game's seed; with fair dice each "
        "of the six assignments is equally likely, whatever the die.",
    )
    archer_steps: int = knob(
        1,
        says="Focus: the Archer moves a single hex in any direction.",
        alternatives="Any positive number of hexes, along any path.",
        minimum=1,
    )
    volley_range: tuple[int, int] = knob(
        (2, 3),
        says="Volley: the Archer can attack any hex 2 or 3 hexes away, in any line (so not "
        "an adjacent Viking).",
        alternatives="Any (nearest, farthest) pair of distances, nearest at least 1.",
    )
    huscarl_move: str = knob(
        "any",
        says="0.21: the Huscarl moves up to 2 hexes in any direction (it may turn).",
        alternatives="'straight': up to 2 hexes along one of the six axes (0.2 and 0.11).",
        choices=("any", "straight"),
    )
    huscarl_steps: int = knob(
        2,
        says="Tactical Maneuver: the Huscarl moves up to 2 hexes.",
        alternatives="Any positive number of hexes (a path or a line, as huscarl_move says).",
        minimum=1,
    )
    bash_range: int = knob(
        2,
        says="Shield Bash: the Huscarl can attack up to 2 hexes away along a straight line.",
        alternatives="Any positive number of hexes along a line.",
        minimum=1,
    )
    berserker_steps: int = knob(
        3,
        says="Battle Fury: the Berserker moves up to 3 hexes in a straight line in one direction.",
        alternatives="Any positive number of hexes along a line.",
        minimum=1,
    )
    cleave_range: int = knob(
        1,
        says="Cleave: the Berserker can attack any Viking adjacent to itself.",
        alternatives="Any positive number of hexes away, in any line.",
        minimum=1,
    )
    tribute_share: Fraction = knob(
        Fraction(1, 2),
        says="The Viking asked for tribute hands over half its gold (rounded up).",
        alternatives="Any share from 0 to 1, rounded up to whole gold (e.g. 1/3).",
        minimum=Fraction(0),
        maximum=Fraction(1),
    )
    tribute_stuns: bool = knob(
        True,
        says="From 0.2 the Viking that pays tribute skips its next turn.",
        alternatives="False: no turn is skipped (0.11).",
    )
    broke_eliminated: bool = knob(
        False,
        says="0.21 dropped the rule that a Viking with no gold to pay tribute is eliminated.",
        alternatives="True: such a Viking leaves the game and cannot win (0.2 and 0.11).",
    )
    tribute_immunity: bool = knob(
        True,
        says="A Viking that paid tribute is immune to further demands until it moves again.",
        alternatives="False: it can be asked again at once (the changelog never mentions it).",
    )
    may_stay: bool = knob(
        True,
        says="Open question: nothing forces a move, and the Archer is meant to 'hold the "
        "center and move very little', so a Viking may stay on its hex.",
        alternatives="False: a Viking must leave its hex if it can.",
    )
    share_hex: bool = knob(
        False,
        says="Open question: figurines stand on hexes, so a Viking may not end its move "
        "on another Viking's hex.",
        alternatives="True: any number of Vikings may share a hex.",
    )
    vikings_block_movement: bool = knob(
        True,
        says="Open question: a Viking cannot move through a hex where another Viking stands "
        "(the Huscarl's path, the Berserker's straight run).",
        alternatives="False: Vikings move past each other freely.",
    )
    vikings_block_bash: bool = knob(
        False,
        says="Open question: the Huscarl's Shield Bash reaches along a straight line even "
        "over a Viking in between (the Archer's Volley needs no line at all).",
        alternatives="True: a Viking in between shields the one behind it.",
    )
    max_rounds: int = knob(
        60,
        says="The text ends the game only when all treasure is taken; a simulation stops "
        "after this many rounds (one turn of each Viking) and scores the gold held.",
        alternatives="Any positive number of rounds.",
        minimum=1,
    )

    def cross_check(self) -> None:
        """The Volley's distances are two whole numbers, the nearest from 1 to the farthest."""
        low_high = self.volley_range
        whole = len(low_high) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in low_high
        )
        if not whole or not 1 <= low_high[0] <= low_high[1]:
            raise RulesError(
                f"Rules.volley_range: expected (nearest, farthest) with 1 <= nearest <= "
                f"farthest, got {low_high!r}"
            )

    def tribute(self, gold: int) -> int:
        """Gold a Viking holding ``gold`` hands over when tribute is demanded from it."""
        share = self.tribute_share
        if isinstance(share, float):
            share = Fraction(share)
        return -(-gold * share.numerator // share.denominator)

    @classmethod
    def version(cls, name: str, **changes) -> Rules:
        """The rules as released in version ``name`` (one of :data:`VERSIONS`).

        The timed variant, dropped in 0.21, has no effect on simulated play and is not modelled.
        """
        if name not in _VERSION_CHANGES:
            raise RulesError(f"unknown Viking Raid version {name!r}; known: {', '.join(VERSIONS)}")
        return cls(**{**_VERSION_CHANGES[name], **changes})


def version_label(rules: Rules) -> str:
    """The release ``rules`` is (``'0.2'``), else the latest release it differs least from
    with the knobs that differ (``'0.21 with role_draw=True'``)."""
    settings = rules.to_dict()
    differences = {}
    for name in reversed(VERSIONS):
        released = Rules.version(name).to_dict()
        differences[name] = {k: v for k, v in settings.items() if released[k] != v}
    name = min(reversed(VERSIONS), key=lambda v: len(differences[v]))
    changed = ", ".join(f"{k}={v}" for k, v in differences[name].items())
    return f"{name} with {changed}" if changed else name
