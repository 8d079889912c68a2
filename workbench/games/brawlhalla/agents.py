"""Brawlhalla's agents by name: random, MCTS with short playouts, greedy and three
scripted plans, one per way to win.

The greedy agent and the plans share one fast judgement of actions
(:class:`BrawlhallaGreedyAgent`): no next state is built, each action is scored by
what it changes.

- a **move** scores the moved units' value times the rise of a *field* over the
  board, ``weight / (1 + moves)`` summed over the agent's objectives. Moves are
  counted on the board's step tables (:attr:`~.geometry.BrawlhallaGeometry.steps`)
  twice: on foot, and aboard a boat (sail, land on a shore, walk), so that a stack
  walks where it can, boards a boat where it must, and never lands on an island it
  cannot cross (the set-up uses :meth:`~.geometry.BrawlhallaGeometry.distances_to`,
  which lets land units take to the sea anywhere). Stepping onto a ruin adds its
  coin; land units with no way on foot head for a boat, an empty boat for land
  units waiting on a shore; the flag's carrier scores by coming nearer home. A
  stack of less than :data:`STRONG` dice ignores guarded sanctuaries;
- an **attack** scores its expected casualties (exact clash odds), taking an
  undefended capital wins, a guardian scores its chance to fall times the
  objective's weight;
- a boat never sails off leaving some of its passengers at sea (the engine would
  let it);
- **building** a boat (or salvaging one) scores while the side has none, a second
  barrack early on; five warriors **fusing** into a warlord a little; taking the
  **flag** scores high; ending the turn scores 0.

A plan is the same agent with other objectives (:meth:`~BrawlhallaGreedyAgent.
objectives`): :class:`RushPlan` (war), :class:`HolyPlan` (the sanctuaries) and
:class:`FlagPlan` (the flag). Writing another plan in a notebook cell takes a
subclass and one method.

:func:`agent_factory` turns a name as the command line takes it into an agent factory
(a class or a ``functools.partial``, called as ``factory(game, seed=...)``).

>>> agent_factory("mcts:50").keywords
{'simulations': 50, 'rollout_plies': 24}
>>> agent_factory("random").__name__, agent_factory("holy").__name__
('RandomAgent', 'HolyPlan')
>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> game = Brawlhalla()
>>> state = game.position(stacks={(15, 6): (0, 3, 1, 0, 0, 0)}, to_move=0)
>>> RushPlan(game, seed=1).act(state)  # the south capital stands empty next door
('attack', (15, 6), (16, 6))
"""

from __future__ import annotations

import functools
import heapq
from functools import partial
from typing import TYPE_CHECKING, Any

from workbench.errors import RulesError
from workbench.games.brawlhalla.evaluation import WEIGHTS, scores
from workbench.games.brawlhalla.geometry import breadth_first
from workbench.games.brawlhalla.resolve import (
    attack_dice,
    clash_outcomes,
    defence_dice,
    guardian_outcomes,
)
from workbench.games.brawlhalla.state import PLAYING
from workbench.play.agents import RandomAgent, Seed, python_random
from workbench.play.determinized import DeterminizedMCTSAgent
from workbench.play.mcts import MCTSAgent

if TYPE_CHECKING:
    from workbench.games.brawlhalla.engine import Brawlhalla
    from workbench.games.brawlhalla.rules import Rules
    from workbench.games.brawlhalla.state import BrawlhallaState
    from workbench.grids.square import Cell

__all__ = [
    "AGENT_NAMES",
    "ROLLOUT_PLIES",
    "SCORES",
    "STRONG",
    "BrawlhallaGreedyAgent",
    "FlagPlan",
    "HolyPlan",
    "RushPlan",
    "agent_factory",
    "mcts_agent",
]

