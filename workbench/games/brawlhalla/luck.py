"""Where a Brawlhalla game's result comes from: replay games changing one source of chance.

A game's chance has two sources kept apart here: the order of the cards (the deck and the
artifacts, shuffled from ``deck_seed``) and the dice (every chance outcome: who begins,
every clash, drawn from ``dice_seed``). The agents keep their own seeds. :func:`sources`
plays ``games`` base games, then each again with only the card order changed, only the
dice changed, or only the seats swapped (the agents change places, everything else
equal: common random numbers), and reports how often the result changes under each,
with a Wilson interval. If changing the cards changes more results than changing the
dice, the cards decide more than the dice.

>>> from workbench.games.brawlhalla.engine import Brawlhalla
>>> from workbench.games.brawlhalla.rules import Rules
>>> game = Brawlhalla(rules=Rules(cards=True, turn_limit=20))
>>> table = sources(game, ["random", "random"], games=3, seed=1)
>>> list(table["changed"])
['cards', 'dice', 'seats']
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.replay import replay
from workbench.play.stats import wilson_interval

__all__ = ["outcome", "sources"]


def outcome(
    game: Brawlhalla,
    agents: Sequence[str],
    *,
    deck_seed: int,
    dice_seed: int,
    agent_seeds: tuple[int, int],
) -> str:
    """The winner (``north``, ``south`` or ``draw``) of one game: ``agents[0]`` north,
    ``agents[1]`` south, the cards shuffled from ``deck_seed``, the dice from ``dice_seed``."""
    played = replay(game, agents, deck_seed=deck_seed, dice_seed=dice_seed, agent_seeds=agent_seeds)
    return {-1: "draw", 0: "north", 1: "south"}[played.states[-1].winner]


def sources(
    game: Brawlhalla, agents: Sequence[str], *, games: int = 100, seed: int = 0
) -> pd.DataFrame:
    """How often the result changes when only the cards, only the dice or only the seats
    change: one row per source with ``games``, ``changed_results``, ``share`` and its
    95% Wilson interval ``low``, ``high``. Seeds come from ``SeedSequence(seed)``."""
    seeds = np.random.SeedSequence(seed).generate_state(5 * games).reshape(games, 5)
    changed = {"cards": 0, "dice": 0, "seats": 0}
    swap = {"north": "south", "south": "north", "draw": "draw"}
    for deck, dice, other_deck, other_dice, agent in seeds.tolist():
        mine = (agent, agent + 1)
        base = outcome(game, agents, deck_seed=deck, dice_seed=dice, agent_seeds=mine)
        cards = outcome(game, agents, deck_seed=other_deck, dice_seed=dice, agent_seeds=mine)
        rolls = outcome(game, agents, deck_seed=deck, dice_seed=other_dice, agent_seeds=mine)
        seated = outcome(game, agents[::-1], deck_seed=deck, dice_seed=dice, agent_seeds=mine[::-1])
        changed["cards"] += cards != base
        changed["dice"] += rolls != base
        changed["seats"] += swap[seated] != base  # the same agent should win from the other seat
    rows = []
    for name, count in changed.items():
        low, high = wilson_interval(count, games)
        rows.append(
            {
                "changed": name,
                "games": games,
                "changed_results": count,
                "share": count / games,
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame(rows)
