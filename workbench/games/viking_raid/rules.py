"""The rules of Viking Raid as one frozen object, with every version of the changelog.

Each version the designer released is a constructor: ``Rules.version("0.2")``.
The open questions of the rule text are knobs whose defaults are the most
natural reading; ``Rules().describe()`` lists them all as a table.

>>> Rules.version("0.2").huscarl_move, Rules.version("0.21").huscarl_move
('straight', 'any')
>>> [v for v in VERSIONS if Rules.version(v).broke_eliminated]
['0.11', '0.2']
>>> Rules.version("0.11") == Rules(huscarl_move="straight", tribute_stuns=False,
...                                broke_eliminated=True)
True
"""

from __future__ import annotations

from workbench.errors import RulesError
from workbench.rules import knob, rules_class

__all__ = ["VERSIONS", "Rules"]

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

    huscarl_move: str = knob(
        "any",
        says="0.21: the Huscarl moves up to 2 hexes in any direction (it may turn).",
        alternatives="'straight': up to 2 hexes along one of the six axes (0.2 and 0.11).",
        choices=("any", "straight"),
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
        says="Open question: the Huscarl's Shield Bash reaches 2 hexes along a straight line "
        "even over a Viking in between (the Archer's Volley needs no line at all).",
        alternatives="True: a Viking in between shields the one behind it.",
    )
    max_rounds: int = knob(
        60,
        says="The text ends the game only when all treasure is taken; a simulation stops "
        "after this many rounds (one turn of each Viking) and scores the gold held.",
        alternatives="Any positive number of rounds.",
        minimum=1,
    )

    @classmethod
    def version(cls, name: str, **changes) -> Rules:
        """The rules as released in version ``name`` (one of :data:`VERSIONS`).

        The timed variant, dropped in 0.21, has no effect on simulated play and is not modelled.
        """
        if name not in _VERSION_CHANGES:
            raise RulesError(f"unknown Viking Raid version {name!r}; known: {', '.join(VERSIONS)}")
        return cls(**{**_VERSION_CHANGES[name], **changes})