#: Plies of a random playout before the evaluation judges the position.
ROLLOUT_PLIES = 24
#: The names :func:`agent_factory` takes (``mcts`` with ``:SIMULATIONS``; ``dmcts``: the
#: same budget shared by 8 worlds dealt for what the side sees, so it cannot peek at cards).
AGENT_NAMES = (
    "random",
    "greedy",
    "mcts[:SIMULATIONS]",
    "dmcts[:SIMULATIONS]",
    "rush",
    "holy",
    "flag",
)
#: What actions score, in unit values (a warrior is worth 1).
SCORES: dict[str, float] = {
    "win": 1000.0,  # an attack on an undefended enemy capital, the flag home
    "flag": 50.0,  # taking the flag
    "boat": 3.0,  # building or salvaging a boat while the side has too few
    "barracks": 1.0,  # a second barrack in the first turns
    "fuse": 2.0,  # five warriors make a warlord (room for more on the square)
    "ruin": 0.5,  # stepping onto a ruin
    "board": 0.3,  # per unit of value, boarding a boat to cross the sea
    "sail": 0.05,  # per move nearer, an empty boat to the land units waiting
    "hold": -100.0,  # leaving a sanctuary the side holds with nobody on it (plans)
    "card": 0.4,  # a card in hand
    "artifact": 2.0,  # an artifact held or in effect, a face-down card laid
}
#: Dice of a stack that goes for guardians (a warlord, or 4 warriors on a boat).
STRONG = 7
#: Objective = ``(cell, weight, stand_on)``: reach it to attack it, or to stand on it.
Objective = tuple["Cell", float, bool]
#: ``(on foot, aboard a boat)``: cell -> value of standing there.
Field = tuple[dict["Cell", float], dict["Cell", float]]


@functools.cache
def _expected(
    rules: Rules, attack: int, defence: int, mine: tuple = (), theirs: tuple = ()
) -> float:
    """Expected defender minus attacker casualties of a clash (with die modifiers)."""
    outcomes = clash_outcomes(rules, attack, defence, mine, theirs)
    return sum(float(p) * (won - lost) for (lost, won), p in outcomes)


@functools.cache
def _guardian(rules: Rules, attack: int) -> tuple[float, float]:
    """``(chance the guardian falls, expected attacker casualties)`` of one attack."""
    outcomes = guardian_outcomes(rules, attack)
    fall = sum(float(p) for (_, won), p in outcomes if won)
    return fall, sum(float(p) * lost for (lost, _), p in outcomes)


