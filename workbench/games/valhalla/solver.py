"""``solve(level)``: everything a designer asks of a level, exact where it can be.

* winnable, and every star set some winning play earns (``star_sets``), from the
  exhaustive free-walk search plus, for the one-line star, a budgeted trail search,
  an exact refinement of a loosened game (:mod:`~.exact_lines`) and two searches
  guided by the free walks that can only find one-line wins (:mod:`~.joint_lines`,
  :func:`~.trails.guided_line`; a set none decides within its budget is listed in
  ``unknown_star_sets``, never as "no");
* the best star count and a witness solution for the best set, as lines of cells
  (each line starts on the hero's cell);
* the fewest lines of any winning play (``fewest_lines_exact`` says if proven);
* the number of winning kill orders and difficulty statistics.

>>> from workbench.games.valhalla.level import Level
>>> level = Level.from_dict({"name": "Duel", "width": 3, "height": 1, "start": [0, 0],
...     "hero": {"health": 5, "attack": 3, "ability": "to_valhalla"},
...     "enemies": [{"at": [0, 2], "attack": 5, "health": 1}]})
>>> result = solve(level)
>>> result.winnable, result.star_sets, result.max_stars
(True, (('one_line', 'strong_killer'), ('strong_killer',)), 2)
>>> result.solution
[[(0, 0), (0, 1), (0, 2)]]
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

import pandas as pd
from tqdm.auto import tqdm

from workbench.games.valhalla.analysis import (
    RANDOM_WALKS,
    random_walk_share,
    split_lines,
    witness_walk,
)
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.exact_lines import EXACT_BUDGET, one_line_wins
from workbench.games.valhalla.joint_lines import JOINT_BUDGET, joint_line
from workbench.games.valhalla.kill_orders import KILL_ORDER_BUDGET, count_kill_orders
from workbench.games.valhalla.level import Level
from workbench.games.valhalla.rules import STAR_NAMES, Rules
from workbench.games.valhalla.search import MAX_MEMORY, StateSpace
from workbench.games.valhalla.trails import (
    GUIDED_BUDGET,
    LINE_BUDGET,
    LineSearch,
    guided_line,
    search_lines,
)
from workbench.grids.square import Cell
from workbench.memory import collector_paused, small_pages

__all__ = ["GRADES", "QUICK_SHARE", "STAGES", "Play", "Solution", "grade", "solve"]

#: The stages of :func:`solve`, in order, as its progress bar names them.
STAGES = ("free-walk search", "one-line star", "best play and fewest lines", "difficulty",
          "kill orders")  # fmt: skip

#: The first trail search for the one-line star gets ``line_budget // QUICK_SHARE``
#: nodes: enough to settle a small level, little where the guided search is needed.
QUICK_SHARE = 10

#: Difficulty grades, easiest first (see :func:`grade`).
GRADES: tuple[str, ...] = ("easy", "medium", "hard", "expert")


def _star_set(one_line: bool, star_class: int) -> tuple[str, ...]:
    flags = (one_line, bool(star_class & 1), bool(star_class & 2))
    return tuple(name for name, got in zip(STAR_NAMES, flags, strict=True) if got)


def _rank(stars: tuple[str, ...]) -> tuple:
    return (-len(stars), [STAR_NAMES.index(s) for s in stars])


class Play(NamedTuple):
    """A play: its lines, the final strike choice and, fight by fight, whether it uses
    Tricksters Cunning (the arguments of :meth:`ValhallaCalling.replay`)."""

    lines: list[list[Cell]]
    final_strike: bool
    cunning: tuple[bool, ...]


@dataclass(frozen=True)
class Solution:
    """The answers of :func:`solve` for one level (see the module docstring)."""

    level: Level
    rules: Rules
    winnable: bool
    star_sets: tuple[tuple[str, ...], ...]
    unknown_star_sets: tuple[tuple[str, ...], ...]
    max_stars: int
    best: tuple[str, ...]
    solution: list[list[Cell]]
    final_strike: bool
    fewest_lines: int | None
    fewest_lines_exact: bool
    kill_orders: int | None
    stats: dict[str, Any] = field(default_factory=dict)
    #: A play earning each star set exactly.
    witnesses: dict[tuple[str, ...], Play] = field(default_factory=dict)
    #: Fight by fight, whether the solution uses Tricksters Cunning (see
    #: ``Rules.trickster_cunning``; replay with ``cunning=``).
    cunning: tuple[bool, ...] = ()

    @property
    def grade(self) -> str:
        """The difficulty grade (:func:`grade`)."""
        return grade(self)

    def to_json(self) -> dict[str, Any]:
        """The JSON answer of ``workbench valhalla solve --json``."""
        stats = {k: float(v) if isinstance(v, Fraction) else v for k, v in self.stats.items()}
        stats.update(
            best_star_set=list(self.best),
            unknown_star_sets=[list(s) for s in self.unknown_star_sets],
            fewest_lines_exact=self.fewest_lines_exact,
            winning_kill_orders=self.kill_orders,
            final_strike=self.final_strike,
            cunning=list(self.cunning),
        )
        return {
            "winnable": self.winnable,
            "star_sets": [list(s) for s in self.star_sets],
            "max_stars": self.max_stars,
            "fewest_lines": self.fewest_lines,
            "solution": [[list(c) for c in line] for line in self.solution],
            "stats": stats,
        }

    def star_table(self) -> pd.DataFrame:
        """Every combination of stars: earned together by some winning play or not."""
        rows = []
        for mask in range(8):
            stars = tuple(n for k, n in enumerate(STAR_NAMES) if mask >> k & 1)
            if stars in self.star_sets:
                status = "yes"
            elif stars in self.unknown_star_sets:
                status = "unknown"
            else:
                status = "no"
            row = {name: "*" if name in stars else "" for name in STAR_NAMES}
            rows.append({**row, "stars": len(stars), "achievable": status})
        table = pd.DataFrame(rows)
        return table.sort_values("stars", ascending=False, kind="stable").reset_index(drop=True)

    def summary(self) -> dict[str, Any]:
        """One table row: name, winnable, best stars, lines, kill orders, grade."""
        return {
            "level": self.level.name,
            "size": f"{self.level.width}x{self.level.height}",
            "enemies": len(self.level.enemies),
            "winnable": self.winnable,
            "max_stars": self.max_stars,
            "best": " + ".join(self.best) if self.best else "",
            "fewest_lines": self.fewest_lines,
            "kill_orders": self.kill_orders,
            "states": self.stats["states"],
            "grade": self.grade,
        }


def grade(solution: Solution) -> str:
    """A difficulty grade from the share of random plays that win.

    "easy" from 1 in 4, "medium" from 1 in 12, "hard" from 1 in 50, else "expert"
    (an unwinnable level is "expert" too).
    """
    share = solution.stats.get("random_win_share", 0)
    for name, bar in zip(GRADES, (Fraction(1, 4), Fraction(1, 12), Fraction(1, 50)), strict=False):
        if share >= bar:
            return name
    return GRADES[-1]


class _Stages(tqdm):
    """A progress bar over :data:`STAGES` that names the one under way.

    >>> with _Stages("Duel", progress=False) as bar:
    ...     bar.next()
    ...     STAGES[bar.done]
    'one-line star'
    """

    def __init__(self, name: str, progress: bool):
        super().__init__(total=len(STAGES), desc=f"solving {name}", disable=not progress,
                         bar_format="{desc}: {n}/{total}{postfix} ({elapsed})",
                         postfix=STAGES[0], mininterval=0, miniters=1)  # fmt: skip
        self.done = 0

    def next(self) -> None:
        """The stage under way is done: name the next one."""
        self.done += 1
        self.set_postfix_str(STAGES[self.done] if self.done < len(STAGES) else "done", False)
        self.update()


def solve(
    level: Level,
    rules: Rules | None = None,
    *,
    line_budget: int = LINE_BUDGET,
    joint_budget: int = JOINT_BUDGET,
    guided_budget: int = GUIDED_BUDGET,
    exact_budget: int = EXACT_BUDGET,
    kill_order_budget: int = KILL_ORDER_BUDGET,
    random_walks: int = RANDOM_WALKS,
    seed: int = 0,
    max_memory: int = MAX_MEMORY,
    progress: bool = False,
) -> Solution:
    """Solve a level exactly (see the module docstring).

    ``line_budget`` bounds each trail search (one-line star, fewest lines) in
    search nodes; past it the answer is "unknown" rather than a guess. The one-line
    star is first sought by a quick trail search (a :data:`QUICK_SHARE`-th of the
    budget), then a set it leaves unknown by :func:`~.joint_lines.joint_line` (the
    trails of a plan chosen together, within ``joint_budget`` moves tried) and, if that
    gives up, :func:`~.trails.guided_line` (rounds of ``guided_budget`` trail steps,
    move orders shuffled from ``seed``), both of which can only find one-line wins,
    never rule them out; then by the trail search with the
    whole budget, and one still unknown is decided exactly by
    :func:`~.exact_lines.one_line_wins` (within ``exact_budget`` work).
    ``random_walks`` random plays (seeded by ``seed`` too) estimate how often a
    player who does not think wins. A level whose search would hold more than
    ``max_memory`` bytes is refused (:class:`~workbench.errors.SearchLimitError`) as soon
    as its layers show it. ``progress=True`` shows the stage under way (:data:`STAGES`) in a
    tqdm bar: the hardest 10x10 levels take seconds, most of them in the search and the
    kill-order count. Its arrays are kept off huge pages (:func:`~workbench.memory.small_pages`)
    and Python's cyclic collector is paused (:func:`~workbench.memory.collector_paused`): on
    seed 77 of the hard ladder, the solve took 0.92x the time.
    """
    with small_pages(), collector_paused(), _Stages(level.name, progress) as bar:
        return _solve(level, rules, bar, line_budget=line_budget, joint_budget=joint_budget,
                      guided_budget=guided_budget, exact_budget=exact_budget,
                      kill_order_budget=kill_order_budget, random_walks=random_walks, seed=seed,
                      max_memory=max_memory)  # fmt: skip


def _solve(level: Level, rules: Rules | None, bar: _Stages, *, line_budget: int,
           joint_budget: int, guided_budget: int, exact_budget: int, kill_order_budget: int,
           random_walks: int, seed: int, max_memory: int) -> Solution:  # fmt: skip
    """:func:`solve`'s work, each of its :data:`STAGES` noted on ``bar`` as it ends."""
    game = ValhallaCalling(level, rules)
    space = StateSpace(game, max_memory=max_memory)
    bar.next()
    free = space.classes(space.start)
    walks = {}
    for c in range(4):
        if free >> c & 1:
            with contextlib.suppress(ValueError):  # only a one-step play wins this class
                walks[c] = witness_walk(space, target=c, multi_line=True)
    multi = sum(1 << c for c in walks)
    one = search_lines(space, targets=free, max_lines=1, budget=line_budget // QUICK_SHARE)
    for c, (walk, strike, cunning) in walks.items():
        drawn = split_lines(game, walk)
        if len(drawn) == 1 and one.status[1 << c] == "unknown":  # the witness is one line
            _settle(one, 1 << c, drawn, strike, cunning)
    for c in range(4):
        if one.status.get(1 << c) == "unknown":
            found = joint_line(space, target=c, budget=joint_budget) or guided_line(
                space, target=c, budget=guided_budget, seed=seed
            )
            if found is not None:
                line, strike, cunning = found
                _settle(one, 1 << c, [line], strike, cunning)
    open_bits = _unknown(one)
    if open_bits:  # the whole budget, for what neither the quick search nor guiding settled
        deeper = search_lines(space, targets=open_bits, max_lines=1, budget=line_budget)
        _merge(one, deeper)
        one.nodes += deeper.nodes
        open_bits = _unknown(one)
    if open_bits and game.rules.line_rule == "no_edge_twice":
        _merge(one, one_line_wins(space, targets=open_bits, budget=exact_budget))
    bar.next()
    sets, unknown, witnesses = [], [], {}
    for c in range(4):
        status = one.status.get(1 << c)
        if status == "found":
            sets.append(_star_set(True, c))
            witnesses[sets[-1]] = _found(one, 1 << c)
        elif status == "unknown":
            unknown.append(_star_set(True, c))
        if multi >> c & 1:
            sets.append(_star_set(False, c))
            walk, strike, cunning = walks[c]
            witnesses[sets[-1]] = Play(_two_lines_or_more(game, walk), strike, cunning)
    sets.sort(key=_rank)
    unknown.sort(key=_rank)
    best = sets[0] if sets else ()
    play = Play([], False, ())
    if sets:
        c = ("all_but_one" in best) + 2 * ("strong_killer" in best)
        if "one_line" in best:
            play = witnesses[best]
        else:
            walk, strike, cunning = walks[c]
            play = _fewer_lines(space, c, Play(split_lines(game, walk), strike, cunning),
                                line_budget)  # fmt: skip
    lines = play.lines
    fewest, exact = _fewest_lines(space, one, free, lines, line_budget)
    bar.next()
    stats = {
        "states": space.size,
        "nodes": space.nodes,
        "mean_branching": round(space.branches / space.expanded, 3) if space.expanded else 0.0,
        "dead_end_ratio": round(1 - space.winnable_states() / space.size, 4),
        "random_win_share": random_walk_share(game, walks=random_walks, seed=seed),
        "line_search_nodes": one.nodes,
    }
    bar.next()
    space.forget_walks()  # what is left is what the count reads, and it takes that over
    kill_orders = count_kill_orders(space, budget=kill_order_budget, spend=True)
    bar.next()
    return Solution(
        level=level,
        rules=game.rules,
        winnable=bool(free),
        star_sets=tuple(sets),
        unknown_star_sets=tuple(unknown),
        max_stars=len(best),
        best=best,
        solution=lines,
        final_strike=play.final_strike,
        fewest_lines=fewest,
        fewest_lines_exact=exact,
        kill_orders=kill_orders,
        stats=stats,
        witnesses=witnesses,
        cunning=play.cunning,
    )


def _unknown(search: LineSearch) -> int:
    """The star class bits a search left unknown."""
    return sum(bit for bit, status in search.status.items() if status == "unknown")


def _merge(search: LineSearch, deeper: LineSearch) -> None:
    """Take what a deeper search of the classes left open decided."""
    for bit, status in deeper.status.items():
        if status == "found":
            _settle(search, bit, deeper.lines[bit], deeper.final_strike[bit], deeper.cunning[bit])
        else:
            search.status[bit] = status


def _settle(search: LineSearch, bit: int, lines, strike: bool, cunning: tuple[bool, ...]) -> None:
    """Record a one-line win found outside the trail search."""
    search.status[bit], search.lines[bit] = "found", lines
    search.final_strike[bit], search.cunning[bit] = strike, cunning


def _found(search: LineSearch, bit: int) -> Play:
    return Play(search.lines[bit], search.final_strike[bit], search.cunning[bit])


def _two_lines_or_more(game: ValhallaCalling, walk: list[Cell]) -> list[list[Cell]]:
    """A walk of two steps or more drawn as lines, the pen lifted after the first step
    if it fits in one line (so its play does not earn the one-line star)."""
    lines = split_lines(game, walk)
    return [walk[:2], walk[1:]] if len(lines) == 1 else lines


def _fewer_lines(space, star_class, play: Play, budget) -> Play:
    """The same star class won in fewer lines than the witness walk, if a quick
    trail search finds it (a tenth of the budget per line count tried)."""
    for count in range(2, min(len(play.lines), 5)):
        found = search_lines(space, targets=1 << star_class, max_lines=count,
                             budget=budget // 10, stop_at_first=True)  # fmt: skip
        if found.status[1 << star_class] == "found":
            return _found(found, 1 << star_class)
    return play


def _fewest_lines(space, one, free, lines, budget) -> tuple[int | None, bool]:
    """Fewest lines: 1 if a one-line win exists, else deepen until the witness's count."""
    if not free:
        return None, True
    if "found" in one.status.values():
        return 1, True
    upper = len(lines)
    if "unknown" in one.status.values():
        return upper, upper == 1
    for count in range(2, upper):
        found = search_lines(space, targets=free, max_lines=count, budget=budget,
                             stop_at_first=True)  # fmt: skip
        statuses = set(found.status.values())
        if "found" in statuses:
            return count, True
        if "unknown" in statuses:
            return upper, False
    return upper, True
