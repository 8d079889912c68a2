"""Brawlhalla positions: immutable states of the game on the play protocol.

A position holds the stacks on the board, the buildings, the works under way, the
guardians still standing, the ruins not yet taken, the flag, coins, hands and the
turn. Seat 0 plays north, seat 1 south. Make states with
:class:`~workbench.games.brawlhalla.engine.Brawlhalla`; the legal actions come
from :mod:`~workbench.games.brawlhalla.actions` and their effects from
:mod:`~workbench.games.brawlhalla.resolve`.

A **stack** is every unit of one side on one square, as a tuple
``(owner, warriors, warlords, dragons, boats, spent)``: ``spent`` is the action
points its units used this turn (at most ``Rules.actions_per_unit_per_turn``; a
stack made by merging takes the larger count, so no unit ever acts more often
than the rules allow).

**Actions** are tuples: ``("move", src, dst, part)`` moves ``part`` =
``(warriors, warlords, dragons, boats)`` of the stack on ``src`` (the whole stack,
or a split) to ``dst`` (merging with a stack there); ``("fuse", src, dst)``
converts warriors into a warlord on ``dst`` (``src`` gives the fifth warrior, or
is ``dst``); ``("attack", src, dst)``; ``("build", cell, kind)`` with kind one of
``barracks``, ``nursery``, ``harbor``, ``boat``, ``dragon``, ``salvage``;
``("flag", cell)`` takes the flag; ``("end",)`` ends the turn. Set-up actions:
``("barracks", cell)``, ``("harbor", cell)`` and ``("deploy", (on_capital,
on_barracks, on_harbor), warlords_on)``.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> game = Brawlhalla()
>>> state = game.initial_state()
>>> state.current_player()  # who begins is rolled
-1
>>> state = state.apply(0)
>>> state.current_player(), state.legal_actions()[0][0]
(0, 'barracks')
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from workbench.games.brawlhalla.movement import SIDES
from workbench.grids.square import Cell
from workbench.play.protocol import CHANCE, TERMINAL

if TYPE_CHECKING:
    from workbench.games.brawlhalla.engine import Brawlhalla

__all__ = ["SETUP_STEPS", "BrawlhallaState", "Stack"]

#: ``(owner, warriors, warlords, dragons, boats, spent)``.
Stack = tuple[int, int, int, int, int, int]
#: What each side does before the first turn, in order.
SETUP_STEPS = ("barracks", "harbor", "deploy")
_UNIT_NAMES = ("warriors", "warlords", "dragons", "boats")
_WORK_COUNTS = {"boat": "boat works", "salvage": "boat works", "dragon": "dragon works"}
#: ``setup`` value while the first player is rolled for, and once play has begun.
ROLL, PLAYING = -1, len(SETUP_STEPS) * 2


class BrawlhallaState:
    """An immutable Brawlhalla position (make them with :class:`Brawlhalla`).

    Attributes
    ----------
    stacks : dict
        Cell -> :data:`Stack`.
    buildings : dict
        Cell -> ``(owner, kind)``, kind ``capital``, ``barracks``, ``nursery`` or ``harbor``.
    works : dict
        Cell -> ``(owner, kind, held_warriors, held_warlords, turns_left)``: a building
        or a recruit under way, its builders held on the square.
    guardians : frozenset
        Sanctuary cells whose guardian still stands.
    beaten : dict
        Sanctuary cell -> the side that beat its guardian.
    ruins : tuple of frozenset
        Per side, the ruins whose coin that side can still gain.
    wrecks : dict
        Wreckage cell -> boats it can still give.
    earthed : frozenset
        Squares turned to earth by a destroyed building.
    flag, carrier : Cell or None
        Where the flag lies on the ground; the square of the stack carrying it.
    respawn : int or None
        The turn at whose start the flag comes back to the central sanctuary.
    coins, holy, cards_due : tuple of int
        Per side: ruin coins; turns in a row it has held all sanctuaries; cards owed
        by ruins (drawn when cards are in play).
    artifacts : tuple of tuple
        Per side, the sanctuaries whose artifact it won.
    hands, deck, discard : tuple
        Per side, the cards in hand; the draw pile; the discard pile (all empty unless
        ``Rules.cards``).
    relics, in_effect : tuple of tuple
        Per side, the artifact cards held (outside the hand limits, immune to discards),
        and the lasting artifacts played (Tyrfing...).
    face_down : tuple of tuple
        Per side, its face-down cards in effect (:mod:`.face_down`).
    artifact_pile : tuple
        The artifact cards still to be won, in the order they come.
    discarding : int or None
        The side that holds more cards than ``Rules.hand_limit`` and must discard now.
    sacrificed : int
        Ruin coins sacrificed to cards so far (Grave robber gains them).
    doubled : frozenset
        Modes (``terrestrial``, ``aquatic``, ``flying``) whose moves the side to act
        doubled by a card this turn.
    frozen : dict
        Cell -> turns its owner's stack there stays frozen (no move, no attack).
    turn, to_move, ap : int
        Turns begun so far (1 is the first player's first turn), the side to act, its
        action points left.
    setup : int
        Set-up steps taken (:data:`ROLL` before the roll for who begins).
    first : int or None
        The side that plays the first turn.
    pending : tuple or None
        An attack waiting for its dice (a chance node).
    shown_hand, shown_face_down : tuple
        Per side: whether its hand was revealed to the opponent this turn (Odin's vision),
        and which of its face-down cards the opponent has seen (Odin's eye).
    skofnung, extra_move : tuple of int
        Per side, the turn it last used Skofnung (once a turn), and Angurvadal's extra
        move (once a turn).
    dead : tuple of tuple
        Per side, its ``(warriors, warlords, dragons, boats)`` killed so far (in battle or
        by cards; builders and fused warriors are not dead): Freya's grace re-summons them.
    deciding : tuple or None
        ``(src, dst, cards)``: an attack from ``src`` on ``dst`` waits for the defender's
        Retreat! or Substitution (:mod:`.defence_cards`); ``cards`` names the clash cards
        the attacker brings (spent once the clash goes on).
    committed : tuple of tuple
        The die modifiers (``thor``, ``norn``) the attacker and the defender bring to the
        pending clash, from the die cards they spent on it.
    winner : int or None
        0 or 1, -1 for a draw at the turn limit, None while the game goes on.
    victory : str
        ``war``, ``holy``, ``flag`` or ``turn_limit`` once the game is over.
    actions : int
        Actions taken in turns so far (set-up and chance excluded), for game length.
    """

    __slots__ = (
        "_by_source",
        "_legal",
        "_tally",
        "actions",
        "ap",
        "artifact_pile",
        "artifacts",
        "beaten",
        "buildings",
        "cards_due",
        "carrier",
        "coins",
        "committed",
        "dead",
        "deciding",
        "deck",
        "discard",
        "discarding",
        "doubled",
        "earthed",
        "extra_move",
        "face_down",
        "first",
        "flag",
        "frozen",
        "game",
        "guardians",
        "hands",
        "holy",
        "in_effect",
        "pending",
        "relics",
        "respawn",
        "ruins",
        "sacrificed",
        "setup",
        "shown_face_down",
        "shown_hand",
        "skofnung",
        "stacks",
        "to_move",
        "turn",
        "victory",
        "winner",
        "works",
        "wrecks",
    )

    game: Brawlhalla
    stacks: dict[Cell, Stack]
    buildings: dict[Cell, tuple[int, str]]
    works: dict[Cell, tuple[int, str, int, int, int]]
    guardians: frozenset[Cell]
    beaten: dict[Cell, int]
    ruins: tuple[frozenset[Cell], frozenset[Cell]]
    wrecks: dict[Cell, int]
    earthed: frozenset[Cell]
    flag: Cell | None
    carrier: Cell | None
    respawn: int | None
    coins: tuple[int, int]
    holy: tuple[int, int]
    cards_due: tuple[int, int]
    artifacts: tuple[tuple[str, ...], tuple[str, ...]]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    relics: tuple[tuple[str, ...], tuple[str, ...]]
    face_down: tuple[tuple[str, ...], tuple[str, ...]]
    committed: tuple[tuple[str, ...], tuple[str, ...]]
    skofnung: tuple[int, int]
    extra_move: tuple[int, int]
    dead: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]
    deciding: tuple | None
    shown_hand: tuple[bool, bool]
    shown_face_down: tuple[tuple[str, ...], tuple[str, ...]]
    in_effect: tuple[tuple[str, ...], tuple[str, ...]]
    artifact_pile: tuple[str, ...]
    discarding: int | None
    sacrificed: int
    doubled: frozenset[str]
    frozen: dict[Cell, int]
    turn: int
    to_move: int
    ap: int
    setup: int
    first: int | None
    pending: tuple | None
    winner: int | None
    victory: str
    actions: int

    def copy(self) -> BrawlhallaState:
        """A copy whose containers can be changed (used by :mod:`.resolve` only)."""
        other = object.__new__(BrawlhallaState)
        for name in self.__slots__[3:]:
            object.__setattr__(other, name, getattr(self, name))
        other.stacks = dict(self.stacks)
        other.buildings = dict(self.buildings)
        other.works = dict(self.works)
        other.beaten = dict(self.beaten)
        other.wrecks = dict(self.wrecks)
        other.frozen = dict(self.frozen)
        other._legal = other._by_source = other._tally = None
        return other

    # -- protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act (0 north, 1 south), ``CHANCE`` or ``TERMINAL``."""
        if self.winner is not None:
            return TERMINAL
        if self.pending is not None or self.setup == ROLL:
            return CHANCE
        if self.deciding is not None:
            return 1 - self.to_move
        return self.to_move

    def is_terminal(self) -> bool:
        """A side won, or the turn limit ended the game."""
        return self.winner is not None

    def returns(self) -> tuple[float, float]:
        """+1 to the winner, -1 to the loser, 0 each after the turn limit or mid-game."""
        if self.winner is None or self.winner < 0:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """Who begins (0 or 1, 1/2 each), or an attack's ``(attacker_losses,
        defender_losses)`` (against a guardian: ``(attacker_losses, 1 if it falls)``)."""
        return self.game.chance_outcomes(self)

    def legal_actions(self) -> list[tuple]:
        """Every action of the side to act (empty at chance and terminal nodes)."""
        if self._legal is None:
            self._legal = self.game.legal_actions(self)
        return self._legal

    def apply(self, action: Any) -> BrawlhallaState:
        """The position after ``action``; ``IllegalMoveError`` says why it is not legal."""
        return self.game.apply(self, action)

    def key(self) -> Hashable:
        """Everything that matters for play, as one hashable tuple."""
        return (
            tuple(sorted(self.stacks.items())),
            tuple(sorted(self.buildings.items())),
            tuple(sorted(self.works.items())),
            self.guardians,
            tuple(sorted(self.beaten.items())),
            self.ruins,
            tuple(sorted(self.wrecks.items())),
            self.earthed,
            (self.flag, self.carrier, self.respawn),
            (self.coins, self.holy, self.cards_due, self.artifacts),
            (self.hands, self.deck, self.discard, self.discarding, self.sacrificed),
            (self.relics, self.in_effect, self.artifact_pile, self.face_down, self.skofnung),
            (self.extra_move, self.dead, self.deciding),
            (self.shown_hand, self.shown_face_down),
            (self.turn, self.to_move, self.ap, self.setup, self.first),
            (self.pending, self.committed, self.winner, self.victory),
            (self.doubled, tuple(sorted(self.frozen.items()))),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BrawlhallaState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    # -- reading the position -----------------------------------------------------------
    def value(self, stack: Stack) -> int:
        """A stack's value: warriors, warlords and dragons at their values."""
        rules = self.game.rules
        return (
            stack[1] * rules.warrior_value
            + stack[2] * rules.warlord_value
            + stack[3] * rules.dragon_value
        )

    def terrain(self, cell: Cell) -> str:
        """The terrain character of a square now (``.`` once its building was destroyed)."""
        return "." if cell in self.earthed else self.game.geometry.terrain[cell]

    def tally(self) -> dict[tuple[int, str], int]:
        """Counts per ``(side, name)``, remembered for the position: ``warriors``,
        ``warlords``, ``dragons``, ``boats`` on the board; each building kind standing
        or under way; ``boat works`` (boats being built or salvaged), ``dragon works``."""
        if self._tally is None:
            units = [[0, 0, 0, 0], [0, 0, 0, 0]]
            for side, warriors, warlords, dragons, boats, _ in self.stacks.values():
                mine = units[side]
                mine[0] += warriors
                mine[1] += warlords
                mine[2] += dragons
                mine[3] += boats
            counts: dict[tuple[int, str], int] = {
                (side, name): units[side][i]
                for side in (0, 1)
                for i, name in enumerate(_UNIT_NAMES)
            }
            for side, kind in self.buildings.values():
                counts[side, kind] = counts.get((side, kind), 0) + 1
            for work in self.works.values():
                key = (work[0], _WORK_COUNTS.get(work[1], work[1]))
                counts[key] = counts.get(key, 0) + 1
            self._tally = counts
        return self._tally

    def units(self, side: int) -> tuple[int, int, int, int]:
        """The side's ``(warriors, warlords, dragons, boats)`` on the board."""
        return tuple(self.count(side, name) for name in _UNIT_NAMES)

    def count(self, side: int, name: str) -> int:
        """One figure of :meth:`tally` (0 when there is none).

        >>> from workbench.games.brawlhalla.engine import Brawlhalla
        >>> state = Brawlhalla().position(stacks={(1, 6): (0, 2, 1, 0, 0)})
        >>> state.count(0, "warriors"), state.count(0, "capital"), state.count(1, "warlords")
        (2, 1, 0)
        """
        return self.tally().get((side, name), 0)

    def render(self) -> str:
        """The board as text: each square's terrain, or a stack as its side's letter
        (``N``/``S``) and value; buildings in brackets; then the turn and the side to act."""
        geometry = self.game.geometry
        board = geometry.board
        lines = []
        for r in range(board.rows):
            row = []
            for c in range(board.cols):
                cell = (r, c)
                stack = self.stacks.get(cell)
                if stack is not None:
                    text = "NS"[stack[0]] + str(self.value(stack)) + ("b" if stack[4] else "")
                elif cell in self.guardians:
                    text = "G"
                elif cell == self.flag:
                    text = "F"
                else:
                    text = self.terrain(cell)
                if cell in self.buildings:
                    text = f"[{text}]"
                row.append(f"{text:>5}")
            lines.append("".join(row))
        if self.winner is not None:
            who = "draw" if self.winner < 0 else f"{SIDES[self.winner]} wins"
            lines.append(f"turn {self.turn}: {who} ({self.victory})")
        else:
            lines.append(f"turn {self.turn}: {SIDES[self.to_move]} to act, {self.ap} action points")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"BrawlhallaState(turn={self.turn}, to_move={SIDES[self.to_move]}, ap={self.ap})"