class BrawlhallaGreedyAgent:
    """Plays the best-scoring action now (see the module text); ties broken at random.

    Its objectives: the enemy capital (weight 1), each sanctuary it does not hold
    (0.5, 1 for the central one while the flag lies there) and, for the flag's
    carrier, its own capital.
    """

    #: How much beating a guardian is worth (times its chance to fall).
    guardian_value = 3.0
    #: How much taking the flag is worth.
    flag_value = SCORES["flag"]
    #: Boats the agent builds or salvages (while it has fewer).
    boats = 1

    def __init__(self, game: Brawlhalla, *, seed: Seed = None) -> None:
        self.game = game
        self._random = python_random(seed)
        self._fields: dict[tuple, Field] = {}
        self._walls: frozenset[Cell] = frozenset()
        self._now: tuple | None = None

    # -- what the agent aims at (plans override this) ----------------------------------
    def objectives(self, state: BrawlhallaState, side: int, strong: bool = True) -> list[Objective]:
        """The cells the agent's units head for (``strong``: for a stack of at least
        :data:`STRONG` in value, which may take on a guardian)."""
        geometry = state.game.geometry
        found: list[Objective] = [(geometry.capitals[1 - side], 1.0, False)]
        for name, cell in geometry.sanctuaries:
            guarded = cell in state.guardians
            if not _holds(state, side, cell) and (strong or not guarded):
                weight = 1.0 if name == "central" and state.flag == cell else 0.5
                found.append((cell, weight, not guarded))
        return found

    def guardian_weight(self, state: BrawlhallaState, cell: Cell) -> float:
        """What beating the guardian on ``cell`` is worth to this agent."""
        return self.guardian_value

    # -- choosing ---------------------------------------------------------------------
    def act(self, state: BrawlhallaState) -> tuple:
        """The best action by :meth:`score` (set-up: :func:`setup_choice`). When nothing
        beats ending the turn, the agent looks again with the enemy's stacks as walls
        (a detour round a blockade) before it ends the turn."""
        if state.setup < PLAYING:
            return setup_choice(state, self.objectives(state, state.to_move)[0][0])
        best = self._best(state)
        if best == ("end",):
            side = state.to_move
            self._walls = frozenset(c for c, s in state.stacks.items() if s[0] != side)
            try:
                best = self._best(state)
            finally:
                self._walls = frozenset()
        return best

    def _best(self, state: BrawlhallaState) -> tuple:
        legal = state.legal_actions()
        # ending the turn scores 0; when it is not open (a discard is due), the first action
        best, best_score = legal[-1], 0.0
        draw = self._random.random
        for action in legal:
            score = self.score(state, action)
            if score > best_score or (score == best_score and score and draw() < 0.5):
                best, best_score = action, score
        return best

    def field(self, state: BrawlhallaState, side: int, strong: bool = True) -> Field:
        """``(on foot, aboard a boat)``: cell -> the sum of ``weight / (1 + moves)``
        over the objectives (remembered)."""
        now = self._remembered(state)
        objectives = now.get((side, strong))
        if objectives is None:
            objectives = now[(side, strong)] = tuple(self.objectives(state, side, strong))
        key = (side, objectives, self._walls)
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = _field(state.game, side, objectives, self._walls)
        return found

    def home_field(self, game: Brawlhalla, side: int) -> Field:
        """The field toward the side's own capital (for the flag's carrier)."""
        key = ("home", side)
        found = self._fields.get(key)
        if found is None:
            home = ((game.geometry.capitals[side], 1.0, True),)
            found = self._fields[key] = _field(game, side, home)
        return found

    def pickups(self, state: BrawlhallaState, side: int, how: str) -> dict[Cell, int]:
        """:func:`_pickups`, remembered for the position."""
        now = self._remembered(state)
        found = now.get(("pickups", side, how))
        if found is None:
            found = now[("pickups", side, how)] = _pickups(state, side, how)
        return found

    def _remembered(self, state: BrawlhallaState) -> dict:
        """What the agent worked out about ``state`` (forgotten at the next position)."""
        if self._now is None or self._now[0] is not state:
            self._now = (state, {})
        return self._now[1]

    def score(self, state: BrawlhallaState, action: tuple) -> float:
        """What ``action`` is worth now, in unit values (0: no better than ending the turn)."""
        kind = action[0]
        if kind == "move":
            return self._move(state, action[1], action[2], action[3])
        if kind == "attack":
            if len(action) > 3:
                return self._attack_with_cards(state, action)
            return self._attack(state, action[1], action[2])
        if kind == "card":
            return self._card(state, action)
        if kind == "flag":
            return self.flag_value
        if kind == "fuse":
            return SCORES["fuse"]
        if kind == "build":
            return _build_score(state, action[1], action[2], self.boats)
        return 0.0

    def _move(self, state, src, dst, part) -> float:
        side = state.to_move
        stack = state.stacks[src]
        rules = state.game.rules
        value = part[0] * rules.warrior_value + part[1] * rules.warlord_value
        value += part[2] * rules.dragon_value
        whole = part == stack[1:5]
        if part[3] and not whole and state.terrain(src) == "~":
            return -1.0  # never leave passengers at sea (see the module text)
        if state.carrier == src:
            return _carry(self, state, side, src, dst, part, whole)
        score = SCORES["ruin"] if dst in state.ruins[side] else 0.0
        if value == 0:  # an empty boat, or a boat leaving its passengers ashore
            if stack[1] + stack[2] + stack[3]:
                return score - 0.5
            return score + SCORES["sail"] * _nearer(self.pickups(state, side, "aquatic"), src, dst)
        there = state.stacks.get(dst)
        # judged as the stronger of the stack it leaves and the stack it makes
        boat = rules.boat_bonus if part[3] or (there is not None and there[4]) else 0
        strength = value + boat + (state.value(there) if there is not None else 0)
        strength = max(strength, state.value(stack) + (rules.boat_bonus if stack[4] else 0))
        land, sea = self.field(state, side, strength >= STRONG)
        before = sea.get(src, 0.0) if stack[4] else land.get(src, 0.0)
        after = sea.get(dst, 0.0) if part[3] or (there and there[4]) else land.get(dst, 0.0)
        score += value * (after - before)
        if before == after == 0.0 and not part[3]:  # no way there on foot: to a boat
            score += (
                SCORES["sail"] * value * _nearer(self.pickups(state, side, "terrestrial"), src, dst)
            )
        if whole and self._holding(state, side, src):
            score += SCORES["hold"]
        return score

    def _holding(self, state: BrawlhallaState, side: int, cell: Cell) -> bool:
        """Whether leaving ``cell`` empty gives up something the agent means to keep."""
        return False

    def _attack(self, state, src, dst) -> float:
        rules = state.game.rules
        attack = attack_dice(state, src, state.stacks[src])
        if dst in state.guardians:
            fall, losses = _guardian(rules, attack)
            return fall * self.guardian_weight(state, dst) - losses
        defence = defence_dice(state, dst)
        building = state.buildings.get(dst)
        if defence == 0:
            if building is not None and building[1] == "capital" and dst not in state.stacks:
                return SCORES["win"]
            return 2.0 if building is not None else 1.0
        gain = _expected(rules, attack, defence)
        return gain + (5.0 if state.carrier == dst else 0.0)

    def _attack_with_cards(self, state, action) -> float:
        """An attack with clash cards: its expected exchange with them, less what the
        cards are worth kept (:data:`SCORES` ``card``)."""
        cost = SCORES["card"] * len(action[3])
        after = state.apply(action)
        if after.pending is None:  # won outright, or it fell at once
            return self._attack(state, action[1], action[2]) - cost
        attack, defence, guardian = after.pending[2:5]
        if guardian:
            return self._attack(state, action[1], action[2]) - cost
        mine, theirs = after.committed
        return _expected(state.game.rules, attack, defence, mine, theirs) - cost

    def _card(self, state, action) -> float:
        """A card played: how much it raises the side's score (:func:`~.evaluation.scores`,
        weighted) over the enemy's, plus cards gained, less the card itself."""
        side = state.to_move
        after = state.apply(action)
        if after.current_player() < 0 and not after.is_terminal():
            return 0.0
        if after.is_terminal():
            return SCORES["win"] if after.winner == side else -SCORES["win"]

        def lead(position) -> float:
            own, enemy = (_weighted(position, s) for s in (side, 1 - side))
            cards = len(position.hands[side]) - len(position.hands[1 - side])
            kept = sum(len(pile[side]) for pile in (position.relics, position.in_effect))
            kept += len(position.face_down[side])
            return own - enemy + SCORES["card"] * cards + SCORES["artifact"] * kept

        return lead(after) - lead(state)


