"""Brawlhalla on the play protocol: the whole game, set-up to victory, for two seats.

Seat 0 plays north, seat 1 south. A game starts with the roll for who begins
(``Rules.first_player``), then each side's set-up decisions
(:mod:`~workbench.games.brawlhalla.setup`), then turns: recruits, works and holy
domination at the start of a turn, then ``action_points_per_turn`` actions
(:mod:`~workbench.games.brawlhalla.actions`), each attack a chance node with the
clash's exact odds. The game ends with War (the enemy capital captured), Holy (all
sanctuaries held for ``holy_turns`` turns), Flag (the flag brought to one's capital)
or, as a draw, at ``turn_limit``. With cards in play a side does not see the other's
hand nor the deck (:meth:`Brawlhalla.observation`, :meth:`Brawlhalla.determinize`).

>>> from workbench.play import RandomAgent, play_game
>>> game = Brawlhalla()
>>> record = play_game(game, [RandomAgent(game, seed=1), RandomAgent(game, seed=2)], seed=3)
>>> record.summary["victory"] in ("war", "holy", "flag", "turn_limit")
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import pandas as pd

from workbench.errors import RulesError

# the modules of card effects register them when imported
from workbench.games.brawlhalla import defence_cards, summons, turn_effects  # noqa: F401
from workbench.games.brawlhalla.actions import legal_actions
from workbench.games.brawlhalla.board import Board, default_board
from workbench.games.brawlhalla.evaluation import evaluation
from workbench.games.brawlhalla.geometry import BrawlhallaGeometry
from workbench.games.brawlhalla.hands import Hands
from workbench.games.brawlhalla.resolve import apply, chance_outcomes
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.stacking import square_limits
from workbench.games.brawlhalla.state import PLAYING, ROLL, BrawlhallaState
from workbench.grids.square import Cell
from workbench.play.protocol import GameInfo

__all__ = ["VICTORIES", "Brawlhalla"]

#: How a game ends: the three victories of the text, and the turn limit (a draw).
VICTORIES = ("war", "holy", "flag", "turn_limit")


class Brawlhalla:
    """Brawlhalla on one board under one rules object.

    Parameters
    ----------
    board : Board, optional
        The board (default: the shipped ``data/brawlhalla/board.json``).
    rules : Rules, optional
        The rules (default: every knob at its natural reading; cards off).
    cards : pandas.DataFrame, optional
        The card table (default: ``data/brawlhalla/cards.csv``; see :func:`~.deck.load_cards`).

    Attributes
    ----------
    geometry : BrawlhallaGeometry
        The board's steps, neighbours, home squares and distance tables.
    square_limits : tuple
        What a square holds (:func:`~.stacking.square_limits`).
    cards : Hands
        Deals and draws the cards when ``Rules.cards`` is on (the card hook of the turn).
    """

    def __init__(
        self,
        board: Board | None = None,
        rules: Rules | None = None,
        cards: pd.DataFrame | None = None,
    ) -> None:
        self.board = board if board is not None else default_board()
        self.rules = rules if rules is not None else Rules()
        for side in ("north", "south"):
            if self.board.capital(side) is None:
                raise RulesError(f"Brawlhalla: the board has no {side} capital")
        self.geometry = BrawlhallaGeometry(self.board, self.rules)
        self.square_limits = square_limits(self.rules)
        self.cards = Hands(self.rules, cards)
        self.info = GameInfo(
            name="brawlhalla", num_players=2, chance=True, cycles=True, hidden=self.rules.cards
        )

    def __repr__(self) -> str:
        return f"Brawlhalla(board={self.board.name!r})"

    def __reduce__(self):
        return (Brawlhalla, (self.board, self.rules, self.cards._cards))

    def legal_actions(self, state: BrawlhallaState) -> list[tuple]:
        """The legal actions of ``state`` (:func:`~.actions.legal_actions`; states call it)."""
        return legal_actions(state)

    def apply(self, state: BrawlhallaState, action: Any) -> BrawlhallaState:
        """The position after ``action`` (:func:`~.resolve.apply`; states call it)."""
        return apply(state, action)

    def chance_outcomes(self, state: BrawlhallaState) -> list[tuple[Any, Fraction]]:
        """The chance outcomes of ``state`` (:func:`~.resolve.chance_outcomes`)."""
        return chance_outcomes(state)

    def heuristic(self, state: BrawlhallaState) -> tuple[float, float]:
        """Per-seat values in (-1, 1) (see :func:`~.evaluation.evaluation`)."""
        return evaluation(state)

    def observation(self, state: BrawlhallaState, player: int) -> Hashable:
        """What ``player`` sees of ``state``: everything but the cards in the other side's
        hand and face down, those in the deck and the order of the artifacts still to be
        won, of which it sees how many there are; a hand or face-down card revealed to it
        (Odin's vision, Odin's eye) it sees."""
        other = 1 - player
        hand = state.hands[other] if state.shown_hand[other] else len(state.hands[other])
        seen = tuple(sorted(_revealed(state, other)))
        hidden = (hand, seen, len(state.face_down[other]), len(state.deck))
        return (_dealt(state, player, (), (), ()).key(), hidden, len(state.artifact_pile))

    def determinize(
        self, state: BrawlhallaState, player: int, rng: random.Random
    ) -> BrawlhallaState:
        """A world for ``player``: the other side's hand, its face-down cards and the deck
        dealt afresh from their cards, shuffled by ``rng`` (sizes kept; face-down slots
        take face-down cards, one of each name; what was revealed stays), and the
        artifacts still to be won shuffled.

        >>> from workbench.play import python_random
        >>> game = Brawlhalla(rules=Rules(cards=True))
        >>> state = game.initial_state(seed=1)
        >>> world = game.determinize(state, 0, python_random(2))
        >>> world.hands[0] == state.hands[0], world.hands[1] == state.hands[1]
        (True, False)
        >>> game.observation(world, 0) == game.observation(state, 0)
        True
        """
        other = 1 - player
        keep_hand = state.shown_hand[other]
        seen = _revealed(state, other)
        laid = list(seen)
        unseen = [n for n in state.face_down[other] if n not in seen]
        pool = sorted((() if keep_hand else state.hands[other]) + tuple(unseen) + state.deck)
        rng.shuffle(pool)
        families = self.cards.families()
        for name in pool:
            if len(laid) == len(state.face_down[other]):
                break
            if families.get(name) == "face-down" and name not in laid:
                laid.append(name)
        for name in laid[len(seen) :]:
            pool.remove(name)
        size = 0 if keep_hand else len(state.hands[other])
        hand = state.hands[other] if keep_hand else tuple(pool[:size])
        world = _dealt(state, player, hand, tuple(pool[size:]), tuple(laid))
        artifacts = sorted(state.artifact_pile)
        rng.shuffle(artifacts)
        world.artifact_pile = tuple(artifacts)
        return world

    def summary(self, state: BrawlhallaState) -> dict[str, Any]:
        """Figures of a finished game, added as columns by the shared tournament runner:
        ``victory`` (one of :data:`VICTORIES`, ``""`` if cut short), ``winning_side``
        (``north``, ``south`` or ``draw``), ``first`` (who began), ``first_won`` (1 when
        the side that began won, else 0), ``turns``,
        ``actions`` (actions taken in turns), and per side its ``coins``, ``artifacts``
        and the ``value`` of its units left."""
        winner = {None: "", -1: "draw", 0: "north", 1: "south"}[state.winner]
        row: dict[str, Any] = {
            "victory": state.victory,
            "winning_side": winner,
            "first": "" if state.first is None else ("north", "south")[state.first],
            "first_won": int(state.first is not None and state.winner == state.first),
            "turns": min(state.turn, self.rules.turn_limit),
            "actions": state.actions,
        }
        for side, name in enumerate(("north", "south")):
            row[f"coins_{name}"] = state.coins[side]
            row[f"artifacts_{name}"] = len(state.artifacts[side])
            row[f"value_{name}"] = sum(
                state.value(s) for s in state.stacks.values() if s[0] == side
            )
        return row

    def initial_state(self, *, seed: Any = None) -> BrawlhallaState:
        """The start: the roll for who begins (or the first set-up decision when
        ``Rules.first_player`` names a side); ``seed`` shuffles the deck when cards
        are in play."""
        first = {"roll": None, "north": 0, "south": 1}[self.rules.first_player]
        state = self._empty()
        state.first = first
        state.to_move = first if first is not None else 0
        state.setup = ROLL if first is None else 0
        self.cards.deal(state, seed)
        return state

    def _empty(self) -> BrawlhallaState:
        geometry = self.geometry
        state = object.__new__(BrawlhallaState)
        state._legal = state._by_source = state._tally = None
        state.game = self
        state.stacks = {}
        state.buildings = {cell: (side, "capital") for side, cell in enumerate(geometry.capitals)}
        state.works = {}
        state.guardians = frozenset(cell for _, cell in geometry.sanctuaries)
        state.beaten = {}
        ruins = frozenset(self.board.ruins)
        state.ruins = (ruins, ruins)
        state.wrecks = dict.fromkeys(geometry.wreckages, self.rules.wreckage_uses)
        state.earthed = frozenset()
        state.flag, state.carrier, state.respawn = geometry.flag_home, None, None
        state.coins = state.holy = state.cards_due = (0, 0)
        state.artifacts = ((), ())
        state.hands, state.deck, state.discard = ((), ()), (), ()
        state.discarding, state.sacrificed = None, 0
        state.relics = state.in_effect = state.face_down = state.committed = ((), ())
        state.artifact_pile = ()
        state.skofnung = state.extra_move = (-1, -1)
        state.dead, state.deciding = ((0, 0, 0, 0), (0, 0, 0, 0)), None
        state.shown_hand, state.shown_face_down = (False, False), ((), ())
        state.doubled, state.frozen = frozenset(), {}
        state.turn, state.to_move, state.ap = 0, 0, 0
        state.setup, state.first, state.pending = PLAYING, 0, None
        state.winner, state.victory, state.actions = None, "", 0
        return state

    def position(
        self,
        *,
        stacks: Mapping[Cell, Iterable[int]] = (),
        buildings: Mapping[Cell, tuple[int, str]] | None = None,
        works: Mapping[Cell, tuple[int, str, int, int, int]] = (),
        guardians: Iterable[Cell] | None = None,
        beaten: Mapping[Cell, int] = (),
        ruins: Iterable[Cell] | tuple[Iterable[Cell], Iterable[Cell]] | None = None,
        wrecks: Mapping[Cell, int] | None = None,
        earthed: Iterable[Cell] = (),
        flag: Cell | str | None = "home",
        carrier: Cell | None = None,
        respawn: int | None = None,
        coins: tuple[int, int] = (0, 0),
        hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
        deck: tuple[str, ...] = (),
        discard: tuple[str, ...] = (),
        sacrificed: int = 0,
        relics: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
        in_effect: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
        artifact_pile: tuple[str, ...] = (),
        face_down: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
        doubled: Iterable[str] = (),
        frozen: Mapping[Cell, int] = (),
        holy: tuple[int, int] = (0, 0),
        cards_due: tuple[int, int] = (0, 0),
        artifacts: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
        turn: int = 1,
        to_move: int = 0,
        ap: int | None = None,
        first: int = 0,
        pending: tuple | None = None,
        winner: int | None = None,
        victory: str = "",
    ) -> BrawlhallaState:
        """A hand-set position in play (set-up done): any field left out is as at the
        start (both capitals, every guardian, ruin and wreckage, the flag at home).

        ``stacks`` maps cells to ``(owner, warriors, warlords, dragons, boats[, spent])``;
        ``buildings`` (cell -> ``(owner, kind)``) replaces the capitals-only default;
        ``ruins`` is one set of cells for both sides or a pair of sets (north, south);
        ``pending`` an attack waiting for its dice, ``winner``/``victory`` a game over;
        ``doubled`` and ``frozen`` the card effects of the turn (:mod:`.turn_effects`).
        The position file format (:mod:`~workbench.games.brawlhalla.position`) builds
        states with this.
        """
        state = self._empty()
        state.stacks = {}
        for cell, units in dict(stacks).items():
            values = tuple(int(v) for v in units)
            state.stacks[tuple(cell)] = (*values, 0) if len(values) == 5 else values
        if buildings is not None:
            state.buildings = {tuple(c): (int(o), str(k)) for c, (o, k) in dict(buildings).items()}
        state.works = {tuple(c): tuple(w) for c, w in dict(works).items()}
        if guardians is not None:
            state.guardians = frozenset(map(tuple, guardians))
        state.beaten = {tuple(c): int(s) for c, s in dict(beaten).items()}
        if ruins is not None:
            ruins = [tuple(item) if _is_cell(item) else item for item in ruins]
            if ruins and not all(map(_is_cell, ruins)):
                north, south = ruins
                state.ruins = (frozenset(map(tuple, north)), frozenset(map(tuple, south)))
            else:
                both = frozenset(ruins)
                state.ruins = (both, both)
        if wrecks is not None:
            state.wrecks = {tuple(c): int(n) for c, n in dict(wrecks).items()}
        state.earthed = frozenset(map(tuple, earthed))
        state.flag = self.geometry.flag_home if flag == "home" else flag
        state.carrier, state.respawn = carrier, respawn
        state.coins, state.holy, state.artifacts = tuple(coins), tuple(holy), tuple(artifacts)
        state.cards_due = tuple(cards_due)
        state.hands = (tuple(hands[0]), tuple(hands[1]))
        state.deck, state.discard, state.sacrificed = tuple(deck), tuple(discard), sacrificed
        state.relics = (tuple(relics[0]), tuple(relics[1]))
        state.in_effect = (tuple(in_effect[0]), tuple(in_effect[1]))
        state.artifact_pile = tuple(artifact_pile)
        state.face_down = (tuple(face_down[0]), tuple(face_down[1]))
        state.pending, state.winner, state.victory = pending, winner, victory
        state.doubled = frozenset(doubled)
        state.frozen = {tuple(c): int(n) for c, n in dict(frozen).items()}
        state.turn, state.to_move, state.first = turn, to_move, first
        state.ap = self.rules.action_points_per_turn if ap is None else ap
        return state


def _dealt(
    state: BrawlhallaState,
    player: int,
    other_hand: tuple[str, ...],
    deck: tuple[str, ...],
    other_face_down: tuple[str, ...],
) -> BrawlhallaState:
    """A copy of ``state`` with these cards in the other side's hand, face down and the
    deck (and, for the observation, no artifact order)."""
    world = state.copy()
    hands, laid = list(state.hands), list(state.face_down)
    hands[1 - player], laid[1 - player] = other_hand, other_face_down
    world.hands, world.deck = (hands[0], hands[1]), deck
    world.face_down = (laid[0], laid[1])
    world.artifact_pile = ()
    return world


def _revealed(state: BrawlhallaState, side: int) -> list[str]:
    """The side's face-down cards in effect that its opponent has seen."""
    return [name for name in state.face_down[side] if name in state.shown_face_down[side]]


def _is_cell(item: Any) -> bool:
    return (
        isinstance(item, tuple | list)
        and len(item) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
    )
