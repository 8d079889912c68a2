"""Replays: positions chain up, tables match events, the pictures show every step."""

import itertools

import matplotlib

matplotlib.use("Agg")

import pytest

from workbench.errors import RulesError
from workbench.games.viking_raid import RaidGame, Rules
from workbench.games.viking_raid.replay import events_table, plot_replay, replay


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


def test_a_game_with_drawn_roles_replays_from_its_draw():
    states = replay(RaidGame(rules=Rules(role_draw=True)), "greedy", seed=2)
    assert states[0].players is None and states[1].players is not None
    assert states[1].turn == 0 and states[-1].is_terminal()
    assert len(events_table(states[-1])) == len(states[-1].events())


def test_the_replay_pictures_fit_a_column_with_nothing_cut():
    from workbench.figures import COLUMN_INCHES, texts_outside

    figure = plot_replay(replay(RaidGame(), "greedy", seed=3), columns=5)
    assert figure.dpi >= 100 and figure.get_figwidth() <= COLUMN_INCHES
    assert texts_outside(figure) == []