def _weighted(state: BrawlhallaState, side: int) -> float:
    return sum(WEIGHTS[k] * v for k, v in scores(state, side).items())


class RushPlan(BrawlhallaGreedyAgent):
    """War: every stack marches (and sails) at the enemy capital and attacks it."""

    guardian_value = 0.0
    flag_value = 0.0
    boats = 2

    def objectives(self, state: BrawlhallaState, side: int, strong: bool = True) -> list[Objective]:
        """The enemy capital only."""
        return [(state.game.geometry.capitals[1 - side], 1.0, False)]


class HolyPlan(BrawlhallaGreedyAgent):
    """Holy domination: stacks of :data:`STRONG` dice go for the guardians (the
    guardian's 5, 4 and 3 must all be beaten: 7 dice do it 56% of the time, 3 dice 7%),
    attacking while the chance is worth the losses; weaker stacks take sanctuaries
    whose guardian fell or go back to the harbor; a unit stays on each sanctuary held."""

    guardian_value = 10.0
    flag_value = 0.0
    boats = 3

    def objectives(self, state: BrawlhallaState, side: int, strong: bool = True) -> list[Objective]:
        """The sanctuaries the side does not hold yet (a weak stack: those whose guardian
        fell, else back to the harbor for more units)."""
        found = [
            (cell, 1.0, cell not in state.guardians)
            for _, cell in state.game.geometry.sanctuaries
            if not _holds(state, side, cell) and (strong or cell not in state.guardians)
        ]
        harbor = [c for c, (o, k) in state.buildings.items() if o == side and k == "harbor"]
        return found or [(harbor[0] if harbor else state.game.geometry.capitals[side], 0.2, True)]

    def _holding(self, state: BrawlhallaState, side: int, cell: Cell) -> bool:
        return any(cell == c for _, c in state.game.geometry.sanctuaries)


