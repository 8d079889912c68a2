"""The Viking Raid engine on the shared game protocol (``workbench.play.protocol``).

A turn is one action ``(destination, target)``: the Viking moves to
``destination`` (an axial hex; its own hex means staying), then demands tribute
from the Viking of role ``target`` (``None``: no demand). Ending the turn on
treasure pillages it. Roles are seats in the turn order: 0 Archer, 1 Huscarl,
2 Berserker; positions, gold and events are kept per role. A stunned Viking's turn is skipped
automatically, so ``current_player()`` is always a player that acts.

*Players* are the protocol's seats (the agents of a tournament). Each state knows
the player of each role, ``state.players``: with the rules' ``role_draw`` off
(the default) the roles are fixed seats, player ``r`` playing role ``r``; with it
on, the game starts at a chance node whose outcome is the assignment the d20 roll
gives (:data:`ASSIGNMENTS`, each equally likely). ``returns()`` and the heuristic
are per player; ``role_returns()`` per role.

>>> game = RaidGame()
>>> state = game.initial_state()
>>> state.current_player(), state.position(0)
(0, (0, 1))
>>> state = state.apply(((0, 0), None))  # the Archer steps onto the centre: 3 gold
>>> state.gold, state.current_player()
((3, 0, 0), 1)
>>> from workbench.play.protocol import CHANCE
>>> drawn = RaidGame(rules=Rules(role_draw=True)).initial_state()
>>> drawn.current_player() == CHANCE, len(drawn.chance_outcomes())
(True, 6)
>>> drawn.apply((2, 0, 1)).current_player()  # player 2 drew the Archer, who moves first
2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from workbench.errors import RulesError
from workbench.games.viking_raid.agents import raid_heuristic
from workbench.games.viking_raid.geometry import RaidGeometry
from workbench.games.viking_raid.raid_map import ROLES, RaidMap, default_map
from workbench.games.viking_raid.rules import Rules
from workbench.games.viking_raid.state import ASSIGNMENTS, FIXED_SEATS, RaidState
from workbench.grids.hexagonal import Hex
from workbench.play.protocol import GameInfo

__all__ = ["RaidGame"]


class RaidGame:
    """Viking Raid on one map under one rules object.

    Parameters
    ----------
    raid_map : RaidMap, optional
        The map (default: the shipped ``default`` map).
    rules : Rules, optional
        The rules (default: version 0.21 with natural readings).

    Attributes
    ----------
    geometry : RaidGeometry
        The map's movement and reach tables under the rules.
    """

    def __init__(self, raid_map: RaidMap | None = None, rules: Rules | None = None):
        self.map = raid_map if raid_map is not None else default_map()
        self.rules = rules if rules is not None else Rules()
        self.geometry = RaidGeometry.build(self.map, self.rules)
        self.info = GameInfo(
            name="viking_raid",
            num_players=3,
            zero_sum=False,
            chance=self.rules.role_draw,
            cycles=True,
        )

    def __repr__(self) -> str:
        return f"RaidGame(map={self.map.name!r})"

    def __reduce__(self):
        return (RaidGame, (self.map, self.rules))

    def heuristic(self, state: RaidState) -> tuple[float, ...]:
        """Win-share estimates per player (see :func:`~workbench.games.viking_raid.agents.
        raid_heuristic`)."""
        return raid_heuristic(state)

    def summary(self, state: RaidState) -> dict[str, Any]:
        """Figures of a finished game, added as columns by the shared tournament runner.

        Per role: ``win_<role>`` (its win share), ``gold_<role>``, ``given_<role>`` /
        ``taken_<role>`` (tribute gold received / paid), ``eliminated_<role>``; per
        player ``p``: ``role<p>``, the role it played (the runner's ``return<p>`` is its
        win share); then ``rounds``, and the events ``pillages`` ((role, hex, gold), ...)
        and ``tributes`` ((payer, hex, gold), ...) from which the heat maps are drawn.
        """
        given, taken = [0, 0, 0], [0, 0, 0]
        pillages, tributes = [], []
        for _, role, kind, where, gold, other in state.events():
            if kind == "pillage":
                pillages.append((role, where, gold))
            elif kind == "tribute":
                given[role] += gold
                taken[other] += gold
                tributes.append((other, where, gold))
        row: dict[str, Any] = {}
        shares = state.role_returns()
        for role, name in enumerate(ROLES):
            row[f"win_{name}"] = shares[role]
            row[f"gold_{name}"] = state.gold[role]
            row[f"given_{name}"] = given[role]
            row[f"taken_{name}"] = taken[role]
            row[f"eliminated_{name}"] = state.status(role) == "eliminated"
        if state.players is not None:
            for player in range(3):
                row[f"role{player}"] = ROLES[state.players.index(player)]
        row["rounds"] = -(-state.turn // 3)
        row["pillages"] = tuple(pillages)
        row["tributes"] = tuple(tributes)
        return row

    def initial_state(self, *, seed: Any = None) -> RaidState:
        """The set-up position: the roles drawn next (``role_draw``) or fixed seats.

        The draw is a chance node sampled by whoever plays the game (the runner does it
        from the game's seed), so ``seed`` is not needed.
        """
        geometry = self.geometry
        players = None if self.rules.role_draw else FIXED_SEATS
        return RaidState(
            self, geometry.starts, (0, 0, 0), geometry.all_treasure, 0, 0, 0, 0, 0, None, players
        )

    def position(
        self,
        where: Mapping[int, Hex],
        *,
        gold: Sequence[int] = (0, 0, 0),
        treasure: Mapping[Hex, int] | None = None,
        to_move: int = 0,
        stunned: Sequence[int] = (),
        immune: Sequence[int] = (),
        eliminated: Sequence[int] = (),
        round_number: int = 0,
        players: Sequence[int] = FIXED_SEATS,
    ) -> RaidState:
        """A hand-set position: role -> hex for every role in play, the rest optional.

        ``treasure`` keeps only those treasure hexes of the map (their gold is the map's);
        ``players`` gives the player of each role (default: fixed seats).
        """
        geometry = self.geometry
        out = _mask(eliminated)
        if set(where) | set(eliminated) != {0, 1, 2} or set(where) & set(eliminated):
            raise RulesError("position: give a hex for each seat not eliminated")
        if tuple(players) not in ASSIGNMENTS:
            raise RulesError(f"position: players: expected an order of 0, 1, 2, got {players!r}")
        pos = tuple(-1 if s in eliminated else geometry.index[tuple(where[s])] for s in range(3))
        left = geometry.all_treasure
        if treasure is not None:
            left = 0
            for h in treasure:
                left |= geometry.treasure_bit[geometry.index[h]]
        return RaidState(
            self,
            pos,
            tuple(gold),
            left,
            _mask(stunned),
            _mask(immune),
            out,
            3 * round_number + to_move,
            to_move,
            None,
            tuple(players),
        )


def _mask(seats: Sequence[int]) -> int:
    return sum(1 << s for s in set(seats))
