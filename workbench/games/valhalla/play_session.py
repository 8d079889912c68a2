"""Playing a level by drawing lines, as in the phone game: the logic of the editor's Play mode.

A :class:`PlaySession` takes the cells a finger (or mouse) draws: :meth:`~PlaySession.press`
on the hero's cell starts a line, :meth:`~PlaySession.drag` extends it one neighbouring
cell at a time (crossing is allowed, following itself is refused as
``Rules.line_rule`` says, and dragging back onto the previous cell takes the last
step back), and :meth:`~PlaySession.release` lets the hero walk it through the
engine: one :class:`Frame` per step with Attack and Health, fights listed blow by
blow, items used. At the end :meth:`~PlaySession.verdict` compares the stars earned
with the solver's best, and :meth:`~PlaySession.show_solution` replays its witness.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> session = PlaySession(level)
>>> session.press((0, 0)), session.drag((0, 1)), session.drag((0, 2))
(True, True, True)
>>> [(f.cell, f.attack, f.health) for f in session.release()]
[((0, 1), 2, 5), ((0, 2), 1, 0)]
>>> for event in session.frames[-1].events:
...     print(event)
fight with the 5/1 enemy at [0, 2]
enemy strikes 5: hero Health 5 -> 0
the hero falls; the final strike (To Valhalla) bests the enemy
the game is won
>>> session.verdict()
'You won with 2 stars (one line, strong killer); 2 stars were possible.'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from workbench.games.valhalla.drawing import ITEM_NAMES
from workbench.games.valhalla.engine import Outcome, Situation, ValhallaCalling
from workbench.games.valhalla.fight import FightResult
from workbench.games.valhalla.level import Level
from workbench.games.valhalla.rules import Rules
from workbench.games.valhalla.solver import Play, Solution, solve
from workbench.grids.square import Cell

__all__ = ["Frame", "PlaySession", "fight_blows"]


class Frame(NamedTuple):
    """The board after one step of the hero (or before the first, ``step`` 0).

    ``enemies`` and ``items`` are bitmasks of what is still on the board (as in
    :class:`~workbench.games.valhalla.engine.Situation`); ``events`` says what
    happened on the step; ``outcome`` is set on the step that ended the game.
    """

    line: int
    step: int
    cell: Cell
    attack: int
    health: int
    enemies: int
    items: int
    events: tuple[str, ...] = ()
    outcome: Outcome | None = None


def fight_blows(
    result: FightResult,
    health: int,
    attack: int,
    *,
    enemy_attack: int,
    enemy_health: int,
    hero_first: bool,
    mjolnir: int = 0,
    shield: int = 0,
    biorn: bool = False,
    zero_spends_shield: bool = False,
) -> list[str]:
    """The fight that ended in ``result``, one line per blow (same arguments as
    :func:`~workbench.games.valhalla.fight.fight`); the blows are played one by one and
    must end where ``result`` says (a check against the closed form).

    >>> from workbench.games.valhalla.fight import fight
    >>> args = dict(enemy_attack=4, enemy_health=5, hero_first=False)
    >>> fight_blows(fight(6, 3, **args), 6, 3, **args)
    ['enemy strikes 4: hero Health 6 -> 2', 'hero strikes 3: enemy Health 5 -> 2', \
'enemy strikes 4: hero Health 2 -> -2']
    """
    blows, hero_turn = [], hero_first
    while health > 0 and enemy_health > 0:
        if hero_turn:
            blow = enemy_health if biorn or mjolnir else attack
            how = " (Mjolnir)" if mjolnir else " (Biorn's Curse)" if biorn else ""
            mjolnir = max(0, mjolnir - 1)
            blows.append(f"hero strikes {blow}{how}: enemy Health "
                         f"{enemy_health} -> {enemy_health - blow}")  # fmt: skip
            enemy_health -= blow
        elif shield and (enemy_attack > 0 or zero_spends_shield):
            shield -= 1
            blows.append(f"enemy strikes {enemy_attack}: the Dwarven Shield takes it")
        else:
            blows.append(f"enemy strikes {enemy_attack}: hero Health "
                         f"{health} -> {health - enemy_attack}")  # fmt: skip
            health -= enemy_attack
        hero_turn = not hero_turn
    if (health > 0) != result.hero_won or health != result.health:
        raise AssertionError(f"blow by blow {health} differs from the closed form {result}")
    return blows


class PlaySession:
    """One game played by drawing lines (see the module docstring).

    ``final_strike`` is the player's To Valhalla choice when the hero falls; under
    ``Rules.trickster_cunning="choice"`` the player uses Tricksters Cunning in every
    fight. The solver's witness, shown by :meth:`show_solution`, makes its own choices
    (kept by :meth:`undo`, forgotten by :meth:`restart`).
    ``solution``: the solver's answer for this level and rules if already known.
    """

    def __init__(self, level: Level, rules: Rules | None = None, *, final_strike: bool = True,
                 solution: Solution | None = None):  # fmt: skip
        self.game = ValhallaCalling(level, rules)
        self._player_strike = final_strike
        self._solution = solution
        self.restart()

    # --- state ------------------------------------------------------------------

    def restart(self) -> None:
        """Back to the start: no lines walked, nothing drawn."""
        self.lines: list[list[Cell]] = []
        self.drawing: list[Cell] = []
        self.state: Situation | Outcome = self.game.start()
        self.frames: list[Frame] = [self._frame(0, 0, self.state)]
        self.final_strike = self._player_strike
        self._cunning: Sequence[bool] = ()  # fight by fight (the witness's); then True
        self._fights = 0

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return isinstance(self.state, Outcome)

    @property
    def hero(self) -> Frame:
        """The latest frame: where the hero is, with what Attack and Health."""
        return self.frames[-1]

    @property
    def solution(self) -> Solution:
        """The solver's answer for this level (computed once, when first asked)."""
        if self._solution is None:
            self._solution = solve(self.game.level, self.game.rules)
        return self._solution

    def stars(self) -> tuple[str, ...]:
        """The stars earned (none until the game is won)."""
        if not isinstance(self.state, Outcome):
            return ()
        return self.game.stars(self.state, one_line=len(self.lines) == 1)

    # --- drawing a line ------------------------------------------------------------

    def press(self, cell: Cell) -> bool:
        """Start a line on ``cell``; only the hero's cell, and only while the game is on."""
        cell = tuple(cell)
        if self.over or cell != self.state.cell:
            self.drawing = []
            return False
        self.drawing = [cell]
        return True

    def drag(self, cell: Cell) -> bool:
        """Extend the line to ``cell``; False if refused (not a neighbour, a wall, or the
        line would follow itself). Dragging back onto the previous cell takes a step back."""
        cell = tuple(cell)
        if not self.drawing or cell == self.drawing[-1]:
            return False
        if len(self.drawing) > 1 and cell == self.drawing[-2]:
            self.drawing.pop()
            return True
        if cell not in self.game.neighbours(self.drawing[-1]) or self._follows_itself(cell):
            return False
        self.drawing.append(cell)
        return True

    def _follows_itself(self, cell: Cell) -> bool:
        edge = frozenset((self.drawing[-1], cell))
        if self.game.rules.line_rule == "no_edge_twice":
            steps = itertools.pairwise(self.drawing)
            return any(frozenset(step) == edge for step in steps)
        return len(self.drawing) > 1 and frozenset(self.drawing[-2:]) == edge

    def release(self) -> list[Frame]:
        """The hero walks the drawn line: its frames, one per step (empty if the line has
        no step). Steps drawn beyond the end of the game are dropped."""
        line, self.drawing = self.drawing, []
        if len(line) < 2 or self.over:
            return []
        frames = self._walk(line)
        self.lines.append(line[: len(frames) + 1])
        return frames

    def undo(self) -> None:
        """Take back the last line walked."""
        lines, cunning, strike = self.lines[:-1], self._cunning, self.final_strike
        self.restart()
        self._cunning, self.final_strike = cunning, strike  # the same choices again
        for line in lines:
            self.drawing = line
            self.release()

    # --- the solver's play ----------------------------------------------------------

    def witness(self) -> Play | None:
        """The solver's play for its best star set (None if the level is not winnable)."""
        solution = self.solution
        if not solution.winnable:
            return None
        return solution.witnesses.get(solution.best) or Play(
            solution.solution, solution.final_strike, solution.cunning
        )

    def show_solution(self) -> list[Frame]:
        """Restart and walk the solver's witness: every frame (empty if not winnable)."""
        play = self.witness()
        self.restart()
        if play is None:
            return []
        self._cunning, self.final_strike = play.cunning, play.final_strike
        for line in play.lines:
            self.drawing = list(line)
            self.release()
        return self.frames[1:]

    def verdict(self) -> str:
        """The outcome and the stars earned against the solver's best (empty mid-game)."""
        if not isinstance(self.state, Outcome):
            return ""
        best = self.solution.max_stars if self.solution.winnable else 0
        possible = f"{best} star{'s' * (best != 1)} {'were' if best != 1 else 'was'} possible"
        outcome, stars = self.state, self.stars()
        if outcome.won:
            words = (star.replace("_", " ") for star in stars)
            names = f" ({', '.join(words)})" if stars else ""
            text = f"You won with {len(stars)} star{'s' * (len(stars) != 1)}{names}; {possible}"
            return text + (": show how." if len(stars) < best else ".")
        if outcome.killer is None:
            lost = "You lost: every enemy is bested but the hero is still alive"
        else:
            lost = f"You lost: {outcome.kills} of {self.game.n} enemies bested"
        if not self.solution.winnable:
            return lost + "; the level cannot be won."
        return f"{lost}; {possible}: show how."

    # --- walking ----------------------------------------------------------------------

    def _frame(self, line: int, step: int, s: Situation, events=(), outcome=None) -> Frame:
        return Frame(line, step, s.cell, s.attack, s.health, s.enemies, s.items,
                     tuple(events), outcome)  # fmt: skip

    def _walk(self, line: list[Cell]) -> list[Frame]:
        frames, number = [], len(self.lines) + 1
        for k, cell in enumerate(line[1:], start=1):
            before = self.state
            cunning = self._next_cunning(before, cell)
            after = self.game.step(before, cell, final_strike=self.final_strike, cunning=cunning)
            fought = self._fight(before, cell, cunning) if self._fights_at(before, cell) else None
            events = self._events(before, cell, after, fought)
            if isinstance(after, Outcome):
                health, attack = (
                    (fought[0].health, fought[1]["attack"])
                    if fought
                    else (before.health, before.attack)
                )
                enemies = before.enemies
                if after.kills > self.game.n - enemies.bit_count():  # the final strike
                    enemies &= ~(1 << self.game.enemy_at[cell])
                shown = before._replace(cell=cell, health=health, attack=attack, enemies=enemies)
                frames.append(self._frame(number, k, shown, events, after))
            else:
                frames.append(self._frame(number, k, after, events))
            self.state = after
            if isinstance(after, Outcome):
                break
        self.frames += frames
        return frames

    def _next_cunning(self, s: Situation, cell: Cell) -> bool:
        if not self._fights_at(s, cell):
            return True
        self._fights += 1
        return True if self._fights > len(self._cunning) else self._cunning[self._fights - 1]

    def _fights_at(self, s: Situation, cell: Cell) -> bool:
        enemy = self.game.enemy_at.get(cell)
        return enemy is not None and bool(s.enemies >> enemy & 1)

    def _fight(self, s: Situation, cell: Cell, cunning: bool) -> tuple[FightResult, dict]:
        """The fight a step to ``cell`` starts and its arguments, in the step's own order
        (Attack lost before the content if the rules say so; Loki active if counting)."""
        game, rules = self.game, self.game.rules
        attack = s.attack
        if s.chariot == 0 and rules.attack_loss == "before_content":
            attack = max(rules.attack_floor, attack - 1)
        enemy = game.enemy_at[cell]
        foe = game.level.enemies[enemy]
        cunning = cunning or len(game.cunning_choices()) == 1
        loki = s.loki > 0
        result = game.fight(enemy, s.health, attack, loki=loki, mjolnir=s.mjolnir,
                            shield=s.shield, cunning=cunning)  # fmt: skip
        first = game.hero_first(enemy, attack, loki=loki, mjolnir=s.mjolnir, cunning=cunning)
        args = dict(health=s.health, attack=attack, enemy_attack=foe.attack,
                    enemy_health=foe.health, hero_first=first, mjolnir=s.mjolnir,
                    shield=s.shield, biorn=game.ability == "biorns_curse",
                    zero_spends_shield=rules.shield_zero_damage == "spent")  # fmt: skip
        return result, args

    def _events(self, s: Situation, cell: Cell, after, fought) -> list[str]:
        game, events = self.game, []
        if fought:
            result, args = fought
            foe = game.level.enemies[game.enemy_at[cell]]
            events = [f"fight with the {foe.attack}/{foe.health} enemy at {list(cell)}"]
            events += fight_blows(result, **args)
            if result.hero_won:
                events.append("enemy bested")
            elif isinstance(after, Outcome) and after.kills > game.n - s.enemies.bit_count():
                events.append("the hero falls; the final strike (To Valhalla) bests the enemy")
            else:
                events.append("the hero falls")
        else:
            item = game.item_at.get(cell)
            if item is not None and s.items >> item & 1:
                events.append(f"uses {ITEM_NAMES[game.level.items[item].kind]}")
        if isinstance(after, Outcome):
            events.append("the game is won" if after.won else "the game is lost")
        return events
