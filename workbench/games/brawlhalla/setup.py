"""The start of a Brawlhalla game: each side places its barrack and harbor, then its units.

In turn order, each side takes three set-up decisions: where its barrack stands (an
earth or shore square of its continent with no feature), where its harbor stands (a
shore square of its continent), and how its ``setup_warriors`` warriors and
``setup_warlords`` warlords spawn on its three buildings (at most
``warriors_per_square`` warriors on each). Then the first player's first turn begins.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> state = Brawlhalla(rules=Brawlhalla().rules.replace(first_player="north")).initial_state()
>>> [a for a in setup_actions(state)][:2]
[('barracks', (0, 3)), ('barracks', (0, 4))]
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from workbench.errors import IllegalMoveError

if TYPE_CHECKING:
    from workbench.games.brawlhalla.state import BrawlhallaState

__all__ = ["apply_setup", "deployments", "setup_actions", "setup_side"]

_PLACES = ("capital", "barracks", "harbor")


def setup_side(state: BrawlhallaState) -> int:
    """The side taking the next set-up decision."""
    return state.first if state.setup < 3 else 1 - state.first


def deployments(state: BrawlhallaState) -> list[tuple]:
    """Every ``("deploy", (on_capital, on_barracks, on_harbor), warlords_on)``."""
    rules = state.game.rules
    n, limit = rules.setup_warriors, rules.warriors_per_square
    splits = [
        split for split in itertools.product(range(min(n, limit) + 1), repeat=3) if sum(split) == n
    ] or [(n, 0, 0)]
    where = _PLACES if rules.setup_warlords else ("capital",)
    room = limit - rules.setup_warlords if rules.stack_limit == "units" else n
    found = [
        ("deploy", split, place)
        for split in splits
        for place in where
        if split[_PLACES.index(place)] <= room
    ]
    return found or [("deploy", split, place) for split in splits for place in where]


def setup_actions(state: BrawlhallaState) -> list[tuple]:
    """The set-up decisions open to the side to act."""
    side, step = setup_side(state), state.setup % 3
    geometry = state.game.geometry
    if step == 2:
        return deployments(state)
    taken = set(state.buildings)
    shore = ":" if step == 1 else ".:"
    cells = [
        cell
        for cell in geometry.home[side]
        if cell not in taken and cell not in geometry.features and geometry.terrain[cell] in shore
    ]
    harbors = [cell for cell in cells if geometry.terrain[cell] == ":"]
    if step == 0 and len(harbors) == 1:  # the barrack leaves the harbor a shore square
        cells.remove(harbors[0])
    return [("barracks" if step == 0 else "harbor", cell) for cell in cells]


def apply_setup(state: BrawlhallaState, action: tuple) -> BrawlhallaState:
    """The position after one set-up decision (a new state; after the last one the
    engine begins the first turn)."""
    if action not in setup_actions(state):
        raise IllegalMoveError(
            f"{action!r} is not a set-up choice now; expected one of "
            f"{', '.join(map(repr, setup_actions(state)[:3]))}, ..."
        )
    side = setup_side(state)
    new = state.copy()
    if action[0] in ("barracks", "harbor"):
        new.buildings[action[1]] = (side, action[0])
    else:
        _, split, lords_on = action
        sites = {kind: cell for cell, (owner, kind) in new.buildings.items() if owner == side}
        for place, warriors in zip(_PLACES, split, strict=True):
            lords = state.game.rules.setup_warlords if place == lords_on else 0
            if warriors or lords:
                new.stacks[sites[place]] = (side, warriors, lords, 0, 0, 0)
    new.setup += 1
    if new.setup < 6:
        new.to_move = setup_side(new)
    return new
