"""The rules of Valgard as one frozen object: every reading of the rule text is a knob.

Valgard is played on a board of octagons with square *sockets* between each block
of four. Each player holds a reserve of warriors, musters a few onto their home
row, then takes one action a turn: deploy, march (or charge two steps), capture,
rally two warriors into a Valkyrie, or sacrifice a warrior as a rune that turns
the four octagons around a socket into dead land. A player with no legal action
on their turn loses.

>>> rules = Rules()
>>> rules.rows, rules.cols, rules.reserve, rules.muster
(6, 6, 12, 3)
>>> Rules(rows=3, cols=3, reserve=4, muster=1).replace(hardcore=True).hardcore
True
>>> Rules(cols=2, muster=3)
Traceback (most recent call last):
...
workbench.errors.RulesError: Rules.muster: expected at most cols (2), the home row, got 3
"""

from __future__ import annotations

from workbench.errors import RulesError
from workbench.rules import knob, rules_class

__all__ = ["MAX_SIDE", "PLAYER_NAMES", "Rules"]

#: Largest number of rows or columns (octagon indices must fit in a byte).
MAX_SIDE = 12
#: Seat 0 plays the light pieces, seat 1 the dark ones.
PLAYER_NAMES = ("light", "dark")


@rules_class
class Rules:
    """Rules of Valgard (two players, octagon board with rune sockets)."""

    rows: int = knob(
        6,
        says="Game board 2: 6 x 6 octagons with 5 x 5 square sockets between them.",
        alternatives="Any size; 3x3, 3x4 and 4x4 boards are small enough to solve exactly.",
        minimum=2,
        maximum=MAX_SIDE,
    )
    cols: int = knob(
        6,
        says="Six octagons in each row; a player's home row is the row nearest them.",
        alternatives="Any width from 2.",
        minimum=2,
        maximum=MAX_SIDE,
        label="Columns",
    )
    reserve: int = knob(
        12,
        says="Each player holds 12 pieces in reserve; the muster comes out of it.",
        alternatives="Fewer pieces for short games and for exact solving of small boards.",
        minimum=1,
        maximum=255,
    )
    muster: int = knob(
        3,
        says="Players take turns placing one piece at a time on their home row until "
        "each has 3 warriors on the board.",
        alternatives="0 (start on an empty board) up to the width of the board.",
        minimum=0,
    )
    first_player: str = knob(
        "light",
        says="The lighter pieces place first in the muster and move first.",
        alternatives="'dark'.",
        choices=PLAYER_NAMES,
    )
    deploy: bool = knob(
        True,
        says="Deploy: place a reserve piece on any empty octagon of your home row "
        "(not on dead land).",
        alternatives="False: no reinforcements after the muster.",
    )
    charge: bool = knob(
        True,
        says="Charge: move a piece exactly two octagons in a straight line through an "
        "empty octagon.",
        alternatives="False: the no-charge variant (single steps only).",
    )
    charge_captures: bool = knob(
        False,
        says="A charge lands on an empty octagon: combat is a one-step move onto an enemy.",
        alternatives="True: a charge may end on an enemy it could capture.",
    )
    rally: bool = knob(
        True,
        says="Rally: move a warrior onto an adjacent friendly warrior to form a Valkyrie, "
        "a stack of 2 (the limit). A Valkyrie never splits.",
        alternatives="False: no Valkyries.",
    )
    valkyrie_capture: str = knob(
        "valkyrie",
        says="Valkyries are immune to capture by single warriors (so only a Valkyrie "
        "captures a Valkyrie); Valkyries capture warriors.",
        alternatives="'never': Valkyries cannot be captured at all; 'anyone': no immunity.",
        choices=("valkyrie", "never", "anyone"),
    )
    runes: bool = knob(
        True,
        says="Cast a rune: remove one of your warriors (not a Valkyrie) and fill an empty "
        "socket at a corner of its octagon; the socket's four octagons become dead land, "
        "which no piece may enter or pass. Allowed only if none of the four is occupied "
        "once the warrior is gone (read literally, the caster's own piece would forbid "
        "every rune). The sacrificed piece is spent.",
        alternatives="False: no runes (the board never changes shape).",
    )
    hardcore: bool = knob(
        False,
        says="A captured piece, or both pieces of a captured Valkyrie, return to the "
        "owner's reserve.",
        alternatives="True: hardcore mode, captured pieces are removed for good.",
    )
    no_move: str = knob(
        "loss",
        says="The game ends when a player cannot take a turn: that player loses (this "
        "covers annihilation, an empty board with a blocked home row, and stalemate).",
        alternatives="'draw': a player without a legal action draws instead.",
        choices=("loss", "draw"),
        label="A side with no move",
    )
    max_plies: int = knob(
        300,
        says="Not in the rule text: simulations stop after 300 plies (muster included) "
        "and score a draw. Exact solving ignores it and treats repetition exactly.",
        alternatives="Longer caps for slow, defensive play.",
        minimum=1,
        label="Longest game (plies)",
    )

    def cross_check(self) -> None:
        """Muster fits the home row and the reserve."""
        if self.muster > self.cols:
            raise RulesError(
                f"Rules.muster: expected at most cols ({self.cols}), the home row, "
                f"got {self.muster}"
            )
        if self.muster > self.reserve:
            raise RulesError(
                f"Rules.muster: expected at most reserve ({self.reserve}), got {self.muster}"
            )
