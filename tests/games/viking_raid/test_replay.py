"""Replays and pictures: positions chain up, tables match events, shapes cover the map."""

import itertools

import matplotlib

matplotlib.use("Agg")

import pytest

from workbench.errors import RulesError
from workbench.games.viking_raid import RaidGame, default_map
from workbench.games.viking_raid.drawing import heat_shapes, map_shapes
from workbench.games.viking_raid.replay import events_table, plot_replay, replay
from workbench.grids import hex_disc


def test_replay_chains_positions_and_tables_the_events():
    states = replay(RaidGame(), "greedy", seed=5)
    assert states[-1].is_terminal() and not any(s.is_terminal() for s in states[:-1])
    assert all(a.turn < b.turn for a, b in itertools.pairwise(states))
    table = events_table(states[-1])
    assert len(table) == len(states[-1].events())
    assert table.loc[table["event"] == "pillage", "gold"].sum() == 24
    assert replay(RaidGame(), "greedy", seed=5)[-1] == states[-1]
    figure = plot_replay(states, columns=4)
    shown = len(states[::3]) + ((len(states) - 1) % 3 != 0)
    assert sum(ax.axison for ax in figure.axes) == 0 and len(figure.axes) >= shown
    with pytest.raises(RulesError, match="unknown agent"):
        replay(RaidGame(), "oracle")


def test_shapes_cover_the_map_its_frame_and_shade_heat():
    raid_map = default_map()
    assert len(map_shapes(raid_map, frame=1)) == len(hex_disc((0, 0), 5))
    shades = {s["id"]: s["fill"] for s in heat_shapes(raid_map, {(0, 0): 4.0, (1, 0): 2.0})}
    assert shades["0,0"] == "#c0392b" and shades["2,2"] == "#ffffff"
    assert shades["1,1"] == "#5d6d7e"  # a rock stays dark
