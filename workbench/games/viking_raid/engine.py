"""The Viking Raid engine on the shared game protocol (``workbench.play.protocol``).

A turn is one action ``(destination, target)``: the Viking moves to
``destination`` (an axial hex; its own hex means staying), then demands tribute
from seat ``target`` (``None``: no demand). Ending the turn on treasure pillages
it. Seats follow the turn order: 0 Archer, 1 Huscarl, 2 Berserker. A stunned
Viking's turn is skipped automatically, so ``current_player()`` is always a seat
that acts.

>>> game = RaidGame()
>>> state = game.initial_state()
>>> state.current_player(), state.position(0)
(0, (0, 1))
>>> state = state.apply(((0, 0), None))  # the Archer steps onto the centre: 3 gold
>>> state.gold, state.current_player()
((3, 0, 0), 1)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.viking_raid.board import RaidBoard
from workbench.games.viking_raid.heuristic import raid_heuristic
from workbench.games.viking_raid.maps import ROLES, RaidMap, default_map
from workbench.games.viking_raid.rules import Rules
from workbench.grids.hexagonal import Hex
from workbench.play.protocol import TERMINAL, GameInfo

__all__ = ["RaidGame", "RaidState", "Turn"]

#: An action: (destination hex, seat asked for tribute or None).
Turn = tuple[Hex, int | None]


class RaidGame:
    """Viking Raid on one map under one rules object.

    Parameters
    ----------
    raid_map : RaidMap, optional
        The map (default: the shipped ``default`` map).
    rules : Rules, optional
        The rules (default: version 0.21 with natural readings).
    """

    def __init__(self, raid_map: RaidMap | None = None, rules: Rules | None = None):
        self.map = raid_map if raid_map is not None else default_map()
        self.rules = rules if rules is not None else Rules()
        self.board = RaidBoard.build(self.map, self.rules)
        self.info = GameInfo(name="viking_raid", num_players=3, zero_sum=False, cycles=True)

    def __repr__(self) -> str:
        return f"RaidGame(map={self.map.name!r})"

    def __reduce__(self):
        return (RaidGame, (self.map, self.rules))

    def heuristic(self, state: RaidState) -> tuple[float, ...]:
        """Win-share estimates per seat (see :func:`raid_heuristic`)."""
        return raid_heuristic(state)

    def summary(self, state: RaidState) -> dict[str, Any]:
        """Figures of a finished game, added as columns by the shared tournament runner.

        Per role: ``gold_<role>``, ``given_<role>`` / ``taken_<role>`` (tribute gold
        received / paid), ``eliminated_<role>``; then ``rounds``, and the events
        ``pillages`` ((seat, hex, gold), ...) and ``tributes`` ((payer, hex, gold), ...)
        from which the heat maps are drawn.
        """
        given, taken = [0, 0, 0], [0, 0, 0]
        pillages, tributes = [], []
        for _, seat, kind, where, gold, other in state.events():
            if kind == "pillage":
                pillages.append((seat, where, gold))
            elif kind == "tribute":
                given[seat] += gold
                taken[other] += gold
                tributes.append((other, where, gold))
        row: dict[str, Any] = {}
        for seat, role in enumerate(ROLES):
            row[f"gold_{role}"] = state.gold[seat]
            row[f"given_{role}"] = given[seat]
            row[f"taken_{role}"] = taken[seat]
            row[f"eliminated_{role}"] = state.status(seat) == "eliminated"
        row["rounds"] = -(-state.turn // 3)
        row["pillages"] = tuple(pillages)
        row["tributes"] = tuple(tributes)
        return row

    def initial_state(self, *, seed: Any = None) -> RaidState:
        """The set-up position (the game has no chance, so ``seed`` is ignored)."""
        board = self.board
        return RaidState(self, board.starts, (0, 0, 0), board.all_treasure, 0, 0, 0, 0, 0, None)

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
    ) -> RaidState:
        """A hand-set position: seat -> hex for every seat in play, the rest optional.

        ``treasure`` keeps only those treasure hexes of the map (their gold is the map's).
        """
        board = self.board
        out = _mask(eliminated)
        if set(where) | set(eliminated) != {0, 1, 2} or set(where) & set(eliminated):
            raise RulesError("position: give a hex for each seat not eliminated")
        pos = tuple(-1 if s in eliminated else board.index[tuple(where[s])] for s in range(3))
        left = board.all_treasure
        if treasure is not None:
            left = 0
            for h in treasure:
                left |= board.treasure_bit[board.index[h]]
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
        )


def _mask(seats: Sequence[int]) -> int:
    return sum(1 << s for s in set(seats))


class RaidState:
    """An immutable Viking Raid position (make them with :class:`RaidGame`).

    Attributes
    ----------
    gold : tuple of int
        Gold held per seat.
    turn : int
        Turn slots elapsed since the start (three per round, skipped turns included).
    """

    __slots__ = (
        "_legal",
        "_to_move",
        "game",
        "gold",
        "immune",
        "left",
        "log",
        "out",
        "pos",
        "stunned",
        "turn",
    )

    def __init__(self, game, pos, gold, left, stunned, immune, out, turn, to_move, log):
        self.game: RaidGame = game
        self.pos: tuple[int, int, int] = pos
        self.gold: tuple[int, int, int] = gold
        self.left, self.stunned, self.immune, self.out = left, stunned, immune, out
        self.turn, self._to_move, self.log = turn, to_move, log
        self._legal: list[tuple[int, int]] | None = None

    # -- protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        """Seat to act (0 Archer, 1 Huscarl, 2 Berserker) or ``TERMINAL``."""
        return self._to_move

    def is_terminal(self) -> bool:
        """All treasure taken, or the round limit reached."""
        return self._to_move == TERMINAL

    def chance_outcomes(self) -> list:
        """No chance in Viking Raid."""
        return []

    def legal_actions(self) -> list[Turn]:
        """Every ``(destination, target)`` of the Viking to act, stays and no-demand included."""
        hexes = self.game.board.hexes
        return [(hexes[dest], None if target < 0 else target) for dest, target in self.options()]

    def options(self) -> list[tuple[int, int]]:
        """The legal turns as ``(destination index, target seat or -1)`` (for fast agents)."""
        if self._legal is None:
            self._legal = self._compute_options()
        return self._legal

    def _compute_options(self) -> list[tuple[int, int]]:
        seat = self._to_move
        if seat == TERMINAL:
            return []
        board, pos = self.game.board, self.pos
        others = [s for s in range(3) if s != seat and pos[s] >= 0]
        occupied = [pos[s] for s in others]
        targets = [s for s in others if not (self.immune >> s) & 1]
        found = []
        for dest in board.moves(seat, pos[seat], occupied=occupied):
            found.append((dest, -1))
            for t in targets:
                if board.can_reach(seat, dest, pos[t], occupied=occupied):
                    found.append((dest, t))
        return found

    def apply(self, action: Turn) -> RaidState:
        """The position after ``action``; ``IllegalMoveError`` says why it is not legal."""
        try:
            where, target = action
            move = (self.game.board.index[where], -1 if target is None else target)
        except (TypeError, ValueError, KeyError):
            move = None
        if move is None or isinstance(move[1], bool) or move not in self.options():
            raise IllegalMoveError(self._why_illegal(action))
        dest, target = move
        seat, rules, board = self._to_move, self.game.rules, self.game.board
        pos, gold = list(self.pos), list(self.gold)
        immune, stunned, out, log = self.immune, self.stunned, self.out, self.log
        if dest != pos[seat]:
            immune &= ~(1 << seat)
        pos[seat] = dest
        if target >= 0:
            if gold[target] == 0 and rules.broke_eliminated:
                log = (log, (self.turn, seat, "eliminate", pos[target], 0, target))
                pos[target], out = -1, out | (1 << target)
            else:
                paid = (gold[target] + 1) // 2
                gold[target] -= paid
                gold[seat] += paid
                log = (log, (self.turn, seat, "tribute", pos[target], paid, target))
                if rules.tribute_stuns:
                    stunned |= 1 << target
                if rules.tribute_immunity:
                    immune |= 1 << target
        left = self.left
        bit = board.treasure_bit[dest]
        if bit & left:
            left &= ~bit
            gold[seat] += board.treasure_gold[dest]
            log = (log, (self.turn, seat, "pillage", dest, board.treasure_gold[dest], None))
        turn, to_move = self.turn + 1, (seat + 1) % 3
        limit = 3 * rules.max_rounds
        while turn < limit and left and ((out | stunned) >> to_move) & 1:
            if (stunned >> to_move) & 1:
                stunned &= ~(1 << to_move)
                log = (log, (turn, to_move, "skip", pos[to_move], 0, None))
            turn, to_move = turn + 1, (to_move + 1) % 3
        if not left or turn >= limit:
            to_move = TERMINAL
        return RaidState(
            self.game, tuple(pos), tuple(gold), left, stunned, immune, out, turn, to_move, log
        )

    def _why_illegal(self, action: Any) -> str:
        if self._to_move == TERMINAL:
            return "the game is over"
        role = ROLES[self._to_move]
        if not (isinstance(action, tuple) and len(action) == 2):
            return f"{role}: an action is (destination hex, target seat or None), got {action!r}"
        dest, target = action
        if all(d != dest for d, _ in self.legal_actions()):
            return f"{role} cannot move from {self.position(self._to_move)} to {dest}"
        return f"{role} cannot demand tribute from seat {target!r} after moving to {dest}"

    def returns(self) -> tuple[float, float, float]:
        """Win share per seat: 1/k to each of the k richest Vikings still in play, 0 to others."""
        best = max((g for s, g in enumerate(self.gold) if not (self.out >> s) & 1), default=0)
        winners = [s for s in range(3) if not (self.out >> s) & 1 and self.gold[s] == best]
        return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(3))

    def key(self) -> Hashable:
        """Everything that decides the future of the game."""
        return (self.pos, self.gold, self.left, self.stunned, self.immune, self.out, self.turn)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RaidState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    # -- reading a position ---------------------------------------------------------------
    def position(self, seat: int) -> Hex | None:
        """The hex of ``seat`` (None once eliminated)."""
        i = self.pos[seat]
        return self.game.board.hexes[i] if i >= 0 else None

    def treasure(self) -> dict[Hex, int]:
        """Gold still lying on the map, per hex."""
        board = self.game.board
        return {
            h: board.treasure_gold[i]
            for i, h in enumerate(board.hexes)
            if board.treasure_bit[i] & self.left
        }

    def round_number(self) -> int:
        """Rounds begun so far (0 during the first round)."""
        return self.turn // 3

    def status(self, seat: int) -> str:
        """'eliminated', 'stunned', 'immune' or 'ready'."""
        for flag, word in ((self.out, "eliminated"), (self.stunned, "stunned")):
            if (flag >> seat) & 1:
                return word
        return "immune" if (self.immune >> seat) & 1 else "ready"

    def events(self) -> list[tuple]:
        """What happened so far, oldest first: ``(turn, seat, kind, hex, gold, other_seat)``.

        ``kind`` is 'pillage', 'tribute' (hex: where the payer stood), 'eliminate' or 'skip'.
        """
        found, node = [], self.log
        while node is not None:
            node, (turn, seat, kind, where, gold, other) = node
            found.append((turn, seat, kind, self.game.board.hexes[where], gold, other))
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
        who = ", ".join(f"{ROLES[s]} {self.gold[s]} ({self.status(s)})" for s in range(3))
        to_move = "game over" if self.is_terminal() else f"{ROLES[self._to_move]} to move"
        return "\n".join([*lines, f"round {self.round_number() + 1}, {to_move}; gold: {who}"])

    def __repr__(self) -> str:
        return f"<RaidState turn {self.turn} gold {self.gold}>"
