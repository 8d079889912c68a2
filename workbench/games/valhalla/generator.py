"""Random levels, kept only when the solver proves them winnable with the stars asked for.

:func:`random_level` draws a level from a NumPy generator; :func:`generate`
draws until it has found the levels asked for, solving each one and keeping
those where some winning play earns every requested star together. The same
seed gives the same levels, serially or with the solving spread over a process pool
(``executor="processes"``) or any ``concurrent.futures.Executor`` (a dask cluster's
``client.get_executor()``); ``progress=True`` shows the tries in a tqdm bar.

>>> found = next(generate(4, 4, enemies=3, items=1, ability="to_valhalla", seed=3))
>>> found.winnable, found.grade in GRADES
(True, True)
>>> found.level == next(generate(4, 4, enemies=3, items=1, ability="to_valhalla", seed=3)).level
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from functools import partial

import numpy as np
from tqdm.auto import tqdm

from workbench.errors import RulesError
from workbench.games.valhalla.level import ABILITIES, ITEM_KINDS, TIMED_ITEMS, Hero, Level
from workbench.games.valhalla.rules import STAR_NAMES, Rules
from workbench.games.valhalla.search import MAX_MEMORY
from workbench.games.valhalla.solver import GRADES, Solution, solve
from workbench.games.valhalla.trails import LINE_BUDGET
from workbench.play import pools

__all__ = ["GRADES", "generate", "hard_level", "random_level"]


def random_level(
    rng: np.random.Generator,
    width: int,
    height: int,
    *,
    enemies: int,
    items: int = 0,
    walls: int = 0,
    ability: str = "none",
    name: str = "random",
) -> Level:
    """A random level: hero Attack 3..8 and Health about twice the enemies' count
    to four times it, enemies with Attack 1..8 and Health 1..6, random items."""
    if ability not in ABILITIES:
        raise RulesError(f"ability: expected one of {', '.join(ABILITIES)}, got {ability!r}")
    needed = 1 + enemies + items + walls
    if enemies < 1 or needed > width * height:
        raise RulesError(
            f"a {width}x{height} grid cannot hold a start, {enemies} enemies (at least 1), "
            f"{items} items and {walls} walls"
        )
    cells = [(int(r), int(c)) for r, c in np.ndindex(height, width)]
    order = rng.permutation(len(cells))
    spots = [cells[k] for k in order[:needed]]
    start, spots = spots[0], spots[1:]
    foes = [
        {"at": list(spots[k]), "attack": int(rng.integers(1, 9)), "health": int(rng.integers(1, 7))}
        for k in range(enemies)
    ]
    things = []
    for k in range(items):
        kind = ITEM_KINDS[int(rng.integers(len(ITEM_KINDS)))]
        thing = {"at": list(spots[enemies + k]), "kind": kind}
        if kind in TIMED_ITEMS:
            thing["turns"] = int(rng.integers(1, 5))
        things.append(thing)
    hero = {
        "health": int(rng.integers(2 * enemies, 4 * enemies + 1)),
        "attack": int(rng.integers(3, 9)),
        "ability": ability,
    }
    return Level.from_dict({
        "name": name, "width": width, "height": height, "start": list(start), "hero": hero,
        "enemies": foes, "items": things, "walls": [list(c) for c in spots[enemies + items:]],
    })  # fmt: skip


def hard_level(seed: int, side: int = 10, enemies: int = 14) -> Level:
    """A level of the solver's hard ladder: ``side`` x ``side`` with ``enemies`` enemies,
    5 items and 8 walls, drawn from ``seed``; the ability alternates between none and
    To Valhalla, and the hero's Health lies between n and 2n for n enemies, so that he
    can fall after about half of them, as in a designed level.

    >>> level = hard_level(1)
    >>> (level.width, len(level.enemies), len(level.items), level.hero.ability)
    (10, 14, 5, 'to_valhalla')
    """
    rng = np.random.default_rng(seed)
    ability = ("none", "to_valhalla")[seed % 2]
    level = random_level(rng, side, side, enemies=enemies, items=5, walls=8, ability=ability,
                         name=f"hard {side}x{side} seed {seed}")  # fmt: skip
    health = int(rng.integers(enemies, 2 * enemies + 1))
    return level.replace(hero=Hero(health, level.hero.attack, ability))


def generate(
    width: int,
    height: int,
    *,
    enemies: int,
    items: int = 0,
    ability: str = "none",
    stars: Iterable[str] = (),
    walls: int = 0,
    count: int = 1,
    seed: int = 0,
    rules: Rules | None = None,
    tries: int = 500,
    line_budget: int = LINE_BUDGET,
    max_memory: int = MAX_MEMORY,
    executor: pools.ExecutorChoice = None,
    workers: int | None = None,
    progress: bool = False,
) -> Iterator[Solution]:
    """Yield up to ``count`` solved levels winnable with all of ``stars`` in one play.

    Each yielded :class:`~workbench.games.valhalla.solver.Solution` carries the
    level, its answers and its difficulty ``grade``. Stops after ``tries`` draws.
    ``line_budget`` and ``max_memory`` are :func:`~workbench.games.valhalla.solver.solve`'s
    (a level too large for ``max_memory`` stops the generation with its message).

    The levels are drawn in this process, in order, and solved where ``executor`` says
    (None: here; ``"processes"``: a pool of ``workers`` processes, default one per core;
    or any ``concurrent.futures.Executor``), ``workers`` of them at once (default: one per
    core); the levels yielded are the same whatever solves them.
    """
    wanted = set(stars)
    unknown = wanted - set(STAR_NAMES)
    if unknown:
        raise RulesError(f"stars: unknown {sorted(unknown)}; expected some of {STAR_NAMES}")
    if count < 1:
        return
    rng = np.random.default_rng(seed)
    shape = dict(enemies=enemies, items=items, walls=walls, ability=ability)
    drawn = (
        random_level(rng, width, height, name=f"generated {seed}-{attempt}", **shape)
        for attempt in range(tries)
    )
    solve_one = partial(solve, rules=rules, line_budget=line_budget, max_memory=max_memory)
    made = 0
    with (
        pools.pool(executor, workers) as pool,
        tqdm(total=tries, disable=not progress, desc="levels tried", unit="level") as bar,
    ):
        at_once = workers or os.cpu_count() or 1
        for solution in pools.in_order(solve_one, drawn, pool, at_once=at_once):
            bar.update()
            if any(wanted <= set(found) for found in solution.star_sets):
                made += 1
                bar.set_postfix(found=made)
                yield solution
                if made == count:
                    return
