"""Brawlhalla's rules as one frozen object of documented knobs.

>>> from workbench.games.brawlhalla.rules import Rules
>>> Rules().action_points_per_turn
3
>>> Rules(dragon_tiles_per_move=3).dragon_tiles_per_move
3
"""

from __future__ import annotations

from workbench.rules import knob, rules_class

__all__ = ["Rules"]


@rules_class
class Rules:
    """Rules of Brawlhalla, the 1 on 1 Viking board game (every ambiguity is a knob)."""

    # --- terrain and movement (issue 4) ---
    action_points_per_turn: int = knob(
        3,
        says="Every turn, the player has 3 action points; moving a unit one step costs one.",
        alternatives="4 with the Tyrfing artifact (permanently +1 action point).",
        minimum=1,
    )
    actions_per_unit_per_turn: int = knob(
        2,
        says="Action points can be used twice on the same unit (a unit may move twice a turn).",
        alternatives="3: any number of the turn's action points on one unit.",
        minimum=1,
    )
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