class FlagPlan(BrawlhallaGreedyAgent):
    """Capture the flag: reach the central sanctuary, beat its guardian, take the flag
    and carry it home (by boat across the sea); chase an enemy carrier."""

    guardian_value = 10.0

    def objectives(self, state: BrawlhallaState, side: int, strong: bool = True) -> list[Objective]:
        """The flag where it lies (or the enemy carrier, or home once it is ours)."""
        geometry = state.game.geometry
        if state.carrier is not None:
            if state.stacks[state.carrier][0] == side:
                return [(geometry.capitals[side], 1.0, True)]
            return [(state.carrier, 1.0, False)]
        cell = state.flag or geometry.flag_home
        return [(cell, 1.0, cell not in state.guardians)]

    def guardian_weight(self, state: BrawlhallaState, cell: Cell) -> float:
        return self.guardian_value if cell == state.game.geometry.flag_home else 0.0


# -- shared helpers -------------------------------------------------------------------
def _holds(state: BrawlhallaState, side: int, cell: Cell) -> bool:
    stack = state.stacks.get(cell)
    return stack is not None and stack[0] == side and cell not in state.guardians


def _field(
    game: Brawlhalla, side: int, objectives: tuple[Objective, ...], walls: frozenset = frozenset()
) -> Field:
    land: dict[Cell, float] = {}
    sea: dict[Cell, float] = {}
    for target, weight, stand_on in objectives:
        foot, boat = _distances(game, side, target, stand_on, walls)
        for table, moves in ((land, foot), (sea, boat)):
            for cell, n in moves.items():
                table[cell] = table.get(cell, 0.0) + weight / (1 + n)
        if stand_on:
            land[target] = land.get(target, 0.0) + weight
    return land, sea


@functools.lru_cache(maxsize=256)
def _distances(
    game: Brawlhalla, side: int, target: Cell, stand_on: bool, walls: frozenset = frozenset()
) -> tuple[dict[Cell, int], dict[Cell, int]]:
    """Moves to reach ``target`` (stand on it, or next to it to attack): on foot, and
    for a stack aboard a boat (sailing, then landing and walking), never through ``walls``."""
    geometry = game.geometry
    walk, sail = geometry.steps["terrestrial"], geometry.steps["aquatic"]
    enemy = geometry.capitals[1 - side]
    if stand_on:
        starts = [target]
    else:
        starts = [c for c in geometry.around[target] if geometry.terrain[c] in ".:"]
    foot = breadth_first(starts, walk.__getitem__, avoid=walls | {enemy})
    boat: dict[Cell, int] = {}
    for cell, terrain in geometry.terrain.items():
        if terrain == ":":
            landing = [foot[n] + 1 for n in walk[cell] if n in foot]
            if cell in foot or landing:
                boat[cell] = min([foot.get(cell, 99), *landing])
    heap = [(n, cell) for cell, n in boat.items()]
    heapq.heapify(heap)
    while heap:
        n, cell = heapq.heappop(heap)
        if n > boat[cell]:
            continue
        for nxt in sail[cell]:
            if n + 1 < boat.get(nxt, 999) and nxt not in walls:
                boat[nxt] = n + 1
                heapq.heappush(heap, (n + 1, nxt))
    return foot, boat


def _pickups(state: BrawlhallaState, side: int, how: str) -> dict[Cell, int]:
    """Moves (by ``how``, terrestrial or aquatic) to where land units meet a boat: the
    side's boats and harbor for walkers; for empty boats, its harbor and its land units
    on a shore."""
    geometry = state.game.geometry
    harbors = [c for c, (o, k) in state.buildings.items() if o == side and k == "harbor"]
    mine = [(c, s) for c, s in state.stacks.items() if s[0] == side]
    if how == "terrestrial":
        starts = harbors + [c for c, s in mine if s[4]]
    else:
        starts = harbors + [
            c for c, s in mine if not s[4] and s[1] + s[2] and state.terrain(c) == ":"
        ]
    return breadth_first(starts, geometry.steps[how].__getitem__)


