"""Viking Raid positions: immutable states of the game on the play protocol.

A state keeps positions, gold and events per role (0 Archer, 1 Huscarl, 2 Berserker)
and ``players``, the player of each role (fixed seats, or what the d20 role draw
gave). Make states with :class:`~workbench.games.viking_raid.engine.RaidGame`.

>>> from workbench.games.viking_raid.engine import RaidGame
>>> state = RaidGame().initial_state()
>>> state.players, state.current_player()
((0, 1, 2), 0)
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from workbench.errors import IllegalMoveError
from workbench.games.viking_raid.raid_map import ROLES
from workbench.grids.hexagonal import Hex
from workbench.play.protocol import CHANCE, TERMINAL

if TYPE_CHECKING:
    from workbench.games.viking_raid.engine import RaidGame

__all__ = ["ASSIGNMENTS", "DRAW", "FIXED_SEATS", "RaidState", "Turn"]

#: An action: (destination hex, role asked for tribute or None).
Turn = tuple[Hex, int | None]

#: Outcomes of the role draw: the player of the Archer, of the Huscarl and of the
#: Berserker. Rerolling ties leaves three different numbers, all orders of which are
#: equally likely with fair dice: the highest roll plays the Berserker, the lowest the
#: Archer, so each assignment has probability 1/6, whatever the die.
ASSIGNMENTS: tuple[tuple[int, int, int], ...] = tuple(itertools.permutations(range(3)))
#: Without the draw, player ``r`` plays role ``r``.
FIXED_SEATS = ASSIGNMENTS[0]
#: The chance outcomes of the draw, each with its probability.
DRAW = tuple((players, Fraction(1, len(ASSIGNMENTS))) for players in ASSIGNMENTS)


class RaidState:
    """An immutable Viking Raid position (make them with :class:`RaidGame`).

    Attributes
    ----------
    gold : tuple of int
        Gold held per role.
    turn : int
        Turn slots elapsed since the start (three per round, skipped turns included).
    players : tuple of int or None
        The player of each role (None until the roles are drawn).
    """

    __slots__ = (
        "_legal",
        "_player",
        "_to_move",
        "game",
        "gold",
        "immune",
        "left",
        "log",
        "out",
        "players",
        "pos",
        "stunned",
        "turn",
    )

    def __init__(self, game, pos, gold, left, stunned, immune, out, turn, to_move, log, players):
        self.game: RaidGame = game
        self.pos: tuple[int, int, int] = pos
        self.gold: tuple[int, int, int] = gold
        self.left, self.stunned, self.immune, self.out = left, stunned, immune, out
        self.turn, self._to_move, self.log = turn, to_move, log
        self.players: tuple[int, int, int] | None = players
        if to_move == TERMINAL:
            self._player = TERMINAL
        else:
            self._player = CHANCE if players is None else players[to_move]
        self._legal: list[tuple[int, int]] | None = None

    # -- protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        """Player to act (the one playing the role to move), ``CHANCE`` or ``TERMINAL``."""
        return self._player

    def is_terminal(self) -> bool:
        """All treasure taken, or the round limit reached."""
        return self._player == TERMINAL

    def chance_outcomes(self) -> list[tuple[tuple[int, int, int], Fraction]]:
        """Before the role draw: each assignment of :data:`ASSIGNMENTS`, 1/6 each; else none."""
        return list(DRAW) if self._player == CHANCE else []

    def legal_actions(self) -> list[Turn]:
        """Every ``(destination, target)`` of the Viking to act, stays and no-demand included."""
        hexes = self.game.geometry.hexes
        return [(hexes[dest], None if target < 0 else target) for dest, target in self.options()]

    def options(self) -> list[tuple[int, int]]:
        """The legal turns as ``(destination index, target role or -1)`` (for fast agents)."""
        if self._legal is None:
            self._legal = self._compute_options()
        return self._legal

    def _compute_options(self) -> list[tuple[int, int]]:
        if self._player < 0:
            return []
        role, geometry, pos = self._to_move, self.game.geometry, self.pos
        others = [s for s in range(3) if s != role and pos[s] >= 0]
        occupied = [pos[s] for s in others]
        targets = [s for s in others if not (self.immune >> s) & 1]
        found = []
        for dest in geometry.moves(role, pos[role], occupied=occupied):
            found.append((dest, -1))
            for t in targets:
                if geometry.can_reach(role, dest, pos[t], occupied=occupied):
                    found.append((dest, t))
        return found

    def apply(self, action: Turn) -> RaidState:
        """The position after ``action``; ``IllegalMoveError`` says why it is not legal."""
        if self._player == CHANCE:
            return self._drawn(action)
        try:
            where, target = action
            move = (self.game.geometry.index[where], -1 if target is None else target)
        except (TypeError, ValueError, KeyError):
            move = None
        if move is None or isinstance(move[1], bool) or move not in self.options():
            raise IllegalMoveError(self._why_illegal(action))
        dest, target = move
        role, rules, geometry = self._to_move, self.game.rules, self.game.geometry
        pos, gold = list(self.pos), list(self.gold)
        immune, stunned, out, log = self.immune, self.stunned, self.out, self.log
        if dest != pos[role]:
            immune &= ~(1 << role)
        pos[role] = dest
        if target >= 0:
            if gold[target] == 0 and rules.broke_eliminated:
                log = (log, (self.turn, role, "eliminate", pos[target], 0, target))
                pos[target], out = -1, out | (1 << target)
            else:
                paid = rules.tribute(gold[target])
                gold[target] -= paid
                gold[role] += paid
                log = (log, (self.turn, role, "tribute", pos[target], paid, target))
                if rules.tribute_stuns:
                    stunned |= 1 << target
                if rules.tribute_immunity:
                    immune |= 1 << target
        left = self.left
        bit = geometry.treasure_bit[dest]
        if bit & left:
            left &= ~bit
            gold[role] += geometry.treasure_gold[dest]
            log = (log, (self.turn, role, "pillage", dest, geometry.treasure_gold[dest], None))
        turn, to_move = self.turn + 1, (role + 1) % 3
        limit = 3 * rules.max_rounds
        while turn < limit and left and ((out | stunned) >> to_move) & 1:
            if (stunned >> to_move) & 1:
                stunned &= ~(1 << to_move)
                log = (log, (turn, to_move, "skip", pos[to_move], 0, None))
            turn, to_move = turn + 1, (to_move + 1) % 3
        if not left or turn >= limit:
            to_move = TERMINAL
        return RaidState(
            self.game,
            tuple(pos),
            tuple(gold),
            left,
            stunned,
            immune,
            out,
            turn,
            to_move,
            log,
            self.players,
        )

    def _drawn(self, players: Any) -> RaidState:
        """The set-up position once the draw gave ``players`` (player of each role)."""
        if not isinstance(players, tuple) or players not in ASSIGNMENTS:
            raise IllegalMoveError(
                f"the roles are drawn: expected the player of each role, an order of 0, 1, 2, "
                f"got {players!r}"
            )
        drawn = copy.copy(self)  # the same position, now with its players
        drawn.players, drawn._player, drawn._legal = players, players[self._to_move], None
        return drawn

    def _why_illegal(self, action: Any) -> str:
        if self._player == TERMINAL:
            return "the game is over"
        role = ROLES[self._to_move]
        if not (isinstance(action, tuple) and len(action) == 2):
            return f"{role}: an action is (destination hex, target seat or None), got {action!r}"
        dest, target = action
        if all(d != dest for d, _ in self.legal_actions()):
            return f"{role} cannot move from {self.position(self._to_move)} to {dest}"
        return f"{role} cannot demand tribute from seat {target!r} after moving to {dest}"

    def role_returns(self) -> tuple[float, float, float]:
        """Win share per role: 1/k to each of the k richest Vikings still in play, 0 to others."""
        best = max((g for s, g in enumerate(self.gold) if not (self.out >> s) & 1), default=0)
        winners = [s for s in range(3) if not (self.out >> s) & 1 and self.gold[s] == best]
        return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(3))

    def returns(self) -> tuple[float, float, float]:
        """Win share per player: the win share of the role it plays."""
        return self.by_player(self.role_returns())

    def by_player(self, values: Sequence[float]) -> tuple[float, ...]:
        """Per-role ``values`` per player (the value of its role); before the role draw,
        the mean over its equally likely roles."""
        players = self.players
        if players is None:
            mean = sum(values) / len(values)
            return (mean,) * len(values)
        found = [0.0] * len(values)
        for role, player in enumerate(players):
            found[player] = values[role]
        return tuple(found)

    def key(self) -> Hashable:
        """Everything that decides the future of the game."""
        return (
            self.pos,
            self.gold,
            self.left,
            self.stunned,
            self.immune,
            self.out,
            self.turn,
            self.players,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RaidState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    # -- reading a position ---------------------------------------------------------------
    def position(self, role: int) -> Hex | None:
        """The hex of ``role`` (None once eliminated)."""
        i = self.pos[role]
        return self.game.geometry.hexes[i] if i >= 0 else None

    def treasure(self) -> dict[Hex, int]:
        """Gold still lying on the map, per hex."""
        geometry = self.game.geometry
        return {
            h: geometry.treasure_gold[i]
            for i, h in enumerate(geometry.hexes)
            if geometry.treasure_bit[i] & self.left
        }

    def round_number(self) -> int:
        """Rounds begun so far (0 during the first round)."""
        return self.turn // 3

    def status(self, role: int) -> str:
        """'eliminated', 'stunned', 'immune' or 'ready'."""
        for flag, word in ((self.out, "eliminated"), (self.stunned, "stunned")):
            if (flag >> role) & 1:
                return word
        return "immune" if (self.immune >> role) & 1 else "ready"

    def events(self) -> list[tuple]:
        """What happened so far, oldest first: ``(turn, role, kind, hex, gold, other_role)``.

        ``kind`` is 'pillage', 'tribute' (hex: where the payer stood), 'eliminate' or 'skip'.
        """
        found, node = [], self.log
        while node is not None:
            node, (turn, role, kind, where, gold, other) = node
            found.append((turn, role, kind, self.game.geometry.hexes[where], gold, other))
        return found[::-1]

    def render(self) -> str:
        """The map as text: A/H/B for the Vikings, gold digits, '#' rocks, '.' empty."""
        raid_map = self.game.map
        marks = {self.position(s): ROLES[s][0].upper() for s in range(3) if self.pos[s] >= 0}
        treasure = self.treasure()
        rows: dict[int, list[Hex]] = {}
        for h in raid_map.hexes:
            rows.setdefault(h[1], []).append(h)
        left_edge = min(2 * q + r for q, r in raid_map.hexes)
        lines = []
        for r in sorted(rows):
            cells = sorted(rows[r])
            indent = 2 * cells[0][0] + r - left_edge
            text = " ".join(
                marks.get(h) or ("#" if h in raid_map.blocked else str(treasure.get(h, ".")))
                for h in cells
            )
            lines.append(" " * indent + text)
        who = ", ".join(f"{self._who(s)} {self.gold[s]} ({self.status(s)})" for s in range(3))
        if self._player == TERMINAL:
            to_move = "game over"
        elif self._player == CHANCE:
            to_move = "the roles are drawn"
        else:
            to_move = f"{ROLES[self._to_move]} to move"
        return "\n".join([*lines, f"round {self.round_number() + 1}, {to_move}; gold: {who}"])

    def _who(self, role: int) -> str:
        """The role's name, with its player when the roles are drawn."""
        if not self.game.rules.role_draw or self.players is None:
            return ROLES[role]
        return f"{ROLES[role]} (player {self.players[role]})"

    def __repr__(self) -> str:
        return f"<RaidState turn {self.turn} gold {self.gold}>"
