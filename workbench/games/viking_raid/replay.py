"""One Viking Raid game, turn by turn: its positions, its events, and pictures of them.

>>> from workbench.games.viking_raid.engine import RaidGame
>>> states = replay(RaidGame(), "greedy", seed=3)
>>> states[0].turn, states[-1].is_terminal()
(0, True)
>>> events_table(states[-1]).columns.tolist()
['round', 'role', 'event', 'hex', 'gold', 'from']
"""

from __future__ import annotations

import math

import pandas as pd

from workbench.errors import RulesError
from workbench.figures import COLUMN_INCHES, new_panels, styled
from workbench.games.viking_raid.balance import AGENTS
from workbench.games.viking_raid.drawing import map_picture
from workbench.games.viking_raid.engine import RaidGame
from workbench.games.viking_raid.raid_map import ROLES
from workbench.games.viking_raid.state import RaidState
from workbench.grids.plot import plot_shapes
from workbench.play import play_game

__all__ = ["events_table", "plot_replay", "replay"]


def replay(game: RaidGame, agent: str = "greedy", *, seed: int = 0) -> list[RaidState]:
    """Every position of one self-play game of ``agent`` (see ``balance.AGENTS``)."""
    if agent not in AGENTS:
        raise RulesError(f"unknown agent {agent!r}; known: {', '.join(AGENTS)}")
    agents = [AGENTS[agent](game, seed=seed * 3 + player) for player in range(3)]
    record = play_game(game, agents, seed=seed, record=True)
    states = [game.initial_state()]
    for action in record.log["action"]:
        states.append(states[-1].apply(action))
    return states


def events_table(state: RaidState) -> pd.DataFrame:
    """What happened up to ``state``: pillages, tributes, eliminations and skipped turns."""
    rows = [
        {
            "round": turn // 3 + 1,
            "role": ROLES[role],
            "event": kind,
            "hex": where,
            "gold": gold,
            "from": ROLES[other] if other is not None else "",
        }
        for turn, role, kind, where, gold, other in state.events()
    ]
    return pd.DataFrame(rows, columns=["round", "role", "event", "hex", "gold", "from"])


@styled
def plot_replay(states: list[RaidState], *, columns: int = 6, every: int = 3):
    """Small pictures of the game every ``every`` turns played, and its end (drawn with
    :func:`workbench.grids.plot.plot_shapes`, without legends)."""
    shown = states[::every] + ([states[-1]] if (len(states) - 1) % every else [])
    rows = math.ceil(len(shown) / columns)
    panel = min(COLUMN_INCHES, 2.2 * columns) / columns  # inches, each a square mat
    height = (panel + 0.3) * rows
    figure, axes = new_panels(rows, columns, width=panel * columns, height=height)
    figure.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.3 / height,
                           wspace=0.04, hspace=0.3 / panel)  # fmt: skip
    for ax in axes.flat[len(shown) :]:
        ax.set_axis_off()
    for ax, state in zip(axes.flat, shown, strict=False):
        places = {role: state.position(role) for role in range(3) if state.pos[role] >= 0}
        gold = " ".join(f"{role[0].upper()}{g}" for role, g in zip(ROLES, state.gold, strict=True))
        title = f"{'end' if state.is_terminal() else f'turn {state.turn}'}: {gold}"
        picture = map_picture(
            state.game.map, treasure=state.treasure(), show_starts=False, vikings=places
        )
        plot_shapes(picture, ax=ax, title=title, legend=False)
        ax.title.set_fontsize("medium")
    return figure