def _nearer(distance: dict[Cell, int], src: Cell, dst: Cell) -> int:
    return distance.get(src, 99) - distance.get(dst, 99)


def _carry(agent, state, side, src, dst, part, whole) -> float:
    """The flag's carrier: the whole stack home (a boat left behind once ashore)."""
    geometry = state.game.geometry
    home = geometry.capitals[side]
    if whole:
        if dst == home:
            return SCORES["win"]
        land, sea = agent.home_field(state.game, side)
        stack, there = state.stacks[src], state.stacks.get(dst)
        before = sea.get(src, 0.0) if stack[4] else land.get(src, 0.0)
        after = sea.get(dst, 0.0) if part[3] or (there and there[4]) else land.get(dst, 0.0)
        return 1.0 + 20.0 * (after - before)
    if part == (0, 0, 0, 1):
        land, _ = agent.home_field(state.game, side)
        return 1.0 if land.get(src, 0.0) > 0 else -1.0
    return -1.0


def _build_score(state: BrawlhallaState, cell: Cell, kind: str, wanted: int) -> float:
    side = state.to_move
    if kind in ("boat", "salvage"):
        boats = state.count(side, "boats") + state.count(side, "boat works")
        return SCORES["boat"] if boats < wanted else 0.0
    if kind == "barracks" and state.turn <= 6 and state.count(side, "barracks") < 2:
        return SCORES["barracks"]
    return 0.0


def setup_choice(state: BrawlhallaState, target: Cell) -> tuple:
    """A set-up decision aimed at ``target``: the harbor on the shore square nearest
    it, the barrack next to the harbor's site, every unit it can on the harbor."""
    side = state.to_move
    actions = state.legal_actions()
    geometry = state.game.geometry
    distance = geometry.distances_to(side, target)
    harbors = [
        c for c in geometry.home[side] if geometry.terrain[c] == ":" and c not in state.buildings
    ]
    harbor = min(harbors, key=lambda c: (distance.get(c, 999), c)) if harbors else None
    kind = actions[0][0]
    if kind == "harbor":
        return min(actions, key=lambda a: (distance.get(a[1], 999), a[1]))
    if kind == "barracks":
        near = [a for a in actions if a[1] != harbor] or actions
        return min(near, key=lambda a: (_apart(a[1], harbor), a[1]))
    return max(actions, key=lambda a: (a[2] == "harbor", a[1][2], a[1][1]))


def _apart(a: Cell, b: Cell | None) -> int:
    return 0 if b is None else abs(a[0] - b[0]) + abs(a[1] - b[1])


def mcts_agent(simulations: int) -> partial:
    """UCT with ``simulations`` per decision, playouts cut after :data:`ROLLOUT_PLIES`."""
    return partial(MCTSAgent, simulations=simulations, rollout_plies=ROLLOUT_PLIES)


_NAMED: dict[str, Any] = {
    "random": RandomAgent,
    "greedy": BrawlhallaGreedyAgent,
    "rush": RushPlan,
    "holy": HolyPlan,
    "flag": FlagPlan,
}


def agent_factory(spec: str) -> Any:
    """An agent factory from its name (see :data:`AGENT_NAMES`)."""
    name, _, budget = str(spec).partition(":")
    if name in _NAMED and ":" not in str(spec):
        return _NAMED[name]
    if name in ("mcts", "dmcts") and (not budget or (budget.isdigit() and int(budget) > 0)):
        agent = mcts_agent(int(budget or 200))
        if name == "dmcts":
            worlds = min(8, agent.keywords["simulations"])
            return partial(DeterminizedMCTSAgent, worlds=worlds, **agent.keywords)
        return agent
    raise RulesError(f"agent {spec!r}: expected one of {', '.join(AGENT_NAMES)}")
